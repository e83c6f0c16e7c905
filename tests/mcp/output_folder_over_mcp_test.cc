// `kbot mcp --output DIR` through the MCP dispatcher: the write tools and
// the `target` argument are served only with an output folder; hpi_extract
// writes an archive's entries there, gaf_export and map_render their picture;
// every write stays inside the folder, and a refused one writes nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "absl/strings/escaping.h"
#include "app/mcp_catalog.h"
#include "contexts/confined_folder.h"
#include "contexts/workspace.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/hpi_bytes.h"
#include "tests/support/mcp_client.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::DemoWorkspace;
using testing::McpClient;

std::string FileText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::set<std::string> Tree(const fs::path& root) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    out.insert(e.path().lexically_relative(root).string() + (e.is_directory() ? "/" : ""));
  }
  return out;
}

json ToolNamed(const json& listing, const std::string& name) {
  for (const json& tool : listing["tools"]) {
    if (tool["name"] == name) return tool;
  }
  return nullptr;
}

// An MCP session over `workspace` whose output folder is <temp>/out.
class OutputFolderOverMcp : public testing::TempDirTest {
 protected:
  void Serve(const contexts::Workspace& workspace) {
    absl::StatusOr<std::unique_ptr<contexts::ConfinedFolder>> output =
        contexts::ConfinedFolder::Open((dir_ / "out").string());
    ASSERT_TRUE(output.ok()) << output.status();
    output_ = *std::move(output);
    absl::StatusOr<std::vector<mcp::Tool>> tools = app::McpTools(workspace, {}, output_.get());
    ASSERT_TRUE(tools.ok());
    client_ = std::make_unique<McpClient>(workspace, *std::move(tools));
    client_->Initialize();
  }
  void SetUp() override {
    TempDirTest::SetUp();
    Serve(DemoWorkspace());
  }

  json Result(const std::string& tool, const json& arguments) {
    return client_->CallTool(tool, arguments).value("result", json::object());
  }
  std::string Error(const std::string& tool, const json& arguments) {
    const json result = Result(tool, arguments);
    EXPECT_EQ(result.value("isError", false), true) << result;
    return result["content"][0].value("text", "");
  }

  std::unique_ptr<contexts::ConfinedFolder> output_;
  std::unique_ptr<McpClient> client_;
};

TEST(OutputFolderListing, WithoutAnOutputFolderNothingWrites) {
  McpClient client(DemoWorkspace(), app::McpTools(DemoWorkspace()));
  client.Initialize();
  const json listing = client.Call("tools/list")["result"];
  EXPECT_TRUE(ToolNamed(listing, "hpi_extract").is_null());
  for (const char* name : {"gaf_export", "map_render"}) {
    const json tool = ToolNamed(listing, name);
    EXPECT_FALSE(tool["inputSchema"]["properties"].contains("target")) << name;
    EXPECT_FALSE(tool["outputSchema"]["properties"].contains("written")) << name;
    EXPECT_EQ(tool["annotations"]["readOnlyHint"], true) << name;
  }
  const json refused = client.CallTool(
      "gaf_export", {{"path", "anims/demo.gaf"}, {"target", "x.png"}})["result"];
  EXPECT_EQ(refused["isError"], true);
  EXPECT_EQ(refused["content"][0]["text"].get<std::string>().rfind(
                "gaf_export: unknown argument 'target'", 0),
            0u)
      << refused;
}

TEST_F(OutputFolderOverMcp, TheWriteToolsAreListedAndMarked) {
  const json listing = client_->Call("tools/list")["result"];
  const json extract = ToolNamed(listing, "hpi_extract");
  ASSERT_FALSE(extract.is_null());
  EXPECT_EQ(extract["annotations"]["readOnlyHint"], false);
  EXPECT_EQ(extract["annotations"]["destructiveHint"], true);
  for (const char* name : {"gaf_export", "map_render"}) {
    const json tool = ToolNamed(listing, name);
    EXPECT_EQ(tool["inputSchema"]["properties"]["target"]["type"], "string") << name;
    EXPECT_TRUE(tool["outputSchema"]["properties"].contains("written")) << name;
    EXPECT_EQ(tool["annotations"]["readOnlyHint"], false) << name;
  }
}

TEST_F(OutputFolderOverMcp, HpiExtractWritesTheEntriesAsTheArchiveHoldsThem) {
  const json result = Result("hpi_extract", {{"path", "demo.ufo"}});
  ASSERT_EQ(result.value("isError", true), false) << result;
  const json& s = result["structuredContent"];
  EXPECT_EQ(s["path"], "demo.ufo");
  EXPECT_EQ(s["target"], "demo");
  EXPECT_EQ(s["entries"], 4);
  EXPECT_EQ(s["selected"], 4);
  EXPECT_EQ(s["extracted"], 4);
  EXPECT_EQ(s["problem_count"], 0);
  EXPECT_EQ(s["problems"], json::array());
  // Each file holds what the archive entry holds (read through the context).
  const contexts::Context* demo = *DemoWorkspace().Find("demo");
  uint64_t bytes = 0;
  for (const std::string& entry : Tree(dir_ / "out/demo")) {
    if (entry.back() == '/') continue;
    absl::StatusOr<contexts::VfsFile> file = demo->vfs->Read("demo.ufo/" + entry);
    ASSERT_TRUE(file.ok()) << entry << ": " << file.status();
    EXPECT_EQ(FileText(dir_ / "out/demo" / entry), testing::Text(file->bytes())) << entry;
    bytes += file->bytes().size();
  }
  EXPECT_EQ(s["bytes"], bytes);
}

TEST_F(OutputFolderOverMcp, HpiExtractReportsBytesWrittenUpToTheTotal) {
  const json id = client_->Request(
      "tools/call", {{"name", "hpi_extract"},
                     {"arguments", {{"path", "demo.ufo"}}},
                     {"_meta", {{"progressToken", "x1"}}}});
  const json response = client_->WaitResponse(id);
  const uint64_t bytes = response["result"]["structuredContent"]["bytes"];
  std::vector<json> progress;
  for (const json& m : client_->Messages()) {
    if (m.value("method", "") == "notifications/progress") progress.push_back(m["params"]);
  }
  ASSERT_GE(progress.size(), 2u);
  EXPECT_EQ(progress.front()["message"], "extracted 0 of 4 entries");
  EXPECT_EQ(progress.back()["progress"], bytes);
  EXPECT_EQ(progress.back()["total"], bytes);
  EXPECT_EQ(progress.back()["message"], "extracted 4 of 4 entries");
}

TEST_F(OutputFolderOverMcp, HpiExtractTakesPatternsAndATargetFolder) {
  const json s = Result("hpi_extract", {{"path", "demo.ufo"},
                                        {"patterns", {"anims/*.gaf"}},
                                        {"target", "x/y"}})["structuredContent"];
  EXPECT_EQ(s["target"], "x/y");
  EXPECT_EQ(s["selected"], 1);
  EXPECT_EQ(Tree(dir_ / "out"),
            (std::set<std::string>{"x/", "x/y/", "x/y/anims/", "x/y/anims/cursors.gaf"}));
  EXPECT_EQ(Error("hpi_extract", {{"path", "demo.ufo"}, {"patterns", {"nothing/*"}}}),
            "context demo: demo.ufo: no entry matches \"nothing/*\" (hpi_list lists the "
            "entries)");
  EXPECT_EQ(Error("hpi_extract", {{"path", "demo.ufo"}, {"target", "../up"}}),
            "target ../up: \"..\" would leave the target folder");
  EXPECT_EQ(Tree(dir_ / "out"),
            (std::set<std::string>{"x/", "x/y/", "x/y/anims/", "x/y/anims/cursors.gaf"}));
  EXPECT_FALSE(fs::exists(dir_ / "up"));
}

TEST_F(OutputFolderOverMcp, HostileNamesAreReportedAndNothingLeavesTheFolder) {
  fs::create_directories(dir_ / "game");
  const std::vector<uint8_t> evil = testing::FlatHpiV1({{"../evil", testing::BytesOf("1")},
                                                        {"/abs", testing::BytesOf("2")},
                                                        {"ok.txt", testing::BytesOf("ok")},
                                                        {"OK.TXT", testing::BytesOf("no")}});
  std::ofstream(dir_ / "game/evil.hpi", std::ios::binary)
      .write(reinterpret_cast<const char*>(evil.data()), std::streamsize(evil.size()));
  absl::StatusOr<contexts::Workspace> ws =
      contexts::Workspace::Open({{"mod", contexts::Game::kTa, (dir_ / "game").string()}});
  ASSERT_TRUE(ws.ok()) << ws.status();
  Serve(*ws);
  const json s = Result("hpi_extract", {{"path", "evil.hpi"}})["structuredContent"];
  EXPECT_EQ(s["extracted"], 1);
  EXPECT_EQ(s["problem_count"], 3);
  EXPECT_EQ(s["problems"],
            (json{"evil.hpi: ../evil: unsafe name, not extracted: \"..\" would leave the target "
                  "folder",
                  "evil.hpi: /abs: unsafe name, not extracted: an absolute path",
                  "evil.hpi: OK.TXT: conflict, not extracted: entry \"ok.txt\" is written to the "
                  "same file, ok.txt (paths ignore case)"}));
  EXPECT_EQ(Tree(dir_ / "out"), (std::set<std::string>{"evil/", "evil/ok.txt"}));
  EXPECT_EQ(FileText(dir_ / "out/evil/ok.txt"), "ok");
  EXPECT_EQ(Tree(dir_), (std::set<std::string>{"game/", "game/evil.hpi", "out/", "out/evil/",
                                               "out/evil/ok.txt"}));
}

TEST_F(OutputFolderOverMcp, GafExportWritesItsPictureToTheTarget) {
  const json result = Result("gaf_export", {{"path", "anims/demo.gaf"},
                                            {"format", "gif"},
                                            {"target", "pics/demo.gif"}});
  ASSERT_EQ(result.value("isError", true), false) << result;
  const json& s = result["structuredContent"];
  EXPECT_EQ(s["written"], (json{{"path", "pics/demo.gif"}, {"bytes", s["bytes"]}}));
  const std::string file = FileText(dir_ / "out/pics/demo.gif");
  EXPECT_EQ(file.size(), s["bytes"].get<size_t>());
  EXPECT_EQ(file.substr(0, 6), "GIF89a");
  // The same bytes travel inline; the line after the caption says where.
  std::string inline_bytes;
  for (const json& block : result["content"]) {
    if (block["type"] == "image") absl::Base64Unescape(block["data"].get<std::string>(), &inline_bytes);
  }
  EXPECT_EQ(inline_bytes, file);
  EXPECT_EQ(result["content"][2]["text"],
            "Wrote " + std::to_string(file.size()) + " bytes to pics/demo.gif in the output folder.");
}

TEST_F(OutputFolderOverMcp, MapRenderWritesItsPngToTheTarget) {
  const json s = Result("map_render", {{"path", "GTADATA/DEMO.CMP"},
                                       {"target", "town.png"}})["structuredContent"];
  EXPECT_EQ(s["written"]["path"], "town.png");
  const std::string file = FileText(dir_ / "out/town.png");
  EXPECT_EQ(file.size(), s["bytes"].get<size_t>());
  EXPECT_EQ(file.substr(1, 3), "PNG");
}

TEST_F(OutputFolderOverMcp, ATargetOutsideTheFolderIsRefusedAndNothingIsWritten) {
  fs::create_directories(dir_ / "elsewhere");
  fs::create_directory_symlink("../elsewhere", dir_ / "out/away");
  fs::create_directories(dir_ / "out/taken.png");
  const json args = {{"path", "anims/demo.gaf"}};
  auto with_target = [&](const std::string& target) {
    json a = args;
    a["target"] = target;
    return Error("gaf_export", a);
  };
  EXPECT_EQ(with_target("../x.png"), "target ../x.png: \"..\" would leave the target folder");
  EXPECT_EQ(with_target("/tmp/x.png"), "target /tmp/x.png: an absolute path");
  EXPECT_EQ(with_target("away/x.png"),
            "target away/x.png: " + (dir_ / "out/away").string() +
                ": a link that does not lead to a folder inside the target");
  EXPECT_EQ(with_target("taken.png"),
            "target taken.png: " + (dir_ / "out/taken.png").string() + ": is a folder");
  EXPECT_EQ(Tree(dir_), (std::set<std::string>{"elsewhere/", "out/", "out/away/",
                                               "out/taken.png/"}));
  EXPECT_TRUE(fs::is_empty(dir_ / "elsewhere"));
}

}  // namespace
}  // namespace kbot
