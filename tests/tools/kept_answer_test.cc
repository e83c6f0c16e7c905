// Answers kept between calls (tools/parsed_asset.h KeptAnswer): for a caller
// that takes a serialized result (the MCP session), gaf_list and gaf_info
// keep their written answer for an unchanged file, per argument that shapes
// it, and hand the same bytes to every repeat without copying them.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <time.h>

#include <filesystem>
#include <fstream>

#include "base/progress.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/gaf_bytes.h"
#include "tools/catalog.h"
#include "tools/parsed_asset.h"

namespace kbot::tools {
namespace {

namespace fs = std::filesystem;

const Tool& ToolNamed(const std::string& name) {
  static const std::vector<Tool>* tools = new std::vector<Tool>(AllTools());
  for (const Tool& t : *tools) {
    if (t.name == name) return t;
  }
  ADD_FAILURE() << "no tool " << name;
  return tools->front();
}

ToolResult Call(const contexts::Workspace& ws, const std::string& tool, const json& arguments,
                bool serialized) {
  Limits limits;
  limits.serialized_results = serialized;
  return ToolNamed(tool).handler(ToolCall{arguments, ws, NoProgress(), QuietLogger(), limits});
}

// Two sequences named `a` and `b` (5 letters each, so every version of the
// file has one size), one raw 2 x 1 frame each.
std::string TwoSequences(const std::string& a, const std::string& b) {
  testing::FixtureFrame frame{.width = 2, .height = 1, .transparency = 9, .storage = 0};
  frame.payload = {1, 2};
  const std::vector<uint8_t> bytes = testing::LayOutGaf({testing::FixtureSequence{a, 1, 0, {frame}},
                                                         testing::FixtureSequence{b, 1, 0, {frame}}})
                                         .bytes;
  return std::string(bytes.begin(), bytes.end());
}

class KeptAnswerTest : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    fs::create_directories(dir_ / "ta/anims");
  }

  contexts::Workspace Open() {
    absl::StatusOr<contexts::Workspace> ws =
        contexts::Workspace::Open({{"ta", contexts::Game::kTa, (dir_ / "ta").string()}});
    EXPECT_TRUE(ws.ok()) << ws.status();
    return *std::move(ws);
  }

  // Writes the file in place with a modification time `age` seconds ago
  // (older than the cache's racy window).
  void Write(const std::string& rel, const std::string& bytes, int64_t age) {
    const fs::path p = dir_ / "ta" / rel;
    std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
    const int64_t seconds = int64_t(::time(nullptr)) - age;
    const struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    ASSERT_EQ(::utimensat(AT_FDCWD, p.c_str(), times, 0), 0);
  }
};

TEST_F(KeptAnswerTest, ARepeatSharesTheWrittenAnswer) {
  Write("anims/x.gaf", TwoSequences("Alpha", "Bravo"), 3600);
  contexts::Workspace ws = Open();
  // What the explorer and the commands get: the tree, as before.
  const ToolResult tree = Call(ws, "gaf_list", {{"path", "anims/x.gaf"}}, false);
  ASSERT_FALSE(tree.error) << *tree.error;
  EXPECT_EQ(tree.serialized, nullptr);
  EXPECT_EQ(tree.structured["sequences"][1]["name"], "Bravo");

  const uint64_t stores = ws.parse_cache().stats().stores;
  const ToolResult first = Call(ws, "gaf_list", {{"path", "ANIMS/X.GAF"}}, true);
  ASSERT_FALSE(first.error) << *first.error;
  ASSERT_NE(first.serialized, nullptr);
  EXPECT_TRUE(first.structured.is_null());
  EXPECT_EQ(first.serialized->json, CompactJson(tree.structured));
  EXPECT_EQ(first.serialized->quoted, CompactJson(json(first.serialized->json)));
  EXPECT_EQ(ws.parse_cache().stats().stores, stores + 1) << "the answer, beside the parse";

  const uint64_t hits = ws.parse_cache().stats().hits;
  const ToolResult second = Call(ws, "gaf_list", {{"path", "anims/x.gaf"}}, true);
  ASSERT_NE(second.serialized, nullptr);
  EXPECT_EQ(second.serialized.get(), first.serialized.get()) << "shared, not copied";
  EXPECT_EQ(ws.parse_cache().stats().hits, hits + 1) << "one lookup: the answer, not the parse";
  EXPECT_EQ(ws.parse_cache().stats().stores, stores + 1);
}

TEST_F(KeptAnswerTest, AnEditedFileIsAnsweredAgain) {
  Write("anims/x.gaf", TwoSequences("Alpha", "Bravo"), 3600);
  contexts::Workspace ws = Open();
  const ToolResult first = Call(ws, "gaf_list", {{"path", "anims/x.gaf"}}, true);
  ASSERT_NE(first.serialized, nullptr);
  Write("anims/x.gaf", TwoSequences("Gamma", "Delta"), 1800);  // same size, another time
  const ToolResult second = Call(ws, "gaf_list", {{"path", "anims/x.gaf"}}, true);
  ASSERT_NE(second.serialized, nullptr);
  EXPECT_NE(second.serialized.get(), first.serialized.get());
  const json answer = json::parse(second.serialized->json);
  EXPECT_EQ(answer["sequences"][0]["name"], "Gamma");
  EXPECT_EQ(answer["sequences"][1]["name"], "Delta");
}

TEST_F(KeptAnswerTest, GafInfoKeepsOneAnswerPerSequenceArgument) {
  Write("anims/x.gaf", TwoSequences("Alpha", "Bravo"), 3600);
  contexts::Workspace ws = Open();
  for (const json& arguments : {json{{"path", "anims/x.gaf"}},
                                json{{"path", "anims/x.gaf"}, {"sequence", 1}},
                                json{{"path", "anims/x.gaf"}, {"sequence", "Alpha"}}}) {
    const ToolResult tree = Call(ws, "gaf_info", arguments, false);
    ASSERT_FALSE(tree.error) << *tree.error;
    for (int repeat = 0; repeat < 2; ++repeat) {
      const ToolResult kept = Call(ws, "gaf_info", arguments, true);
      ASSERT_NE(kept.serialized, nullptr) << arguments.dump();
      EXPECT_EQ(kept.serialized->json, CompactJson(tree.structured)) << arguments.dump();
    }
  }
  const json one = json::parse(Call(ws, "gaf_info", {{"path", "anims/x.gaf"}, {"sequence", 1}},
                                    true).serialized->json);
  ASSERT_EQ(one["sequences"].size(), 1u);
  EXPECT_EQ(one["sequences"][0]["name"], "Bravo");
}

TEST_F(KeptAnswerTest, FailuresAreErrorsAndNotKeptAsAnswers) {
  Write("anims/bad.gaf", "not a gaf at all", 3600);
  contexts::Workspace ws = Open();
  for (int repeat = 0; repeat < 2; ++repeat) {
    const ToolResult missing = Call(ws, "gaf_list", {{"path", "anims/nope.gaf"}}, true);
    ASSERT_TRUE(missing.error);
    EXPECT_EQ(missing.serialized, nullptr);
    const ToolResult bad = Call(ws, "gaf_list", {{"path", "anims/bad.gaf"}}, true);
    ASSERT_TRUE(bad.error);
    EXPECT_EQ(bad.serialized, nullptr);
    EXPECT_EQ(*bad.error, *Call(ws, "gaf_list", {{"path", "anims/bad.gaf"}}, false).error);
    const ToolResult info = Call(ws, "gaf_info", {{"path", "anims/bad.gaf"}}, true);
    ASSERT_TRUE(info.error);
    EXPECT_EQ(info.serialized, nullptr);
  }
}

// A cache that keeps nothing: each call builds and writes its answer.
TEST_F(KeptAnswerTest, ACacheThatKeepsNothingStillAnswers) {
  Write("anims/x.gaf", TwoSequences("Alpha", "Bravo"), 3600);
  contexts::Workspace ws = Open();
  ws.parse_cache().SetCapacity(0);
  const ToolResult r = Call(ws, "gaf_list", {{"path", "anims/x.gaf"}}, true);
  ASSERT_FALSE(r.error) << *r.error;
  ASSERT_NE(r.serialized, nullptr);
  EXPECT_EQ(json::parse(r.serialized->json)["sequences"][0]["name"], "Alpha");
  const ToolResult again = Call(ws, "gaf_list", {{"path", "anims/x.gaf"}}, true);
  ASSERT_NE(again.serialized, nullptr);
  EXPECT_NE(again.serialized.get(), r.serialized.get());
  EXPECT_EQ(again.serialized->json, r.serialized->json);
}

}  // namespace
}  // namespace kbot::tools
