// `kbot explore` as a user runs it: a process that names its address, serves
// the pages, JSON and images of the built-in demo context, and stops cleanly
// on SIGTERM; and the refusals of its flags.
#include <httplib.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "nlohmann/json.hpp"
#include "tests/support/explore_process.h"
#include "tests/support/kbot_process.h"

namespace kbot::web {
namespace {

using nlohmann::json;
using testing::ExploreProcess;

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
