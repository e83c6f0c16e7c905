// The map_render tool on the demo's town (GTADATA/DEMO.CMP drawn with
// GTADATA/STYLE001.G24): every pixel of a cell checked against the style's
// own tile and palette, the rectangle and scale, transparency, the
// resource_link of a large render and the resource it points at.
#include "tools/map_render_tool.h"
#include "tools/picture_resource.h"

#include <gtest/gtest.h>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "formats/gta/map_objects.h"
#include "formats/gta/map_render.h"
#include "formats/gta/sprite_draw.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"
#include "formats/gta/style.h"
#include "base/json_schema.h"
#include "demo/demo_context.h"
#include "tests/support/decode_image.h"
#include "tests/support/gta_bytes.h"

namespace kbot::tools {
namespace {

const contexts::Context& Demo() {
  static const contexts::Context* demo = [] {
    absl::StatusOr<contexts::Context> c = kbot::demo::MakeDemoContext();
    EXPECT_TRUE(c.ok()) << c.status();
    return new contexts::Context(*std::move(c));
  }();
  return *demo;
}

gta::Style DemoStyle() {
  absl::StatusOr<contexts::VfsFile> file = Demo().vfs->Read("GTADATA/STYLE001.G24");
  EXPECT_TRUE(file.ok());
  absl::StatusOr<gta::Style> style = gta::ReadStyle(file->bytes(), "STYLE001.G24");
  EXPECT_TRUE(style.ok()) << style.status();
  return *std::move(style);
}

// The caps lifted, for a test that wants a big render inline.
tools::Limits NoCaps() {
  tools::Limits limits;
  limits.max_inline_image_base64 = 64 << 20;
  limits.max_inline_image_bytes = 64 << 20;
  limits.max_inline_image_side = 1 << 14;
  return limits;
}

tools::ToolResult Call(const json& arguments, const tools::Limits& limits = tools::Limits()) {
  const tools::Tool tool = MapRenderTool();
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  EXPECT_TRUE(in.ok() && in->Validate(arguments).ok()) << arguments.dump();
  absl::StatusOr<MapRenderRequest> request = MapRenderTable().ParseChecked(arguments);
  tools::ToolResult result = request.ok() ? RunMapRender(Demo(), *request, limits)
                                          : ErrorResult(request.status());
  if (!result.error) {
    absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
    EXPECT_TRUE(out.ok() && out->Validate(result.structured).ok()) << result.structured.dump(2);
  }
  return result;
}

testing::DecodedPng Png(const json& block) {
  std::string bytes;
  EXPECT_TRUE(absl::Base64Unescape(block["data"].get<std::string>(), &bytes));
  absl::StatusOr<testing::DecodedPng> png =
      testing::DecodePng(std::vector<uint8_t>(bytes.begin(), bytes.end()));
  EXPECT_TRUE(png.ok()) << png.status();
  return *std::move(png);
}

// Cell (cx, cy) of `png` at 64 px per cell must be lid `lid` (remap 0) of the
// demo style turned by `rotation`, pixel for pixel.
void ExpectLid(const testing::DecodedPng& png, int cx, int cy, int lid, int rotation) {
  const gta::Style style = DemoStyle();
  absl::StatusOr<gta::TileTexels> tile = style.Tile(style.LidTile(lid));
  absl::StatusOr<palette::Palette> colors = style.LidPalette(lid, 0);
  ASSERT_TRUE(tile.ok() && colors.ok());
  for (int py = 0; py < 64; ++py) {
    for (int px = 0; px < 64; ++px) {
      const gta::LidTexel t = gta::LidTexelAt(px, py, rotation);
      const palette::Rgb c = colors->colors[(*tile)[t.v * 64 + t.u]];
      const size_t at = ((size_t(cy) * 64 + py) * png.width + size_t(cx) * 64 + px) * 4;
      ASSERT_EQ(std::vector<uint8_t>(png.rgba.begin() + at, png.rgba.begin() + at + 4),
                (std::vector<uint8_t>{c.r, c.g, c.b, 255}))
          << "cell (" << cx << ", " << cy << ") pixel (" << px << ", " << py << ")";
    }
  }
}

TEST(MapRender, CellsAreTheStylesLidsPixelForPixel) {
  // Cells 6..8 x 6..7 at the tiles' own size: pavement (lid 2), the north-south
  // road (lid 1), the east-west road (lid 1 turned a quarter) and the crossing.
  const tools::ToolResult r = Call({{"path", "GTADATA/DEMO.CMP"}, {"x", 6}, {"y", 6}, {"w", 3},
                                  {"h", 2}, {"scale", 64}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["width"], 192);
  EXPECT_EQ(r.structured["height"], 128);
  EXPECT_EQ(r.structured["style"], "GTADATA/STYLE001.G24");
  EXPECT_EQ(r.structured["delivery"], "inline");
  EXPECT_EQ(r.structured["warnings"], json::array());
  ASSERT_EQ(r.content.size(), 2u);
  EXPECT_EQ(r.content[0]["text"],
            "GTADATA/DEMO.CMP cells 6..8 x 6..7: 192 x 128 px at 64 px a cell (png, inline)");
  const testing::DecodedPng png = Png(r.content[1]);
  ASSERT_EQ(png.width, 192);
  ExpectLid(png, 0, 0, 2, 0);  // (6, 6) pavement
  ExpectLid(png, 1, 0, 1, 0);  // (7, 6) road north-south
  ExpectLid(png, 0, 1, 1, 1);  // (6, 7) road east-west: rotation 1
  ExpectLid(png, 1, 1, 1, 0);  // (7, 7) the crossing
}

// The phone box of the demo's town (object type 0, its sprite 16 x 16,
// facing south: unturned) stands at world pixels (528, 528): in a render of
// cells 8.. at 64 px a cell its sprite's pixel (u, v) is picture pixel
// (16 - 8 + u, 16 - 8 + v), wherever the sprite draws.
TEST(MapRender, TheObjectsOverlayDrawsEachObjectsSprite) {
  const gta::Style style = DemoStyle();
  absl::StatusOr<gta::StyleSprites> sprites = gta::ReadStyleSprites(style);
  ASSERT_TRUE(sprites.ok());
  const gta::StyleCars cars = gta::ReadStyleCars(style);
  absl::StatusOr<int> number = gta::ObjectSprite(cars.objects.at(0), *sprites);
  ASSERT_TRUE(number.ok());
  absl::StatusOr<gta::DrawnSprite> phone =
      gta::DrawSprite(style, sprites->sprites[*number], {}, {});
  ASSERT_TRUE(phone.ok());
  const tools::ToolResult r = Call({{"path", "GTADATA/DEMO.CMP"}, {"x", 8}, {"y", 8}, {"w", 1},
                                    {"h", 1}, {"scale", 64}, {"overlays", {"objects"}}});
  ASSERT_FALSE(r.error) << *r.error;
  // Only the phone box reaches into cell (8, 8); the bin at (600, 524) and
  // the others are near but draw nothing in it.
  EXPECT_EQ(r.structured["objects"], json::parse(R"({"drawn": 1, "skipped": 0})"));
  const testing::DecodedPng png = Png(r.content[1]);
  int compared = 0;
  for (int v = 0; v < phone->picture.height; ++v) {
    for (int u = 0; u < phone->picture.width; ++u) {
      const uint8_t* want = phone->picture.rgba.data() + 4 * (v * phone->picture.width + u);
      if (want[3] == 0) continue;
      const uint8_t* got = png.rgba.data() + 4 * ((8 + v) * png.width + 8 + u);
      EXPECT_EQ(std::vector<uint8_t>(got, got + 4), std::vector<uint8_t>(want, want + 4))
          << u << ", " << v;
      ++compared;
    }
  }
  EXPECT_GT(compared, 100);
  // Without the overlay the same pixels are the pavement's.
  const tools::ToolResult plain =
      Call({{"path", "GTADATA/DEMO.CMP"}, {"x", 8}, {"y", 8}, {"w", 1}, {"h", 1}, {"scale", 64}});
  EXPECT_FALSE(plain.structured.contains("objects"));
  EXPECT_NE(Png(plain.content[1]).rgba, png.rgba);
}

TEST(MapRender, TheWholeTownHasEightObjects) {
  const tools::ToolResult r = Call({{"path", "GTADATA/DEMO.CMP"}, {"overlays", {"objects"}}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["objects"], json::parse(R"({"drawn": 8, "skipped": 0})"));
  EXPECT_EQ(r.structured["warnings"], json::array());
}

// Mission 1 of the demo's MISSION.INI: its phone (line 12) at block (8, 8)
// is a marker at the block's centre, (8 * 64 + 32) / 8 = 68 at 8 px a cell.
TEST(MapRender, AMissionsObjectsAreSpritesAndMarkers) {
  const tools::ToolResult r = Call(
      {{"path", "GTADATA/DEMO.CMP"}, {"x", 0}, {"y", 0}, {"w", 16}, {"h", 16}, {"mission", 1}});
  ASSERT_FALSE(r.error) << *r.error;
  const json& m = r.structured["mission"];
  EXPECT_EQ(m["number"], 1);
  EXPECT_EQ(m["title"], "Demo Town");
  EXPECT_EQ(m["file"], "GTADATA/MISSION.INI");
  bool phone = false;
  for (const json& mark : m["marks"]) {
    if (mark["type"] == "TELEPHONE") {
      EXPECT_EQ(mark, json::parse(R"({"line": 12, "type": "TELEPHONE", "x": 68, "y": 68})"));
      phone = true;
    }
  }
  EXPECT_TRUE(phone) << m.dump();
  EXPECT_EQ(m["sprites"].get<int>() + m["markers"].get<int>() + m["outside"].get<int>(), 10);
  const testing::DecodedPng png = Png(r.content[1]);
  // The marker's yellow at its centre.
  EXPECT_EQ(std::vector<uint8_t>(png.rgba.begin() + 4 * (68 * png.width + 68),
                                 png.rgba.begin() + 4 * (68 * png.width + 68) + 4),
            (std::vector<uint8_t>{255, 220, 0, 255}));
  const tools::ToolResult none = Call({{"path", "GTADATA/DEMO.CMP"}, {"mission", 7}});
  ASSERT_TRUE(none.error);
  EXPECT_EQ(*none.error, "context demo: GTADATA/MISSION.INI has no mission 7: it has 2 (1, 2)");
}

TEST(MapRender, TheDefaultIsTheOccupiedArea) {
  // The demo town fills cells 0..15 x 0..15; the rest of the 256 x 256 map
  // is empty, so the render is 128 x 128, not 2048 x 2048.
  const tools::ToolResult r = Call({{"path", "GTADATA/DEMO.CMP"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["region"], "occupied");
  EXPECT_EQ(r.structured["occupied"], json::parse(R"({"x": 0, "y": 0, "w": 16, "h": 16})"));
  EXPECT_EQ(r.structured["x"], 0);
  EXPECT_EQ(r.structured["y"], 0);
  EXPECT_EQ(r.structured["w"], 16);
  EXPECT_EQ(r.structured["h"], 16);
  EXPECT_EQ(r.structured["width"], 128);
  EXPECT_EQ(r.structured["height"], 128);
  EXPECT_EQ(r.structured["delivery"], "inline");
  ASSERT_EQ(r.content.size(), 2u);
  EXPECT_EQ(r.content[0]["text"],
            "GTADATA/DEMO.CMP cells 0..15 x 0..15 (its occupied area): 128 x 128 px at 8 px a "
            "cell (png, inline)");
  const testing::DecodedPng png = Png(r.content[1]);
  EXPECT_EQ(png.width, 128);
  EXPECT_EQ(png.height, 128);
  // An explicit region is drawn as asked, and says so.
  const tools::ToolResult asked = Call({{"path", "GTADATA/DEMO.CMP"}, {"x", 4}, {"w", 2}});
  ASSERT_FALSE(asked.error) << *asked.error;
  EXPECT_EQ(asked.structured["region"], "request");
  EXPECT_EQ(asked.structured["x"], 4);
  EXPECT_EQ(asked.structured["y"], 0);
  EXPECT_EQ(asked.structured["h"], 256);
  EXPECT_EQ(asked.structured["width"], 16);
  EXPECT_EQ(asked.structured["height"], 2048);
}

TEST(MapRender, TheWholeMapIsALinkAndAPreviewAtSixPixelsACell) {
  const json args = {{"path", "GTADATA/DEMO.CMP"}, {"x", 0}};
  const tools::ToolResult r = Call(args);
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["width"], 2048);
  EXPECT_EQ(r.structured["delivery"], "resource_link");
  const std::string uri = r.structured["resource_uri"];
  EXPECT_EQ(uri, "kbot://demo/GTADATA/DEMO.CMP?export=map&style=GTADATA%2FSTYLE001.G24&x=0&y=0&"
                 "w=256&h=256&scale=8");
  // 1568 / 256 cells = 6 px a cell: 1536 x 1536, every cell the same size.
  EXPECT_EQ(r.structured["preview"],
            json::parse(R"({"width": 1536, "height": 1536, "pixels_per_cell": 6})"));
  ASSERT_EQ(r.content.size(), 3u);
  EXPECT_EQ(r.content[0]["text"],
            absl::StrCat("GTADATA/DEMO.CMP cells 0..255 x 0..255: 2048 x 2048 px at 8 px a cell "
                         "(png, ", r.structured["bytes"].get<size_t>(), " bytes): too big to "
                         "inline (2048 x 2048 px: over 1568 px a side), read ", uri,
                         "; the preview is 1536 x 1536 (6 px a cell, area-averaged)"));
  EXPECT_EQ(r.content[1]["type"], "resource_link");
  EXPECT_EQ(r.content[1]["uri"], uri);
  const testing::DecodedPng preview = Png(r.content[2]);
  EXPECT_EQ(preview.width, 1536);
  EXPECT_EQ(preview.height, 1536);
  EXPECT_LE(r.content[2]["data"].get<std::string>().size(), size_t(1) << 20);
  // Cell (12, 12) is water, cell (100, 100) empty: the averages keep both.
  EXPECT_EQ(preview.rgba[(75 * 1536 + 75) * 4 + 3], 255);
  EXPECT_EQ(preview.rgba[(603 * 1536 + 603) * 4 + 3], 0);
}

TEST(MapRender, EmptyCellsAreTransparentAndTheWholeMapIs2048) {
  const tools::ToolResult whole = Call({{"path", "gtadata/demo.cmp"}, {"y", 0}}, NoCaps());
  ASSERT_FALSE(whole.error) << *whole.error;
  EXPECT_EQ(whole.structured["width"], 2048);
  EXPECT_EQ(whole.structured["pixels_per_cell"], 8);
  const testing::DecodedPng png = Png(whole.content[1]);
  EXPECT_EQ(png.rgba[(800 * 2048 + 800) * 4 + 3], 0);  // cell (100, 100): an empty column
  EXPECT_EQ(png.rgba[(100 * 2048 + 100) * 4 + 3], 255);  // cell (12, 12): water
  EXPECT_EQ(png.rgba[(4 * 2048 + 4) * 4 + 3], 255);      // cell (0, 0): pavement
}

TEST(MapRender, ALargeRenderIsALinkWithASmallerPreview) {
  const json args = {{"path", "GTADATA/DEMO.CMP"}, {"w", 16}, {"h", 16}, {"scale", 32}};
  const tools::ToolResult inline_render = Call(args, NoCaps());
  ASSERT_FALSE(inline_render.error);
  tools::Limits small = NoCaps();
  small.max_inline_image_base64 = 6000;  // the render is 7.6 KB of PNG (10.2 K in base64)
  const tools::ToolResult r = Call(args, small);
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["delivery"], "resource_link");
  const std::string uri = r.structured["resource_uri"];
  EXPECT_EQ(uri,
            "kbot://demo/GTADATA/DEMO.CMP?export=map&style=GTADATA%2FSTYLE001.G24&x=0&y=0&w=16&h=16&scale=32");
  ASSERT_EQ(r.content.size(), 3u);
  EXPECT_EQ(r.content[0]["type"], "text");
  EXPECT_EQ(r.content[1]["type"], "resource_link");
  EXPECT_EQ(r.content[2]["type"], "image");
  EXPECT_LT(r.structured["preview"]["pixels_per_cell"].get<int>(), 32);
  absl::StatusOr<tools::ResourceUri> parsed = tools::ParseResourceUri(uri);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  absl::StatusOr<tools::ResourceBytes> read = RenderPictureResource(Demo(), *parsed, NoProgress());
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->mime_type, "image/png");
  std::string whole;
  ASSERT_TRUE(absl::Base64Unescape(inline_render.content[1]["data"].get<std::string>(), &whole));
  EXPECT_EQ(std::string(read->bytes.begin(), read->bytes.end()), whole);
}

// Context "maps" (gta): the demo's style beside EMPTY.CMP (no block at all)
// and TWO.CMP (pavement at cell (40, 90), a water cell at (200, 30)).
const contexts::Context& Maps() {
  static const contexts::Context* maps = [] {
    absl::StatusOr<contexts::VfsFile> style = Demo().vfs->Read("GTADATA/STYLE001.G24");
    EXPECT_TRUE(style.ok());
    const std::vector<uint8_t> style_bytes(style->bytes().begin(), style->bytes().end());
    testing::CmpFile two;
    const uint16_t pavement = two.AddBlock(0x30, 0, 0, 0, 0, 0, 2);
    const uint16_t water = two.AddBlock(0x10, 0, 0, 0, 0, 0, 5);
    two.SetCell(40, 90, two.AddColumn(5, {pavement}));
    two.SetCell(200, 30, two.AddColumn(5, {water}));
    return new contexts::Context{
        "maps", contexts::Game::kGta, "", false,
        contexts::MakeMemoryVfs({{"GTADATA/STYLE001.G24", style_bytes},
                                 {"GTADATA/EMPTY.CMP", testing::CmpFile().Bytes()},
                                 {"GTADATA/TWO.CMP", two.Bytes()}},
                                "test")};
  }();
  return *maps;
}

tools::ToolResult CallIn(const contexts::Context& context, const json& arguments) {
  absl::StatusOr<MapRenderRequest> request = MapRenderTable().ParseChecked(arguments);
  EXPECT_TRUE(request.ok()) << request.status();
  return RunMapRender(context, *request, tools::Limits());
}

TEST(MapRender, TheOccupiedAreaBoundsEveryCellThatHoldsABlock) {
  const tools::ToolResult r = CallIn(Maps(), {{"path", "GTADATA/TWO.CMP"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["occupied"], json::parse(R"({"x": 40, "y": 30, "w": 161, "h": 61})"));
  EXPECT_EQ(r.structured["region"], "occupied");
  EXPECT_EQ(r.structured["width"], 161 * 8);
  EXPECT_EQ(r.structured["height"], 61 * 8);
  EXPECT_EQ(r.structured["delivery"], "inline");
}

TEST(MapRender, AMapWithNoBlockDrawsTheWholeMapAndSaysSo) {
  const tools::ToolResult r = CallIn(Maps(), {{"path", "GTADATA/EMPTY.CMP"}, {"scale", 1}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["region"], "whole map");
  EXPECT_EQ(r.structured["occupied"], nullptr);
  EXPECT_EQ(r.structured["w"], 256);
  EXPECT_EQ(r.structured["width"], 256);
  EXPECT_EQ(r.structured["warnings"],
            json::array({"no cell of the map holds a block: drew the whole 256 x 256 map, all "
                         "transparent"}));
  EXPECT_EQ(r.content[0]["text"],
            "GTADATA/EMPTY.CMP cells 0..255 x 0..255 (the whole map: no cell is occupied): "
            "256 x 256 px at 1 px a cell (png, inline)");
}

TEST(MapRender, ErrorsNameWhatIsMissing) {
  const tools::ToolResult past = Call({{"path", "GTADATA/DEMO.CMP"}, {"x", 250}, {"w", 10}});
  ASSERT_TRUE(past.error);
  EXPECT_EQ(*past.error, "cells 250..259 x 0..255 run past the 256 x 256 map");
  // The schema no longer bounds x (a TA map's go further): GTA1 checks it.
  const tools::ToolResult outside = Call({{"path", "GTADATA/DEMO.CMP"}, {"x", 300}});
  ASSERT_TRUE(outside.error);
  EXPECT_EQ(*outside.error, "cell (300, 0) is outside the 256 x 256 map");
  const tools::ToolResult huge =
      Call({{"path", "GTADATA/DEMO.CMP"}, {"x", 1}, {"w", 2147483647}});
  ASSERT_TRUE(huge.error);
  EXPECT_EQ(*huge.error, "cells 1..2147483647 x 0..255 run past the 256 x 256 map");
  const tools::ToolResult overlays =
      Call({{"path", "GTADATA/DEMO.CMP"}, {"overlays", {"starts"}}});
  ASSERT_TRUE(overlays.error);
  EXPECT_EQ(*overlays.error, "overlay 'starts' is for TA maps; a GTA1 map has 'objects'");
  const tools::ToolResult style = Call({{"path", "GTADATA/DEMO.CMP"}, {"style", "nope.g24"}});
  ASSERT_TRUE(style.error);
  EXPECT_NE(style.error->find("nope.g24"), std::string::npos) << *style.error;
  const tools::ToolResult not_map = Call({{"path", "GTADATA/ENGLISH.FXT"}});
  ASSERT_TRUE(not_map.error);
  EXPECT_EQ(*not_map.error,
            "context demo: GTADATA/ENGLISH.FXT is a GTA1 text file (FXT); use fxt_decode "
            "(kbot gta fxt)");
}

}  // namespace
}  // namespace kbot::tools
