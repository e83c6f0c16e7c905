// "Answers in one call" through the MCP dispatcher on the demo context:
// asset_find, gaf_export by a sequence name alone, gaf_check, archive entry
// paths, near paths in "no such file", and a context that is unavailable.
#include <gtest/gtest.h>

#include <filesystem>

#include "contexts/workspace.h"
#include "tests/support/mcp_client.h"
#include "tests/support/tools_over_mcp.h"

namespace kbot {
namespace {

using kbot::testing::ToolsOverMcp;
using nlohmann::json;

TEST_F(ToolsOverMcp, AssetFindRanksNamesAndSaysHowToOpenEach) {
  const json found = Ok("asset_find", {{"query", "Cursor"}})["structuredContent"];
  EXPECT_EQ(found["contexts"], json::array({"demo"}));
  ASSERT_EQ(found["total"], 4);
  const json& hits = found["hits"];
  // A prefix of the file name (80), the sequences that start with it (80),
  // then the copy the archive holds under the loose file (79).
  EXPECT_EQ(hits[0], (json{{"kind", "file"}, {"context", "demo"}, {"path", "anims/cursors.gaf"},
                           {"source", "built-in"}, {"score", 80}, {"tool", "gaf_list"},
                           {"arguments", {{"context", "demo"}, {"path", "anims/cursors.gaf"}}}}));
  EXPECT_EQ(hits[1]["kind"], "sequence");
  EXPECT_EQ(hits[1]["name"], "cursormove");
  EXPECT_EQ(hits[1]["index"], 0);
  EXPECT_EQ(hits[1]["tool"], "gaf_export");
  EXPECT_EQ(hits[1]["arguments"], (json{{"context", "demo"}, {"path", "anims/cursors.gaf"},
                                        {"sequence", "cursormove"}, {"format", "gif"}}));
  EXPECT_EQ(hits[2]["name"], "cursorattack");
  EXPECT_EQ(hits[3]["path"], "demo.ufo/anims/cursors.gaf");
  EXPECT_EQ(hits[3]["source"], "demo.ufo");
  EXPECT_EQ(hits[3]["score"], 79);
}

TEST_F(ToolsOverMcp, AssetFindFoldsAccentsAndFiltersKinds) {
  const json texts =
      Ok("asset_find", {{"query", "TÉLÉPHONE"}, {"kinds", {"text"}}})["structuredContent"];
  ASSERT_EQ(texts["total"], 1);
  EXPECT_EQ(texts["hits"][0]["name"], "fr01");
  EXPECT_EQ(texts["hits"][0]["score"], 55);
  EXPECT_EQ(texts["hits"][0]["tool"], "fxt_decode");
  EXPECT_EQ(texts["hits"][0]["arguments"]["key"], "fr01");
  // A misspelt name still finds the sequence, a few edits away.
  const json near =
      Ok("asset_find", {{"query", "explsion"}, {"kinds", {"sequence"}}})["structuredContent"];
  ASSERT_EQ(near["total"], 1);
  EXPECT_EQ(near["hits"][0]["name"], "explosion");
  EXPECT_EQ(near["hits"][0]["score"], 39);
  EXPECT_EQ(Ok("asset_find", {{"query", "zzzz"}})["structuredContent"]["total"], 0);
  const json limited = Ok("asset_find", {{"query", "a"}, {"limit", 2}})["structuredContent"];
  EXPECT_EQ(limited["hits"].size(), 2u);
  EXPECT_GT(limited["total"].get<int>(), 2);
}

TEST_F(ToolsOverMcp, FindThenExportInTwoCalls) {
  const json hit = Ok("asset_find", {{"query", "explosion"}})["structuredContent"]["hits"][0];
  ASSERT_EQ(hit["tool"], "gaf_export");
  const json exported = Ok(hit["tool"], hit["arguments"]);
  EXPECT_EQ(exported["structuredContent"]["sequence_name"], "explosion");
  EXPECT_EQ(exported["structuredContent"]["format"], "gif");
}

TEST_F(ToolsOverMcp, GafExportFindsAUniqueSequenceWithoutAPath) {
  const json s = Ok("gaf_export", {{"sequence", "EXPLOSION"}})["structuredContent"];
  EXPECT_EQ(s["path"], "anims/demo.gaf");
  EXPECT_EQ(s["sequence"], 1);
  EXPECT_EQ(s["sequence_name"], "explosion");
  EXPECT_EQ(ErrorText("gaf_export", {{"sequence", "araflag"}}),
            "context demo: sequence \"araflag\" is in 2 files: units/araflag.gaf #0, "
            "units/verflag.gaf #0; give path to choose one");
  EXPECT_EQ(ErrorText("gaf_export", {{"sequence", "explozion"}}),
            "context demo: no GAF of the context has a sequence \"explozion\" (asset_find "
            "searches names); did you mean \"explosion\"?");
  EXPECT_EQ(ErrorText("gaf_export", {{"format", "gif"}}),
            "gaf_export: give path, or a sequence name that one GAF of the context holds");
}

TEST_F(ToolsOverMcp, GafCheckAnswersOnceForAFolder) {
  const json all = Ok("gaf_check", json::object())["structuredContent"];
  EXPECT_EQ(all["context"], "demo");
  EXPECT_EQ(all["files"], 8);  // textures/aramon.gaf too
  EXPECT_EQ(all["errors"], 0);
  const json one = Ok("gaf_check", {{"path", "anims/cursors.gaf"}})["structuredContent"];
  EXPECT_EQ(one, (json{{"context", "demo"}, {"path", "anims/cursors.gaf"}, {"files", 1},
                       {"sequences", 2}, {"frames", 12}, {"pixels", 12288}, {"warnings", 0},
                       {"errors", 0}, {"files_with_problems", 0}, {"problems", json::array()}}));
  EXPECT_EQ(Ok("gaf_check", {{"path", "units/"}})["structuredContent"]["files"], 2);
  EXPECT_EQ(ErrorText("gaf_check", {{"path", "nothing/here"}}),
            "context demo: nothing/here: no such file, and no GAF or TAF under it");
}

TEST_F(ToolsOverMcp, ArchiveEntriesAndNearPathsAreReachable) {
  const json hidden = Ok("gaf_list", {{"path", "demo.ufo/anims/cursors.gaf"}})["structuredContent"];
  EXPECT_EQ(hidden["path"], "demo.ufo/anims/cursors.gaf");
  EXPECT_EQ(hidden["sequences"].size(), 2u);
  EXPECT_EQ(ErrorText("gaf_list", {{"path", "anims/cursor.gaf"}}),
            "context demo: anims/cursor.gaf: no such file; did you mean anims/cursors.gaf?");
  const json read = client_.Call("resources/read", {{"uri", "kbot://demo/demo.ufo/anims/cursors.gaf"}});
  ASSERT_TRUE(read.contains("result")) << read;
  EXPECT_EQ(read["result"]["contents"][0]["uri"], "kbot://demo/demo.ufo/anims/cursors.gaf");
}

TEST(UnavailableContext, IsListedWithItsReasonAndTheRestWorks) {
  const std::filesystem::path tmp = std::filesystem::temp_directory_path();
  const std::string missing = (tmp / "kbot-no-such-folder-19").string();
  const std::string here = (tmp / "kbot-empty-folder-19").string();
  std::filesystem::create_directories(here);
  absl::StatusOr<contexts::Workspace> ws = contexts::Workspace::Open(
      {{"gone", contexts::Game::kTa, missing}, {"here", contexts::Game::kTa, here}}, nullptr,
      {"contexts.json: not JSON: its contexts are not served (fix or remove the file)"});
  ASSERT_TRUE(ws.ok()) << ws.status();
  kbot::testing::McpClient client(*ws, app::McpTools(*ws));
  client.Initialize();
  const json listed =
      client.CallTool("context_list", json::object())["result"]["structuredContent"];
  EXPECT_EQ(listed["contexts"][0]["name"], "gone");
  EXPECT_EQ(listed["contexts"][0]["available"], false);
  EXPECT_EQ(listed["contexts"][0]["error"], missing + ": no such folder");
  EXPECT_EQ(listed["contexts"][0]["files"], nullptr);
  EXPECT_FALSE(listed["contexts"][1].contains("available"));
  EXPECT_EQ(listed["contexts"][1]["files"], 0);
  EXPECT_EQ(listed["problems"][0],
            "contexts.json: not JSON: its contexts are not served (fix or remove the file)");
  const json r = client.CallTool("gaf_list", {{"context", "gone"}, {"path", "a.gaf"}})["result"];
  EXPECT_EQ(r["isError"], true);
  EXPECT_EQ(r["content"][0]["text"],
            "context \"gone\" is unavailable: " + missing + ": no such folder");
  const json other = client.CallTool("gaf_list", {{"context", "nope"}, {"path", "a.gaf"}});
  EXPECT_EQ(other["result"]["content"][0]["text"],
            "no context \"nope\" (known: gone, here; contexts.json: not JSON: its contexts are "
            "not served (fix or remove the file))");
}

}  // namespace
}  // namespace kbot
