// The style and sprite tools on an 8-bit style (.GRY): testing::GrySample
// (tests/support/gta_gry_bytes.h, built byte by byte), and the demo's town
// drawn with an 8-bit style made from the demo's own tiles.
#include <gtest/gtest.h>

#include "absl/strings/escaping.h"
#include "contexts/vfs.h"
#include "demo/demo_context.h"
#include "formats/gta/map_render.h"
#include "formats/gta/style.h"
#include "tests/support/decode_image.h"
#include "tests/support/gta_gry_bytes.h"
#include "tools/map_render_tool.h"
#include "tools/sprite_export_tool.h"
#include "tools/sprite_list_tool.h"
#include "tools/style_describe_tool.h"
#include "tools/style_tiles_tool.h"

namespace kbot::tools {
namespace {

struct Fixture {
  std::vector<uint8_t> bytes = testing::GrySample().Bytes();
  Asset asset{"GTADATA/STYLE001.GRY", bytes};
};

testing::DecodedPng Png(const std::vector<uint8_t>& bytes) {
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(bytes);
  EXPECT_TRUE(png.ok()) << png.status();
  return *std::move(png);
}

std::vector<int> Pixel(const testing::DecodedPng& png, int x, int y) {
  const uint8_t* p = png.rgba.data() + 4 * (size_t(y) * png.width + x);
  return {p[0], p[1], p[2], p[3]};
}

TEST(GryStyleTools, DescribeGivesTheThirteenWordsAndTheRemapTables) {
  Fixture f;
  absl::StatusOr<StyleDescription> d = DescribeStyle(f.asset);
  ASSERT_TRUE(d.ok()) << d.status();
  const json j = ResultJson(*d);
  EXPECT_EQ(j["depth"], 8);
  EXPECT_EQ(j["header"], json::parse(R"({"version": 325, "side_size": 8192, "lid_size": 8192,
      "aux_size": 4096, "anim_size": 6, "palette_size": 768, "remap_size": 33280,
      "remap_index_size": 8, "object_info_size": 0, "car_size": 174, "sprite_info_size": 26,
      "sprite_graphics_size": 262, "sprite_numbers_size": 42})"));
  EXPECT_EQ(j["remap_tables"], 130);
  EXPECT_EQ(j["cluts"], 0);
  EXPECT_EQ(j["palette_index"], json::parse(R"({"entries": 0, "tile_entries": 0})"));
  ASSERT_EQ(j["sections"].size(), 10u);
  EXPECT_EQ(j["sections"][2], json::parse(R"({"name": "palette", "offset": 32826, "size": 768,
      "stored": 768})"));
  EXPECT_EQ(j["warnings"], json::array());
}

TEST(GryStyleTools, ListedSpritesHaveNoPaletteNumber) {
  Fixture f;
  absl::StatusOr<SpriteListing> l = ListSprites(f.asset, SpriteListRequest{});
  ASSERT_TRUE(l.ok()) << l.status();
  const json j = ResultJson(*l);
  ASSERT_EQ(j["sprites"].size(), 2u);
  EXPECT_EQ(j["sprites"][0], json::parse(R"({"number": 0, "kind": "car", "index": 0,
      "width": 2, "height": 2, "deltas": 1, "page": 0, "x": 0, "y": 0})"));
}

TEST(GryStyleTools, ExportNamesTheRemapTableDrawnThrough) {
  Fixture f;
  SpriteExportRequest r;
  r.path = f.asset.path;
  r.kind = "car";
  r.remap = 2;  // the car record's remap8[1]: table 7, 1 -> 5
  r.scale = 1;
  absl::StatusOr<SpriteExportOutcome> o = ExportSprite(f.asset, r);
  ASSERT_TRUE(o.ok()) << o.status();
  EXPECT_EQ(o->summary.table, 7);
  EXPECT_EQ(o->summary.clut, std::nullopt);
  EXPECT_EQ(o->summary.model, 3);
  const json j = ResultJson(o->summary);
  EXPECT_FALSE(j.contains("clut"));
  const testing::DecodedPng png = Png(o->image.png);
  EXPECT_EQ(Pixel(png, 0, 0), (std::vector<int>{4, 8, 12, 255}));
  EXPECT_EQ(Pixel(png, 1, 0), (std::vector<int>{0, 0, 0, 0}));
  EXPECT_EQ(Pixel(png, 0, 1), (std::vector<int>{40, 81, 121, 255}));
}

TEST(GryStyleTools, TileSheetsNameEachLidsRemapTable) {
  Fixture f;
  StyleTilesRequest r;
  r.path = f.asset.path;
  r.remap = 1;
  r.scale = 1;
  absl::StatusOr<StyleTilesOutcome> o = DrawStyleTiles(f.asset, r);
  ASSERT_TRUE(o.ok()) << o.status();
  const json j = ResultJson(o->summary);
  EXPECT_EQ(j["tiles"], json::parse(R"([{"tile": 0, "clut": null, "table": 3},
                                        {"tile": 1, "clut": null, "table": 7}])"));
  EXPECT_EQ(j["warnings"], json::array());
  // Lid 1 (second cell, 66 px on) texel (5, 6) is colour 1, through table 7: 5.
  EXPECT_EQ(Pixel(Png(o->image.png), 66 + 5, 6), (std::vector<int>{4, 8, 12, 255}));
}

// The demo's G24 as an 8-bit style: its tiles and animations as they are,
// lid 0's palette at 6 bits as the one palette, one (identity) remap table.
std::vector<uint8_t> EightBitDemoStyle(const gta::Style& g24) {
  testing::GryFile f;
  f.side_tiles = g24.side_tiles, f.lid_tiles = g24.lid_tiles, f.aux_tiles = g24.aux_tiles;
  for (int t = 0; t < g24.tile_count(); ++t) {
    for (int v = 0; v < 64; ++v) {
      for (int u = 0; u < 64; ++u) f.SetTile(t, u, v, *g24.Texel(t, u, v));
    }
  }
  const palette::Palette lid0 = *g24.LidPalette(0, 0);
  for (int e = 0; e < 256; ++e) {
    const palette::Rgb c = lid0.colors[e];
    f.SetColor(e, uint8_t(c.r >> 2), uint8_t(c.g >> 2), uint8_t(c.b >> 2));
  }
  f.IdentityTables(1);
  f.remap_index.assign(size_t(4 * g24.lid_tiles), 0);
  f.sprite_numbers.assign(42, 0);
  return f.Bytes();
}

TEST(GryStyleTools, AMapWithOnlyAnEightBitStyleIsDrawnWithIt) {
  absl::StatusOr<contexts::Context> demo = demo::MakeDemoContext();
  ASSERT_TRUE(demo.ok()) << demo.status();
  const contexts::VfsFile cmp = *demo->vfs->Read("GTADATA/DEMO.CMP");
  const contexts::VfsFile g24_file = *demo->vfs->Read("GTADATA/STYLE001.G24");
  const gta::Style g24 = *gta::ReadStyle(g24_file.bytes(), "STYLE001.G24");
  const std::vector<uint8_t> gry_bytes = EightBitDemoStyle(g24);
  contexts::Context context;
  context.name = "eight";
  context.game = contexts::Game::kGta;
  context.vfs = contexts::MakeMemoryVfs(
      {{"GTADATA/DEMO.CMP", {cmp.bytes().begin(), cmp.bytes().end()}},
       {"GTADATA/STYLE001.GRY", gry_bytes}},
      "test");
  absl::StatusOr<MapRenderRequest> request = MapRenderTable().ParseChecked(
      {{"path", "GTADATA/DEMO.CMP"}, {"x", 6}, {"y", 6}, {"w", 1}, {"h", 1}, {"scale", 64}});
  ASSERT_TRUE(request.ok()) << request.status();
  const ToolResult r = RunMapRender(context, *request, Limits());
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["style"], "GTADATA/STYLE001.GRY");
  EXPECT_EQ(r.structured["warnings"], json::array());
  std::string png_bytes;
  ASSERT_TRUE(absl::Base64Unescape(r.content[1]["data"].get<std::string>(), &png_bytes));
  const testing::DecodedPng png = Png({png_bytes.begin(), png_bytes.end()});
  // Cell (6, 6) is lid 2, unturned (tests/tools/map_render_test.cc), drawn
  // through the 8-bit palette: 6-bit values scaled back to 8.
  const gta::Style gry = *gta::ReadStyle(gry_bytes, "STYLE001.GRY");
  const palette::Palette colors = *gry.LidPalette(2, 0);
  for (auto [u, v] : {std::pair{0, 0}, {63, 0}, {17, 40}, {63, 63}}) {
    const palette::Rgb c = colors.colors[*g24.Texel(g24.LidTile(2), u, v)];
    EXPECT_EQ(Pixel(png, u, v), (std::vector<int>{c.r, c.g, c.b, 255})) << u << ", " << v;
  }
}

}  // namespace
}  // namespace kbot::tools
