// The explorer's routes over real HTTP (cpp-httplib's client): every image
// route and parameter, the render cache (hits, misses, edits, ETag and 304),
// the JSON routes against the tools' own results, the 400/404 cases, path
// traversal, and the shared security checks (Host, Origin, token).
#include "web/explorer.h"

#include <httplib.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "absl/strings/match.h"
#include "app/mcp_catalog.h"
#include "mcp/http_transport.h"
#include "mcp/server.h"
#include "tools/catalog.h"
#include "tests/support/decode_image.h"
#include "tests/web/explorer_fixture.h"

namespace kbot::web {
namespace {

using nlohmann::json;

TEST_F(ExplorerTest, PngIsOneFrameAtItsSizeWithAnEtag) {
  Start();
  httplib::Result r = Get("/png/ta/anims/demo.gaf");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(r->get_header_value("Content-Type"), "image/png");
  EXPECT_EQ(r->get_header_value("Cache-Control"), "no-cache");
  EXPECT_EQ(r->get_header_value("X-Kbot-Cache"), "miss");
  const std::string etag = r->get_header_value("ETag");
  ASSERT_GE(etag.size(), 3u);
  EXPECT_EQ(etag.front(), '"');
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(Span(r->body));
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->width, 32);
  EXPECT_EQ(png->height, 32);
}

TEST_F(ExplorerTest, ScaleFrameAndSequenceChangeThePicture) {
  Start();
  httplib::Result scaled = Get("/png/ta/anims/demo.gaf?scale=3");
  ASSERT_TRUE(scaled);
  ASSERT_EQ(scaled->status, 200) << scaled->body;
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(Span(scaled->body));
  ASSERT_TRUE(png.ok());
  EXPECT_EQ(png->width, 96);
  EXPECT_EQ(png->height, 96);

  httplib::Result f0 = Get("/png/ta/anims/demo.gaf?frame=0");
  httplib::Result f3 = Get("/png/ta/anims/demo.gaf?frame=3");
  ASSERT_TRUE(f0 && f3);
  ASSERT_EQ(f3->status, 200) << f3->body;
  EXPECT_NE(f0->body, f3->body);
  EXPECT_NE(f0->get_header_value("ETag"), f3->get_header_value("ETag"));

  // The explosion's frames are raw and of growing size: by name or index.
  httplib::Result by_name = Get("/png/ta/anims/demo.gaf?sequence=explosion&frame=5");
  httplib::Result by_index = Get("/png/ta/anims/demo.gaf?sequence=1&frame=5");
  ASSERT_TRUE(by_name && by_index);
  ASSERT_EQ(by_name->status, 200) << by_name->body;
  EXPECT_EQ(by_name->body, by_index->body);
  EXPECT_NE(by_name->body, f0->body);
}

TEST_F(ExplorerTest, AnimationsAndSheetsHaveTheirTypes) {
  Start();
  httplib::Result apng = Get("/apng/ta/anims/demo.gaf");
  ASSERT_TRUE(apng);
  ASSERT_EQ(apng->status, 200) << apng->body;
  EXPECT_EQ(apng->get_header_value("Content-Type"), "image/png");
  absl::StatusOr<std::vector<testing::PngChunk>> chunks = testing::ParsePngChunks(Span(apng->body));
  ASSERT_TRUE(chunks.ok()) << chunks.status();
  bool actl = false;
  for (const testing::PngChunk& c : *chunks) actl = actl || c.type == "acTL";
  EXPECT_TRUE(actl);

  httplib::Result gif = Get("/gif/ta/anims/demo.gaf?sequence=spinner");
  ASSERT_TRUE(gif);
  ASSERT_EQ(gif->status, 200) << gif->body;
  EXPECT_EQ(gif->get_header_value("Content-Type"), "image/gif");
  EXPECT_TRUE(absl::StartsWith(gif->body, "GIF89a"));

  httplib::Result sheet = Get("/sheet/ta/anims/demo.gaf");
  ASSERT_TRUE(sheet);
  ASSERT_EQ(sheet->status, 200) << sheet->body;
  EXPECT_EQ(sheet->get_header_value("Content-Type"), "image/png");
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(Span(sheet->body));
  ASSERT_TRUE(png.ok());
  EXPECT_GE(png->width * png->height, 8 * 32 * 32);  // all 8 frames of the spinner
}

TEST_F(ExplorerTest, TheSecondRequestIsACacheHitAndIfNoneMatchGets304) {
  Start();
  httplib::Result first = Get("/png/ta/anims/demo.gaf?scale=2");
  ASSERT_TRUE(first);
  ASSERT_EQ(first->status, 200);
  EXPECT_EQ(Stats().misses, 1u);
  EXPECT_EQ(Stats().hits, 0u);
  httplib::Result second = Get("/png/ta/anims/demo.gaf?scale=2");
  ASSERT_TRUE(second);
  EXPECT_EQ(second->get_header_value("X-Kbot-Cache"), "hit");
  EXPECT_EQ(second->body, first->body);
  EXPECT_EQ(second->get_header_value("ETag"), first->get_header_value("ETag"));
  EXPECT_EQ(Stats().hits, 1u);
  EXPECT_EQ(Stats().entries, 1u);
  // Another spelling of the same path is the same rendering.
  httplib::Result upper = Get("/png/ta/ANIMS/Demo.GAF?scale=2");
  ASSERT_TRUE(upper);
  EXPECT_EQ(upper->get_header_value("X-Kbot-Cache"), "hit");

  httplib::Result not_modified =
      Get("/png/ta/anims/demo.gaf?scale=2", {{"If-None-Match", first->get_header_value("ETag")}});
  ASSERT_TRUE(not_modified);
  EXPECT_EQ(not_modified->status, 304);
  EXPECT_TRUE(not_modified->body.empty());
  EXPECT_EQ(not_modified->get_header_value("ETag"), first->get_header_value("ETag"));
  httplib::Result other_tag = Get("/png/ta/anims/demo.gaf?scale=2", {{"If-None-Match", "\"x\""}});
  ASSERT_TRUE(other_tag);
  EXPECT_EQ(other_tag->status, 200);
  EXPECT_EQ(other_tag->body, first->body);
}

TEST_F(ExplorerTest, TheCacheKeyHoldsEveryParameterAndTheTransparency) {
  Start();
  ASSERT_EQ(Get("/png/ta/anims/atlas.gaf")->status, 200);
  // ta's default is the game rule: naming it is the same rendering.
  EXPECT_EQ(Get("/png/ta/anims/atlas.gaf?transparency=game")->get_header_value("X-Kbot-Cache"),
            "hit");
  EXPECT_EQ(Get("/png/ta/anims/atlas.gaf?transparency=none")->get_header_value("X-Kbot-Cache"),
            "miss");
  EXPECT_EQ(
      Get("/png/ta/anims/atlas.gaf?transparency=heuristic")->get_header_value("X-Kbot-Cache"),
      "miss");
  EXPECT_EQ(Get("/png/ta/anims/atlas.gaf?transparency=9")->get_header_value("X-Kbot-Cache"),
            "miss");
  EXPECT_EQ(Get("/apng/ta/anims/atlas.gaf")->get_header_value("X-Kbot-Cache"), "miss");
  EXPECT_EQ(Get("/png/ta/anims/atlas.gaf?palette=palettes/palette.pal")
                ->get_header_value("X-Kbot-Cache"),
            "miss");
  // Same folder, a takingdoms context: another key, and the corner guess.
  httplib::Result tak = Get("/png/tak/anims/atlas.gaf");
  ASSERT_TRUE(tak);
  EXPECT_EQ(tak->get_header_value("X-Kbot-Cache"), "miss");
  // (its palette chain differs, its transparency is ta's heuristic one)
  absl::StatusOr<testing::DecodedPng> tak_png = testing::DecodePng(Span(tak->body));
  absl::StatusOr<testing::DecodedPng> heuristic_png =
      testing::DecodePng(Span(Get("/png/ta/anims/atlas.gaf?transparency=heuristic")->body));
  ASSERT_TRUE(tak_png.ok() && heuristic_png.ok());
  ASSERT_EQ(tak_png->width, heuristic_png->width);
  for (int y = 0; y < tak_png->height; ++y) {
    for (int x = 0; x < tak_png->width; ++x) {
      EXPECT_EQ(tak_png->alpha(x, y), heuristic_png->alpha(x, y));
    }
  }
  EXPECT_EQ(Get("/png/tak/anims/atlas.gaf?transparency=heuristic")
                ->get_header_value("X-Kbot-Cache"),
            "hit");
  EXPECT_EQ(Stats().hits, 3u);
  EXPECT_EQ(Stats().misses, 7u);
}

TEST_F(ExplorerTest, TransparencyModesDrawDifferently) {
  Start();
  // The atlas's stored key (9) is used by no pixel: the corner guess finds
  // the border.
  httplib::Result game = Get("/png/ta/anims/atlas.gaf?transparency=heuristic");
  httplib::Result none = Get("/png/ta/anims/atlas.gaf?transparency=none");
  ASSERT_TRUE(game && none);
  absl::StatusOr<testing::DecodedPng> g = testing::DecodePng(Span(game->body));
  absl::StatusOr<testing::DecodedPng> n = testing::DecodePng(Span(none->body));
  ASSERT_TRUE(g.ok() && n.ok());
  bool any_transparent = false;
  for (int y = 0; y < n->height; ++y) {
    for (int x = 0; x < n->width; ++x) EXPECT_EQ(n->alpha(x, y), 255);
  }
  for (int y = 0; y < g->height; ++y) {
    for (int x = 0; x < g->width; ++x) any_transparent = any_transparent || g->alpha(x, y) == 0;
  }
  EXPECT_TRUE(any_transparent);
}

TEST_F(ExplorerTest, AnEditedAssetIsRenderedAgain) {
  Start();
  httplib::Result before = Get("/png/ta/anims/demo.gaf");
  ASSERT_EQ(before->status, 200);
  WriteFile(root_ / "anims/demo.gaf", ReadFile(root_ / "anims/cursors.gaf"));
  Touch(root_ / "anims/demo.gaf", 5);
  httplib::Result after = Get("/png/ta/anims/demo.gaf",
                              {{"If-None-Match", before->get_header_value("ETag")}});
  ASSERT_TRUE(after);
  EXPECT_EQ(after->status, 200);
  EXPECT_EQ(after->get_header_value("X-Kbot-Cache"), "miss");
  EXPECT_NE(after->get_header_value("ETag"), before->get_header_value("ETag"));
  EXPECT_EQ(after->body, Get("/png/ta/anims/cursors.gaf")->body);
  EXPECT_EQ(Stats().misses, 3u);
}

TEST_F(ExplorerTest, AnEditedPaletteIsDrawnWithAgain) {
  Start();
  httplib::Result before = Get("/png/ta/anims/demo.gaf");
  ASSERT_EQ(before->status, 200);
  ASSERT_EQ(Get("/png/ta/anims/demo.gaf")->get_header_value("X-Kbot-Cache"), "hit");
  std::vector<uint8_t> pal = ReadFile(root_ / "palettes/palette.pal");
  ASSERT_GT(pal.size(), 100u);
  for (size_t i = 0; i < pal.size(); ++i) pal[i] = uint8_t(255 - pal[i]);
  WriteFile(root_ / "palettes/palette.pal", pal);
  Touch(root_ / "palettes/palette.pal", 5);
  httplib::Result after = Get("/png/ta/anims/demo.gaf");
  ASSERT_TRUE(after);
  EXPECT_EQ(after->status, 200);
  EXPECT_EQ(after->get_header_value("X-Kbot-Cache"), "miss");
  EXPECT_NE(after->body, before->body);
}

TEST_F(ExplorerTest, BadParametersAre400WithAMessage) {
  Start();
  const std::string png = "/png/ta/anims/demo.gaf";
  ExpectError(Get(png + "?sequence=99"), 400, "99");
  ExpectError(Get(png + "?sequence=nosuch"), 400, "nosuch");
  ExpectError(Get(png + "?frame=-1"), 400, "frame");
  ExpectError(Get(png + "?frame=x"), 400, "frame 'x': use an integer 0 or more");
  ExpectError(Get(png + "?frame=99"), 400, "99");
  ExpectError(Get("/gif/ta/anims/demo.gaf?frame=1"), 400, "frame: only /png/");
  ExpectError(Get(png + "?scale=0"), 400, "scale");
  ExpectError(Get(png + "?scale=9"), 400, "scale");
  ExpectError(Get(png + "?scale=two"), 400, "scale 'two': use an integer from 1 to 8");
  ExpectError(Get(png + "?transparency=bogus"), 400, "transparency");
  ExpectError(Get(png + "?transparency=300"), 400, "transparency");
  ExpectError(Get(png + "?colour=red"), 400, "unknown argument 'colour'");
  ExpectError(Get(png + "?format=gif"), 400, "unknown argument 'format'");
  ExpectError(Get(png + "?context=tak"), 400, "unknown argument 'context'");
  ExpectError(Get(png + "?scale=2&scale=3"), 400, "given twice");
  ExpectError(Get(png + "?palette=palettes/none.pal"), 400, "none.pal");
  ExpectError(Get("/png/ta/palettes/palette.pal"), 400, "palette.pal");  // not a GAF
  ExpectError(Get("/png/ta"), 400, "/png/CONTEXT/PATH");
  ExpectError(Get("/sheet/"), 400, "/sheet/CONTEXT/PATH");
  EXPECT_EQ(Stats().entries, 0u);
}

TEST_F(ExplorerTest, MissingContextsAndFilesAre404) {
  Start();
  ExpectError(Get("/png/nosuch/anims/demo.gaf"), 404, "no context \"nosuch\"");
  ExpectError(Get("/png/ta/anims/missing.gaf"), 404, "missing.gaf");
  ExpectError(Get("/apng/ta/anims/missing.gaf"), 404, "missing.gaf");
  ExpectError(Get("/nowhere"), 404, "/nowhere: not found");
}

TEST_F(ExplorerTest, NoPathLeavesTheContext) {
  Start();
  const std::string outside = root_.filename().string() + "_outside/secret.gaf";
  for (const std::string& target : std::vector<std::string>{
           "/png/ta/../" + outside, "/png/ta/%2e%2e/" + outside, "/png/ta/anims/%2E%2E/%2e%2e/" + outside,
        "/png/ta/anims/..%2f..%2f" + outside, "/png/ta/%2fetc%2fpasswd", "/png/ta//etc/passwd",
        "/png/ta/anims/demo.gaf?palette=../" + root_.filename().string() +
            "/palettes/palette.pal",
        "/png/ta/anims/demo.gaf?palette=/etc/passwd"}) {
    httplib::Result r = Get(target);
    ASSERT_TRUE(r) << target;
    EXPECT_TRUE(r->status == 400 || r->status == 404) << target << ": " << r->status << " "
                                                      << r->body;
  }
  ExpectError(Get("/png/ta/%2e%2e/" + outside), 400, "..");
}

TEST_F(ExplorerTest, ApiRoutesAnswerWithTheToolsStructuredContent) {
  Start();
  for (const auto& [tool_name, query] :
       std::vector<std::pair<std::string, std::string>>{
           {"gaf_list", "context=ta&path=anims/demo.gaf"},
           {"gaf_info", "context=tak&path=anims/demo.gaf&sequence=explosion"},
           {"gaf_info", "context=tak&path=anims/demo.gaf&sequence=1"},
           {"palette_candidates", "context=tak&path=anims/demo.gaf"},
           {"context_list", ""}}) {
    httplib::Result r = Get("/api/" + tool_name + "?" + query);
    ASSERT_TRUE(r);
    ASSERT_EQ(r->status, 200) << tool_name << ": " << r->body;
    EXPECT_EQ(r->get_header_value("Content-Type"), "application/json");
    // The same call made directly.
    json arguments = json::object();
    httplib::Params params;
    httplib::detail::parse_query_text(query, params);
    for (const auto& [k, v] : params) arguments[k] = v;
    for (const tools::Tool& tool : tools::AllTools()) {
      if (tool.name != tool_name) continue;
      const tools::Limits limits;
      const tools::ToolCall call{arguments, *workspace_, NoProgress(), tools::StderrLogger(),
                                 limits};
      tools::ToolResult direct = tool.handler(call);
      ASSERT_FALSE(direct.error) << *direct.error;
      EXPECT_EQ(json::parse(r->body), direct.structured) << tool_name;
    }
  }
}

TEST_F(ExplorerTest, ApiRoutesTypeTheQueryBySchemaAndRefuseBadArguments) {
  Start();
  httplib::Result typed = Get("/api/gaf_export?context=ta&path=anims/demo.gaf&scale=2&frame=1");
  ASSERT_TRUE(typed);
  ASSERT_EQ(typed->status, 200) << typed->body;
  const json body = json::parse(typed->body);
  EXPECT_EQ(body["width"], 64);
  EXPECT_EQ(body["frame"], 1);
  EXPECT_EQ(body["transparency"], "game");

  ExpectError(Get("/api/gaf_list?context=ta"), 400, "missing argument 'path'");
  ExpectError(Get("/api/gaf_list?context=ta&path=anims/demo.gaf&colour=red"), 400,
              "unknown argument 'colour'");
  ExpectError(Get("/api/gaf_export?context=ta&path=anims/demo.gaf&scale=big"), 400,
              "scale 'big': use an integer from 1 to 8");
  ExpectError(Get("/api/gaf_export?context=ta&path=anims/demo.gaf&scale=20"), 400,
              "scale 20: use an integer from 1 to 8; the closest is 8");
  // The tool says NotFound for a sequence the file lacks: 404, as for a file.
  ExpectError(Get("/api/gaf_info?context=ta&path=anims/demo.gaf&sequence=nosuch"), 404, "nosuch");
  ExpectError(Get("/api/gaf_list?context=ta&path=anims/missing.gaf"), 404, "missing.gaf");
  ExpectError(Get("/api/gaf_list?context=nosuch&path=anims/demo.gaf"), 404, "nosuch");
  ExpectError(Get("/api/gaf_list?context=ta&path=../x.gaf"), 400, "..");
  ExpectError(Get("/api/no_such_tool"), 404, "no tool \"no_such_tool\"");

  httplib::Result listing = Get("/api");
  ASSERT_TRUE(listing);
  ASSERT_EQ(listing->status, 200);
  const json tools = json::parse(listing->body)["tools"];
  bool has_gaf_list = false;
  for (const json& t : tools) has_gaf_list = has_gaf_list || t["name"] == "gaf_list";
  EXPECT_TRUE(has_gaf_list);
}

TEST_F(ExplorerTest, ForeignOriginsAndHostsAre403) {
  Start();
  for (const std::string target : {"/", "/png/ta/anims/demo.gaf", "/api/context_list", "/api"}) {
    ExpectError(Get(target, {{"Origin", "http://evil.example"}}), 403,
                "Origin \"http://evil.example\" is not allowed");
    httplib::Client c = Client();
    c.set_default_headers({{"Host", "evil.example"}});
    ExpectError(c.Get(target.c_str()), 403, "Host \"evil.example\"");
  }
  EXPECT_EQ(Get("/png/ta/anims/demo.gaf", {{"Origin", "http://localhost:5173"}})->status, 200);
  EXPECT_EQ(Stats().misses, 1u);  // refusals never rendered
}

TEST_F(ExplorerTest, AllowedOriginsAreAdded) {
  http::HttpOptions o;
  o.allowed_origins = {"https://tools.example"};
  Start(o);
  EXPECT_EQ(Get("/api/context_list", {{"Origin", "https://tools.example"}})->status, 200);
}

TEST_F(ExplorerTest, ATokenIsRequiredWhenSet) {
  http::HttpOptions o;
  o.token = "s3cret";
  Start(o);
  httplib::Result none = Get("/png/ta/anims/demo.gaf");
  ExpectError(none, 401, "Authorization: Bearer");
  EXPECT_EQ(none->get_header_value("WWW-Authenticate"), "Bearer");
  ExpectError(Get("/api", {{"Authorization", "Bearer wrong"}}), 401, "wrong");
  EXPECT_EQ(Get("/png/ta/anims/demo.gaf", {{"Authorization", "Bearer s3cret"}})->status, 200);
}

TEST_F(ExplorerTest, ASmallCacheEvictsOldRenderings) {
  Start({}, 4096);
  for (int scale = 1; scale <= 8; ++scale) {
    ASSERT_EQ(Get("/sheet/ta/anims/demo.gaf?scale=" + std::to_string(scale))->status, 200);
  }
  EXPECT_LE(Stats().bytes, 4096u);
  EXPECT_EQ(Get("/sheet/ta/anims/demo.gaf?scale=8")->status, 200);
  EXPECT_EQ(Stats().hits, 0u);  // each too large, or pushed out
}

// kbot mcp --http: the explorer beside /mcp on one host.
TEST_F(ExplorerTest, ServesBesideMcpOnOneHost) {
  absl::StatusOr<std::unique_ptr<mcp::Server>> server =
      mcp::Server::Create(app::McpTools(*workspace_), app::McpHooks(*workspace_), {});
  ASSERT_TRUE(server.ok()) << server.status();
  mcp::HttpOptions options;
  options.port = 0;
  absl::StatusOr<std::unique_ptr<mcp::HttpTransport>> transport =
      mcp::HttpTransport::Bind(**server, options);
  ASSERT_TRUE(transport.ok()) << transport.status();
  std::unique_ptr<web::Explorer> explorer =
      web::Explorer::Mount((*transport)->host(), *workspace_);
  std::thread serving([&] { (*transport)->Serve(); });
  httplib::Client c("127.0.0.1", (*transport)->port());
  c.set_read_timeout(20, 0);

  httplib::Result png = c.Get("/png/ta/anims/demo.gaf");
  ASSERT_TRUE(png);
  EXPECT_EQ(png->status, 200);
  EXPECT_EQ(c.Get("/")->status, 200);
  const std::string init =
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})";
  httplib::Result mcp_init = c.Post("/mcp", {{"Accept", "application/json, text/event-stream"}},
                                    init, "application/json");
  ASSERT_TRUE(mcp_init);
  EXPECT_EQ(mcp_init->status, 200) << mcp_init->body;
  EXPECT_TRUE(mcp_init->has_header("Mcp-Session-Id"));
  // /mcp keeps JSON-RPC refusals; the explorer's paths have {"error": "..."}.
  httplib::Result mcp_refused = c.Post("/mcp", {{"Origin", "http://evil.example"}}, init,
                                       "application/json");
  ASSERT_TRUE(mcp_refused);
  EXPECT_EQ(mcp_refused->status, 403);
  EXPECT_TRUE(json::parse(mcp_refused->body)["error"].is_object());
  httplib::Result elsewhere = c.Get("/elsewhere");
  ASSERT_TRUE(elsewhere);
  EXPECT_EQ(elsewhere->status, 404);
  EXPECT_NE(elsewhere->body.find("MCP is served at /mcp"), std::string::npos);
  EXPECT_NE(elsewhere->body.find("the explorer is served at /"), std::string::npos);
  EXPECT_TRUE(json::parse(elsewhere->body)["error"].is_string());
  httplib::Result mcp_put = c.Put("/mcp", "", "application/json");
  ASSERT_TRUE(mcp_put);
  EXPECT_EQ(mcp_put->status, 405);
  EXPECT_TRUE(json::parse(mcp_put->body)["error"].is_object());

  (*transport)->Stop();
  serving.join();
}

}  // namespace
}  // namespace kbot::web
