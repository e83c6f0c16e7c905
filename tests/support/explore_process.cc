#include "tests/support/explore_process.h"

#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>

#include "absl/strings/match.h"

namespace kbot::testing {

ExploreProcess::ExploreProcess(const std::filesystem::path& config_dir,
                               const std::vector<std::string>& args) {
  const char* bin = std::getenv("KBOT_BINARY");
  EXPECT_NE(bin, nullptr) << "KBOT_BINARY is set by ctest";
  if (bin == nullptr) return;
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  pid_ = ::fork();
  if (pid_ == 0) {
    ::dup2(fds[1], 2);
    ::close(fds[0]);
    ::close(fds[1]);
    ::setenv("KBOT_CONFIG_DIR", config_dir.c_str(), 1);
    std::vector<char*> argv{const_cast<char*>(bin), const_cast<char*>("explore")};
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(bin, argv.data());
    ::_exit(127);
  }
  ::close(fds[1]);
  err_fd_ = fds[0];
}

ExploreProcess::~ExploreProcess() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  if (err_fd_ >= 0) ::close(err_fd_);
}

bool ExploreProcess::WaitFor(const std::string& text) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (err_fd_ >= 0 && !absl::StrContains(err_, text) &&
         std::chrono::steady_clock::now() < deadline) {
    pollfd p{err_fd_, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    char buf[512];
    const ssize_t n = ::read(err_fd_, buf, sizeof(buf));
    if (n <= 0) break;
    err_.append(buf, size_t(n));
  }
  return absl::StrContains(err_, text);
}

int ExploreProcess::Port() {
  if (!WaitFor("\n")) return -1;
  const size_t colon = err_.find("127.0.0.1:");
  return colon == std::string::npos ? -1 : std::atoi(err_.c_str() + colon + 10);
}

int ExploreProcess::Stop() {
  ::kill(pid_, SIGTERM);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
  char buf[512];
  for (ssize_t n; (n = ::read(err_fd_, buf, sizeof(buf))) > 0;) err_.append(buf, size_t(n));
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace kbot::testing
