#include "tests/support/kbot_process.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace kbot::testing {

namespace fs = std::filesystem;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<uint8_t> ReadBytes(const fs::path& path) {
  const std::string s = ReadFile(path);
  return std::vector<uint8_t>(s.begin(), s.end());
}

void WriteBytes(const fs::path& path, const std::vector<uint8_t>& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

KbotProcess::KbotProcess() {
  const char* bin = std::getenv("KBOT_BINARY");
  EXPECT_NE(bin, nullptr) << "KBOT_BINARY is set by ctest";
  binary_ = bin != nullptr ? bin : "kbot";
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  dir_ = fs::temp_directory_path() / ("kbot-" + std::to_string(::getpid()) + "-" +
                                      test->test_suite_name() + "-" + test->name());
  io_ = dir_.string() + ".io";
  for (const fs::path& d : {dir_, io_}) {
    fs::remove_all(d);
    fs::create_directories(d);
  }
}

KbotProcess::~KbotProcess() {
  fs::remove_all(dir_);
  fs::remove_all(io_);
}

KbotRun KbotProcess::Run(const std::string& args, const std::string& stdin_text) const {
  const fs::path in = io_ / "stdin", out = io_ / "stdout", err = io_ / "stderr";
  std::ofstream(in, std::ios::binary) << stdin_text;
  const std::string cmd = "cd '" + dir_.string() + "' && KBOT_CONFIG_DIR='" +
                          config_dir().string() + "' '" + binary_ + "' " + args + " <'" +
                          in.string() + "' >'" + out.string() + "' 2>'" + err.string() + "'";
  const int raw = std::system(cmd.c_str());
  KbotRun r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = ReadFile(out);
  r.err = ReadFile(err);
  return r;
}

}  // namespace kbot::testing
