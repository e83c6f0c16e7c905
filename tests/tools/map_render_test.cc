// The map_render tool on the demo's town (GTADATA/DEMO.CMP drawn with
// GTADATA/STYLE001.G24): every pixel of a cell checked against the style's
// own tile and palette, the rectangle and scale, transparency, the
// resource_link of a large render and the resource it points at.
#include "tools/map_render_tool.h"
#include "tools/picture_resource.h"

#include <gtest/gtest.h>

#include "absl/strings/escaping.h"
#include "formats/gta/map_render.h"
#include "formats/gta/style.h"
#include "base/json_schema.h"
#include "demo/demo_context.h"
#include "tests/support/decode_image.h"

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

tools::ToolResult Call(const json& arguments, size_t limit = 1 << 20) {
  const tools::Tool tool = MapRenderTool();
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  EXPECT_TRUE(in.ok() && in->Validate(arguments).ok()) << arguments.dump();
  tools::Limits limits;
  limits.max_inline_image_base64 = limit;
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
      const gta::LidTexel t = gta::LidTexelAt(px, py, rotation, false, false);
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
  const testing::DecodedPng png = Png(r.content[0]);
  ASSERT_EQ(png.width, 192);
  ExpectLid(png, 0, 0, 2, 0);  // (6, 6) pavement
  ExpectLid(png, 1, 0, 1, 0);  // (7, 6) road north-south
  ExpectLid(png, 0, 1, 1, 1);  // (6, 7) road east-west: rotation 1
  ExpectLid(png, 1, 1, 1, 0);  // (7, 7) the crossing
}

TEST(MapRender, EmptyCellsAreTransparentAndTheWholeMapIs2048) {
  const tools::ToolResult whole = Call({{"path", "gtadata/demo.cmp"}}, 8 << 20);
  ASSERT_FALSE(whole.error) << *whole.error;
  EXPECT_EQ(whole.structured["width"], 2048);
  EXPECT_EQ(whole.structured["pixels_per_cell"], 8);
  const testing::DecodedPng png = Png(whole.content[0]);
  EXPECT_EQ(png.rgba[(800 * 2048 + 800) * 4 + 3], 0);  // cell (100, 100): an empty column
  EXPECT_EQ(png.rgba[(100 * 2048 + 100) * 4 + 3], 255);  // cell (12, 12): water
  EXPECT_EQ(png.rgba[(4 * 2048 + 4) * 4 + 3], 255);      // cell (0, 0): pavement
}

TEST(MapRender, ALargeRenderIsALinkWithASmallerPreview) {
  const json args = {{"path", "GTADATA/DEMO.CMP"}, {"w", 16}, {"h", 16}, {"scale", 32}};
  const tools::ToolResult inline_render = Call(args, 64 << 20);
  ASSERT_FALSE(inline_render.error);
  const tools::ToolResult r = Call(args, 40000);
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["delivery"], "resource_link");
  const std::string uri = r.structured["resource_uri"];
  EXPECT_EQ(uri,
            "kbot://demo/GTADATA/DEMO.CMP?export=map&style=GTADATA%2FSTYLE001.G24&x=0&y=0&w=16&h=16&scale=32");
  ASSERT_EQ(r.content.size(), 2u);
  EXPECT_EQ(r.content[0]["type"], "resource_link");
  EXPECT_EQ(r.content[1]["type"], "image");
  EXPECT_LT(r.structured["preview"]["pixels_per_cell"].get<int>(), 32);
  absl::StatusOr<tools::ResourceUri> parsed = tools::ParseResourceUri(uri);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  absl::StatusOr<tools::ResourceBytes> read = RenderPictureResource(Demo(), *parsed, NoProgress());
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->mime_type, "image/png");
  std::string whole;
  ASSERT_TRUE(absl::Base64Unescape(inline_render.content[0]["data"].get<std::string>(), &whole));
  EXPECT_EQ(std::string(read->bytes.begin(), read->bytes.end()), whole);
}

TEST(MapRender, ErrorsNameWhatIsMissing) {
  const tools::ToolResult past = Call({{"path", "GTADATA/DEMO.CMP"}, {"x", 250}, {"w", 10}});
  ASSERT_TRUE(past.error);
  EXPECT_EQ(*past.error, "cells 250..259 x 0..255 run past the 256 x 256 map");
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
