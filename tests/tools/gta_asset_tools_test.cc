// The GTA1 asset tools (style_describe, style_tiles, font_render,
// picture_export, player_describe) called directly on files laid out byte by
// byte from the headers in formats/gta/, and the demo style and font.
#include "formats/common/byte_writer.h"
#include "tools/context_resources.h"
#include "tools/font_render_tool.h"
#include "tools/picture_export_tool.h"
#include "tools/player_describe_tool.h"
#include "tools/style_describe_tool.h"
#include "tools/style_tiles_tool.h"

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <set>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "base/progress.h"
#include "tools/resource_uri.h"
#include "tools/catalog.h"
#include "tools/tool_support.h"
#include "demo/demo_gta_style.h"
#include "formats/gta/font.h"
#include "formats/gta/style.h"
#include "base/json_schema.h"
#include "tests/support/decode_image.h"

namespace kbot::tools {
namespace {

// 1 side + 2 lid + 1 aux tiles = one 16 KB strip; 2 CLUTs on one 64 KB page;
// 16 palette index entries; one animation (lid 1, speed 3, aux 0).
struct StyleBytes {
  uint32_t version = 336;
  std::vector<uint8_t> tiles = std::vector<uint8_t>(0x4000, 0);
  std::vector<uint8_t> cluts = std::vector<uint8_t>(0x10000, 0);
  std::vector<uint16_t> index = std::vector<uint16_t>(16, 0);
  std::vector<uint8_t> anims = {1, 1, 1, 3, 1, 0};

  void Texel(int tile, int u, int v, uint8_t value) {
    tiles[gta::TileTexelOffset(tile, u, v)] = value;
  }
  StyleBytes() {
    for (int v = 0; v < 64; ++v) {
      for (int u = 0; u < 64; ++u) {
        Texel(0, u, v, 1);  // side 0
        Texel(1, u, v, 9);  // lid 0
        Texel(2, u, v, 4);  // lid 1
        Texel(3, u, v, 5);  // aux 0
      }
    }
    Texel(1, 0, 0, 2);
    Texel(1, 5, 7, 3);
    // CLUT 0 colour e: (e, 10, 20); CLUT 1: (e, 100, 200). Stored B, G, R, 0.
    for (int c = 0; c < 2; ++c) {
      for (int e = 0; e < 256; ++e) {
        const size_t at = gta::ClutColorOffset(c, e);
        cluts[at] = c ? 200 : 20, cluts[at + 1] = c ? 100 : 10, cluts[at + 2] = uint8_t(e);
      }
    }
    index[gta::SidePaletteSlot(0, gta::SideDirection::kLeft)] = 1;
    index[gta::TilePaletteSlot(1, 1)] = 1;  // lid 0 remap 1
    index[gta::TilePaletteSlot(2, 2)] = 9;  // lid 1 remap 2: past the 2 CLUTs
  }
  std::vector<uint8_t> Build() const {
    std::vector<uint8_t> out;
    for (uint32_t v : {version, 4096u, 2 * 4096u, 4096u, uint32_t(anims.size()), 2048u, 2048u, 0u,
                       0u, 0u, uint32_t(2 * index.size()), 3u, 0u, 0u, 0u, 0u}) {
      AppendU32(out, v);
    }
    out.insert(out.end(), tiles.begin(), tiles.end());
    out.insert(out.end(), anims.begin(), anims.end());
    out.insert(out.end(), cluts.begin(), cluts.end());
    for (uint16_t e : index) out.push_back(uint8_t(e)), out.push_back(uint8_t(e >> 8));
    out.insert(out.end(), {7, 8, 9});  // object info
    return out;
  }
};

// Two glyphs 2 high: '!' 2 wide {1, 0 / 0, 2}, '"' 1 wide {3 / 3}; colour i
// is (i, 2i, 3i).
std::vector<uint8_t> FontBytes() {
  std::vector<uint8_t> out = {2, 2, 2, 1, 0, 0, 2, 1, 3, 3};
  for (int i = 0; i < 256; ++i) out.insert(out.end(), {uint8_t(i), uint8_t(2 * i), uint8_t(3 * i)});
  return out;
}

std::vector<uint8_t> PlayerBytes() {
  std::vector<uint8_t> out(0x414, 0);
  for (int i = 0; i < 0x14; ++i) out[size_t(i)] = uint8_t(i);
  out[0x14] = 2;
  const size_t score = 0x18 + (2 * 3 + 1) * 20;  // level 2, rank 1
  out[score] = 0x39, out[score + 1] = 0x30;       // 12345
  std::memcpy(&out[score + 4], "BOB", 3);
  std::memcpy(&out[0x180 + 0x50], "Alice", 5);    // player 1
  out[0x400] = 1;
  std::memcpy(&out[0x401], "NET", 3);
  return out;
}

contexts::Context GtaContext() {
  std::vector<uint8_t> raw;
  for (int i = 0; i < 12; ++i) raw.insert(raw.end(), {uint8_t(i), uint8_t(10 + i), uint8_t(20 + i)});
  std::vector<uint8_t> pal, other;
  for (int i = 0; i < 256; ++i) {
    pal.insert(pal.end(), {uint8_t(255 - i), uint8_t(i), 7});
    other.insert(other.end(), {1, 2, uint8_t(i)});
  }
  StyleBytes bad;
  bad.version = 335;
  std::vector<uint8_t> short_font = FontBytes();
  short_font.resize(100);
  return contexts::Context{
      "gta", contexts::Game::kGta, "", true,
      contexts::MakeMemoryVfs({{"GTADATA/STYLE001.G24", StyleBytes().Build()},
                               {"GTADATA/BAD.G24", bad.Build()},
                               {"GTADATA/SMALL.FON", FontBytes()},
                               {"GTADATA/CUT.FON", short_font},
                               {"GTADATA/PIC.RAW", raw},
                               {"GTADATA/T.RAT", {0, 1, 2, 255}},
                               {"GTADATA/F_PAL.RAW", pal},
                               {"OTHER.ACT", other},
                               {"PLAYER_A.DAT", PlayerBytes()},
                               {"SHORT.DAT", std::vector<uint8_t>(0x413, 0)}},
                              "test")};
}

// A tool's typed run over JSON arguments, parsed and checked by its table
// first, as its handler does (tools/typed_tool.h).
template <class Request, class Run>
tools::ToolResult Parsed(const RequestTable<Request>& table, const json& arguments, Run run) {
  absl::StatusOr<Request> request = table.ParseChecked(arguments);
  if (!request.ok()) return ErrorResult(request.status());
  return run(*request);
}
tools::ToolResult DescribeIn(const contexts::Context& c, const json& a) {
  return Parsed(StyleDescribeTable(), a,
                [&](const StyleDescribeRequest& r) { return RunStyleDescribe(c, r); });
}
tools::ToolResult TilesIn(const contexts::Context& c, const json& a, const Limits& l = {}) {
  return Parsed(StyleTilesTable(), a,
                [&](const StyleTilesRequest& r) { return RunStyleTiles(c, r, l); });
}
tools::ToolResult FontIn(const contexts::Context& c, const json& a, const Limits& l = {}) {
  return Parsed(FontRenderTable(), a,
                [&](const FontRenderRequest& r) { return RunFontRender(c, r, l); });
}
tools::ToolResult PictureIn(const contexts::Context& c, const json& a, const Limits& l = {}) {
  return Parsed(PictureExportTable(), a,
                [&](const PictureExportRequest& r) { return RunPictureExport(c, r, l); });
}
tools::ToolResult PlayerIn(const contexts::Context& c, const json& a) {
  return Parsed(PlayerDescribeTable(), a,
                [&](const PlayerDescribeRequest& r) { return RunPlayerDescribe(c, r); });
}

tools::ToolResult Call(const tools::Tool& tool, const std::function<tools::ToolResult(const json&)>& run,
                     const json& arguments) {
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  EXPECT_TRUE(in.ok() && in->Validate(arguments).ok()) << arguments.dump();
  tools::ToolResult result = run(arguments);
  if (!result.error) {
    absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
    EXPECT_TRUE(out.ok() && out->Validate(result.structured).ok()) << result.structured.dump(2);
  }
  return result;
}

tools::ToolResult Describe(const json& a) {
  const contexts::Context c = GtaContext();
  return Call(StyleDescribeTool(), [&](const json& x) { return DescribeIn(c, x); }, a);
}
tools::ToolResult Tiles(const json& a) {
  const contexts::Context c = GtaContext();
  return Call(StyleTilesTool(), [&](const json& x) { return TilesIn(c, x); }, a);
}
tools::ToolResult Font(const json& a) {
  const contexts::Context c = GtaContext();
  return Call(FontRenderTool(), [&](const json& x) { return FontIn(c, x); }, a);
}
tools::ToolResult Picture(const json& a) {
  const contexts::Context c = GtaContext();
  return Call(PictureExportTool(), [&](const json& x) { return PictureIn(c, x); }, a);
}
tools::ToolResult Player(const json& a) {
  const contexts::Context c = GtaContext();
  return Call(PlayerDescribeTool(), [&](const json& x) { return PlayerIn(c, x); }, a);
}

// The PNG of a result's image block, decoded.
// An inline result's blocks: the caption, then the image.
testing::DecodedPng Image(const tools::ToolResult& r) {
  EXPECT_EQ(r.content.size(), 2u);
  if (r.content.size() < 2) return {};
  EXPECT_EQ(r.content[0]["type"], "text");
  EXPECT_EQ(r.content[1]["type"], "image");
  EXPECT_EQ(r.content[1]["mimeType"], "image/png");
  std::string bytes;
  EXPECT_TRUE(absl::Base64Unescape(r.content[1]["data"].get<std::string>(), &bytes));
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  EXPECT_TRUE(png.ok()) << png.status();
  return png.ok() ? *png : testing::DecodedPng{};
}

// structuredContent without what image_result.h adds, after checking that
// an inline result says so and "bytes" is its PNG's size.
json Inline(const tools::ToolResult& r) {
  json s = r.structured;
  EXPECT_EQ(s["delivery"], "inline");
  EXPECT_TRUE(s["resource_uri"].is_null());
  EXPECT_TRUE(s["preview"].is_null());
  std::string bytes;
  if (r.content.size() > 1 && r.content[1].contains("data")) {
    EXPECT_TRUE(absl::Base64Unescape(r.content[1]["data"].get<std::string>(), &bytes));
  }
  EXPECT_EQ(s["bytes"], bytes.size());
  for (const char* key : {"bytes", "delivery", "resource_uri", "preview"}) s.erase(key);
  return s;
}

std::vector<int> Pixel(const testing::DecodedPng& png, int x, int y) {
  const uint8_t* p = &png.rgba[(size_t(y) * size_t(png.width) + size_t(x)) * 4];
  return {p[0], p[1], p[2], p[3]};
}

TEST(StyleDescribe, HeaderSectionsTilesAnimations) {
  const tools::ToolResult r = Describe({{"path", "gtadata/style001.g24"}});
  ASSERT_FALSE(r.error) << *r.error;
  const json& s = r.structured;
  EXPECT_EQ(s["path"], "GTADATA/STYLE001.G24");
  EXPECT_EQ(s["header"]["version"], 336);
  EXPECT_EQ(s["header"]["clut_size"], 2048);
  EXPECT_EQ(s["header"]["object_info_size"], 3);
  EXPECT_EQ(s["tiles"], json::parse(R"({"side": 1, "lid": 2, "aux": 1, "total": 4})"));
  EXPECT_EQ(s["animations"], json::parse(R"([{"index": 0, "block": 1, "which": "lid",
      "which_value": 1, "speed": 3, "frames": [0]}])"));
  EXPECT_EQ(s["cluts"], 2);
  EXPECT_EQ(s["palette_index"], json::parse(R"({"entries": 16, "tile_entries": 16})"));
  EXPECT_EQ(s["undocumented"], json::parse(R"({"object_info": 3, "cars": 0, "sprite_info": 0,
      "sprite_graphics": 0, "sprite_numbers": 0})"));
  ASSERT_EQ(s["sections"].size(), 9u);
  EXPECT_EQ(s["sections"][0], json::parse(R"({"name": "tiles", "offset": 64, "size": 16384,
      "stored": 16384})"));
  EXPECT_EQ(s["sections"][1], json::parse(R"({"name": "animations", "offset": 16448, "size": 6,
      "stored": 6})"));
  EXPECT_EQ(s["sections"][2], json::parse(R"({"name": "CLUTs", "offset": 16454, "size": 2048,
      "stored": 65536})"));
  EXPECT_EQ(s["sections"][3]["name"], "palette index");
  EXPECT_EQ(s["sections"][3]["offset"], 16454 + 65536);
  EXPECT_EQ(s["warnings"], json::array());
}

TEST(StyleDescribe, ErrorsNameTheFile) {
  const tools::ToolResult r = Describe({{"path", "GTADATA/BAD.G24"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rfind("context gta: GTADATA/BAD.G24: ", 0), 0u) << *r.error;
  const tools::ToolResult missing = Describe({{"path", "NOPE.G24"}});
  ASSERT_TRUE(missing.error);
  EXPECT_NE(missing.error->find("NOPE.G24"), std::string::npos) << *missing.error;
}

TEST(StyleTiles, LidSheetThroughRemaps) {
  tools::ToolResult r = Tiles({{"path", "GTADATA/STYLE001.G24"}, {"scale", 1}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(Inline(r), json::parse(R"({"path": "GTADATA/STYLE001.G24", "kind": "lid",
      "first": 0, "count": 2, "total": 2, "remap": 0, "columns": 2, "rows": 1, "scale": 1,
      "width": 130, "height": 64, "tiles": [{"tile": 0, "clut": 0}, {"tile": 1, "clut": 0}],
      "warnings": []})"));
  testing::DecodedPng png = Image(r);
  ASSERT_EQ(png.width, 130);
  ASSERT_EQ(png.height, 64);
  EXPECT_EQ(Pixel(png, 0, 0), (std::vector<int>{2, 10, 20, 255}));
  EXPECT_EQ(Pixel(png, 5, 7), (std::vector<int>{3, 10, 20, 255}));
  EXPECT_EQ(Pixel(png, 63, 63), (std::vector<int>{9, 10, 20, 255}));
  EXPECT_EQ(Pixel(png, 64, 0)[3], 0);  // the gap
  EXPECT_EQ(Pixel(png, 65, 30)[3], 0);
  EXPECT_EQ(Pixel(png, 66, 0), (std::vector<int>{4, 10, 20, 255}));

  r = Tiles({{"path", "GTADATA/STYLE001.G24"}, {"remap", 1}, {"count", 1}, {"scale", 1}});
  ASSERT_FALSE(r.error) << *r.error;
  png = Image(r);
  EXPECT_EQ(png.width, 64);
  EXPECT_EQ(Pixel(png, 0, 0), (std::vector<int>{2, 100, 200, 255}));
}

// With no scale, a few tiles are enlarged: two tiles at 3 are 2 * 192 + 2 =
// 386 px wide (4 would be 514, past 512); one tile at 4 is 256.
TEST(StyleTiles, WithoutAScaleAFewTilesAreEnlarged) {
  tools::ToolResult r = Tiles({{"path", "GTADATA/STYLE001.G24"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["scale"], 3);
  EXPECT_EQ(r.structured["width"], 386);
  EXPECT_EQ(r.structured["height"], 192);
  EXPECT_EQ(r.content[0]["text"],
            "GTADATA/STYLE001.G24 lid tiles 0..1 (remap 0): 386 x 192 px at scale 3 (png, inline)");
  EXPECT_EQ(Pixel(Image(r), 5 * 3, 7 * 3), (std::vector<int>{3, 10, 20, 255}));
  r = Tiles({{"path", "GTADATA/STYLE001.G24"}, {"count", 1}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["scale"], 4);
  EXPECT_EQ(r.structured["width"], 256);
}

TEST(StyleTiles, UnresolvedPaletteIsTransparentAndWarned) {
  const tools::ToolResult r =
      Tiles({{"path", "GTADATA/STYLE001.G24"}, {"remap", 2}, {"first", 1}, {"scale", 2}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["tiles"], json::parse(R"([{"tile": 1, "clut": null}])"));
  ASSERT_EQ(r.structured["warnings"].size(), 1u);
  EXPECT_EQ(r.structured["warnings"][0].get<std::string>().rfind("lid tile 1 drawn transparent: ", 0), 0u)
      << r.structured["warnings"];
  const testing::DecodedPng png = Image(r);
  EXPECT_EQ(png.width, 128);
  EXPECT_EQ(Pixel(png, 10, 10)[3], 0);
}

TEST(StyleTiles, SideDirectionsScaleAndColumns) {
  tools::ToolResult r = Tiles(
      {{"path", "GTADATA/STYLE001.G24"}, {"kind", "side"}, {"direction", "left"}, {"scale", 1}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["direction"], "left");
  EXPECT_FALSE(r.structured.contains("remap"));
  EXPECT_EQ(Pixel(Image(r), 0, 0), (std::vector<int>{1, 100, 200, 255}));
  r = Tiles({{"path", "GTADATA/STYLE001.G24"}, {"columns", 1}, {"scale", 2}});
  ASSERT_FALSE(r.error) << *r.error;
  const testing::DecodedPng png = Image(r);
  EXPECT_EQ(png.width, 128);
  EXPECT_EQ(png.height, 258);
  EXPECT_EQ(Pixel(png, 1, 1), (std::vector<int>{2, 10, 20, 255}));   // texel (0, 0) at scale 2
  EXPECT_EQ(Pixel(png, 2, 0), (std::vector<int>{9, 10, 20, 255}));
  EXPECT_EQ(Pixel(png, 0, 128)[3], 0);
  EXPECT_EQ(Pixel(png, 0, 130), (std::vector<int>{4, 10, 20, 255}));
  r = Tiles({{"path", "GTADATA/STYLE001.G24"}, {"kind", "aux"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(Pixel(Image(r), 0, 0), (std::vector<int>{5, 10, 20, 255}));
}

TEST(StyleTiles, Errors) {
  tools::ToolResult r = Tiles({{"path", "GTADATA/STYLE001.G24"}, {"first", 2}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(*r.error, "context gta: GTADATA/STYLE001.G24: no lid tile 2: the style has 2 lid tile(s)");
  r = Tiles({{"path", "GTADATA/STYLE001.G24"}, {"first", 1}, {"count", 2}});
  ASSERT_TRUE(r.error);
  EXPECT_NE(r.error->find("GTADATA/STYLE001.G24: lid tiles 1..2"), std::string::npos) << *r.error;
  r = Tiles({{"path", "GTADATA/STYLE001.G24"}, {"kind", "side"}, {"remap", 1}});
  ASSERT_TRUE(r.error);
  r = Tiles({{"path", "GTADATA/BAD.G24"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rfind("context gta: GTADATA/BAD.G24: ", 0), 0u) << *r.error;
}

TEST(FontRender, GlyphsPaletteAndMissing) {
  tools::ToolResult r = Font({{"path", "GTADATA/SMALL.FON"}, {"text", "!\"!A"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(Inline(r), json::parse(R"({"path": "GTADATA/SMALL.FON", "text": "!\"!A",
      "kind": "text", "scale": 1, "width": 5, "height": 2,
      "glyphs": {"count": 2, "height": 2, "first_code": 33}, "drawn": 3, "case_changed": 0,
      "missing": [{"position": 3, "code": 65, "reason": "outside the font's codes 0x21..0x22"}],
      "missing_count": 1,
      "missing_summary": "1 character has no glyph and takes no room: A", "warnings": []})"));
  // The caption says what was drawn and what was not.
  EXPECT_EQ(r.content[0]["text"],
            "GTADATA/SMALL.FON drawing \"!\"!A\" (1 character(s) it lacks, not drawn): 5 x 2 px "
            "at scale 1 (png, inline)");
  testing::DecodedPng png = Image(r);
  ASSERT_EQ(png.width, 5);
  EXPECT_EQ(Pixel(png, 0, 0), (std::vector<int>{1, 2, 3, 255}));
  EXPECT_EQ(Pixel(png, 1, 0)[3], 0);
  EXPECT_EQ(Pixel(png, 1, 1), (std::vector<int>{2, 4, 6, 255}));
  EXPECT_EQ(Pixel(png, 2, 0), (std::vector<int>{3, 6, 9, 255}));
  EXPECT_EQ(Pixel(png, 3, 0), (std::vector<int>{1, 2, 3, 255}));

  r = Font({{"path", "GTADATA/SMALL.FON"}, {"text", "! !"}, {"space_width", 3}, {"scale", 2}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["width"], 14);
  EXPECT_EQ(r.structured["height"], 4);
  png = Image(r);
  EXPECT_EQ(Pixel(png, 1, 1), (std::vector<int>{1, 2, 3, 255}));
  EXPECT_EQ(Pixel(png, 5, 0)[3], 0);
  EXPECT_EQ(Pixel(png, 10, 0), (std::vector<int>{1, 2, 3, 255}));
}

TEST(FontRender, Errors) {
  tools::ToolResult r = Font({{"path", "GTADATA/CUT.FON"}, {"text", "!"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rfind("context gta: GTADATA/CUT.FON: ", 0), 0u) << *r.error;
  r = Font({{"path", "GTADATA/SMALL.FON"}, {"text", "AB"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rfind("context gta: GTADATA/SMALL.FON: nothing to draw", 0), 0u) << *r.error;
}

TEST(PictureExport, RawWithItsSize) {
  const tools::ToolResult r = Picture({{"path", "GTADATA/PIC.RAW"}, {"width", 4}, {"height", 3}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(Inline(r), json::parse(R"({"path": "GTADATA/PIC.RAW", "format": "raw",
      "width": 4, "height": 3, "color": "rgb", "palette": null, "palette_source": null,
      "warnings": []})"));
  const testing::DecodedPng png = Image(r);
  ASSERT_EQ(png.width, 4);
  ASSERT_EQ(png.height, 3);
  EXPECT_EQ(Pixel(png, 0, 0), (std::vector<int>{0, 10, 20, 255}));
  EXPECT_EQ(Pixel(png, 3, 2), (std::vector<int>{11, 21, 31, 255}));
  const tools::ToolResult unsized = Picture({{"path", "GTADATA/PIC.RAW"}});
  ASSERT_TRUE(unsized.error);
  EXPECT_EQ(unsized.error->rfind("context gta: GTADATA/PIC.RAW", 0), 0u) << *unsized.error;
  const tools::ToolResult wrong = Picture({{"path", "GTADATA/PIC.RAW"}, {"width", 4}, {"height", 4}});
  ASSERT_TRUE(wrong.error);
  EXPECT_NE(wrong.error->find("GTADATA/PIC.RAW"), std::string::npos) << *wrong.error;
}

TEST(PictureExport, RatThroughItsPalette) {
  tools::ToolResult r = Picture({{"path", "GTADATA/T.RAT"}, {"width", 2}, {"height", 2}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(Inline(r), json::parse(R"({"path": "GTADATA/T.RAT", "format": "rat",
      "width": 2, "height": 2, "color": "indexed", "palette": "GTADATA/F_PAL.RAW",
      "palette_source": null, "warnings": []})"));
  testing::DecodedPng png = Image(r);
  EXPECT_EQ(Pixel(png, 0, 0), (std::vector<int>{255, 0, 7, 255}));
  EXPECT_EQ(Pixel(png, 1, 1), (std::vector<int>{0, 255, 7, 255}));
  r = Picture({{"path", "GTADATA/T.RAT"}, {"width", 2}, {"height", 2}, {"palette", "other.act"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["palette"], "other.act");
  EXPECT_EQ(Pixel(Image(r), 0, 1), (std::vector<int>{1, 2, 2, 255}));
  r = Picture({{"path", "GTADATA/T.RAT"}, {"width", 2}, {"height", 2}, {"palette", "NONE.ACT"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rfind("context gta: GTADATA/T.RAT: its palette: ", 0), 0u) << *r.error;
}

tools::Limits InlineLimit(size_t base64_chars) {
  tools::Limits limits;
  limits.max_inline_image_base64 = base64_chars;
  return limits;
}

std::string Bytes(const json& image_block) {
  std::string bytes;
  EXPECT_TRUE(absl::Base64Unescape(image_block["data"].get<std::string>(), &bytes));
  return bytes;
}

testing::DecodedPng DecodeBytes(const std::string& bytes) {
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  EXPECT_TRUE(png.ok()) << png.status();
  return png.ok() ? *png : testing::DecodedPng{};
}

// resources/read of `uri` through the hooks the server uses.
absl::StatusOr<tools::ResourceBytes> ReadLink(const contexts::Context& c, const std::string& uri) {
  absl::StatusOr<tools::ResourceUri> parsed = tools::ParseResourceUri(uri);
  if (!parsed.ok()) return parsed.status();
  return RenderResource(c, *parsed, NoProgress());
}

// A picture one base64 character over the limit: a resource_link whose URI
// draws the very same PNG again, and a preview at half size.
TEST(ImageDelivery, LargeTilesAreALinkAndAPreview) {
  const contexts::Context c = GtaContext();
  const json args = {{"path", "GTADATA/STYLE001.G24"}, {"count", 2}, {"scale", 4}, {"remap", 1}};
  const tools::ToolResult whole = TilesIn(c, args);
  ASSERT_FALSE(whole.error) << *whole.error;
  const std::string png = Bytes(whole.content[1]);
  const tools::ToolResult r = TilesIn(c, args, InlineLimit(Base64Size(png.size()) - 1));
  ASSERT_FALSE(r.error) << *r.error;
  absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(StyleTilesTool().output_schema);
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out->Validate(r.structured).ok()) << r.structured.dump(2);
  // Every parameter that holds a value, in the table's order.
  const std::string uri =
      "kbot://gta/GTADATA/STYLE001.G24?export=tiles&kind=lid&first=0&count=2&remap=1&columns=8&"
      "scale=4";
  EXPECT_EQ(r.structured["delivery"], "resource_link");
  EXPECT_EQ(r.structured["resource_uri"], uri);
  EXPECT_EQ(r.structured["bytes"], png.size());
  EXPECT_EQ(r.structured["width"], 514);
  EXPECT_EQ(r.structured["preview"], json::parse(R"({"width": 257, "height": 128})"));
  ASSERT_EQ(r.content.size(), 3u);
  EXPECT_EQ(r.content[0]["text"],
            absl::StrCat("GTADATA/STYLE001.G24 lid tiles 0..1 (remap 1): 514 x 256 px at scale 4 "
                         "(png, ", png.size(), " bytes): too big to inline (over the inline "
                         "limit of ", Base64Size(png.size()) - 1, " base64 characters), read ",
                         uri, "; the preview is 257 x 128 (area-averaged)"));
  EXPECT_EQ(r.content[1]["type"], "resource_link");
  EXPECT_EQ(r.content[1]["uri"], uri);
  EXPECT_EQ(r.content[1]["mimeType"], "image/png");
  EXPECT_EQ(r.content[1]["size"], png.size());
  EXPECT_EQ(r.content[2]["type"], "image");
  const testing::DecodedPng preview = DecodeBytes(Bytes(r.content[2]));
  EXPECT_EQ(preview.width, 257);
  EXPECT_EQ(Pixel(preview, 0, 0), (std::vector<int>{2, 100, 200, 255}));  // texel (0, 0)
  EXPECT_EQ(Pixel(preview, 2, 0), (std::vector<int>{9, 100, 200, 255}));  // texel (1, 0)
  EXPECT_EQ(Pixel(preview, 128, 0)[3], 0);                                 // the gap

  absl::StatusOr<tools::ResourceBytes> read = ReadLink(c, uri);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->mime_type, "image/png");
  EXPECT_EQ(std::string(read->bytes.begin(), read->bytes.end()), png);
}

TEST(ImageDelivery, FontAndPictureLinksDrawTheSamePngs) {
  const contexts::Context c = GtaContext();
  const json font_args = {{"path", "GTADATA/SMALL.FON"}, {"text", "!\" !"}, {"scale", 8}};
  const std::string font_png = Bytes(FontIn(c, font_args).content[1]);
  const tools::ToolResult font = FontIn(c, font_args, InlineLimit(Base64Size(font_png.size()) - 1));
  ASSERT_FALSE(font.error) << *font.error;
  EXPECT_EQ(font.structured["resource_uri"],
            "kbot://gta/GTADATA/SMALL.FON?export=font&text=%21%22%20%21&kind=text&scale=8");
  absl::StatusOr<tools::ResourceBytes> read = ReadLink(c, font.structured["resource_uri"]);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(std::string(read->bytes.begin(), read->bytes.end()), font_png);

  const json pic_args = {{"path", "GTADATA/T.RAT"}, {"width", 2}, {"height", 2}, {"palette", "other.act"}};
  const std::string pic_png = Bytes(PictureIn(c, pic_args).content[1]);
  const tools::ToolResult pic = PictureIn(c, pic_args, InlineLimit(Base64Size(pic_png.size()) - 1));
  ASSERT_FALSE(pic.error) << *pic.error;
  EXPECT_EQ(pic.structured["resource_uri"],
            "kbot://gta/GTADATA/T.RAT?export=picture&width=2&height=2&palette=other.act");
  EXPECT_EQ(pic.structured["preview"], json::parse(R"({"width": 1, "height": 1})"));
  read = ReadLink(c, pic.structured["resource_uri"]);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(std::string(read->bytes.begin(), read->bytes.end()), pic_png);
}

// A link's query is checked as a call's arguments are.
TEST(ImageDelivery, BadLinksAreErrorsNamingTheArgument) {
  const contexts::Context c = GtaContext();
  const std::string tiles = "kbot://gta/GTADATA/STYLE001.G24?export=tiles";
  EXPECT_TRUE(ReadLink(c, tiles).ok());
  absl::StatusOr<tools::ResourceBytes> r = ReadLink(c, tiles + "&scale=9");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("scale"), absl::string_view::npos) << r.status();
  r = ReadLink(c, tiles + "&scale=big");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "scale 'big': use an integer from 1 to 4");
  r = ReadLink(c, tiles + "&colour=red");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message().substr(0, 30), "unknown argument 'colour' (the");
  r = ReadLink(c, tiles + "&context=other");
  ASSERT_FALSE(r.ok());
  r = ReadLink(c, "kbot://gta/GTADATA/SMALL.FON?export=font");  // text is required
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("text"), absl::string_view::npos) << r.status();
  r = ReadLink(c, "kbot://gta/GTADATA/STYLE001.G24?export=tiles&first=7");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(),
            "context gta: GTADATA/STYLE001.G24: no lid tile 7: the style has 2 lid tile(s)");
}

TEST(PlayerDescribe, ScoresPlayersAndSettings) {
  const tools::ToolResult r = Player({{"path", "player_a.dat"}});
  ASSERT_FALSE(r.error) << *r.error;
  const json& p = r.structured;
  EXPECT_EQ(p["path"], "PLAYER_A.DAT");
  EXPECT_EQ(p["size"], 0x414);
  EXPECT_EQ(p["layout"], "0x414");
  EXPECT_EQ(p["settings"], "000102030405060708090a0b0c0d0e0f10111213");
  EXPECT_EQ(p["settings_bytes"].size(), 20u);
  EXPECT_EQ(p["settings_bytes"][19], 19);
  EXPECT_EQ(p["language_override"], 2);
  EXPECT_EQ(p["language_raw"], "02000000");
  ASSERT_EQ(p["high_scores"].size(), 6u);
  EXPECT_EQ(p["high_scores"][2], json::parse(R"({"level": 2, "scores": [
      {"rank": 0, "score": 0, "name": ""}, {"rank": 1, "score": 12345, "name": "BOB"},
      {"rank": 2, "score": 0, "name": ""}]})"));
  ASSERT_EQ(p["players"].size(), 8u);
  EXPECT_EQ(p["players"][1], json::parse(R"({"index": 1, "name": "Alice"})"));
  EXPECT_EQ(p["players"][2]["index"], 2);
  EXPECT_EQ(p["current_player"], 1);
  EXPECT_EQ(p["network_name"], "NET");
  EXPECT_TRUE(p["packed"].is_null());
  EXPECT_FALSE(p.contains("strings"));  // only for files of other sizes
  EXPECT_EQ(p["warnings"], json::array());
}

// 0x413 zero bytes: no longer refused for its size. Every high score reads
// as 0 with no name in either layout; the one nearer in size is chosen.
TEST(PlayerDescribe, ShortFileIsReadWithWarnings) {
  const tools::ToolResult r = Player({{"path", "SHORT.DAT"}});
  ASSERT_FALSE(r.error) << *r.error;
  const json& p = r.structured;
  EXPECT_EQ(p["size"], 0x413);
  EXPECT_EQ(p["layout"], "0x414");
  EXPECT_EQ(p["high_scores"][5]["scores"][2],
            json::parse(R"({"rank": 2, "score": 0, "name": ""})"));
  EXPECT_EQ(p["current_player"], 0);
  EXPECT_EQ(p["network_name"], "");
  EXPECT_EQ(p["strings"], json::array());
  EXPECT_EQ(p["warnings"],
            json::array({"SHORT.DAT: 1043 bytes, 1 fewer than the 1044 (0x414) of the documented "
                         "layout; read as the 0x414 layout where its fields check out",
                         "SHORT.DAT: the high scores check out equally well in both layouts (18 "
                         "of 18 entries); read as 0x414, whose size (1044) is nearer the file's"}));
}

// The packed layout, 1009 bytes: scores at 0x12 + 19 i, players at
// 0x168 + 79 p, the selected player (from 1) at 0x3e0, the host name at
// 0x3e1.
std::vector<uint8_t> PackedPlayerBytes() {
  std::vector<uint8_t> out(1009, 0);
  out[0] = 9;     // sound volume
  out[0x11] = 3;  // language
  for (int i = 0; i < 18; ++i) {
    const size_t at = 0x12 + size_t(i) * 19;
    const uint32_t score = uint32_t(1000 * (18 - i));
    for (int b = 0; b < 4; ++b) out[at + size_t(b)] = uint8_t(score >> (8 * b));
    const std::string name = "NAME" + std::to_string(i);
    std::memcpy(&out[at + 4], name.data(), name.size());
  }
  std::memcpy(&out[0x168 + 79], "Bob", 3);  // player 1
  out[0x3e0] = 2;
  std::memcpy(&out[0x3e1], "HOST", 4);
  return out;
}

tools::ToolResult PlayerOfOtherSizes(const json& a) {
  std::vector<uint8_t> cut = PlayerBytes();
  cut.resize(0x414 - 35);
  // Every s32 reads -286331154; the NUL keeps the file from passing for text.
  std::vector<uint8_t> junk(1009, 0xee);
  junk[0] = 0;
  const contexts::Context c{"gta", contexts::Game::kGta, "", true,
                            contexts::MakeMemoryVfs({{"PACKED.DAT", PackedPlayerBytes()},
                                                     {"CUT.DAT", cut},
                                                     {"JUNK.DAT", junk},
                                                     {"TINY.DAT", std::vector<uint8_t>(10, 0)}},
                                                    "test")};
  return Call(PlayerDescribeTool(), [&](const json& x) { return PlayerIn(c, x); }, a);
}

TEST(PlayerDescribe, PackedLayout) {
  const tools::ToolResult r = PlayerOfOtherSizes({{"path", "PACKED.DAT"}});
  ASSERT_FALSE(r.error) << *r.error;
  const json& p = r.structured;
  EXPECT_EQ(p["size"], 1009);
  EXPECT_EQ(p["layout"], "packed");
  EXPECT_EQ(p["settings"], "0900000000000000000000000000000000");
  EXPECT_EQ(p["language_override"], 3);
  EXPECT_EQ(p["language_raw"], "03");
  EXPECT_EQ(p["high_scores"][0], json::parse(R"({"level": 0, "scores": [
      {"rank": 0, "score": 18000, "name": "NAME0"}, {"rank": 1, "score": 17000, "name": "NAME1"},
      {"rank": 2, "score": 16000, "name": "NAME2"}]})"));
  EXPECT_EQ(p["high_scores"][5]["scores"][2]["name"], "NAME17");
  EXPECT_EQ(p["players"][1], json::parse(R"({"index": 1, "name": "Bob"})"));
  EXPECT_TRUE(p["players"][0]["name"].is_null());
  EXPECT_EQ(p["current_player"], 1);  // the byte is 2: this layout counts from 1
  EXPECT_EQ(p["network_name"], "HOST");
  EXPECT_EQ(p["packed"]["settings"]["sound_volume"], 9);
  EXPECT_EQ(p["packed"]["settings"]["deathmatch_kills"], 0);
  ASSERT_EQ(p["packed"]["players"].size(), 8u);
  EXPECT_EQ(p["packed"]["players"][1], json::parse(R"({"index": 1,
      "level_scores": [0, 0, 0, 0, 0, 0], "multiplayer_area": 0, "multiplayer_game": 0,
      "videos_unlocked": [0, 0, 0, 0, 0, 0]})"));
  ASSERT_EQ(p["strings"].size(), 20u);  // 18 high-score names, Bob, HOST
  EXPECT_EQ(p["strings"][0], json::parse(R"({"offset": 22, "text": "NAME0"})"));
  EXPECT_EQ(p["strings"][18], json::parse(R"({"offset": 439, "text": "Bob"})"));
  EXPECT_EQ(p["strings"][19], json::parse(R"({"offset": 993, "text": "HOST"})"));
  EXPECT_EQ(p["warnings"],
            json::array({"PACKED.DAT: 1009 bytes, 35 fewer than the 1044 (0x414) of the "
                         "documented layout; read as the packed layout where its fields check "
                         "out"}));
}

// PLAYER_A.DAT's bytes cut 35 short: what lies past the end is null.
TEST(PlayerDescribe, CutFileHasNullsWhereItEnds) {
  const tools::ToolResult r = PlayerOfOtherSizes({{"path", "CUT.DAT"}});
  ASSERT_FALSE(r.error) << *r.error;
  const json& p = r.structured;
  EXPECT_EQ(p["size"], 1009);
  EXPECT_EQ(p["layout"], "0x414");
  EXPECT_EQ(p["high_scores"][2]["scores"][1],
            json::parse(R"({"rank": 1, "score": 12345, "name": "BOB"})"));
  EXPECT_EQ(p["players"][1], json::parse(R"({"index": 1, "name": "Alice"})"));
  EXPECT_TRUE(p["current_player"].is_null());
  EXPECT_TRUE(p["network_name"].is_null());
  EXPECT_TRUE(p["packed"].is_null());
  EXPECT_EQ(p["strings"], json::parse(R"([{"offset": 168, "text": "BOB"},
                                           {"offset": 464, "text": "Alice"}])"));
  EXPECT_EQ(p["warnings"],
            json::array({"CUT.DAT: 1009 bytes, 35 fewer than the 1044 (0x414) of the documented "
                         "layout; read as the 0x414 layout where its fields check out",
                         "CUT.DAT: player 7 at 0x3b0: the record (80 bytes) runs past the end of "
                         "the file at 0x3f1",
                         "CUT.DAT: current player at 0x400: past the end of the file at 0x3f1",
                         "CUT.DAT: network name at 0x401: past the end of the file at 0x3f1"}));
}

TEST(PlayerDescribe, NothingPlausibleAndTinyFilesAreErrors) {
  tools::ToolResult r = PlayerOfOtherSizes({{"path", "JUNK.DAT"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(*r.error,
            "context gta: JUNK.DAT: 1009 bytes, not the 1044 (0x414) of the documented layout, "
            "and the high scores check out in neither layout: 0x414 (0 of 18 entries inside the "
            "file check out; first: level 0 rank 0 at 0x18: score -286331154 is not -1 or "
            "0..100000000), packed (0 of 18 entries inside the file check out; first: level 0 "
            "rank 0 at 0x12: score -286331154 is not -1 or 0..100000000)");
  r = PlayerOfOtherSizes({{"path", "TINY.DAT"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(*r.error,
            "context gta: TINY.DAT: 10 bytes, too short for a player file: the settings, the "
            "language and one high score take at least 0x25 bytes (the documented layout is "
            "0x414)");
}

TEST(DemoGtaStyle, StyleHasTheTilesTheDemoMapUses) {
  const std::vector<uint8_t> bytes = demo::DemoStyle();
  absl::StatusOr<gta::Style> style = gta::ReadStyle(bytes, "STYLE001.G24");
  ASSERT_TRUE(style.ok()) << style.status();
  EXPECT_EQ(style->warnings, std::vector<std::string>{});
  EXPECT_GE(style->side_tiles, 2);
  EXPECT_GE(style->lid_tiles, 6);
  EXPECT_GE(style->aux_tiles, 2);
  ASSERT_EQ(style->animations.size(), 1u);
  EXPECT_EQ(style->animations[0].block, 5);
  EXPECT_EQ(style->animations[0].which, 1);
  EXPECT_EQ(style->animations[0].frames, (std::vector<uint8_t>{0, 1}));
  EXPECT_GE(style->palette_index.size(), size_t(4 * style->tile_count()));
  for (int lid = 0; lid < style->lid_tiles; ++lid) {
    std::set<int> cluts;
    for (int r = 0; r < 4; ++r) {
      ASSERT_TRUE(style->LidPalette(lid, r).ok());
      cluts.insert(*style->ClutOfPalette(gta::TilePaletteSlot(style->LidTile(lid), r)));
    }
    EXPECT_EQ(cluts.size(), 4u) << "lid " << lid;
  }
  for (int side = 0; side < style->side_tiles; ++side) {
    for (gta::SideDirection d : {gta::SideDirection::kTop, gta::SideDirection::kBottom,
                                 gta::SideDirection::kLeft, gta::SideDirection::kRight}) {
      EXPECT_TRUE(style->SidePalette(side, d).ok());
    }
  }
  // Road: a light dashed centre line on dark asphalt, along v.
  const gta::TileTexels road = *style->Tile(style->LidTile(1));
  const palette::Palette day = *style->LidPalette(1, 0);
  const palette::Rgb line = day.colors[road[2 * 64 + 31]], gap = day.colors[road[12 * 64 + 31]];
  const palette::Rgb asphalt = day.colors[road[2 * 64 + 20]];
  EXPECT_GT(line.r + line.g, 2 * (asphalt.r + asphalt.g));
  EXPECT_LT(gap.r, 100);
  // Water is blue, grass green.
  const palette::Rgb water = day.colors[(*style->Tile(style->LidTile(5)))[33 * 64 + 10]];
  EXPECT_GT(water.b, water.r);
  const palette::Rgb grass = day.colors[(*style->Tile(style->LidTile(4)))[33 * 64 + 10]];
  EXPECT_GT(grass.g, grass.r);
  EXPECT_GT(grass.g, grass.b);
  // The tool draws it.
  const contexts::Context c{"demo", contexts::Game::kGta, "", true,
                            contexts::MakeMemoryVfs({{"GTADATA/STYLE001.G24", bytes}}, "test")};
  const tools::ToolResult r = TilesIn(c, {{"path", "GTADATA/STYLE001.G24"}, {"remap", 3}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["count"], style->lid_tiles);
  EXPECT_EQ(r.structured["warnings"], json::array());
}

TEST(DemoGtaStyle, FontHasLettersDigitsAndPunctuation) {
  const std::vector<uint8_t> bytes = demo::DemoFont();
  absl::StatusOr<gta::Font> font = gta::ReadFont(bytes, "DEMO.FON", gta::FontKind::kText);
  ASSERT_TRUE(font.ok()) << font.status();
  EXPECT_EQ(font->height, 8);
  EXPECT_EQ(font->warnings, std::vector<std::string>{});
  std::string codes = "!?.,:-0123456789";
  for (char c = 'A'; c <= 'Z'; ++c) codes += c;
  for (char c : codes) {
    const gta::FontGlyph* g = font->Find(c);
    ASSERT_NE(g, nullptr) << c;
    EXPECT_GE(g->width, 2) << c;
    int ink = 0;
    for (uint8_t p : g->pixels) ink += p != 0;
    EXPECT_GT(ink, 0) << c;
  }
  const contexts::Context c{"demo", contexts::Game::kGta, "", true,
                            contexts::MakeMemoryVfs({{"DEMO.FON", bytes}}, "test")};
  const tools::ToolResult r = FontIn(c, {{"path", "DEMO.FON"}, {"text", "HELLO WORLD 42!"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["missing"], json::array());
  EXPECT_EQ(r.structured["height"], 8);
}

// Each parameter declared once: the input schema's defaults come from the
// request struct, the required list from the table.
TEST(GtaAssetTables, SchemasCarryTheStructsDefaults) {
  const json tiles = StyleTilesTool().input_schema;
  EXPECT_EQ(tiles["required"], json::parse(R"(["path"])"));
  EXPECT_EQ(tiles["properties"]["kind"]["default"], "lid");
  EXPECT_EQ(tiles["properties"]["first"]["default"], 0);
  EXPECT_EQ(tiles["properties"]["columns"]["default"], 8);
  for (const char* none : {"context", "path", "count", "remap", "direction", "scale"}) {
    EXPECT_FALSE(tiles["properties"][none].contains("default")) << none;
  }
  EXPECT_EQ(tiles["properties"]["count"], json::parse(R"j({"type": "integer", "minimum": 1,
      "maximum": 400, "description": "Tiles drawn (default: the rest, at most 64)"})j"));
  const json font = FontRenderTool().input_schema;
  EXPECT_EQ(font["required"], json::parse(R"(["path", "text"])"));
  EXPECT_EQ(font["properties"]["kind"]["default"], "text");
  EXPECT_FALSE(font["properties"]["space_width"].contains("default"));
  const json picture = PictureExportTool().input_schema;
  EXPECT_EQ(picture["required"], json::parse(R"(["path"])"));
  EXPECT_EQ(picture["additionalProperties"], false);
  EXPECT_EQ(StyleDescribeTool().input_schema["properties"].size(), 2u);
  EXPECT_EQ(PlayerDescribeTool().input_schema["required"], json::parse(R"(["path"])"));
  // The CLI's options come from the same list, in this order.
  std::vector<std::string> names;
  for (const Param& p : StyleTilesTable().Params()) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"context", "path", "kind", "first", "count", "remap",
                                             "direction", "columns", "scale"}));
}

// The output schemas come from the result tables: members always present
// are required, the delivery members added for the picture tools.
TEST(GtaAssetTables, OutputSchemasFromTheResultTables) {
  EXPECT_EQ(StyleTilesTool().output_schema["required"],
            json::parse(R"(["path", "kind", "first", "count", "columns", "width", "height",
                "tiles", "warnings", "bytes", "delivery"])"));
  EXPECT_EQ(FontRenderTool().output_schema["required"],
            json::parse(R"(["path", "width", "height", "glyphs", "missing", "warnings", "bytes",
                "delivery"])"));
  EXPECT_EQ(PictureExportTool().output_schema["properties"]["palette"],
            json::parse(R"({"type": ["string", "null"]})"));
  EXPECT_EQ(PlayerDescribeTool().output_schema["properties"]["packed"]["type"],
            json::parse(R"(["object", "null"])"));
  EXPECT_EQ(StyleDescribeTool().output_schema["properties"]["tiles"]["required"],
            json::parse(R"(["side", "lid", "aux"])"));
}

// What spans two fields is the table's check, refused before any file is read.
TEST(GtaAssetTables, CrossFieldChecks) {
  absl::StatusOr<StyleTilesRequest> tiles = StyleTilesTable().ParseChecked(
      {{"path", "S.G24"}, {"kind", "side"}, {"remap", 1}});
  ASSERT_FALSE(tiles.ok());
  EXPECT_EQ(tiles.status().message(),
            "side tiles take a direction (top, bottom, left, right), not a remap");
  tiles = StyleTilesTable().ParseChecked({{"path", "S.G24"}, {"direction", "left"}});
  ASSERT_FALSE(tiles.ok());
  EXPECT_EQ(tiles.status().message(),
            "a direction is for side tiles; lid and aux tiles take a remap 0-3");
  tiles = StyleTilesTable().ParseChecked({{"path", "S.G24"}, {"kind", "side"},
                                          {"direction", "left"}, {"count", 3}});
  ASSERT_TRUE(tiles.ok()) << tiles.status();
  EXPECT_EQ(tiles->kind, "side");
  EXPECT_EQ(tiles->direction, "left");
  EXPECT_EQ(tiles->count, 3);
  EXPECT_EQ(tiles->first, 0);
  EXPECT_EQ(tiles->columns, 8);
  absl::StatusOr<PictureExportRequest> picture =
      PictureExportTable().ParseChecked({{"path", "P.RAW"}, {"width", 4}});
  ASSERT_FALSE(picture.ok());
  EXPECT_EQ(picture.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(picture.status().message(), "give both width and height, or neither");
  const tools::ToolResult r = Picture({{"path", "GTADATA/PIC.RAW"}, {"height", 3}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(*r.error, "give both width and height, or neither");
}

// A picture tool's link is its request written through its table, and
// reading it parses the query back through the same table: the same request,
// the same PNG.
TEST(GtaAssetTables, PictureLinkRoundTrip) {
  const contexts::Context c = GtaContext();
  PictureExportRequest request;
  request.path = "GTADATA/T.RAT";
  request.width = 2;
  request.height = 2;
  request.palette = "OTHER.ACT";
  const std::string uri = PictureUri(c, kPictureExportExport, PictureExportTable(), request);
  EXPECT_EQ(uri, "kbot://gta/GTADATA/T.RAT?export=picture&width=2&height=2&palette=OTHER.ACT");
  absl::StatusOr<ResourceUri> parsed = ParseResourceUri(uri);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  json arguments = {{"path", parsed->path}};
  for (const auto& [key, value] : parsed->query) {
    if (key == "export") continue;
    arguments[key] = key == "palette" ? json(value) : json(std::stoi(value));
  }
  const PictureExportRequest back = PictureExportTable().Parse(arguments);
  EXPECT_EQ(back.path, request.path);
  EXPECT_EQ(back.width, 2);
  EXPECT_EQ(back.height, 2);
  EXPECT_EQ(back.palette, "OTHER.ACT");
  absl::StatusOr<PictureExportOutcome> drawn = [&]() -> absl::StatusOr<PictureExportOutcome> {
    absl::StatusOr<ContextAsset> opened = OpenContextAsset(c, request.path);
    if (!opened.ok()) return opened.status();
    return ExportPicture(opened->asset, request, [&](const std::string& path) {
      return c.vfs->Read(path).value().blob;
    });
  }();
  ASSERT_TRUE(drawn.ok()) << drawn.status();
  EXPECT_EQ(drawn->summary.palette, "OTHER.ACT");
  EXPECT_EQ(drawn->summary.width, 2);
  absl::StatusOr<tools::ResourceBytes> read = ReadLink(c, uri);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->bytes, drawn->image.png);
  // A default is written too, so the link keeps drawing the same picture.
  FontRenderRequest font;
  font.path = "GTADATA/SMALL.FON";
  font.text = "!";
  EXPECT_EQ(PictureUri(c, kFontRenderExport, FontRenderTable(), font),
            "kbot://gta/GTADATA/SMALL.FON?export=font&text=%21&kind=text&scale=1");
}

}  // namespace
}  // namespace kbot::tools
