// Answers kept between calls (tools/parsed_asset.h KeptAnswer): for a caller
// that takes a serialized result (the MCP session), gaf_list and gaf_info
// keep their written answer for an unchanged file, per argument that shapes
// it, and hand the same bytes to every repeat without copying them.
#include <gtest/gtest.h>

#include <string>

#include "tests/tools/cached_files_fixture.h"
#include "tools/parsed_asset.h"

namespace kbot::tools {
namespace {

using testing::CallTool;
using testing::NowSeconds;
using testing::SmallGaf;

ToolResult Call(const contexts::Workspace& ws, const std::string& tool, const json& arguments,
                bool serialized) {
  Limits limits;
  limits.serialized_results = serialized;
  return CallTool(ws, tool, arguments, limits);
}

using KeptAnswerTest = testing::CachedFilesTest;

TEST_F(KeptAnswerTest, ARepeatSharesTheWrittenAnswer) {
  Write("anims/x.gaf", SmallGaf({"Alpha", "Bravo"}), NowSeconds() - 3600);
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
  Write("anims/x.gaf", SmallGaf({"Alpha", "Bravo"}), NowSeconds() - 3600);
  contexts::Workspace ws = Open();
  const ToolResult first = Call(ws, "gaf_list", {{"path", "anims/x.gaf"}}, true);
  ASSERT_NE(first.serialized, nullptr);
  // The same size, another time:
  Write("anims/x.gaf", SmallGaf({"Gamma", "Delta"}), NowSeconds() - 1800);
  const ToolResult second = Call(ws, "gaf_list", {{"path", "anims/x.gaf"}}, true);
  ASSERT_NE(second.serialized, nullptr);
  EXPECT_NE(second.serialized.get(), first.serialized.get());
  const json answer = json::parse(second.serialized->json);
  EXPECT_EQ(answer["sequences"][0]["name"], "Gamma");
  EXPECT_EQ(answer["sequences"][1]["name"], "Delta");
}

TEST_F(KeptAnswerTest, GafInfoKeepsOneAnswerPerSequenceArgument) {
  Write("anims/x.gaf", SmallGaf({"Alpha", "Bravo"}), NowSeconds() - 3600);
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
  Write("anims/bad.gaf", "not a gaf at all", NowSeconds() - 3600);
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
  Write("anims/x.gaf", SmallGaf({"Alpha", "Bravo"}), NowSeconds() - 3600);
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
