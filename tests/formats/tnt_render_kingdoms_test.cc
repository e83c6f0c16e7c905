// RenderTnt on TA: Kingdoms maps (true colour from the caller's tiles, one
// request per tile position, placeholders and missing sheets), and the
// heightmap and minimap pictures of formats/tnt/render.h.
#include <gtest/gtest.h>

#include <map>
#include <tuple>

#include "formats/tnt/render.h"
#include "tests/formats/tnt_render_fixtures.h"

namespace kbot::tnt {
namespace {

using testing::Pal;
using testing::ReferenceAverage;

// A TA: Kingdoms map of 3 x 2 tiles (6 x 4 cells, 96 x 64 pixels); tile
// position i is in sheet 7 except position 4, in sheet 9 (never supplied),
// at column i and row 10 + i.
TntMap KingdomsMap() {
  TntMap m;
  m.game = Game::kKingdoms;
  m.version = kVersionKingdoms;
  m.width = 6;
  m.height = 4;
  m.heights.assign(m.cells(), 40);
  m.features.assign(m.cells(), 0xFFFFFFFF);
  for (uint32_t i = 0; i < 6; ++i) {
    m.tile_sheet.push_back(i == 4 ? 9 : 7);
    m.tile_column.push_back(i);
    m.tile_row.push_back(10 + i);
  }
  return m;
}

// The fake sheets: tile (column c, row r) of sheet 7 has pixel (x, y) =
// (8 c + x, 4 y, r); sheet 9 is missing. Counts each request.
struct FakeSheets {
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, int> asked;
  std::map<std::pair<uint32_t, uint32_t>, std::vector<uint8_t>> tiles;

  const uint8_t* Tile(uint32_t sheet, uint32_t column, uint32_t row) {
    ++asked[{sheet, column, row}];
    if (sheet != 7) return nullptr;
    std::vector<uint8_t>& t = tiles[{column, row}];
    t.resize(kTileBytes * 3);
    for (int y = 0; y < kTilePixels; ++y) {
      for (int x = 0; x < kTilePixels; ++x) {
        uint8_t* p = &t[size_t(y * kTilePixels + x) * 3];
        p[0] = uint8_t(8 * column + uint32_t(x)), p[1] = uint8_t(4 * y), p[2] = uint8_t(row);
      }
    }
    return t.data();
  }
  RenderOptions Options(int scale, PixelRect region = {}) {
    RenderOptions o;
    o.scale = scale;
    o.region = region;
    o.kingdoms_tile = [this](uint32_t s, uint32_t c, uint32_t r) { return Tile(s, c, r); };
    return o;
  }
};

// What the map shows at map pixel (x, y): the fake tile, or the placeholder
// (green by height: level 64 + h / 2, plus 32 on the 8-pixel checker).
palette::Rgb Expected(const TntMap& m, int x, int y) {
  const int pos = (y / 32) * 3 + x / 32;
  if (pos == 4) {
    const int level = 64 + m.heights[size_t((y / 16) * 6 + x / 16)] / 2 +
                      ((((x >> 3) ^ (y >> 3)) & 1) ? 32 : 0);
    return {uint8_t(level * 3 / 4), uint8_t(level), uint8_t(level / 2)};
  }
  return {uint8_t(8 * pos + x % 32), uint8_t(4 * (y % 32)), uint8_t(10 + pos)};
}

palette::Rgb At(const MapPicture& p, int x, int y) {
  const uint8_t* q = &p.rgba->rgba[(size_t(y) * size_t(p.rgba->width) + size_t(x)) * 4];
  EXPECT_EQ(q[3], 255);
  return {q[0], q[1], q[2]};
}

TEST(RenderKingdoms, FullScaleTilesAndPlaceholders) {
  const TntMap map = KingdomsMap();
  FakeSheets sheets;
  absl::StatusOr<MapPicture> p = RenderTnt(map, Pal(), sheets.Options(16));
  ASSERT_TRUE(p.ok()) << p.status();
  ASSERT_TRUE(p->rgba.has_value());
  EXPECT_FALSE(p->indexed.has_value());
  ASSERT_EQ(p->rgba->width, 96);
  ASSERT_EQ(p->rgba->height, 64);
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 96; ++x) ASSERT_EQ(At(*p, x, y), Expected(map, x, y)) << x << "," << y;
  }
  EXPECT_EQ(p->placeholder_tiles, 1);
  EXPECT_EQ(p->missing_sheets, std::vector<uint32_t>{9});
  ASSERT_EQ(p->warnings.size(), 1u);
  EXPECT_EQ(p->warnings[0], "1 tile drawn as placeholders: no tile sheet for id 00000009");
  ASSERT_EQ(sheets.asked.size(), 6u);  // each position once
  for (const auto& [key, n] : sheets.asked) EXPECT_EQ(n, 1);
}

TEST(RenderKingdoms, ShrunkIsTheAreaAverage) {
  const TntMap map = KingdomsMap();
  for (int scale : {8, 6, 3}) {
    FakeSheets sheets;
    absl::StatusOr<MapPicture> p = RenderTnt(map, Pal(), sheets.Options(scale));
    ASSERT_TRUE(p.ok()) << p.status();
    const int w = 96 * scale / 16, h = 64 * scale / 16;
    ASSERT_EQ(p->rgba->width, w);
    const std::vector<palette::Rgb> want = ReferenceAverage(
        {0, 0, 96, 64}, scale, w, h, [&](int x, int y) { return Expected(map, x, y); });
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) ASSERT_EQ(At(*p, x, y), want[size_t(y * w + x)]) << scale;
    }
  }
}

TEST(RenderKingdoms, OnlyTheRegionsTilesAreAskedFor) {
  const TntMap map = KingdomsMap();
  FakeSheets sheets;
  absl::StatusOr<MapPicture> p = RenderTnt(map, Pal(), sheets.Options(16, {40, 10, 20, 30}));
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(sheets.asked.size(), 2u);  // positions 1 and 4 (columns 1, rows 0 and 1)
  EXPECT_EQ(sheets.asked.count({7, 1, 11}), 1u);
  EXPECT_EQ(sheets.asked.count({9, 4, 14}), 1u);
  EXPECT_EQ(At(*p, 0, 0), Expected(map, 40, 10));
  EXPECT_EQ(At(*p, 19, 29), Expected(map, 59, 39));
  // No provider at all: every tile a placeholder, every sheet missing.
  RenderOptions none;
  absl::StatusOr<MapPicture> q = RenderTnt(map, Pal(), none);
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->placeholder_tiles, 6);
  EXPECT_EQ(q->missing_sheets, (std::vector<uint32_t>{7, 9}));
  EXPECT_EQ(q->warnings[0], "6 tiles drawn as placeholders: no tile sheets supplied, ids 00000007, 00000009");
}

TEST(RenderKingdoms, TintsBlendColoursAndSpritesUseThePalette) {
  TntMap map = KingdomsMap();
  map.sea_level = 41;  // every cell (40) is under water but cell (1, 0)
  map.heights[1] = 41;
  map.feature_names = {{0, "Bush"}};
  map.features[0] = 0;  // cell (0, 0)
  FakeSheets sheets;
  RenderOptions o = sheets.Options(16);
  o.water_tint = true;
  o.feature_marks = true;
  FeatureSprite s;
  s.picture = image::IndexedPicture(1, 1, 0, 1, 0);
  s.picture.index = {42};
  s.x_offset = 0, s.y_offset = 0;
  o.feature_sprites = {s};
  absl::StatusOr<MapPicture> p = RenderTnt(map, Pal(), o);
  ASSERT_TRUE(p.ok()) << p.status();
  const palette::Rgb c = Expected(map, 3, 3);
  EXPECT_EQ(At(*p, 3, 3), (palette::Rgb{uint8_t((c.r + 1) / 2), uint8_t((c.g + 48 + 1) / 2),
                                        uint8_t((c.b + 160 + 1) / 2)}));
  EXPECT_EQ(At(*p, 20, 3), Expected(map, 20, 3));  // cell (1, 0): dry
  EXPECT_EQ(At(*p, 8, 8), Pal().colors[42]);      // footprint 1 x 1: centre (8, 8)
}

TEST(Heightmap, RawAndStretched) {
  TntMap map;
  map.width = 2, map.height = 2;
  map.heights = {10, 20, 30, 10};
  const image::GreyPicture raw = Heightmap(map, false);
  EXPECT_EQ(raw.width, 2);
  EXPECT_EQ(raw.height, 2);
  EXPECT_EQ(raw.grey, (std::vector<uint8_t>{10, 20, 30, 10}));
  // (h - 10) * 255 / 20, rounded half up: 0, 127.5 -> 128, 255.
  EXPECT_EQ(Heightmap(map, true).grey, (std::vector<uint8_t>{0, 128, 255, 0}));
  map.heights = {77, 77, 77, 77};  // flat: nothing to spread, the level stays
  EXPECT_EQ(Heightmap(map, true).grey, map.heights);
}

TEST(MinimapRegion, TheTopLeftRegionOpaque) {
  Minimap m;
  m.width = 4, m.height = 3;
  m.pixels = {1, 2, 3, 0x64, 5, 6, 7, 0x64, 0x64, 0x64, 0x64, 0x64};
  m.region_width = 3, m.region_height = 2;
  const image::IndexedPicture p = MinimapRegion(m);
  EXPECT_EQ(p.width, 3);
  EXPECT_EQ(p.height, 2);
  EXPECT_EQ(p.index, (std::vector<uint8_t>{1, 2, 3, 5, 6, 7}));
  EXPECT_EQ(p.opaque, std::vector<uint8_t>(6, 1));
  m.pixels.resize(5);  // fewer pixels than the size says: nothing
  EXPECT_EQ(MinimapRegion(m).width, 0);
}

}  // namespace
}  // namespace kbot::tnt
