// The commands that share the MCP tools (vfs list, palette candidates, gaf
// commands with --context) and `kbot mcp` itself, through the binary.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/mcp_catalog.h"
#include "tools/catalog.h"
#include "nlohmann/json.hpp"
#include "tests/support/decode_image.h"
#include "tests/support/kbot_process.h"
#include "tests/support/mcp_client.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::KbotProcess;
using testing::KbotRun;

// What the tool returns over MCP for the same arguments.
json ToolJson(const std::string& tool, const json& arguments) {
  testing::McpClient client(testing::DemoWorkspace(), app::McpTools(testing::DemoWorkspace()));
  client.Initialize();
  return client.CallTool(tool, arguments)["result"]["structuredContent"];
}

TEST(ToolCli, JsonOutputIsExactlyTheToolsStructuredContent) {
  KbotProcess kbot;
  KbotRun r = kbot.Run("vfs list '**/*.gaf' --json --limit 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out), ToolJson("vfs_list", {{"pattern", "**/*.gaf"}, {"limit", 2}, {"offset", 0}}));
  r = kbot.Run("palette candidates anims/demo.gaf --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out), ToolJson("palette_candidates", {{"path", "anims/demo.gaf"}}));
  r = kbot.Run("palette candidates 'Units\\AraFlag.gaf' --context demo --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out), ToolJson("palette_candidates", {{"path", "units/araflag.gaf"}}));
  EXPECT_EQ(json::parse(r.out)["chosen"], "side-prefix");
  r = kbot.Run("gaf list ANIMS/CURSORS.GAF --context demo --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out), ToolJson("gaf_list", {{"path", "anims/cursors.gaf"}}));
  r = kbot.Run("gaf info anims/layered.gaf --context demo --sequence turret --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out),
            ToolJson("gaf_info", {{"path", "anims/layered.gaf"}, {"sequence", "turret"}}));
}

TEST(ToolCli, ExportInAContextUsesItsDefaults) {
  KbotProcess kbot;
  const KbotRun r = kbot.Run("gaf export anims/atlas.gaf --context demo --scale 2 --target tree.png");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("transparency heuristic, palette sidecar-pcx"), std::string::npos) << r.out;
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(
      [&] { std::string s = testing::ReadFile(kbot.dir() / "tree.png"); return std::vector<uint8_t>(s.begin(), s.end()); }());
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->alpha(0, 0), 0) << "the atlas border is hidden by the corner guess";
  const KbotRun game = kbot.Run("gaf export anims/atlas.gaf --context demo --transparency game --target g.png");
  ASSERT_EQ(game.status, 0) << game.err;
  EXPECT_NE(game.out.find("transparency game"), std::string::npos);
}

TEST(ToolCli, ErrorsAreOneLineWithTheRightStatus) {
  KbotProcess kbot;
  KbotRun r = kbot.Run("gaf list anims/demo.gaf --context nope");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: gaf list: no context \"nope\" (known: demo)\n");
  r = kbot.Run("gaf list ../etc/passwd --context demo");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("leave"), std::string::npos) << r.err;
  r = kbot.Run("vfs list --limit 0");
  EXPECT_EQ(r.status, 2) << r.err;
  r = kbot.Run("palette candidates missing.gaf");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("missing.gaf"), std::string::npos) << r.err;
}

TEST(ToolCli, McpServesOverStdioWithNothingElseOnStdout) {
  KbotProcess kbot;
  fs::create_directories(kbot.dir() / "ta" / "Anims");
  ASSERT_EQ(kbot.Run("demo --target demo-data").status, 0);
  fs::copy_file(kbot.dir() / "demo-data/anims/demo.gaf", kbot.dir() / "ta/Anims/Demo.GAF");
  const std::string input =
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}})" "\n"
      R"({"jsonrpc":"2.0","method":"notifications/initialized"})" "\n"
      "this is not json\n"
      R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"context_list"}})" "\n"
      R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"gaf_export","arguments":{"context":"mine","path":"anims/demo.gaf","scale":2}}})" "\n";
  const KbotRun r = kbot.Run("mcp --context mine=ta:" + (kbot.dir() / "ta").string(), input);
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::map<json, json> by_id;
  int count = 0;
  for (std::string line; std::getline(lines, line); ++count) {
    const json m = json::parse(line);  // every stdout line is a protocol message
    by_id[m["id"]] = m;
  }
  EXPECT_EQ(count, 4);
  EXPECT_EQ(by_id[1]["result"]["protocolVersion"], "2025-06-18");
  EXPECT_EQ(by_id[nullptr]["error"]["code"], -32700);
  const json contexts = by_id[2]["result"]["structuredContent"]["contexts"];
  ASSERT_EQ(contexts.size(), 1u) << "a context given means no demo";
  EXPECT_EQ(contexts[0]["name"], "mine");
  EXPECT_EQ(contexts[0]["transparency"], "game");
  const json exported = by_id[3]["result"]["structuredContent"];
  EXPECT_EQ(exported["transparency"], "game");
  EXPECT_EQ(exported["path"], "Anims/Demo.GAF");
  EXPECT_EQ(exported["width"], 64);
  EXPECT_NE(r.err.find("kbot mcp: serving"), std::string::npos);
}

TEST(ToolCli, McpRefusesABadContextFlag) {
  KbotProcess kbot;
  const KbotRun r = kbot.Run("mcp --context broken");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("broken"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

}  // namespace
}  // namespace kbot
