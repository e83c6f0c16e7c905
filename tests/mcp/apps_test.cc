// MCP Apps (extension io.modelcontextprotocol/ui) as kbot serves it: the
// extension in the capabilities of both revisions, the two ui:// views in
// resources/list and resources/read (the Apps MIME type, one self-contained
// HTML file each, _meta.ui), and the view each tool names in tools/list. The
// core's part (a tool's meta, a resource's meta, an app's extensions) is
// tested on a bare server first.
#include <gtest/gtest.h>

#include <map>

#include "app/mcp_apps.h"
#include "app/mcp_catalog.h"
#include "mcp/revision.h"
#include "tests/support/mcp_client.h"
#include "tests/support/mcp_harness.h"
#include "tests/support/test_tools.h"

namespace kbot {
namespace {

using nlohmann::json;
using testing::DemoWorkspace;
using testing::McpClient;

constexpr const char* kUi = "io.modelcontextprotocol/ui";
constexpr const char* kMime = "text/html;profile=mcp-app";

json Stateless(json params = json::object()) {
  params["_meta"] = {{mcp::kMetaProtocolVersion, "2026-07-28"},
                     {mcp::kMetaClientCapabilities, json::object()},
                     {mcp::kMetaClientInfo, {{"name", "test"}, {"version", "1"}}}};
  return params;
}

// ---- the core: what an app declares is listed as it says -------------------------------------

TEST(AppsCore, ToolMetaResourceMetaAndExtensionsAreListed) {
  mcp::Tool tool = testing::AskTool();
  tool.meta = {{"ui", {{"resourceUri", "ui://t/v"}}}};
  mcp::ServerHooks hooks;
  hooks.extensions["example.org/ext"] = {{"setting", 1}};
  mcp::Resource view;
  view.uri = "ui://t/v";
  view.name = "v";
  view.mime_type = kMime;
  view.meta = {{"ui", {{"prefersBorder", true}}}};
  view.read = [](const std::string& uri) {
    return absl::StatusOr<json>(json::array({mcp::TextContents(uri, kMime, "<!doctype html>")}));
  };
  hooks.resources.push_back(view);
  mcp::Tool plain = testing::AskTool();
  plain.name = "plain";
  testing::Harness h({tool, plain}, hooks);
  // Beside the core's own extension (tasks) under 2026-07-28, alone under 2025-11-25.
  const json discovered = h.Call("server/discover", Stateless())["result"]["capabilities"];
  EXPECT_EQ(discovered["extensions"]["example.org/ext"], json({{"setting", 1}}));
  EXPECT_TRUE(discovered["extensions"].contains(mcp::kTasksExtension));
  const json initialized = h.Initialize()["capabilities"];
  EXPECT_EQ(initialized["extensions"], json({{"example.org/ext", {{"setting", 1}}}}));
  EXPECT_TRUE(initialized.contains("tasks"));

  const json tools = h.Call("tools/list")["result"]["tools"];
  ASSERT_EQ(tools.size(), 2u);
  EXPECT_EQ(tools[0]["_meta"], tool.meta);
  EXPECT_FALSE(tools[1].contains("_meta"));  // a tool without meta lists none
  const json resources = h.Call("resources/list")["result"]["resources"];
  ASSERT_EQ(resources.size(), 1u);
  EXPECT_EQ(resources[0]["_meta"], view.meta);
  EXPECT_EQ(resources[0]["mimeType"], kMime);
}

TEST(AppsCore, NoExtensionsNoKey) {
  testing::Harness h({testing::AskTool()}, mcp::ServerHooks());
  EXPECT_FALSE(h.Initialize()["capabilities"].contains("extensions"));
}

// ---- kbot ------------------------------------------------------------------------------------

TEST(Apps, BothRevisionsDeclareTheExtension) {
  McpClient client(DemoWorkspace(), app::McpTools(DemoWorkspace()));
  const json discovered = client.Call("server/discover", Stateless())["result"]["capabilities"];
  EXPECT_EQ(discovered["extensions"][kUi], json::object());
  EXPECT_TRUE(discovered["extensions"].contains(mcp::kTasksExtension));
  const json initialized = client.Initialize()["capabilities"];
  EXPECT_EQ(initialized["extensions"][kUi], json::object());
}

TEST(Apps, ToolsNameTheirViewUnderBothKeys) {
  McpClient client(DemoWorkspace(), app::McpTools(DemoWorkspace()));
  client.Initialize();
  std::map<std::string, json> meta;
  json cursor = nullptr;
  for (json page = client.Call("tools/list")["result"];;
       page = client.Call("tools/list", {{"cursor", cursor}})["result"]) {
    for (const json& t : page["tools"]) meta[t["name"]] = t.value("_meta", json());
    if (!page.contains("nextCursor")) break;
    cursor = page["nextCursor"];
  }
  const std::map<std::string, std::string> views = {{"gaf_list", app::kGafViewerUri},
                                                    {"gaf_export", app::kGafViewerUri},
                                                    {"map_render", app::kMapViewerUri}};
  for (const auto& [name, uri] : views) {
    ASSERT_TRUE(meta.count(name)) << name;
    EXPECT_EQ(meta[name], json({{"ui", {{"resourceUri", uri}}}})) << name;
  }
  EXPECT_TRUE(meta.at("gaf_info").is_null());  // no view: no _meta
  EXPECT_TRUE(meta.at("map_describe").is_null());
}

// The checks every view passes: the Apps MIME type and _meta.ui on the listing and on the
// contents, and HTML that loads nothing from anywhere (no URL with a scheme or host, no
// external script, stylesheet or frame), with its code inline.
void ExpectSelfContainedView(const json& contents, const std::string& uri,
                             const std::string& page) {
  ASSERT_EQ(contents.size(), 1u) << uri;
  const json& c = contents[0];
  EXPECT_EQ(c["uri"], uri);
  EXPECT_EQ(c["mimeType"], kMime);
  EXPECT_EQ(c["_meta"]["ui"]["prefersBorder"], true);
  EXPECT_FALSE(c["_meta"]["ui"].contains("csp"))
      << "a view that needs no network declares no domains";
  ASSERT_TRUE(c.contains("text")) << uri;
  const std::string html = c["text"];
  EXPECT_EQ(html.rfind("<!doctype html>", 0), 0u) << uri;
  EXPECT_NE(html.find("</html>"), std::string::npos);
  EXPECT_NE(html.find("<style data-gta-css>"), std::string::npos) << "the stylesheets inline";
  EXPECT_NE(html.find("<script type=\"module\">"), std::string::npos) << "the code inline";
  EXPECT_NE(html.find("ui/initialize"), std::string::npos) << "the host bridge";
  EXPECT_NE(html.find(page), std::string::npos) << "the explorer's page";
  EXPECT_EQ(html.find("import {"), std::string::npos) << "a module import left unbundled";
  // No scheme but ui:// (the view's own name, in a comment), nothing fetched by markup or CSS.
  for (size_t at = html.find("://"); at != std::string::npos; at = html.find("://", at + 3)) {
    EXPECT_EQ(html.compare(at < 2 ? 0 : at - 2, 5, "ui://"), 0)
        << uri << " names a URL: " << html.substr(at < 8 ? 0 : at - 8, 40);
  }
  for (const char* fetching : {"<link", "src=", "href=", "<iframe", "url(", "@import"}) {
    EXPECT_EQ(html.find(fetching), std::string::npos) << uri << " has " << fetching;
  }
}

TEST(Apps, ViewsAreListedAndReadAsSelfContainedHtml) {
  McpClient client(DemoWorkspace(), app::McpTools(DemoWorkspace()));
  client.Initialize();
  const json listed = client.Call("resources/list")["result"]["resources"];
  std::map<std::string, json> views;
  for (const json& r : listed) {
    if (r["uri"].get<std::string>().rfind("ui://", 0) == 0) views[r["uri"]] = r;
  }
  ASSERT_EQ(views.size(), 2u) << listed.dump();
  const std::map<std::string, std::string> pages = {{app::kGafViewerUri, "showGaf"},
                                                    {app::kMapViewerUri, "showMap"}};
  for (const auto& [uri, page] : pages) {
    ASSERT_TRUE(views.count(uri)) << uri;
    EXPECT_EQ(views[uri]["mimeType"], kMime);
    EXPECT_EQ(views[uri]["_meta"], json({{"ui", {{"prefersBorder", true}}}}));
    const json read = client.Call("resources/read", {{"uri", uri}});
    ASSERT_TRUE(read.contains("result")) << read.dump();
    ExpectSelfContainedView(read["result"]["contents"], uri, page);
  }
}

TEST(Apps, ViewsAreReadUnder2026) {
  McpClient client(DemoWorkspace(), app::McpTools(DemoWorkspace()));
  const json read = client.Call("resources/read", Stateless({{"uri", app::kMapViewerUri}}));
  ASSERT_TRUE(read.contains("result")) << read.dump();
  EXPECT_EQ(read["result"]["resultType"], "complete");
  ExpectSelfContainedView(read["result"]["contents"], app::kMapViewerUri, "showMap");
}

TEST(Apps, AnUnknownViewIsNotFound) {
  McpClient client(DemoWorkspace(), app::McpTools(DemoWorkspace()));
  client.Initialize();
  const json read = client.Call("resources/read", {{"uri", "ui://kbot/nothing"}});
  ASSERT_TRUE(read.contains("error")) << read.dump();
}

}  // namespace
}  // namespace kbot
