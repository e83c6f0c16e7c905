// The TNT reader (formats/tnt/tnt.h) on maps built byte by byte: one TA and
// one TA: Kingdoms map typed out as literal bytes (pinning the layout apart
// from the builder), the builder's fixtures (tests/support/tnt_bytes.h) with
// every value checked, the minimap region rules, and the warnings odd but
// readable maps give. Refusals: tnt_malformed_test.cc.
#include <gtest/gtest.h>

#include <numeric>

#include "absl/strings/match.h"
#include "formats/identify/identify.h"
#include "formats/tnt/tnt.h"
#include "tests/support/tnt_bytes.h"

namespace kbot::tnt {
namespace {

using kbot::testing::LayOutTa;
using kbot::testing::LayOutTak;
using kbot::testing::PutU32;
using kbot::testing::SmallTakMap;
using kbot::testing::SmallTaMap;
using kbot::testing::TntFixtureMinimapPixel;
using kbot::testing::TntFixtureTile;
using kbot::testing::TntMinimapSpec;

std::string Joined(const std::vector<std::string>& warnings) {
  std::string out;
  for (const std::string& w : warnings) out += w + "\n";
  return out;
}

// A 2 x 2-cell TA map: header (0x40), tile index at 0x40, attribute cells at
// 0x42, one tile at 0x52, one feature entry at 0x452, a 2 x 2 minimap at 0x4d6.
std::vector<uint8_t> HandTypedTa() {
  std::vector<uint8_t> b = {
      0x00, 0x20, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,  // version 0x2000, width 2
      0x02, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00,  // height 2, tile index 0x40
      0x42, 0x00, 0x00, 0x00, 0x52, 0x00, 0x00, 0x00,  // attributes 0x42, tiles 0x52
      0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,  // 1 tile, 1 feature
      0x52, 0x04, 0x00, 0x00, 0x19, 0x00, 0x00, 0x00,  // feature table 0x452, sea level 25
      0xD6, 0x04, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,  // minimap 0x4d6, flags 1
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // 16 zero bytes
      0x00, 0x00,                                      // tile position (0, 0): tile 0
      0x05, 0x00, 0x00, 0x00, 0x06, 0xFF, 0xFF, 0x00,  // cells: height 5 feature 0; 6 none
      0x07, 0xFC, 0xFF, 0x00, 0x08, 0xFE, 0xFF, 0x09,  // 7 void; 8 unknown (unused byte 9)
  };
  for (int i = 0; i < 1024; ++i) b.push_back(uint8_t(i * 7));
  const std::vector<uint8_t> entry = {0x00, 0x00, 0x00, 0x00, 'T', 'r', 'e', 'e'};
  b.insert(b.end(), entry.begin(), entry.end());
  b.resize(b.size() + 124, 0);
  const std::vector<uint8_t> minimap = {0x02, 0, 0, 0, 0x02, 0, 0, 0, 0x0A, 0x0B, 0x0C, 0x0D};
  b.insert(b.end(), minimap.begin(), minimap.end());
  return b;
}

TEST(Tnt, HandTypedTaHeader) {
  const std::vector<uint8_t> bytes = HandTypedTa();
  ASSERT_EQ(bytes.size(), 0x4E2u);
  absl::StatusOr<TntMap> map = ReadTnt(bytes, "hand.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->game, Game::kTa);
  EXPECT_EQ(map->version, 0x2000u);
  EXPECT_EQ(map->width, 2u);
  EXPECT_EQ(map->height, 2u);
  EXPECT_EQ(map->sea_level, 25u);
  EXPECT_EQ(map->flags, 1u);
  EXPECT_EQ(map->tile_index, (std::vector<uint16_t>{0}));
  EXPECT_EQ(map->tile_count, 1u);
  ASSERT_EQ(map->tile_pixels.size(), 1024u);
  EXPECT_EQ(map->tile_pixels[1], 7);
  EXPECT_EQ(map->tile_pixels[1023], uint8_t(1023 * 7));
  EXPECT_EQ(map->heights, (std::vector<uint8_t>{5, 6, 7, 8}));
  EXPECT_EQ(map->features, (std::vector<uint32_t>{0, 0xFFFF, 0xFFFC, 0xFFFE}));
  ASSERT_EQ(map->feature_names.size(), 1u);
  EXPECT_EQ(map->feature_names[0].index, 0u);
  EXPECT_EQ(map->feature_names[0].name, "Tree");
  EXPECT_TRUE(map->HasFeature(0));
  EXPECT_FALSE(map->HasFeature(1));
  EXPECT_TRUE(map->IsVoid(2));
  ASSERT_TRUE(map->minimap.has_value());
  EXPECT_EQ(map->minimap->offset, 0x4D6u);
  EXPECT_EQ(map->minimap->width, 2);
  EXPECT_EQ(map->minimap->height, 2);
  EXPECT_EQ(map->minimap->pixels, (std::vector<uint8_t>{0x0A, 0x0B, 0x0C, 0x0D}));
  // 32 x 32 pixels: too small to leave any visible part, so all of it, square.
  EXPECT_EQ(map->minimap->region_width, 2);
  EXPECT_EQ(map->minimap->region_height, 2);
  EXPECT_FALSE(map->large_minimap.has_value());
  // The 0xFFFE cell, and the minimap's size.
  ASSERT_EQ(map->warnings.size(), 2u) << Joined(map->warnings);
  EXPECT_EQ(map->warnings[0],
            "cell (1, 1): feature word 0xfffe, a sentinel seen on a few early maps whose "
            "meaning is unknown");
  EXPECT_EQ(map->warnings[1],
            "the minimap at 0x4d6 is 2 x 2, not the game's 252 x 252 (or 252 x 256): read as it is");
}

// A 2 x 2-cell TA: Kingdoms map: header (0x34), heights at 0x34, spots at
// 0x38, one feature entry at 0x48, sheets 0xcc, columns 0xd0, rows 0xd4,
// small minimap 0xd8, large 0xe4.
TEST(Tnt, HandTypedKingdomsHeader) {
  std::vector<uint8_t> b = {
      0x00, 0x40, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,  // version 0x4000, width 2
      0x02, 0x00, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00,  // height 2, sea level 48
      0x34, 0x00, 0x00, 0x00, 0x38, 0x00, 0x00, 0x00,  // heights 0x34, spots 0x38
      0x48, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,  // feature table 0x48, 1 feature
      0xCC, 0x00, 0x00, 0x00, 0xD0, 0x00, 0x00, 0x00,  // sheets 0xcc, columns 0xd0
      0xD4, 0x00, 0x00, 0x00, 0xD8, 0x00, 0x00, 0x00,  // rows 0xd4, small minimap 0xd8
      0xE4, 0x00, 0x00, 0x00,                          // large minimap 0xe4
      0x01, 0x02, 0x03, 0x04,                          // heights
      0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF,  // spots: 0, none
      0x01, 0x00, 0x00, 0x00, 0x05, 0x00, 0x01, 0x00,  // 1 (past the table), 0x10005
  };
  const std::vector<uint8_t> entry = {0x00, 0x00, 0x00, 0x00, 'O', 'a', 'k'};
  b.insert(b.end(), entry.begin(), entry.end());
  b.resize(0xCC, 0);
  const std::vector<uint8_t> rest = {
      0x78, 0x56, 0x34, 0x12, 0x03, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,  // sheet, col, row
      0x02, 0, 0, 0, 0x02, 0, 0, 0, 0x01, 0x64, 0x64, 0x64,                    // small: region 1 x 1
      0x01, 0, 0, 0, 0x04, 0, 0, 0, 0x07, 0x08, 0x09, 0x0A,                    // large: 1 x 4, no padding
  };
  b.insert(b.end(), rest.begin(), rest.end());
  absl::StatusOr<TntMap> map = ReadTnt(b, "hand.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->game, Game::kKingdoms);
  EXPECT_EQ(map->sea_level, 48u);
  EXPECT_EQ(map->heights, (std::vector<uint8_t>{1, 2, 3, 4}));
  EXPECT_EQ(map->features, (std::vector<uint32_t>{0, 0xFFFFFFFF, 1, 0x10005}));
  ASSERT_EQ(map->feature_names.size(), 1u);
  EXPECT_EQ(map->feature_names[0].name, "Oak");
  EXPECT_EQ(map->tile_sheet, (std::vector<uint32_t>{0x12345678}));
  EXPECT_EQ(map->tile_column, (std::vector<uint32_t>{3}));
  EXPECT_EQ(map->tile_row, (std::vector<uint32_t>{2}));
  EXPECT_TRUE(map->tile_index.empty());
  EXPECT_TRUE(map->tile_pixels.empty());
  ASSERT_TRUE(map->minimap && map->large_minimap);
  EXPECT_EQ(map->minimap->region_width, 1);
  EXPECT_EQ(map->minimap->region_height, 1);
  EXPECT_EQ(map->large_minimap->offset, 0xE4u);
  EXPECT_EQ(map->large_minimap->pixels, (std::vector<uint8_t>{7, 8, 9, 10}));
  EXPECT_EQ(map->large_minimap->region_width, 1);
  EXPECT_EQ(map->large_minimap->region_height, 4);
  // Spots past the table are "no feature", never a warning.
  EXPECT_TRUE(map->warnings.empty()) << Joined(map->warnings);
  EXPECT_TRUE(map->HasFeature(0));
  EXPECT_FALSE(map->HasFeature(2));
}

TEST(Tnt, SmallTaMapEveryValue) {
  absl::StatusOr<TntMap> map = ReadTnt(LayOutTa(SmallTaMap()).bytes, "small.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->tiles_across(), 4);
  EXPECT_EQ(map->tiles_down(), 4);
  EXPECT_EQ(map->pixel_width(), 128);
  EXPECT_EQ(map->cells(), 64u);
  EXPECT_EQ(map->sea_level, 25u);
  EXPECT_EQ(map->tile_count, 5u);
  ASSERT_EQ(map->tile_index.size(), 16u);
  for (int ty = 0; ty < 4; ++ty) {
    for (int tx = 0; tx < 4; ++tx) EXPECT_EQ(map->tile_index[ty * 4 + tx], (tx + ty) % 5);
  }
  std::vector<uint8_t> tiles;
  for (int k = 0; k < 5; ++k) {
    const std::vector<uint8_t> t = TntFixtureTile(k);
    tiles.insert(tiles.end(), t.begin(), t.end());
  }
  EXPECT_EQ(map->tile_pixels, tiles);
  EXPECT_EQ(map->tile_pixels[3 * 1024 + 2 * 32 + 1], uint8_t(150 + 1 + 4));
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) EXPECT_EQ(map->heights[y * 8 + x], 10 * x + y);
  }
  const std::vector<uint32_t> row0 = {0xFFFF, 0, 1, 2, 0xFFFC, 0xFFFE, 7, 0xFFFF};
  EXPECT_EQ(std::vector<uint32_t>(map->features.begin(), map->features.begin() + 8), row0);
  EXPECT_EQ(map->features[56], kVoid);
  EXPECT_EQ(map->features[57], kVoid);
  EXPECT_EQ(map->features[58], kNoFeature);
  EXPECT_EQ(std::count(map->features.begin(), map->features.end(), kNoFeature), 64 - 8);
  ASSERT_EQ(map->feature_names.size(), 3u);
  EXPECT_EQ(map->feature_names[1].name, "Metal01");
  EXPECT_EQ(map->feature_names[2].index, 2u);
  EXPECT_TRUE(map->HasFeature(3));
  EXPECT_FALSE(map->HasFeature(6));  // index 7, past the table
  EXPECT_FALSE(map->HasFeature(4));
  EXPECT_TRUE(map->IsVoid(4));
  ASSERT_TRUE(map->minimap.has_value());
  EXPECT_EQ(map->minimap->width, 252);
  EXPECT_EQ(map->minimap->pixels[5 * 252 + 9], TntFixtureMinimapPixel(9, 5));
  EXPECT_EQ(map->minimap->region_width, 252);
  EXPECT_EQ(map->minimap->region_height, 252);
  EXPECT_EQ(map->warnings,
            (std::vector<std::string>{
                "cell (6, 0): feature index 7 is past the 3-entry feature table",
                "cell (5, 0): feature word 0xfffe, a sentinel seen on a few early maps whose "
                "meaning is unknown"}));
}

TEST(Tnt, SmallKingdomsMapEveryValue) {
  absl::StatusOr<TntMap> map = ReadTnt(LayOutTak(SmallTakMap()).bytes, "small.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->game, Game::kKingdoms);
  EXPECT_EQ(map->version, kVersionKingdoms);
  EXPECT_EQ(map->sea_level, 40u);
  std::vector<uint8_t> heights(64);
  std::iota(heights.begin(), heights.end(), 0);
  EXPECT_EQ(map->heights, heights);
  EXPECT_EQ(map->features[0], 0u);
  EXPECT_EQ(map->features[1], 1u);
  EXPECT_EQ(map->features[2], 7u);  // kept as stored
  EXPECT_EQ(map->features[3], 0xFFFFu);  // u16 spots, as the shipped maps store them
  EXPECT_EQ(map->feature_spot_bytes, 2);
  EXPECT_EQ(map->tile_coordinate_bytes, 1);
  ASSERT_EQ(map->feature_names.size(), 2u);
  EXPECT_EQ(map->feature_names[0].name, "Pine");
  EXPECT_EQ(map->feature_names[1].name, "Boulder");
  ASSERT_EQ(map->tile_sheet.size(), 16u);
  EXPECT_EQ(map->tile_sheet[2 * 4 + 1], 0x1002u);
  EXPECT_EQ(map->tile_column[2 * 4 + 1], 1u);
  EXPECT_EQ(map->tile_row[2 * 4 + 1], 1u);
  EXPECT_EQ(map->tile_row[3], 3u);
  ASSERT_TRUE(map->minimap.has_value());
  EXPECT_EQ(map->minimap->width, 12);
  EXPECT_EQ(map->minimap->height, 10);
  EXPECT_EQ(map->minimap->region_width, 9);
  EXPECT_EQ(map->minimap->region_height, 7);
  EXPECT_EQ(map->minimap->pixels[1 * 12 + 2], TntFixtureMinimapPixel(2, 1));
  EXPECT_EQ(map->minimap->pixels[1 * 12 + 10], 0x64);
  ASSERT_TRUE(map->large_minimap.has_value());
  EXPECT_EQ(map->large_minimap->region_width, 20);
  EXPECT_EQ(map->large_minimap->region_height, 16);
  EXPECT_EQ(map->large_minimap->pixels[15 * 20 + 19], TntFixtureMinimapPixel(19, 15));
  EXPECT_TRUE(map->warnings.empty()) << Joined(map->warnings);
}

// The first format notes' layout (u32 spots, columns and rows) reads to the
// same values when the sections are spaced for it.
TEST(Tnt, KingdomsWideArraysAreReadWhenSpacedForThem) {
  testing::TakMapSpec spec = SmallTakMap();
  spec.wide = true;
  absl::StatusOr<TntMap> wide = ReadTnt(LayOutTak(spec).bytes, "wide.tnt");
  absl::StatusOr<TntMap> shipped = ReadTnt(LayOutTak(SmallTakMap()).bytes, "small.tnt");
  ASSERT_TRUE(wide.ok() && shipped.ok()) << wide.status() << shipped.status();
  EXPECT_EQ(wide->feature_spot_bytes, 4);
  EXPECT_EQ(wide->tile_coordinate_bytes, 4);
  EXPECT_EQ(wide->features[3], 0xFFFFFFFFu);
  EXPECT_EQ(wide->features[2], shipped->features[2]);
  EXPECT_EQ(wide->tile_column, shipped->tile_column);
  EXPECT_EQ(wide->tile_row, shipped->tile_row);
  EXPECT_EQ(wide->tile_sheet, shipped->tile_sheet);
}

// A 2 x 2-cell map laid out as the shipped maps are, typed byte by byte:
// u16 feature spots, u8 column and row.
TEST(Tnt, HandTypedKingdomsShippedLayout) {
  std::vector<uint8_t> b = {
      0x00, 0x40, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,  // version 0x4000, width 2
      0x02, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00,  // height 2, sea level 16
      0x34, 0x00, 0x00, 0x00, 0x38, 0x00, 0x00, 0x00,  // heights 0x34, spots 0x38
      0x40, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,  // feature table 0x40, 1 feature
      0xC4, 0x00, 0x00, 0x00, 0xC8, 0x00, 0x00, 0x00,  // sheets 0xc4, columns 0xc8
      0xC9, 0x00, 0x00, 0x00, 0xCA, 0x00, 0x00, 0x00,  // rows 0xc9, small minimap 0xca
      0x00, 0x00, 0x00, 0x00,                          // no large minimap
      0x05, 0x06, 0x07, 0x08,                          // heights
      0x00, 0x00, 0xFF, 0xFF, 0x00, 0xFF, 0x01, 0x00,  // spots: 0, 0xffff, 0xff00, 1
  };
  const std::vector<uint8_t> entry = {0x00, 0x00, 0x00, 0x00, 'E', 'l', 'm'};
  b.insert(b.end(), entry.begin(), entry.end());
  b.resize(0xC4, 0);
  const std::vector<uint8_t> rest = {
      0xB4, 0x9E, 0x0A, 0x00, 0x0F, 0x0E,          // sheet 0x000a9eb4, column 15, row 14
      0x01, 0, 0, 0, 0x01, 0, 0, 0, 0x2A,          // small minimap 1 x 1
  };
  b.insert(b.end(), rest.begin(), rest.end());
  absl::StatusOr<TntMap> map = ReadTnt(b, "shipped.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->feature_spot_bytes, 2);
  EXPECT_EQ(map->tile_coordinate_bytes, 1);
  EXPECT_EQ(map->heights, (std::vector<uint8_t>{5, 6, 7, 8}));
  EXPECT_EQ(map->features, (std::vector<uint32_t>{0, 0xFFFF, 0xFF00, 1}));
  EXPECT_EQ(map->feature_names[0].name, "Elm");
  EXPECT_EQ(map->tile_sheet, (std::vector<uint32_t>{0x000A9EB4}));
  EXPECT_EQ(map->tile_column, (std::vector<uint32_t>{15}));
  EXPECT_EQ(map->tile_row, (std::vector<uint32_t>{14}));
  ASSERT_TRUE(map->minimap.has_value());
  EXPECT_EQ(map->minimap->pixels, (std::vector<uint8_t>{0x2A}));
  EXPECT_FALSE(map->large_minimap.has_value());
}

TEST(Tnt, TaMinimapRegionExamples) {
  const auto region = [](uint32_t w, uint32_t h, int sw = 252, int sh = 252) {
    const RegionSize r = TaMinimapRegion(w, h, sw, sh);
    return std::pair(r.width, r.height);
  };
  EXPECT_EQ(region(128, 64), std::pair(252, 112));   // 64 x 32 tiles
  EXPECT_EQ(region(450, 392), std::pair(252, 216));  // 225 x 196 tiles
  EXPECT_EQ(region(256, 192), std::pair(252, 182));  // 128 x 96 tiles
  EXPECT_EQ(region(64, 128), std::pair(130, 252));   // taller than wide: the height is 252
  EXPECT_EQ(region(256, 192, 252, 256), std::pair(252, 182));
  // Too small to leave a visible part: the full 128 x 96 pixels, 4:3.
  EXPECT_EQ(region(8, 6), std::pair(252, 189));
  EXPECT_EQ(region(8, 8), std::pair(252, 252));
  // Never more than the stored size.
  EXPECT_EQ(region(128, 64, 100, 30), std::pair(100, 30));
  EXPECT_EQ(region(128, 64, 64, 64), std::pair(64, 28));
  EXPECT_EQ(region(4096, 2), std::pair(252, 1));  // rounds to 0: at least 1
  EXPECT_EQ(region(8, 8, 0, 0), std::pair(0, 0));
}

TEST(Tnt, TileIndexPastTheSetIsSummarised) {
  kbot::testing::TaMapSpec spec = SmallTaMap();
  spec.cells.assign(64, {});
  spec.tile_index[7] = 0xFFFF;  // (3, 1)
  spec.tile_index[9] = 5;
  spec.tile_index[15] = 6;
  absl::StatusOr<TntMap> map = ReadTnt(LayOutTa(spec).bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->tile_index[7], 0xFFFF);
  EXPECT_EQ(map->warnings, (std::vector<std::string>{
                               "tile position (3, 1): tile index 65535 is past the 5-tile set "
                               "(and 2 more)"}));
}

TEST(Tnt, FeatureWordsPastTheTableAndUnknownSentinelsCounted) {
  kbot::testing::TaMapSpec spec = SmallTaMap();
  spec.cells[20].feature = 3;
  spec.cells[21].feature = 0xFFFD;
  spec.cells[30].feature = 0xFFFE;
  absl::StatusOr<TntMap> map = ReadTnt(LayOutTa(spec).bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->features[21], 0xFFFDu);
  EXPECT_EQ(map->warnings,
            (std::vector<std::string>{
                "cell (6, 0): feature index 7 is past the 3-entry feature table (and 2 more)",
                "cell (5, 0): feature word 0xfffe, a sentinel seen on a few early maps whose "
                "meaning is unknown (and 1 more)"}));
}

TEST(Tnt, FeatureTableOddities) {
  kbot::testing::TaMapSpec spec = SmallTaMap();
  spec.cells.assign(64, {});
  spec.feature_names = {"Tree1", std::string(130, 'x'), std::string("a\tb"), "ok"};
  kbot::testing::TntLayout l = LayOutTa(spec);
  PutU32(l.bytes, l.features + 2 * 132, 9);
  PutU32(l.bytes, l.features + 3 * 132, 1);
  absl::StatusOr<TntMap> map = ReadTnt(l.bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  ASSERT_EQ(map->feature_names.size(), 4u);
  EXPECT_EQ(map->feature_names[1].name, std::string(128, 'x'));
  EXPECT_EQ(map->feature_names[2].name, "a\tb");
  EXPECT_EQ(map->feature_names[2].index, 9u);
  EXPECT_EQ(map->warnings,
            (std::vector<std::string>{
                "feature table entry 2: its stored index is 9, not its position (and 1 more)",
                "feature table entry 1: the name fills all 128 bytes with no NUL: kept whole",
                "feature table entry 2: the name holds byte 0x9 at 1, a control character"}));
}

TEST(Tnt, MinimapSizes) {
  kbot::testing::TaMapSpec spec = SmallTaMap();
  spec.cells.assign(64, {});
  spec.minimap = TntMinimapSpec{252, 256, std::vector<uint8_t>(252 * 256, 3)};
  absl::StatusOr<TntMap> map = ReadTnt(LayOutTa(spec).bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->minimap->height, 256);
  EXPECT_EQ(map->minimap->region_height, 252);
  EXPECT_TRUE(map->warnings.empty()) << Joined(map->warnings);

  spec.minimap.reset();
  map = ReadTnt(LayOutTa(spec).bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_FALSE(map->minimap.has_value());
  EXPECT_EQ(map->warnings, (std::vector<std::string>{
                               "no minimap: the header's field at 0x28 is 0"}));
}

TEST(Tnt, KingdomsMinimapStartingWithPaddingIsTakenWhole) {
  kbot::testing::TakMapSpec spec = SmallTakMap();
  spec.large_minimap = TntMinimapSpec{3, 2, {0x64, 1, 2, 3, 4, 5}};
  absl::StatusOr<TntMap> map = ReadTnt(LayOutTak(spec).bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->large_minimap->region_width, 3);
  EXPECT_EQ(map->large_minimap->region_height, 2);
  ASSERT_EQ(map->warnings.size(), 1u);
  EXPECT_TRUE(absl::StrContains(map->warnings[0], "large minimap at 0x"));
  EXPECT_TRUE(absl::StrContains(map->warnings[0], "starts with the padding index 0x64"));
}

TEST(Tnt, OddSidesWarnAndTileFloor) {
  kbot::testing::TaMapSpec spec;
  spec.width = 5;
  spec.height = 3;
  spec.tiles = {TntFixtureTile(0)};
  spec.minimap = TntMinimapSpec{252, 252, std::vector<uint8_t>(252 * 252, 1)};
  absl::StatusOr<TntMap> map = ReadTnt(LayOutTa(spec).bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  EXPECT_EQ(map->tile_index.size(), 2u);  // 2 x 1
  EXPECT_EQ(map->heights.size(), 15u);
  EXPECT_EQ(map->warnings,
            (std::vector<std::string>{
                "the width of 5 cells is odd: the map is 2 tiles across and its last column of "
                "cells has none",
                "the height of 3 cells is odd: the map is 1 tile down and its last row of cells "
                "has none"}));
}

TEST(Tnt, OverlappingSectionsAndTrailingBytesRead) {
  // The tile index and the attribute cells share their bytes; the feature
  // table has no entries and offset 0; bytes follow the minimap.
  kbot::testing::TaMapSpec spec = SmallTaMap();
  spec.feature_names.clear();
  spec.cells.assign(64, {});
  kbot::testing::TntLayout l = LayOutTa(spec);
  PutU32(l.bytes, 0x0C, uint32_t(l.attributes));
  PutU32(l.bytes, 0x20, 0);
  l.bytes.insert(l.bytes.end(), 100, 0xEE);
  absl::StatusOr<TntMap> map = ReadTnt(l.bytes, "t.tnt");
  ASSERT_TRUE(map.ok()) << map.status();
  // Cell 0 is 00 FF FF 00: tile positions 0 and 1 read 0xff00 and 0x00ff.
  EXPECT_EQ(map->tile_index[0], 0xFF00);
  EXPECT_EQ(map->tile_index[1], 0x00FF);
  EXPECT_TRUE(map->feature_names.empty());
  EXPECT_EQ(map->warnings, (std::vector<std::string>{
                               "tile position (0, 0): tile index 65280 is past the 5-tile set "
                               "(and 15 more)"}));
}

// formats/identify calls a file a TNT when the reader can read it: a TA:
// Kingdoms map shorter than TA's 0x40-byte header, a minimap outside the
// file, an empty feature table pointing anywhere.
TEST(Tnt, IdentifyAgreesWithTheReader) {
  const auto both = [](const std::vector<uint8_t>& bytes) {
    const identify::FileIdentity id = identify::IdentifyFile(bytes);
    absl::StatusOr<TntMap> map = ReadTnt(bytes, "t.tnt");
    EXPECT_TRUE(map.ok()) << map.status();
    EXPECT_EQ(id.kind, identify::FileKind::kTnt) << id.what;
    return id.what;
  };
  EXPECT_EQ(both(LayOutTa(SmallTaMap()).bytes), "a TA map (TNT, 8 x 8 cells)");
  EXPECT_EQ(both(LayOutTak(SmallTakMap()).bytes), "a TA: Kingdoms map (TNT, 8 x 8 cells)");
  // 1 x 1 cell: its height and its feature spot share the bytes after the
  // 0x34-byte header; no tile positions, no minimaps.
  std::vector<uint8_t> tiny = LayOutTak(kbot::testing::TakMapSpec{.width = 1, .height = 1}).bytes;
  PutU32(tiny, 0x14, 0x34);
  tiny.resize(0x38);
  EXPECT_EQ(both(tiny), "a TA: Kingdoms map (TNT, 1 x 1 cells)");
  kbot::testing::TntLayout l = LayOutTa(SmallTaMap());
  PutU32(l.bytes, 0x28, 0x7FFFFFFF);
  PutU32(l.bytes, 0x1C, 0);
  PutU32(l.bytes, 0x20, 0xFFFFFFFF);
  both(l.bytes);
}

}  // namespace
}  // namespace kbot::tnt
