// The demo's map (demo/demo_maps.h) read back with the map readers: the TNT's
// size, tiles, heights, void, features (names the demo's catalog knows) and
// minimap exactly as laid out, the OTA's schemas and start positions, each
// start on dry, drawn land inside the map; not one warning from either reader.
#include "demo/demo_maps.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "demo/demo_context.h"
#include "formats/tnt/ota.h"
#include "formats/tnt/tnt.h"
#include "tacatalog/catalog.h"

namespace kbot::demo {
namespace {

const DemoAsset& Asset(const std::string& path) {
  static const std::vector<DemoAsset> assets = MakeDemoMapAssets();
  for (const DemoAsset& a : assets) {
    if (a.path == path) return a;
  }
  ADD_FAILURE() << "no demo map file " << path;
  static const DemoAsset none;
  return none;
}

tnt::TntMap Lakes() {
  const DemoAsset& a = Asset("maps/lakes.tnt");
  absl::StatusOr<tnt::TntMap> map = tnt::ReadTnt(a.bytes, a.path);
  EXPECT_TRUE(map.ok()) << map.status();
  return map.ok() ? *std::move(map) : tnt::TntMap{};
}

tnt::Ota LakesOta() {
  const DemoAsset& a = Asset("maps/lakes.ota");
  absl::StatusOr<tnt::Ota> ota = tnt::ReadOta(a.bytes, a.path);
  EXPECT_TRUE(ota.ok()) << ota.status();
  return ota.ok() ? *std::move(ota) : tnt::Ota{};
}

size_t Cell(int x, int y) { return size_t(y) * 32 + size_t(x); }

TEST(DemoMaps, TheMapFilesAreDemoFiles) {
  absl::StatusOr<std::vector<DemoAsset>> all = MakeDemoAssets();
  ASSERT_TRUE(all.ok()) << all.status();
  std::vector<std::string> maps;
  for (const DemoAsset& a : *all) {
    if (a.path.rfind("maps/", 0) == 0) maps.push_back(a.path);
  }
  EXPECT_EQ(maps, (std::vector<std::string>{"maps/lakes.tnt", "maps/lakes.ota"}));
}

TEST(DemoMaps, TntHeaderAndTiles) {
  const tnt::TntMap map = Lakes();
  EXPECT_EQ(map.game, tnt::Game::kTa);
  EXPECT_EQ(map.version, tnt::kVersionTa);
  EXPECT_EQ(map.width, 32u);
  EXPECT_EQ(map.height, 24u);
  EXPECT_EQ(map.tiles_across(), 16);
  EXPECT_EQ(map.tiles_down(), 12);
  EXPECT_EQ(map.pixel_width(), 512);
  EXPECT_EQ(map.pixel_height(), 384);
  EXPECT_EQ(map.sea_level, 48u);
  EXPECT_EQ(map.flags, 1u);
  EXPECT_EQ(map.tile_count, 4u);
  ASSERT_EQ(map.tile_index.size(), 192u);
  EXPECT_EQ(map.tile_index[0], 0);             // grass
  EXPECT_EQ(map.tile_index[14], 3);            // void, top right
  EXPECT_EQ(map.tile_index[3 * 16 + 8], 2);    // rock, the hill's middle
  EXPECT_EQ(map.tile_index[6 * 16 + 2], 1);    // water, the lake's corner
  EXPECT_EQ(map.tile_index[5 * 16 + 13], 1);   // water, the pond
  std::map<uint16_t, int> per_tile;
  for (uint16_t t : map.tile_index) ++per_tile[t];
  EXPECT_EQ(per_tile, (std::map<uint16_t, int>{{0, 163}, {1, 20}, {2, 5}, {3, 4}}));
  ASSERT_EQ(map.tile_pixels.size(), 4u * 1024u);
  EXPECT_EQ(map.tile_pixels[1], 166);         // grass
  EXPECT_EQ(map.tile_pixels[1024 + 32], 135);  // water, between its wave lines
  EXPECT_EQ(map.tile_pixels[3 * 1024], 0);    // void: black
  EXPECT_EQ(map.warnings, std::vector<std::string>{});
}

TEST(DemoMaps, HeightsMakeAHillALakeAndAPond) {
  const tnt::TntMap map = Lakes();
  ASSERT_EQ(map.heights.size(), 768u);
  EXPECT_EQ(map.heights[Cell(0, 0)], 64);
  EXPECT_EQ(map.heights[Cell(16, 6)], 161);  // the hill's four top cells
  EXPECT_EQ(map.heights[Cell(17, 7)], 161);
  EXPECT_EQ(map.heights[Cell(4, 12)], 40);   // the lake: rim to middle
  EXPECT_EQ(map.heights[Cell(7, 15)], 16);
  EXPECT_EQ(map.heights[Cell(24, 10)], 40);  // the pond
  EXPECT_EQ(map.heights[Cell(25, 11)], 32);
  int under = 0;
  for (size_t i = 0; i < map.cells(); ++i) {
    const bool water = map.tile_index[(i / 32 / 2) * 16 + (i % 32) / 2] == 1;
    EXPECT_EQ(map.heights[i] < map.sea_level, water) << "cell " << i;
    under += map.heights[i] < map.sea_level;
  }
  EXPECT_EQ(under, 80);
}

TEST(DemoMaps, FeaturesAndVoid) {
  const tnt::TntMap map = Lakes();
  ASSERT_EQ(map.feature_names.size(), 2u);
  EXPECT_EQ(map.feature_names[0].index, 0u);
  EXPECT_EQ(map.feature_names[0].name, "Tree1");
  EXPECT_EQ(map.feature_names[1].index, 1u);
  EXPECT_EQ(map.feature_names[1].name, "Rock1");
  std::vector<std::pair<int, int>> trees, rocks;
  int voids = 0;
  for (size_t i = 0; i < map.cells(); ++i) {
    const std::pair<int, int> at(int(i % 32), int(i / 32));
    if (map.IsVoid(i)) {
      ++voids;
      EXPECT_GE(at.first, 28);
      EXPECT_LT(at.second, 4);
    } else if (map.HasFeature(i)) {
      (map.features[i] == 0 ? trees : rocks).push_back(at);
    } else {
      EXPECT_EQ(map.features[i], tnt::kNoFeature);
    }
  }
  EXPECT_EQ(voids, 16);
  using Cells = std::vector<std::pair<int, int>>;
  EXPECT_EQ(trees, (Cells{{2, 2}, {22, 3}, {26, 7}, {5, 9}, {13, 16}, {20, 18}, {29, 20},
                          {14, 21}}));
  EXPECT_EQ(rocks, (Cells{{16, 8}, {23, 14}, {10, 20}}));
}

TEST(DemoMaps, FeatureNamesAreTheDemoCatalogs) {
  absl::StatusOr<contexts::Context> demo = MakeDemoContext();
  ASSERT_TRUE(demo.ok()) << demo.status();
  absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> catalog = tacatalog::CatalogOf(*demo);
  ASSERT_TRUE(catalog.ok()) << catalog.status();
  for (const tnt::FeatureName& f : Lakes().feature_names) {
    EXPECT_NE((*catalog)->FindFeature(f.name), nullptr) << f.name;
  }
}

TEST(DemoMaps, MinimapFollowsTheRegionRule) {
  const tnt::TntMap map = Lakes();
  ASSERT_TRUE(map.minimap.has_value());
  const tnt::Minimap& m = *map.minimap;
  EXPECT_EQ(m.width, 252);
  EXPECT_EQ(m.height, 252);
  EXPECT_EQ(m.region_width, 252);
  EXPECT_EQ(m.region_height, 134);
  const auto at = [&](int x, int y) { return m.pixels[size_t(y) * 252 + size_t(x)]; };
  for (int x = 0; x < 252; ++x) EXPECT_EQ(at(x, 134), tnt::kMinimapPadding) << x;
  EXPECT_EQ(at(251, 251), tnt::kMinimapPadding);
  EXPECT_EQ(at(251, 0), 0);    // the void corner
  EXPECT_EQ(at(40, 100), 135);  // the lake (map pixel 77, 192)
  EXPECT_NE(at(0, 0), tnt::kMinimapPadding);
  EXPECT_NE(at(251, 133), tnt::kMinimapPadding);
}

TEST(DemoMaps, OtaSchemasAndStarts) {
  const tnt::Ota ota = LakesOta();
  EXPECT_EQ(ota.title, "Demo Lakes");
  EXPECT_EQ(ota.planet, "Green Planet");
  EXPECT_EQ(ota.players_min, 2);
  EXPECT_EQ(ota.players_max, 4);
  EXPECT_EQ(ota.min_wind, 1000.0);
  EXPECT_EQ(ota.max_wind, 3000.0);
  EXPECT_EQ(ota.tidal, 20.0);
  EXPECT_EQ(ota.gravity, 112.0);
  EXPECT_EQ(ota.schema_count, 2);
  ASSERT_EQ(ota.schemas.size(), 2u);
  EXPECT_EQ(ota.schemas[0].type, "Network 1");
  EXPECT_EQ(ota.schemas[0].surface_metal, 3.0);
  EXPECT_EQ(ota.schemas[0].moho_metal, 35.0);
  EXPECT_EQ(ota.schemas[1].type, "Network 2");
  EXPECT_EQ(ota.schemas[1].surface_metal, 1.0);
  EXPECT_EQ(ota.schemas[1].moho_metal, 20.0);
  using Points = std::vector<std::pair<int, int>>;
  const Points expected[2] = {{{64, 64}, {448, 224}, {416, 64}, {224, 224}},
                              {{416, 64}, {224, 224}, {64, 64}, {448, 224}}};
  const tnt::TntMap map = Lakes();
  for (size_t s = 0; s < 2; ++s) {
    Points starts;
    for (const tnt::OtaStart& start : ota.schemas[s].starts) {
      EXPECT_EQ(start.number, int(starts.size()) + 1);
      starts.push_back({start.x, start.z});
      // On grass, dry, with no feature, inside what the game shows.
      const size_t cell = Cell(start.x / 16, start.z / 16);
      EXPECT_EQ(map.tile_index[size_t(start.z / 32) * 16 + size_t(start.x / 32)], 0);
      EXPECT_GE(map.heights[cell], map.sea_level);
      EXPECT_EQ(map.features[cell], tnt::kNoFeature);
      EXPECT_LT(start.x, map.pixel_width() - 32);
      EXPECT_LT(start.z, map.pixel_height() - 128);
    }
    EXPECT_EQ(starts, expected[s]) << "schema " << s;
  }
  EXPECT_EQ(ota.warnings, std::vector<std::string>{});
}

}  // namespace
}  // namespace kbot::demo
