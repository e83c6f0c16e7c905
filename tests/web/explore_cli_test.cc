// `kbot explore` as a user runs it: a process that names its address, serves
// the pages, JSON and images of the built-in demo context, and stops cleanly
// on SIGTERM; and the refusals of its flags.
#include <httplib.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "nlohmann/json.hpp"
#include "tests/support/kbot_process.h"

namespace kbot::web {
namespace {

using nlohmann::json;

// `kbot explore ARGS...` running in the background, its stderr read through
// a pipe.
class ExploreProcess {
 public:
  ExploreProcess(const std::filesystem::path& config_dir, const std::vector<std::string>& args) {
    const char* bin = std::getenv("KBOT_BINARY");
    EXPECT_NE(bin, nullptr) << "KBOT_BINARY is set by ctest";
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
  ~ExploreProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
    if (err_fd_ >= 0) ::close(err_fd_);
  }

  // Reads stderr until it holds `text` or 10 s pass; true when it does.
  bool WaitFor(const std::string& text) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!absl::StrContains(err_, text) && std::chrono::steady_clock::now() < deadline) {
      pollfd p{err_fd_, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      char buf[512];
      const ssize_t n = ::read(err_fd_, buf, sizeof(buf));
      if (n <= 0) break;
      err_.append(buf, size_t(n));
    }
    return absl::StrContains(err_, text);
  }

  // The port of "kbot explore: serving http://127.0.0.1:PORT/...".
  int Port() {
    if (!WaitFor("\n")) return -1;
    const size_t colon = err_.find("127.0.0.1:");
    return colon == std::string::npos ? -1 : std::atoi(err_.c_str() + colon + 10);
  }

  // SIGTERM, then the exit status; err() then holds all it printed.
  int Stop() {
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
    char buf[512];
    for (ssize_t n; (n = ::read(err_fd_, buf, sizeof(buf))) > 0;) err_.append(buf, size_t(n));
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  const std::string& err() const { return err_; }

 private:
  pid_t pid_ = -1;
  int err_fd_ = -1;
  std::string err_;
};

TEST(ExploreCli, ServesTheDemoContextAndStopsOnSigterm) {
  testing::KbotProcess kbot;
  ExploreProcess explore(kbot.config_dir(), {"--http", "127.0.0.1:0"});
  const int port = explore.Port();
  ASSERT_GT(port, 0) << explore.err();
  EXPECT_TRUE(absl::StrContains(explore.err(), "kbot explore: serving http://127.0.0.1:"))
      << explore.err();

  httplib::Client c("127.0.0.1", port);
  c.set_read_timeout(20, 0);
  httplib::Result page = c.Get("/");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_TRUE(absl::StrContains(page->body, "/static/app.js"));
  httplib::Result contexts = c.Get("/api/context_list");
  ASSERT_TRUE(contexts);
  ASSERT_EQ(contexts->status, 200) << contexts->body;
  EXPECT_EQ(json::parse(contexts->body)["contexts"][0]["name"], "demo");
  httplib::Result png = c.Get("/png/demo/anims/demo.gaf?sequence=explosion&frame=2");
  ASSERT_TRUE(png);
  EXPECT_EQ(png->status, 200) << png->body;
  EXPECT_EQ(png->get_header_value("Content-Type"), "image/png");

  EXPECT_EQ(explore.Stop(), 0);
  EXPECT_TRUE(absl::StrContains(explore.err(), "kbot explore: stopped")) << explore.err();
}

TEST(ExploreCli, WithATokenItSaysHowToOpenThePage) {
  testing::KbotProcess kbot;
  ExploreProcess explore(kbot.config_dir(), {"--http", "127.0.0.1:0", "--token", "tok"});
  const int port = explore.Port();
  ASSERT_GT(port, 0) << explore.err();
  EXPECT_TRUE(absl::StrContains(explore.err(), "/?token=TOKEN")) << explore.err();
  httplib::Client c("127.0.0.1", port);
  EXPECT_EQ(c.Get("/api/context_list")->status, 401);
  EXPECT_EQ(c.Get("/?token=tok")->status, 303);
  EXPECT_EQ(explore.Stop(), 0);
}

TEST(ExploreCli, RefusesWhatItCannotServe) {
  testing::KbotProcess kbot;
  testing::KbotRun open = kbot.Run("explore --http 0.0.0.0:0");
  EXPECT_NE(open.status, 0);
  EXPECT_TRUE(absl::StrContains(open.err, "--token")) << open.err;
  testing::KbotRun pages = kbot.Run("explore --http 127.0.0.1:0 --pages /no/such/folder");
  EXPECT_NE(pages.status, 0);
  EXPECT_TRUE(absl::StrContains(pages.err, "/no/such/folder")) << pages.err;
  testing::KbotRun address = kbot.Run("explore --http localhost:http");
  EXPECT_NE(address.status, 0);
  EXPECT_TRUE(absl::StrContains(address.err, "localhost:http")) << address.err;

  // A port already served is an error, not a second server on it.
  ExploreProcess first(kbot.config_dir(), {"--http", "127.0.0.1:0"});
  const int port = first.Port();
  ASSERT_GT(port, 0) << first.err();
  testing::KbotRun second = kbot.Run("explore --http 127.0.0.1:" + std::to_string(port));
  EXPECT_NE(second.status, 0);
  EXPECT_TRUE(absl::StrContains(second.err, "in use")) << second.err;
  EXPECT_EQ(first.Stop(), 0);
}

}  // namespace
}  // namespace kbot::web
