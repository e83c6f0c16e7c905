// The map tools in a takingdoms context, end to end: the byte-built 8 x
// 8-cell TA: Kingdoms map of tests/support/tnt_bytes.h (SmallTakMap: tile
// position (tx, ty) draws sheet 0x1000 + ty, column tx, row 3 - ty), an OTA
// typed here, and JPEG tile sheets made with libjpeg (tests/support/
// jpeg_bytes.h) for sheets 0x1000..0x1002 but not 0x1003. Each sheet tile is
// one flat colour, so that after JPEG (quality 100, 4:4:4) a drawn tile's
// pixels are known within a few levels. Then sheets that cannot be used: not
// a JPEG, too small for the tiles asked of it.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "contexts/workspace.h"
#include "formats/palette/palette.h"
#include "formats/tnt/tnt.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/checked_call.h"
#include "tests/support/decode_image.h"
#include "tests/support/jpeg_bytes.h"
#include "tests/support/tnt_bytes.h"
#include "tools/map_describe_tool.h"
#include "tools/map_list_tool.h"
#include "tools/map_minimap_tool.h"
#include "tools/map_render_tool.h"
#include "tools/ta_map_render.h"

namespace kbot::tools {
namespace {

constexpr char kOta[] =
    "[GlobalHeader]\r\n{\r\n"
    "\tmissionname=Kingdoms Test;\r\n\tmissiondescription=Eight by eight.;\r\n"
    "\tplanet=Aramon;\r\n\tnumplayers=2;\r\n\tsize=4 x 4;\r\n\tSCHEMACOUNT=1;\r\n"
    "\t[Schema 0]\r\n\t{\r\n\t\tType=Network 1;\r\n"
    "\t\t[specials]\r\n\t\t{\r\n"
    "\t\t\t[special0]\r\n\t\t\t{\r\n\t\t\tspecialwhat=StartPos1;\r\n\t\t\tXPos=32;\r\n"
    "\t\t\tZPos=48;\r\n\t\t\t}\r\n"
    "\t\t}\r\n\t}\r\n"
    "}\r\n";

// The colour of tile (column, row) of sheet 0x1000 + k: distinct for every
// sheet tile, each channel far from 0 and 255 (no clipping in the JPEG).
struct Rgb {
  int r, g, b;
};
Rgb SheetColour(int k, int column, int row) {
  return {40 + 60 * k, 30 + 50 * column, 30 + 50 * row};
}

// Sheet 0x1000 + k as a JPEG of `columns` x `rows` tiles, each flat.
std::string SheetJpeg(int k, int columns, int rows) {
  testing::JpegSpec spec;
  spec.width = columns * 32;
  spec.height = rows * 32;
  for (int y = 0; y < spec.height; ++y) {
    for (int x = 0; x < spec.width; ++x) {
      const Rgb c = SheetColour(k, x / 32, y / 32);
      spec.samples.insert(spec.samples.end(), {uint8_t(c.r), uint8_t(c.g), uint8_t(c.b)});
    }
  }
  const std::vector<uint8_t> jpeg = testing::EncodeJpeg(spec);
  return {jpeg.begin(), jpeg.end()};
}

// A JPEG level is this close to what was encoded, for a flat 32 x 32 tile.
constexpr int kJpegTolerance = 3;

class KingdomsMapToolsTest : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    const std::vector<uint8_t> map = testing::LayOutTak(testing::SmallTakMap()).bytes;
    Put("tak/maps/small.tnt", std::string(map.begin(), map.end()));
    Put("tak/maps/small.ota", kOta);
    for (int k = 0; k < 3; ++k) {  // 0x1003 (tile row ty = 3) is missing
      Put("tak/terrain/0000100" + std::to_string(k) + ".jpg", SheetJpeg(k, 4, 4));
    }
    Open();
  }

  void Open() {
    absl::StatusOr<contexts::Workspace> ws = contexts::Workspace::Open(
        {{"tak", contexts::Game::kTaKingdoms, (dir_ / "tak").string()}});
    ASSERT_TRUE(ws.ok()) << ws.status();
    workspace_ = std::make_unique<contexts::Workspace>(*std::move(ws));
  }

  const contexts::Context& Context() { return **workspace_->Find(std::string("tak")); }

  json Ok(const Tool& tool, json arguments) {
    return testing::AnswerOf(testing::CheckedCall(tool, arguments, *workspace_));
  }

  // map_render's work with `arguments`: the summary, and the picture decoded.
  TaMapRenderSummary Render(const json& arguments, testing::DecodedPng* picture = nullptr) {
    const MapRenderRequest request = MapRenderTable().Parse(arguments);
    absl::StatusOr<TaMapRenderOutcome> out = RenderTaMap(Context(), request);
    EXPECT_TRUE(out.ok()) << out.status();
    if (!out.ok()) return {};
    absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(out->png);
    EXPECT_TRUE(png.ok()) << png.status();
    if (picture != nullptr && png.ok()) *picture = *png;
    return out->summary;
  }

  std::unique_ptr<contexts::Workspace> workspace_;
};

// Pixel (x, y) of `png` is `want` within the JPEG's tolerance.
void ExpectNear(const testing::DecodedPng& png, int x, int y, Rgb want) {
  const uint8_t* got = &png.rgba[(size_t(y) * size_t(png.width) + size_t(x)) * 4];
  EXPECT_NEAR(got[0], want.r, kJpegTolerance) << x << "," << y;
  EXPECT_NEAR(got[1], want.g, kJpegTolerance) << x << "," << y;
  EXPECT_NEAR(got[2], want.b, kJpegTolerance) << x << "," << y;
  EXPECT_EQ(got[3], 255) << x << "," << y;
}

TEST_F(KingdomsMapToolsTest, DescribeGivesTheMapsNumbers) {
  const json d = Ok(MapDescribeTool(), {{"path", "maps/small.tnt"}});
  EXPECT_EQ(d["path"], "maps/small.tnt");
  EXPECT_EQ(d["game"], "takingdoms");
  EXPECT_EQ(d["version"], 0x4000);
  EXPECT_EQ(d["tiles"], json({{"across", 4}, {"down", 4}}));
  EXPECT_EQ(d["cells"], json({{"across", 8}, {"down", 8}}));
  EXPECT_EQ(d["width"], 128);
  EXPECT_EQ(d["height"], 128);
  EXPECT_EQ(d["sea_level"], 40);
  // Heights 8 y + x: 0 .. 63, the 40 below sea level 40 under water.
  EXPECT_EQ(d["heights"], json({{"min", 0}, {"max", 63}}));
  EXPECT_EQ(d["underwater_cells"], 40);
  EXPECT_EQ(d["tile_count"], 4);  // distinct sheets named, found or not
  ASSERT_EQ(d["features"].size(), 2u);
  EXPECT_EQ(d["features"][0],
            json({{"name", "Pine"}, {"placed", 1}, {"file", nullptr}, {"draws", nullptr}}));
  EXPECT_EQ(d["features"][1],
            json({{"name", "Boulder"}, {"placed", 1}, {"file", nullptr}, {"draws", nullptr}}));
  // Spots past the table counted by value: the u16 0xFFFF, and the 7.
  EXPECT_EQ(d["placements"], json({{"feature", 2}, {"0x7", 1}, {"0xFFFF", 61}}));
  EXPECT_EQ(d["minimap"],
            json({{"width", 12}, {"height", 10}, {"region_width", 9}, {"region_height", 7}}));
  EXPECT_EQ(d["large_minimap"],
            json({{"width", 20}, {"height", 16}, {"region_width", 20}, {"region_height", 16}}));
  EXPECT_EQ(d["ota"]["path"], "maps/small.ota");
  EXPECT_EQ(d["ota"]["title"], "Kingdoms Test");
  EXPECT_EQ(d["ota"]["planet"], "Aramon");
  EXPECT_EQ(d["ota"]["schemas"][0]["starts"],
            json::parse(R"([{"number":1,"x":32,"z":48}])"));
}

TEST_F(KingdomsMapToolsTest, DescribeACellNamesItsSheetTile) {
  const json pine = Ok(MapDescribeTool(), {{"path", "small"}, {"x", 0}, {"y", 0}})["cell"];
  EXPECT_EQ(pine, json({{"x", 0},
                        {"y", 0},
                        {"height", 0},
                        {"under_water", true},
                        {"feature", "Pine"},
                        {"placement", "feature"},
                        {"feature_value", 0},
                        {"tile", {{"sheet", 0x1000}, {"column", 0}, {"row", 3}}}}));
  // Cell (5, 6) is in tile position (2, 3): sheet 0x1003 (missing; the map
  // still names it), column 2, row 0. Height 53, above the sea.
  const json far = Ok(MapDescribeTool(), {{"path", "small"}, {"x", 5}, {"y", 6}})["cell"];
  EXPECT_EQ(far["height"], 53);
  EXPECT_EQ(far["under_water"], false);
  EXPECT_EQ(far["feature"], nullptr);
  EXPECT_EQ(far["placement"], "none");
  EXPECT_EQ(far["feature_value"], 0xFFFF);
  EXPECT_EQ(far["tile"], json({{"sheet", 0x1003}, {"column", 2}, {"row", 0}}));
  // The spot past the table is no feature either.
  const json past = Ok(MapDescribeTool(), {{"path", "small"}, {"x", 2}, {"y", 0}})["cell"];
  EXPECT_EQ(past["feature_value"], 7);
  EXPECT_EQ(past["placement"], "none");
}

TEST_F(KingdomsMapToolsTest, RenderDrawsTheSheetTilesAndPlaceholdersForTheMissingSheet) {
  testing::DecodedPng png;
  const TaMapRenderSummary s = Render({{"context", "tak"}, {"path", "small"}}, &png);
  EXPECT_EQ(s.game, "takingdoms");
  EXPECT_EQ(s.pixels_per_cell, 16);
  EXPECT_EQ(s.missing_sheets, std::vector<uint32_t>{0x1003});
  EXPECT_EQ(s.placeholder_tiles, 4);  // the row ty = 3
  ASSERT_EQ(png.width, 128);
  ASSERT_EQ(png.height, 128);
  // Opaque, so no alpha stored: RGB, or (this picture has few colours) a
  // palette without tRNS (formats/image/png_encode.h).
  EXPECT_TRUE(png.color_type == 2 || png.color_type == 3) << png.color_type;
  EXPECT_FALSE(png.has_trns);
  for (int ty = 0; ty < 3; ++ty) {
    for (int tx = 0; tx < 4; ++tx) {
      const Rgb want = SheetColour(ty, tx, 3 - ty);
      ExpectNear(png, tx * 32 + 16, ty * 32 + 16, want);
      ExpectNear(png, tx * 32, ty * 32, want);          // its corners too
      ExpectNear(png, tx * 32 + 31, ty * 32 + 31, want);
    }
  }
  // The placeholder is green, lighter for higher cells (64 + height / 2, an
  // 8-pixel checker of +32): no sheet's colour. Cell (0, 6) is height 48.
  const uint8_t* placeholder = &png.rgba[(size_t(100) * 128 + 4) * 4];
  EXPECT_GT(int(placeholder[1]), int(placeholder[0]));
  EXPECT_GT(int(placeholder[1]), int(placeholder[2]));
  // The summary says the same over MCP, with the warning naming the id.
  const json r = Ok(MapRenderTool(), {{"context", "tak"}, {"path", "small"}});
  EXPECT_EQ(r["game"], "takingdoms");
  EXPECT_EQ(r["missing_sheets"], json({4099}));
  EXPECT_EQ(r["placeholder_tiles"], 4);
  EXPECT_EQ(r["warnings"], json({"4 tiles drawn as placeholders: no tile sheet for id 00001003"}));
}

TEST_F(KingdomsMapToolsTest, RenderARegionReadsOnlyItsSheets) {
  // Tile rows 0..1 draw sheets 0x1000 and 0x1001: the missing 0x1003 is not
  // asked for, so nothing is missing and no tile is a placeholder.
  testing::DecodedPng png;
  const TaMapRenderSummary s =
      Render({{"context", "tak"}, {"path", "small"}, {"y", 0}, {"h", 2}}, &png);
  EXPECT_TRUE(s.missing_sheets.empty());
  EXPECT_EQ(s.placeholder_tiles, 0);
  EXPECT_TRUE(s.warnings.empty());
  ASSERT_EQ(png.width, 128);
  ASSERT_EQ(png.height, 64);
  ExpectNear(png, 3 * 32 + 16, 32 + 16, SheetColour(1, 3, 2));
  // In cells: cells 2..5 x 2..3 are tile positions 1..2 x 1.
  testing::DecodedPng cells;
  Render({{"context", "tak"}, {"path", "small"}, {"unit", "cell"}, {"x", 2}, {"y", 2},
          {"w", 4}, {"h", 2}},
         &cells);
  ASSERT_EQ(cells.width, 64);
  ASSERT_EQ(cells.height, 32);
  ExpectNear(cells, 16, 16, SheetColour(1, 1, 2));
  ExpectNear(cells, 48, 16, SheetColour(1, 2, 2));
}

TEST_F(KingdomsMapToolsTest, RenderAtScale8HalvesThePicture) {
  testing::DecodedPng png;
  const TaMapRenderSummary s =
      Render({{"context", "tak"}, {"path", "small"}, {"scale", 8}}, &png);
  EXPECT_EQ(s.pixels_per_cell, 8);
  EXPECT_EQ(s.width, 64);
  EXPECT_EQ(s.height, 64);
  ASSERT_EQ(png.width, 64);
  ASSERT_EQ(png.height, 64);
  EXPECT_EQ(s.placeholder_tiles, 4);
  // A flat tile averages to itself: tile position (2, 1) at scale 8.
  ExpectNear(png, 2 * 16 + 8, 16 + 8, SheetColour(1, 2, 2));
}

TEST_F(KingdomsMapToolsTest, MinimapsSmallAndLarge) {
  MapMinimapRequest request;
  request.path = "small";
  absl::StatusOr<MapPictureOutcome> small = DrawMinimap(Context(), request);
  ASSERT_TRUE(small.ok()) << small.status();
  EXPECT_EQ(small->summary.path, "maps/small.tnt");
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(small->png);
  ASSERT_TRUE(png.ok());
  ASSERT_EQ(png->width, 9);  // the stored 12 x 10 less its padding
  ASSERT_EQ(png->height, 7);
  const palette::Palette& ta = palette::TaPalette();
  for (const auto& [x, y] : {std::pair{0, 0}, {4, 3}, {8, 6}}) {
    const uint8_t* got = &png->rgba[(size_t(y) * 9 + size_t(x)) * 4];
    EXPECT_EQ((palette::Rgb{got[0], got[1], got[2]}),
              ta.colors[testing::TntFixtureMinimapPixel(x, y)])
        << x << "," << y;
  }
  request.large = true;
  absl::StatusOr<MapPictureOutcome> large = DrawMinimap(Context(), request);
  ASSERT_TRUE(large.ok()) << large.status();
  png = testing::DecodePng(large->png);
  ASSERT_TRUE(png.ok());
  ASSERT_EQ(png->width, 20);
  ASSERT_EQ(png->height, 16);
  const uint8_t* corner = &png->rgba[(size_t(15) * 20 + 19) * 4];
  EXPECT_EQ((palette::Rgb{corner[0], corner[1], corner[2]}),
            ta.colors[testing::TntFixtureMinimapPixel(19, 15)]);
  const json tool = Ok(MapMinimapTool(), {{"context", "tak"}, {"path", "small"}, {"large", true}});
  EXPECT_EQ(tool["width"], 20);
  EXPECT_EQ(tool["height"], 16);
}

TEST_F(KingdomsMapToolsTest, HeightmapIsOneGreyPixelACell) {
  MapHeightmapRequest request;
  request.path = "small";
  for (const bool stretch : {false, true}) {
    request.stretch = stretch;
    absl::StatusOr<MapPictureOutcome> out = DrawHeightmap(Context(), request);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_EQ(out->summary.lowest, 0);
    EXPECT_EQ(out->summary.highest, 63);
    absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(out->png);
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(png->color_type, 0);
    ASSERT_EQ(png->width, 8);
    ASSERT_EQ(png->height, 8);
    for (const auto& [x, y] : {std::pair{0, 0}, {3, 5}, {7, 7}}) {
      const int raw = 8 * y + x;
      const int want = stretch ? raw * 255 / 63 : raw;
      EXPECT_NEAR(png->rgba[(size_t(y) * 8 + size_t(x)) * 4], want, stretch ? 1 : 0)
          << x << "," << y;
    }
  }
}

TEST_F(KingdomsMapToolsTest, ListNamesTheMapAsKingdoms) {
  const json page = Ok(MapListTool(), {{"context", "tak"}});
  ASSERT_EQ(page["total"], 1);
  const json& small = page["entries"][0];
  EXPECT_EQ(small["path"], "maps/small.tnt");
  EXPECT_EQ(small["game"], "takingdoms");
  EXPECT_EQ(small["tiles"], json({{"across", 4}, {"down", 4}}));
  EXPECT_EQ(small["ota"], "maps/small.ota");
  EXPECT_EQ(small["title"], "Kingdoms Test");
  EXPECT_EQ(small["planet"], "Aramon");
  EXPECT_EQ(small["players"], "2");
  EXPECT_EQ(small["schemas"], 1);
  EXPECT_EQ(small["error"], nullptr);
}

TEST_F(KingdomsMapToolsTest, ASheetThatIsNotAJpegIsAWarningAndPlaceholders) {
  Put("tak/terrain/00001002.jpg", "this is not a JPEG, it is text");
  Open();
  testing::DecodedPng png;
  const TaMapRenderSummary s = Render({{"context", "tak"}, {"path", "small"}}, &png);
  // Rows ty = 2 (unreadable) and 3 (missing): 8 placeholders; both listed.
  EXPECT_EQ(s.placeholder_tiles, 8);
  EXPECT_EQ(s.missing_sheets, (std::vector<uint32_t>{0x1002, 0x1003}));
  // One warning names the sheet and why, the other the ids drawn without.
  EXPECT_EQ(s.warnings,
            (std::vector<std::string>{
                "8 tiles drawn as placeholders: no tile sheet for ids 00001002, 00001003",
                "tile sheet terrain/00001002.jpg: libjpeg cannot read it: Not a JPEG file: "
                "starts with 0x74 0x68"}));
  ASSERT_EQ(png.height, 128);
  ExpectNear(png, 16, 16, SheetColour(0, 0, 3));  // the good sheets still drawn
  // Over MCP: a result with warnings, never an error.
  const json r = Ok(MapRenderTool(), {{"context", "tak"}, {"path", "small"}});
  EXPECT_EQ(r["placeholder_tiles"], 8);
  EXPECT_EQ(r["missing_sheets"], json({4098, 4099}));
  // A region away from the bad sheet reads nothing of it.
  const TaMapRenderSummary top = Render({{"context", "tak"}, {"path", "small"}, {"h", 2}});
  EXPECT_TRUE(top.warnings.empty());
  EXPECT_EQ(top.placeholder_tiles, 0);
}

TEST_F(KingdomsMapToolsTest, ASheetTooSmallIsOneWarningForTheSheet) {
  // Sheet 0x1000 (tile row ty = 0: columns 0..3, row 3) only 2 x 4 tiles:
  // columns 2 and 3 are past its edge.
  Put("tak/terrain/00001000.jpg", SheetJpeg(0, 2, 4));
  Open();
  testing::DecodedPng png;
  const TaMapRenderSummary s = Render({{"context", "tak"}, {"path", "small"}}, &png);
  EXPECT_EQ(s.placeholder_tiles, 6);  // 2 past the edge, 4 of the missing sheet
  EXPECT_EQ(s.missing_sheets, (std::vector<uint32_t>{0x1000, 0x1003}));
  std::vector<std::string> about;
  for (const std::string& w : s.warnings) {
    if (w.find("terrain/00001000.jpg") != std::string::npos) about.push_back(w);
  }
  EXPECT_EQ(about, std::vector<std::string>{
                       "terrain/00001000.jpg (64 x 128) has no tile at column 2 row 3 "
                       "(2 tile positions ask past its edge)"});
  ExpectNear(png, 32 + 16, 16, SheetColour(0, 1, 3));  // column 1 is there
}

}  // namespace
}  // namespace kbot::tools
