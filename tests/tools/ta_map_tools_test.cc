// The TA map tools (map_describe, map_render, map_minimap, map_heightmap,
// map_list in a ta context) over the byte-built 4 x 4-tile map of
// tests/support/tnt_bytes.h (SmallTaMap), an OTA typed here, a feature
// definition drawn by a GAF built byte by byte, and a map that is not one.
// Exact answers, exact pixels, and errors an assistant can act on.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "contexts/workspace.h"
#include "formats/palette/palette.h"
#include "formats/tnt/tnt.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/checked_call.h"
#include "tests/support/decode_image.h"
#include "tests/support/gaf_bytes.h"
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
    "\tmissionname=Small Test;\r\n\tmissiondescription=Four by four.;\r\n"
    "\tplanet=Green Planet;\r\n\tnumplayers=2, 4;\r\n\tsize=4 x 4;\r\n"
    "\ttidalstrength=20;\r\n\tsolarstrength=15;\r\n\tminwindspeed=1000;\r\n"
    "\tmaxwindspeed=3000;\r\n\tgravity=112;\r\n\tSCHEMACOUNT=2;\r\n"
    "\t[Schema 0]\r\n\t{\r\n\t\tType=Network 1;\r\n\t\tSurfaceMetal=3;\r\n\t\tMohoMetal=35;\r\n"
    "\t\t[specials]\r\n\t\t{\r\n"
    "\t\t\t[special0]\r\n\t\t\t{\r\n\t\t\tspecialwhat=StartPos1;\r\n\t\t\tXPos=16;\r\n"
    "\t\t\tZPos=24;\r\n\t\t\t}\r\n"
    "\t\t\t[special1]\r\n\t\t\t{\r\n\t\t\tspecialwhat=StartPos2;\r\n\t\t\tXPos=100;\r\n"
    "\t\t\tZPos=90;\r\n\t\t\t}\r\n"
    "\t\t}\r\n\t}\r\n"
    "\t[Schema 1]\r\n\t{\r\n\t\tType=Easy;\r\n\t\tSurfaceMetal=5;\r\n\t}\r\n"
    "}\r\n";

// Tree1 draws frame 0 of anims/trees.gaf's sequence "tree1": 2 x 2 pixels of
// index 200 with its origin at (1, 1), stored raw.
constexpr char kFeatures[] =
    "[Tree1]\n{\nworld=green planet;\ndescription=Tree;\nfilename=trees;\nseqname=tree1;\n"
    "footprintx=1;\nfootprintz=1;\n}\n";

std::string AsText(const std::vector<uint8_t>& bytes) { return {bytes.begin(), bytes.end()}; }

class TaMapToolsTest : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    Put("ta/maps/Small.tnt", AsText(testing::LayOutTa(testing::SmallTaMap()).bytes));
    Put("ta/maps/Small.ota", kOta);
    Put("ta/features/all worlds/trees.tdf", kFeatures);
    testing::FixtureFrame frame;
    frame.width = 2;
    frame.height = 2;
    frame.origin_x = 1;
    frame.origin_y = 1;
    frame.transparency = 9;
    frame.storage = 0;
    frame.payload = {200, 200, 200, 200};
    Put("ta/anims/trees.gaf", AsText(testing::LayOutGaf({{"tree1", 1, 0, {frame}}}).bytes));
    Put("ta/maps/broken.tnt", "not a map at all");
    absl::StatusOr<contexts::Workspace> ws =
        contexts::Workspace::Open({{"mod", contexts::Game::kTa, (dir_ / "ta").string()}});
    ASSERT_TRUE(ws.ok()) << ws.status();
    workspace_ = std::make_unique<contexts::Workspace>(*std::move(ws));
  }

  const contexts::Context& Context() { return **workspace_->Find(std::string("mod")); }

  ToolResult Call(const Tool& tool, json arguments) {
    return testing::CheckedCall(tool, arguments, *workspace_);
  }

  json Ok(const Tool& tool, json arguments) {
    return testing::AnswerOf(Call(tool, std::move(arguments)));
  }

  std::string Error(const Tool& tool, json arguments) {
    return testing::ErrorOf(Call(tool, std::move(arguments)));
  }

  // The map drawn with `arguments` (a MapRenderRequest's), decoded.
  testing::DecodedPng Render(const json& arguments) {
    const MapRenderRequest request = MapRenderTable().Parse(arguments);
    absl::StatusOr<TaMapRenderOutcome> out = RenderTaMap(Context(), request);
    EXPECT_TRUE(out.ok()) << out.status();
    if (!out.ok()) return {};
    absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(out->png);
    EXPECT_TRUE(png.ok()) << png.status();
    return png.ok() ? *png : testing::DecodedPng{};
  }

  std::unique_ptr<contexts::Workspace> workspace_;
};

TEST_F(TaMapToolsTest, DescribeGivesTheMapsNumbers) {
  const json d = Ok(MapDescribeTool(), {{"path", "maps/small.tnt"}});
  EXPECT_EQ(d["path"], "maps/Small.tnt");
  EXPECT_EQ(d["game"], "ta");
  EXPECT_EQ(d["version"], 0x2000);
  EXPECT_EQ(d["tiles"], json({{"across", 4}, {"down", 4}}));
  EXPECT_EQ(d["cells"], json({{"across", 8}, {"down", 8}}));
  EXPECT_EQ(d["width"], 128);
  EXPECT_EQ(d["height"], 128);
  EXPECT_EQ(d["sea_level"], 25);
  // Heights 10 x + y: 0 .. 77; below 25: x 0 and 1 (16 cells), x 2 y 0..4 (5).
  EXPECT_EQ(d["heights"], json({{"min", 0}, {"max", 77}}));
  EXPECT_EQ(d["underwater_cells"], 21);
  EXPECT_EQ(d["tile_count"], 5);
  ASSERT_EQ(d["features"].size(), 3u);
  EXPECT_EQ(d["features"][0], json({{"name", "Tree1"},
                                    {"placed", 1},
                                    {"file", "features/all worlds/trees.tdf"},
                                    {"draws", "anims/trees.gaf tree1"}}));
  EXPECT_EQ(d["features"][1], json({{"name", "Metal01"}, {"placed", 1}, {"file", nullptr},
                                    {"draws", nullptr}}));
  EXPECT_EQ(d["placements"],
            json({{"feature", 3}, {"void", 3}, {"none", 56}, {"0x7", 1}, {"0xFFFE", 1}}));
  const tnt::RegionSize region = tnt::TaMinimapRegion(8, 8, 252, 252);
  EXPECT_EQ(d["minimap"], json({{"width", 252},
                                {"height", 252},
                                {"region_width", region.width},
                                {"region_height", region.height}}));
}

TEST_F(TaMapToolsTest, DescribeReadsTheOtaBesideTheMap) {
  // Any of the names a user gives: the .ota, the name alone.
  for (const char* path : {"maps/Small.ota", "small", "maps/SMALL"}) {
    const json d = Ok(MapDescribeTool(), {{"path", path}});
    EXPECT_EQ(d["path"], "maps/Small.tnt") << path;
    const json& ota = d["ota"];
    EXPECT_EQ(ota["path"], "maps/Small.ota");
    EXPECT_EQ(ota["title"], "Small Test");
    EXPECT_EQ(ota["planet"], "Green Planet");
    EXPECT_EQ(ota["players"], "2, 4");
    EXPECT_EQ(ota["min_players"], 2);
    EXPECT_EQ(ota["max_players"], 4);
    EXPECT_EQ(ota["min_wind"], 1000);
    EXPECT_EQ(ota["max_wind"], 3000);
    EXPECT_EQ(ota["tidal"], 20);
    EXPECT_EQ(ota["gravity"], 112);
    ASSERT_EQ(ota["schemas"].size(), 2u);
    EXPECT_EQ(ota["schemas"][0]["type"], "Network 1");
    EXPECT_EQ(ota["schemas"][0]["surface_metal"], 3);
    EXPECT_EQ(ota["schemas"][0]["moho_metal"], 35);
    EXPECT_EQ(ota["schemas"][0]["starts"],
              json::parse(R"([{"number":1,"x":16,"z":24},{"number":2,"x":100,"z":90}])"));
    EXPECT_EQ(ota["schemas"][1]["starts"], json::array());
    EXPECT_EQ(ota["schemas"][1]["moho_metal"], nullptr);
  }
}

TEST_F(TaMapToolsTest, DescribeACell) {
  const json d = Ok(MapDescribeTool(), {{"path", "small"}, {"x", 4}, {"y", 0}});
  EXPECT_EQ(d["cell"], json({{"x", 4},
                             {"y", 0},
                             {"height", 40},
                             {"under_water", false},
                             {"feature", nullptr},
                             {"placement", "void"},
                             {"feature_value", 0xFFFC},
                             {"tile", {{"index", 2}}}}));
  const json tree = Ok(MapDescribeTool(), {{"path", "small"}, {"x", 1}, {"y", 0}})["cell"];
  EXPECT_EQ(tree["feature"], "Tree1");
  EXPECT_EQ(tree["under_water"], true);
  EXPECT_EQ(tree["tile"], json({{"index", 0}}));
  EXPECT_NE(Error(MapDescribeTool(), {{"path", "small"}, {"x", 8}, {"y", 0}})
                .find("cell (8, 0) is outside the 8 x 8-cell map"),
            std::string::npos);
}

TEST_F(TaMapToolsTest, AMissingOrWrongMapIsAnErrorThatSaysWhy) {
  const std::string missing = Error(MapDescribeTool(), {{"path", "smal"}});
  EXPECT_EQ(missing, "context mod: smal: no such file; did you mean maps/Small.tnt?");
  // A .ota alone is no map.
  Put("ta/maps/lonely.ota", kOta);
  EXPECT_EQ(Error(MapDescribeTool(), {{"path", "maps/lonely.ota"}}),
            "context mod: maps/lonely.ota: no map maps/lonely.tnt beside it");
  const std::string wrong = Error(MapDescribeTool(), {{"path", "maps/broken.tnt"}});
  EXPECT_NE(wrong.find("maps/broken.tnt"), std::string::npos) << wrong;
}

TEST_F(TaMapToolsTest, RenderDrawsTheTilesAtFullScale) {
  const testing::DecodedPng whole = Render({{"context", "mod"}, {"path", "small"}});
  ASSERT_EQ(whole.width, 128);
  ASSERT_EQ(whole.height, 128);
  // Tile position (tx, ty) draws tile (tx + ty) mod 5, pixel (x, y) of tile k
  // is (50 k + x + 2 y) mod 256: a TA palette index, drawn through the palette.
  const palette::Palette& ta = palette::TaPalette();
  for (const auto [px, py] : {std::pair{0, 0}, {37, 5}, {100, 127}, {127, 64}}) {
    const int k = (px / 32 + py / 32) % 5;
    const int index = (50 * k + px % 32 + 2 * (py % 32)) % 256;
    const uint8_t* got = &whole.rgba[(size_t(py) * 128 + size_t(px)) * 4];
    EXPECT_EQ(got[0], ta.colors[index].r) << px << "," << py;
    EXPECT_EQ(got[1], ta.colors[index].g) << px << "," << py;
    EXPECT_EQ(got[2], ta.colors[index].b) << px << "," << py;
  }
}

TEST_F(TaMapToolsTest, RenderARegionInTilesOrPixels) {
  const testing::DecodedPng tile = Render(
      {{"context", "mod"}, {"path", "small"}, {"x", 1}, {"y", 1}, {"w", 1}, {"h", 1}});
  ASSERT_EQ(tile.width, 32);
  ASSERT_EQ(tile.height, 32);
  const testing::DecodedPng pixels = Render({{"context", "mod"}, {"path", "small"}, {"unit", "pixel"},
                                             {"x", 32}, {"y", 32}, {"w", 32}, {"h", 32}});
  EXPECT_EQ(pixels.rgba, tile.rgba);
  const testing::DecodedPng half = Render({{"context", "mod"}, {"path", "small"}, {"scale", 8}});
  EXPECT_EQ(half.width, 64);
  EXPECT_EQ(half.height, 64);
  const std::string past = Error(MapRenderTool(), {{"context", "mod"}, {"path", "small"},
                                                   {"x", 3}, {"w", 2}});
  EXPECT_NE(past.find("tiles 3..4 x 0..3 run past the map: it is 4 x 4 tiles"),
            std::string::npos)
      << past;
  // Coordinates the schema leaves unbounded are checked without overflowing.
  EXPECT_NE(Error(MapRenderTool(), {{"context", "mod"}, {"path", "small"}, {"unit", "pixel"},
                                    {"x", 2147483647}, {"w", 2147483647}})
                .find("run past the map: it is 128 x 128 pixels"),
            std::string::npos);
  EXPECT_NE(Error(MapRenderTool(), {{"context", "mod"}, {"path", "small"}, {"scale", 32}})
                .find("scale 32: a TA map draws at 2-16 px a cell"),
            std::string::npos);
}

TEST_F(TaMapToolsTest, RenderAnswersWithItsSummary) {
  const json r = Ok(MapRenderTool(), {{"context", "mod"},
                                      {"path", "small"},
                                      {"overlays", {"starts", "features", "water", "void"}}});
  EXPECT_EQ(r["path"], "maps/Small.tnt");
  EXPECT_EQ(r["unit"], "tile");
  EXPECT_EQ(r["w"], 4);
  EXPECT_EQ(r["h"], 4);
  EXPECT_EQ(r["pixels_per_cell"], 16);
  EXPECT_EQ(r["width"], 128);
  EXPECT_EQ(r["delivery"], "inline");
  EXPECT_EQ(r["placeholder_tiles"], 0);
  // Schema 5 is not there: the error names the schemas that are.
  const std::string none = Error(MapRenderTool(), {{"context", "mod"},
                                                   {"path", "small"},
                                                   {"overlays", {"starts"}},
                                                   {"schema", 5}});
  EXPECT_NE(none.find("maps/Small.ota has no schema 5; its schemas: 0, 1"), std::string::npos)
      << none;
}

TEST_F(TaMapToolsTest, FeaturesDrawTheirGafFrameAtTheirCell) {
  const testing::DecodedPng plain = Render({{"context", "mod"}, {"path", "small"}});
  const testing::DecodedPng trees =
      Render({{"context", "mod"}, {"path", "small"}, {"overlays", {"features"}}});
  ASSERT_EQ(trees.width, 128);
  // Tree1 stands at cell (1, 0): its footprint's centre is pixel (24, 8); the
  // frame's origin (1, 1) goes there, so it covers (23..24, 7..8).
  const palette::Rgb want = palette::TaPalette().colors[200];
  for (const auto [x, y] : {std::pair{23, 7}, {24, 8}}) {
    const uint8_t* got = &trees.rgba[(size_t(y) * 128 + size_t(x)) * 4];
    EXPECT_EQ((palette::Rgb{got[0], got[1], got[2]}), want) << x << "," << y;
  }
  // Far from any feature the two renders agree.
  EXPECT_EQ(plain.rgba[(100 * 128 + 100) * 4], trees.rgba[(100 * 128 + 100) * 4]);
}

TEST_F(TaMapToolsTest, MinimapIsTheStoredRegion) {
  MapMinimapRequest request;
  request.path = "small";
  absl::StatusOr<MapPictureOutcome> out = DrawMinimap(Context(), request);
  ASSERT_TRUE(out.ok()) << out.status();
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(out->png);
  ASSERT_TRUE(png.ok());
  const tnt::RegionSize region = tnt::TaMinimapRegion(8, 8, 252, 252);
  ASSERT_EQ(png->width, region.width);
  ASSERT_EQ(png->height, region.height);
  const palette::Palette& ta = palette::TaPalette();
  for (const auto [x, y] : {std::pair{0, 0}, {5, 3}, {region.width - 1, region.height - 1}}) {
    const uint8_t index = testing::TntFixtureMinimapPixel(x, y);
    const uint8_t* got = &png->rgba[(size_t(y) * size_t(png->width) + size_t(x)) * 4];
    EXPECT_EQ((palette::Rgb{got[0], got[1], got[2]}), ta.colors[index]) << x << "," << y;
  }
  MapMinimapRequest large = request;
  large.large = true;
  EXPECT_FALSE(DrawMinimap(Context(), large).ok());  // a TA map has no large minimap
}

TEST_F(TaMapToolsTest, HeightmapIsOneGreyPixelACell) {
  MapHeightmapRequest request;
  request.path = "small";
  for (const bool stretch : {false, true}) {
    request.stretch = stretch;
    absl::StatusOr<MapPictureOutcome> out = DrawHeightmap(Context(), request);
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_EQ(out->summary.lowest, 0);
    EXPECT_EQ(out->summary.highest, 77);
    absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(out->png);
    ASSERT_TRUE(png.ok());
    EXPECT_EQ(png->color_type, 0);  // grey
    ASSERT_EQ(png->width, 8);
    for (const auto [x, y] : {std::pair{0, 0}, {3, 5}, {7, 7}}) {
      const int raw = 10 * x + y;
      const int want = stretch ? raw * 255 / 77 : raw;
      EXPECT_NEAR(png->rgba[(size_t(y) * 8 + size_t(x)) * 4], want, stretch ? 1 : 0)
          << x << "," << y;
    }
  }
}

TEST_F(TaMapToolsTest, ListNamesEveryMapWithItsOta) {
  const json page = Ok(MapListTool(), {{"context", "mod"}});
  ASSERT_EQ(page["total"], 2);
  const json& broken = page["entries"][0];
  EXPECT_EQ(broken["path"], "maps/broken.tnt");
  EXPECT_EQ(broken["game"], nullptr);
  EXPECT_FALSE(broken["error"].is_null());
  const json& small = page["entries"][1];
  EXPECT_EQ(small["path"], "maps/Small.tnt");
  EXPECT_EQ(small["game"], "ta");
  EXPECT_EQ(small["tiles"], json({{"across", 4}, {"down", 4}}));
  EXPECT_EQ(small["ota"], "maps/Small.ota");
  EXPECT_EQ(small["title"], "Small Test");
  EXPECT_EQ(small["players"], "2, 4");
  EXPECT_EQ(small["schemas"], 2);
  EXPECT_EQ(small["error"], nullptr);
  EXPECT_EQ(Ok(MapListTool(), {{"context", "mod"}, {"pattern", "maps/s*"}})["total"], 1);
}

}  // namespace
}  // namespace kbot::tools
