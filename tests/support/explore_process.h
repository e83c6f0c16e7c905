// `kbot explore ARGS...` (KBOT_BINARY, set by ctest) running in the
// background, its stderr read through a pipe: for tests that talk to the
// explorer over HTTP the way a browser does.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace kbot::testing {

class ExploreProcess {
 public:
  ExploreProcess(const std::filesystem::path& config_dir, const std::vector<std::string>& args);
  ~ExploreProcess();
  ExploreProcess(const ExploreProcess&) = delete;
  ExploreProcess& operator=(const ExploreProcess&) = delete;

  // Reads stderr until it holds `text` or 10 s pass; true when it does.
  bool WaitFor(const std::string& text);

  // The port of "kbot explore: serving http://127.0.0.1:PORT/...", or -1.
  int Port();

  // SIGTERM, then the exit status; err() then holds all it printed.
  int Stop();

  const std::string& err() const { return err_; }

 private:
  pid_t pid_ = -1;
  int err_fd_ = -1;
  std::string err_;
};

}  // namespace kbot::testing
