// Runs the kbot binary (KBOT_BINARY, set by ctest) the way a user does, in a
// scratch folder of the test's own, and captures what it printed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace kbot::testing {

struct KbotRun {
  int status = -1;
  std::string out, err;
};

class KbotProcess {
 public:
  // A fresh, empty scratch folder named after the running test; KBOT_CONFIG_DIR
  // points inside it, so no test sees the user's registry. What kbot reads and
  // prints is kept in a folder beside it, so the scratch folder holds only what
  // kbot itself wrote.
  KbotProcess();
  ~KbotProcess();

  // `kbot ARGS`, with `stdin_text` on its standard input.
  KbotRun Run(const std::string& args, const std::string& stdin_text = "") const;

  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path config_dir() const { return dir_ / "config"; }

 private:
  std::string binary_;
  std::filesystem::path dir_;
  std::filesystem::path io_;  // stdin, stdout and stderr of each run
};

std::string ReadFile(const std::filesystem::path& path);
std::vector<uint8_t> ReadBytes(const std::filesystem::path& path);
// Writes `bytes` to `path`, creating its folders.
void WriteBytes(const std::filesystem::path& path, const std::vector<uint8_t>& bytes);

}  // namespace kbot::testing
