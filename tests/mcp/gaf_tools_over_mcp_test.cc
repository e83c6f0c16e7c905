// kbot's own tools through the MCP session, on the built-in demo context:
// metadata, outputs that match their schemas, pictures, resource links,
// resources and completion.
#include <gtest/gtest.h>

#include "app/mcp_catalog.h"
#include "absl/strings/escaping.h"
#include "formats/palette/palette.h"
#include "mcp/json_rpc.h"
#include "base/json_schema.h"
#include "tools/catalog.h"
#include "tests/support/decode_image.h"
#include "tests/support/mcp_client.h"
#include "tests/support/tools_over_mcp.h"

namespace kbot {
namespace {

using kbot::testing::DemoWorkspace;
using kbot::testing::McpClient;
using nlohmann::json;

std::vector<uint8_t> Base64Bytes(const json& text) {
  std::string raw;
  EXPECT_TRUE(absl::Base64Unescape(text.get<std::string>(), &raw));
  return std::vector<uint8_t>(raw.begin(), raw.end());
}

using kbot::testing::ToolsOverMcp;

TEST_F(ToolsOverMcp, EveryToolDeclaresItsMetadata) {
  const json tools = client_.Call("tools/list")["result"]["tools"];
  std::vector<std::string> names;
  for (const json& t : tools) {
    names.push_back(t["name"]);
    EXPECT_FALSE(t["title"].get<std::string>().empty());
    EXPECT_FALSE(t["description"].get<std::string>().empty());
    EXPECT_EQ(t["inputSchema"]["type"], "object");
    EXPECT_EQ(t["inputSchema"]["additionalProperties"], false) << t["name"];
    EXPECT_EQ(t["outputSchema"]["type"], "object");
    // Only the hints that mean something for a tool that reads.
    EXPECT_EQ(t["annotations"], (json{{"readOnlyHint", true}, {"openWorldHint", false}}));
  }
  EXPECT_EQ(names, (std::vector<std::string>{"context_list", "asset_find", "vfs_list", "gaf_list",
                                             "gaf_info", "gaf_export", "gaf_check",
                                             "palette_candidates", "hpi_list",
                                             "map_describe", "map_render", "style_describe",
                                             "style_tiles", "sprite_list", "sprite_export",
                                             "sprite_sheet", "car_list", "car_describe",
                                             "mission_list", "mission_describe",
                                             "fxt_decode", "font_render",
                                             "picture_export", "player_describe",
                                             "palette_describe", "tdf_parse", "unit_list",
                                             "unit_describe", "unit_compare", "weapon_list",
                                             "weapon_describe", "feature_list",
                                             "feature_describe", "side_list", "map_list",
                                             "map_minimap", "map_heightmap", "model_describe",
                                             "model_render", "script_describe",
                                             "script_disassemble", "script_decompile"}));
}

TEST_F(ToolsOverMcp, ContextListShowsTheDemo) {
  const json c = Ok("context_list", json::object())["structuredContent"]["contexts"];
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0]["name"], "demo");
  EXPECT_EQ(c[0]["game"], "takingdoms");
  EXPECT_EQ(c[0]["transparency"], "heuristic");
  EXPECT_EQ(c[0]["builtin"], true);
}

TEST_F(ToolsOverMcp, VfsListMatchesAGlobAndPages) {
  json page = Ok("vfs_list", {{"pattern", "**/*.GAF"}, {"limit", 1}})["structuredContent"];
  EXPECT_GE(page["total"].get<int>(), 2);
  ASSERT_EQ(page["entries"].size(), 1u);
  EXPECT_EQ(page["next_offset"], 1);
  std::vector<std::string> all = {page["entries"][0]["path"]};
  while (!page["next_offset"].is_null()) {
    page = Ok("vfs_list", {{"pattern", "**/*.GAF"}, {"limit", 1}, {"offset", page["next_offset"]}})
               ["structuredContent"];
    for (const json& e : page["entries"]) all.push_back(e["path"]);
  }
  EXPECT_EQ(all.size(), page["total"].get<size_t>());
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end()));
  EXPECT_NE(std::find(all.begin(), all.end(), "anims/demo.gaf"), all.end());
  for (const std::string& p : all) EXPECT_EQ(p.substr(p.size() - 4), ".gaf");
  const json pal = Ok("vfs_list", {{"pattern", "palettes/*"}})["structuredContent"];
  ASSERT_EQ(pal["entries"].size(), 3u);
  EXPECT_EQ(pal["entries"][0]["path"], "palettes/aramon.pcx");
  EXPECT_EQ(pal["entries"][0]["size"], 128 + 2 + 769);
  EXPECT_EQ(pal["entries"][0]["source"], "built-in");
  EXPECT_EQ(pal["entries"][1]["path"], "palettes/palette.pal");
  EXPECT_EQ(pal["entries"][1]["size"], 1024);
  EXPECT_EQ(pal["entries"][1]["uri"], "kbot://demo/palettes/palette.pal");
  // An entry of the demo's archive, listed and addressed like a loose file.
  EXPECT_EQ(pal["entries"][2]["path"], "palettes/veruna.pcx");
  EXPECT_EQ(pal["entries"][2]["source"], "demo.ufo");
  EXPECT_EQ(pal["entries"][2]["hides"], json::array());
  EXPECT_EQ(pal["entries"][2]["uri"], "kbot://demo/palettes/veruna.pcx");
  const json cursors = Ok("vfs_list", {{"pattern", "anims/cursors.gaf"}})["structuredContent"];
  ASSERT_EQ(cursors["entries"].size(), 1u);
  EXPECT_EQ(cursors["entries"][0]["source"], "built-in");
  EXPECT_EQ(cursors["entries"][0]["hides"], json::array({"demo.ufo"}));
}

TEST_F(ToolsOverMcp, GafListAndInfoMatchTheContract) {
  const json list = Ok("gaf_list", {{"path", "ANIMS\\Demo.gaf"}})["structuredContent"];
  EXPECT_EQ(list["path"], "anims/demo.gaf") << "the VFS's own spelling";
  EXPECT_EQ(list["version"], 0x00010100);
  ASSERT_EQ(list["sequences"].size(), 2u);
  EXPECT_EQ(list["sequences"][0], (json{{"index", 0}, {"name", "spinner"}, {"frames", 8},
                                        {"loops", true}, {"loop_flags", 1}, {"unknown4", 0},
                                        {"duration_ticks", 32}, {"duration_sec", 1.067}}));
  const json info = Ok("gaf_info", {{"path", "anims/demo.gaf"}, {"sequence", 1}})["structuredContent"];
  ASSERT_EQ(info["sequences"].size(), 1u);
  EXPECT_EQ(info["sequences"][0]["name"], "explosion");
  EXPECT_EQ(info["sequences"][0]["frames"][5]["duration"], 0x00010005);
  EXPECT_EQ(info["sequences"][0]["frames"][5]["duration_ticks"], 5);
  const json by_name = Ok("gaf_info", {{"path", "anims/demo.gaf"}, {"sequence", "EXPLOSION"}});
  EXPECT_EQ(by_name["structuredContent"]["sequences"][0]["index"], 1);
}

TEST_F(ToolsOverMcp, ExportReturnsAnImageScaledByNearestNeighbour) {
  const json one = Ok("gaf_export", {{"path", "anims/demo.gaf"}});
  const json four = Ok("gaf_export", {{"path", "anims/demo.gaf"}, {"scale", 4}});
  const json s = four["structuredContent"];
  EXPECT_EQ(s["width"], 128);
  EXPECT_EQ(s["height"], 128);
  EXPECT_EQ(s["scale"], 4);
  EXPECT_EQ(s["transparency"], "heuristic") << "the takingdoms default";
  EXPECT_EQ(s["palette"], (json{{"source", "palette-pal"}, {"path", "palettes/palette.pal"}}));
  EXPECT_EQ(s["delivery"], "inline");
  // The JSON text, the caption, the image.
  ASSERT_EQ(four["content"].size(), 3u);
  EXPECT_EQ(four["content"][1]["text"],
            "anims/demo.gaf sequence 0 'spinner' frame 0: 128 x 128 px at scale 4 (png, inline)");
  EXPECT_EQ(four["content"][2]["type"], "image");
  EXPECT_EQ(four["content"][2]["mimeType"], "image/png");
  absl::StatusOr<testing::DecodedPng> small = testing::DecodePng(Base64Bytes(one["content"][2]["data"]));
  absl::StatusOr<testing::DecodedPng> big = testing::DecodePng(Base64Bytes(four["content"][2]["data"]));
  ASSERT_TRUE(small.ok() && big.ok());
  ASSERT_EQ(small->width, 32);
  ASSERT_EQ(big->width, 128);
  for (int y = 0; y < 128; ++y) {
    for (int x = 0; x < 128; ++x) {
      const size_t b = (size_t(y) * 128 + x) * 4, a = (size_t(y / 4) * 32 + x / 4) * 4;
      ASSERT_TRUE(std::equal(big->rgba.begin() + b, big->rgba.begin() + b + 4, small->rgba.begin() + a))
          << x << "," << y;
    }
  }
  const json game = Ok("gaf_export", {{"path", "anims/demo.gaf"}, {"transparency", "game"}, {"format", "gif"}});
  EXPECT_EQ(game["structuredContent"]["transparency"], "game");
  EXPECT_EQ(game["content"][2]["mimeType"], "image/gif");
  const json index = Ok("gaf_export", {{"path", "anims/demo.gaf"}, {"transparency", 9}});
  EXPECT_EQ(index["structuredContent"]["transparency"], "9");
}

TEST_F(ToolsOverMcp, ExportFailuresAreToolErrorsThatNameTheFile) {
  EXPECT_EQ(ErrorText("gaf_export", {{"path", "anims/demo.gaf"}, {"sequence", "nope"}}),
            "context demo: anims/demo.gaf: no sequence \"nope\" (the file has 2, indexed from 0; "
            "gaf_list names them)");
  const std::string missing = ErrorText("gaf_list", {{"path", "anims/missing.gaf"}});
  EXPECT_NE(missing.find("anims/missing.gaf"), std::string::npos) << missing;
  const std::string escape = ErrorText("gaf_list", {{"path", "anims/../../etc/passwd"}});
  EXPECT_NE(escape.find("leave"), std::string::npos) << escape;
  EXPECT_NE(ErrorText("gaf_list", {{"path", "palettes/palette.pal"}}).find("palettes/palette.pal"),
            std::string::npos);
  EXPECT_NE(ErrorText("gaf_list", {{"context", "nope"}, {"path", "a.gaf"}}).find("nope"), std::string::npos);
  EXPECT_NE(ErrorText("gaf_export", {{"path", "anims/demo.gaf"}, {"format", "gif"}, {"frame", 1}}).find("frame"),
            std::string::npos);
  EXPECT_EQ(ErrorText("gaf_export", {{"path", "anims/demo.gaf"}, {"scale", 9}}),
            "gaf_export: scale 9: use an integer from 1 to 8; the closest is 8");
  EXPECT_EQ(ErrorText("gaf_export", {{"path", "anims/demo.gaf"}, {"transparency", "corners"}}),
            "gaf_export: transparency 'corners': use game, heuristic, none, or a palette index "
            "0-255 drawn transparent");
  EXPECT_EQ(ErrorText("gaf_export", {{"path", "anims/demo.gaf"}, {"format", "GFI"}}),
            "gaf_export: format 'GFI': use one of png, gif, apng, sheet; did you mean 'gif'?");
}

TEST_F(ToolsOverMcp, PaletteCandidatesListTheChain) {
  const json c = Ok("palette_candidates", {{"path", "anims/demo.gaf"}})["structuredContent"];
  EXPECT_EQ(c["chosen"], "palette-pal");
  ASSERT_EQ(c["candidates"].size(), 2u);
  EXPECT_EQ(c["candidates"][0]["path"], "palettes/palette.pal");
  EXPECT_EQ(c["candidates"][1]["source"], "embedded");
  const json bad = Ok("palette_candidates", {{"path", "anims/demo.gaf"}, {"palette", "anims/demo.gaf"}})
                       ["structuredContent"];
  EXPECT_EQ(bad["candidates"][0]["source"], "override");
  EXPECT_EQ(bad["candidates"][0]["usable"], false);
  EXPECT_EQ(bad["chosen"], "palette-pal") << "an unusable candidate is skipped, and said so";

  // The demo's TA: Kingdoms assets: the atlas has its sidecar, the flag's
  // name carries the Aramon prefix.
  const json atlas = Ok("palette_candidates", {{"path", "ANIMS/Atlas.gaf"}})["structuredContent"];
  EXPECT_EQ(atlas, json::parse(R"({
    "context": "demo", "path": "anims/atlas.gaf", "chosen": "sidecar-pcx",
    "candidates": [
      {"source": "sidecar-pcx", "path": "anims/atlas.pcx", "usable": true, "problem": null},
      {"source": "palette-pal", "path": "palettes/palette.pal", "usable": true, "problem": null},
      {"source": "embedded", "path": null, "usable": true, "problem": null}]})"));
  const json flag = Ok("palette_candidates", {{"path", "units/araflag.gaf"}})["structuredContent"];
  EXPECT_EQ(flag["chosen"], "side-prefix");
  ASSERT_EQ(flag["candidates"].size(), 3u);
  EXPECT_EQ(flag["candidates"][0], json::parse(R"({"source": "side-prefix",
    "path": "palettes/aramon.pcx", "usable": true, "problem": null})"));
  EXPECT_EQ(flag["candidates"][1]["source"], "palette-pal");
  EXPECT_EQ(flag["candidates"][2]["source"], "embedded");
}

// gaf_export without `palette` draws with the chain's pick: the pixels carry
// its colours, and `palette` names it.
TEST_F(ToolsOverMcp, ExportDrawsWithThePaletteTheChainPicks) {
  struct Case {
    std::string path, source, palette_path;
    int x, y;
    std::vector<uint8_t> rgba;
  };
  const Case cases[] = {
      // The tree's painted border, index 5: magenta in the atlas's sidecar.
      {"anims/atlas.gaf", "sidecar-pcx", "anims/atlas.pcx", 0, 0, {255, 0, 255, 255}},
      // The flag's pole, index 88: Aramon silver.
      {"units/araflag.gaf", "side-prefix", "palettes/aramon.pcx", 1, 23, {115, 117, 122, 255}},
      // The same flag inside demo.ufo under Veruna's prefix, drawn with the
      // archive's veruna.pcx: Aramon's colours with R, G, B turned to B, R, G.
      {"UNITS/VERFLAG.GAF", "side-prefix", "palettes/veruna.pcx", 1, 23, {122, 115, 117, 255}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.path);
    const json r = Ok("gaf_export", {{"path", c.path}, {"transparency", "game"}});
    const json& s = r["structuredContent"];
    EXPECT_EQ(s["palette"], (json{{"source", c.source}, {"path", c.palette_path}}));
    EXPECT_EQ(s["warnings"], json::array());
    absl::StatusOr<testing::DecodedPng> png =
        testing::DecodePng(Base64Bytes(r["content"][2]["data"]));
    ASSERT_TRUE(png.ok()) << png.status();
    const size_t at = (size_t(c.y) * png->width + c.x) * 4;
    EXPECT_EQ(std::vector<uint8_t>(png->rgba.begin() + at, png->rgba.begin() + at + 4), c.rgba);
  }
}

TEST_F(ToolsOverMcp, ExportReportsProgressWithAToken) {
  const json id = client_.Request("tools/call", {{"name", "gaf_export"},
                                                 {"arguments", {{"path", "anims/demo.gaf"}, {"format", "apng"}}},
                                                 {"_meta", {{"progressToken", 5}}}});
  ASSERT_TRUE(client_.WaitResponse(id).contains("result"));
  uint64_t last = 0;
  int count = 0;
  for (const json& m : client_.Messages()) {
    if (m.value("method", "") != "notifications/progress") continue;
    EXPECT_EQ(m["params"]["total"], 16) << "8 frames rendered, then 8 encoded";
    EXPECT_GE(m["params"]["progress"].get<uint64_t>(), last);
    last = m["params"]["progress"];
    ++count;
  }
  EXPECT_GE(count, 1);
}

class SmallImageLimit : public ToolsOverMcp {
 protected:
  static mcp::ServerOptions Options() {
    mcp::ServerOptions o;
    o.limits.max_inline_image_base64 = 3000;  // the APNG is 2.8 KB (3.7 K in base64)
    return o;
  }
  SmallImageLimit() : ToolsOverMcp(Options()) {}
};

TEST_F(SmallImageLimit, ALargeExportIsALinkWithAPreviewAndTheLinkReadsBack) {
  const json r = Ok("gaf_export", {{"path", "anims/demo.gaf"}, {"format", "apng"}, {"scale", 4}});
  const json s = r["structuredContent"];
  EXPECT_EQ(s["delivery"], "resource_link");
  ASSERT_EQ(r["content"].size(), 4u);  // the JSON, the caption, the link, the preview
  const json link = r["content"][2];
  EXPECT_EQ(link["type"], "resource_link");
  EXPECT_EQ(link["uri"], s["resource_uri"]);
  EXPECT_EQ(link["mimeType"], "image/png");
  EXPECT_EQ(link["uri"], "kbot://demo/anims/demo.gaf?export=apng&sequence=0&transparency=heuristic&scale=4");
  EXPECT_EQ(r["content"][3]["type"], "image");
  EXPECT_LE(r["content"][3]["data"].get<std::string>().size(), 3000u);
  EXPECT_EQ(s["preview"]["width"], 128);
  const json read = client_.Call("resources/read", {{"uri", link["uri"]}})["result"]["contents"][0];
  EXPECT_EQ(read["mimeType"], "image/png");
  const std::vector<uint8_t> bytes = Base64Bytes(read["blob"]);
  EXPECT_EQ(bytes.size(), s["bytes"].get<size_t>());
  absl::StatusOr<testing::DecodedApng> apng = testing::DecodeApngFrames(bytes);
  ASSERT_TRUE(apng.ok()) << apng.status();
  EXPECT_EQ(apng->frames.size(), 8u);
}

TEST_F(SmallImageLimit, AnOlderClientGetsTheLinkAsText) {
  mcp::ServerOptions options;
  options.limits.max_inline_image_base64 = 3000;
  McpClient old(DemoWorkspace(), app::McpTools(DemoWorkspace()), options);
  old.Initialize("2025-03-26");
  const json r = old.CallTool("gaf_export", {{"path", "anims/demo.gaf"}, {"format", "apng"}, {"scale", 4}})["result"];
  ASSERT_EQ(r["content"].size(), 4u);
  EXPECT_EQ(r["content"][2]["type"], "text");
  EXPECT_NE(r["content"][2]["text"].get<std::string>().find(r["structuredContent"]["resource_uri"].get<std::string>()),
            std::string::npos);
}

TEST_F(ToolsOverMcp, ResourcesListPagesAndReadReturnsTheBytes) {
  std::vector<std::string> uris;
  json params = json::object();
  for (;;) {
    const json page = client_.Call("resources/list", params)["result"];
    for (const json& r : page["resources"]) uris.push_back(r["uri"]);
    if (!page.contains("nextCursor")) break;
    params = {{"cursor", page["nextCursor"]}};
  }
  EXPECT_NE(std::find(uris.begin(), uris.end(), "kbot://demo/anims/demo.gaf"), uris.end());
  const json pal = client_.Call("resources/read", {{"uri", "kbot://demo/PALETTES/palette.pal"}})["result"];
  const std::vector<uint8_t> bytes = Base64Bytes(pal["contents"][0]["blob"]);
  const Bytes ta = palette::TaPaletteBytes();
  EXPECT_EQ(bytes, std::vector<uint8_t>(ta.begin(), ta.end()));
  EXPECT_EQ(client_.Call("resources/read", {{"uri", "kbot://demo/no/such.gaf"}})["error"]["code"],
            mcp::kResourceNotFound);
  EXPECT_EQ(client_.Call("resources/read", {{"uri", "kbot://demo/../x"}})["error"]["code"],
            mcp::kResourceNotFound);
  EXPECT_EQ(client_.Call("resources/read", {{"uri", "file:///etc/passwd"}})["error"]["code"],
            mcp::kResourceNotFound);
  const json templates = client_.Call("resources/templates/list")["result"]["resourceTemplates"];
  ASSERT_EQ(templates.size(), 1u);
  EXPECT_EQ(templates[0]["uriTemplate"], "kbot://{context}/{+path}");
}

TEST_F(ToolsOverMcp, ResourcesListIsPaginated) {
  mcp::ServerOptions options;
  options.resources_page_size = 2;
  McpClient client(DemoWorkspace(), app::McpTools(DemoWorkspace()), options);
  client.Initialize();
  const json first = client.Call("resources/list")["result"];
  EXPECT_EQ(first["resources"].size(), 2u);
  EXPECT_EQ(first["nextCursor"], "2");
  EXPECT_EQ(client.Call("resources/list", {{"cursor", "-1"}})["error"]["code"], mcp::kInvalidParams);
}

TEST_F(ToolsOverMcp, CompletionOffersContextsPathsAndSequences) {
  auto complete = [&](json ref, const std::string& name, const std::string& value, json args = json::object()) {
    return client_.Call("completion/complete", {{"ref", ref},
                                                {"argument", {{"name", name}, {"value", value}}},
                                                {"context", {{"arguments", args}}}});
  };
  const json resource = {{"type", "ref/resource"}, {"uri", "kbot://{context}/{+path}"}};
  EXPECT_EQ(complete(resource, "context", "D")["result"]["completion"]["values"], json::array({"demo"}));
  EXPECT_EQ(complete(resource, "path", "ANIMS\\dem")["result"]["completion"]["values"],
            json::array({"anims/demo.gaf"}));
  const json tool = {{"type", "ref/tool"}, {"name", "gaf_export"}};
  EXPECT_EQ(complete(tool, "sequence", "s", {{"path", "anims/demo.gaf"}})["result"]["completion"]["values"],
            json::array({"spinner"}));
  EXPECT_EQ(complete(tool, "format", "")["result"]["completion"]["total"], 4);
  EXPECT_EQ(complete(tool, "sequence", "s", {{"path", "missing.gaf"}})["result"]["completion"]["values"],
            json::array());
  EXPECT_EQ(complete({{"type", "ref/prompt"}, {"name", "x"}}, "a", "")["error"]["code"], mcp::kInvalidParams);
}

}  // namespace
}  // namespace kbot
