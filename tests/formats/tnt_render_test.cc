// RenderTnt on TA maps built in memory (tests/formats/tnt_render_fixtures.h):
// exact pixels at full scale and shrunk (against a brute-force reference of
// the area-average rule), regions, placeholders, tints, void marks, feature
// sprites and their anchor, start markers, and the caller's mistakes.
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "formats/tnt/render.h"
#include "tests/formats/tnt_render_fixtures.h"

namespace kbot::tnt {
namespace {

using testing::BruteNearest;
using testing::Pal;
using testing::ReferenceShrink;
using testing::TaMap;
using testing::TileIndexAt;

MapPicture Render(const TntMap& map, const RenderOptions& options) {
  absl::StatusOr<MapPicture> p = RenderTnt(map, Pal(), options);
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *std::move(p) : MapPicture{};
}

RenderOptions At(int scale, PixelRect region = {}) {
  RenderOptions o;
  o.scale = scale;
  o.region = region;
  return o;
}

uint8_t Pixel(const MapPicture& p, int x, int y) {
  return p.indexed->index[size_t(y) * size_t(p.indexed->width) + size_t(x)];
}

palette::Rgb Colour(uint8_t index) { return Pal().colors[index]; }

TEST(RenderTa, FullScaleCopiesEveryTileIndex) {
  const TntMap map = TaMap(4, 4);  // 8 x 8 cells, 128 x 128 pixels
  const MapPicture p = Render(map, At(16));
  ASSERT_TRUE(p.indexed.has_value());
  EXPECT_FALSE(p.rgba.has_value());
  ASSERT_EQ(p.indexed->width, 128);
  ASSERT_EQ(p.indexed->height, 128);
  for (int y = 0; y < 128; ++y) {
    for (int x = 0; x < 128; ++x) ASSERT_EQ(Pixel(p, x, y), TileIndexAt(map, x, y)) << x << "," << y;
  }
  EXPECT_EQ(p.indexed->opaque, std::vector<uint8_t>(128 * 128, 1));
  EXPECT_EQ(p.placeholder_tiles, 0);
  EXPECT_TRUE(p.warnings.empty());
  EXPECT_EQ(p.region.w, 128);
  EXPECT_EQ(p.scale, 16);
}

TEST(RenderTa, HalfScaleAveragesEachTwoByTwo) {
  const TntMap map = TaMap(4, 4);
  const MapPicture p = Render(map, At(8));
  ASSERT_EQ(p.indexed->width, 64);
  ASSERT_EQ(p.indexed->height, 64);
  // Tile 0 (position 0) is solid 10: the nearest colour to index 10's own.
  EXPECT_EQ(Pixel(p, 0, 0), BruteNearest(Colour(10)));
  // Tile 1 (position 1) is a checker of 100 and 200: each output pixel holds
  // two of each, averaged and rounded half up.
  const palette::Rgb a = Colour(100), b = Colour(200);
  const uint8_t mix = BruteNearest((2 * a.r + 2 * b.r + 2) / 4, (2 * a.g + 2 * b.g + 2) / 4,
                                   (2 * a.b + 2 * b.b + 2) / 4);
  for (int y = 0; y < 16; ++y) {
    for (int x = 16; x < 32; ++x) ASSERT_EQ(Pixel(p, x, y), mix) << x << "," << y;
  }
}

// Every scale, dividing 16 or not, against the brute-force reference.
TEST(RenderTa, EveryScaleIsTheAreaAverage) {
  const TntMap map = TaMap(3, 2);  // 96 x 64 pixels: 96 * 3 / 16 = 18 exactly, 64 * 3 / 16 = 12
  for (int scale = kSmallestScale; scale < kFullScale; ++scale) {
    SCOPED_TRACE(scale);
    const MapPicture p = Render(map, At(scale));
    const PixelRect whole{0, 0, 96, 64};
    ASSERT_EQ(p.indexed->width, 96 * scale / 16);
    ASSERT_EQ(p.indexed->height, 64 * scale / 16);
    EXPECT_EQ(p.indexed->index,
              ReferenceShrink(whole, scale, p.indexed->width, p.indexed->height,
                              [&](int x, int y) { return Colour(TileIndexAt(map, x, y)); }));
  }
}

TEST(RenderTa, RegionsDrawOnlyTheirPixels) {
  const TntMap map = TaMap(4, 4);
  const MapPicture full = Render(map, At(16));
  const PixelRect r{37, 20, 50, 70};  // not aligned to tiles
  const MapPicture p = Render(map, At(16, r));
  ASSERT_EQ(p.indexed->width, 50);
  ASSERT_EQ(p.indexed->height, 70);
  for (int y = 0; y < 70; ++y) {
    for (int x = 0; x < 50; ++x) ASSERT_EQ(Pixel(p, x, y), Pixel(full, x + 37, y + 20));
  }
  // Shrunk: 50 * 5 / 16 = 15 (floor), 70 * 5 / 16 = 21.
  const MapPicture q = Render(map, At(5, r));
  ASSERT_EQ(q.indexed->width, 15);
  ASSERT_EQ(q.indexed->height, 21);
  EXPECT_EQ(q.indexed->index, ReferenceShrink(r, 5, 15, 21, [&](int x, int y) {
              return Colour(TileIndexAt(map, x, y));
            }));
  // A region one pixel across still draws one pixel.
  const MapPicture one = Render(map, At(2, {3, 3, 1, 1}));
  EXPECT_EQ(one.indexed->width, 1);
  EXPECT_EQ(one.indexed->index[0], BruteNearest(Colour(TileIndexAt(map, 3, 3))));
}

TEST(RenderTa, ZeroWidthOrHeightReachesTheEdge) {
  const TntMap map = TaMap(4, 4);
  EXPECT_EQ(Render(map, At(16, {0, 0, 0, 0})).region.w, 128);
  const MapPicture p = Render(map, At(16, {32, 64, 0, 0}));
  EXPECT_EQ(p.region.w, 96);
  EXPECT_EQ(p.region.h, 64);
}

TEST(RenderTa, CallersMistakesAreErrors) {
  const TntMap map = TaMap(4, 4);
  for (const PixelRect& r : {PixelRect{120, 0, 16, 16}, PixelRect{-1, 0, 8, 8},
                             PixelRect{0, 128, 0, 0}, PixelRect{0, 0, 129, 1}}) {
    absl::StatusOr<MapPicture> p = RenderTnt(map, Pal(), At(16, r));
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_TRUE(absl::StrContains(p.status().message(), "region x ")) << p.status();
    EXPECT_TRUE(absl::StrContains(p.status().message(), "128 x 128 pixels")) << p.status();
  }
  absl::StatusOr<MapPicture> empty = RenderTnt(map, Pal(), At(16, {0, 0, -4, 8}));
  EXPECT_TRUE(absl::StrContains(empty.status().message(), "is empty")) << empty.status();
  for (int scale : {1, 17, 0, -3}) {
    absl::StatusOr<MapPicture> p = RenderTnt(map, Pal(), At(scale));
    ASSERT_FALSE(p.ok());
    EXPECT_TRUE(absl::StrContains(p.status().message(), "outside 2..16")) << p.status();
  }
  TntMap short_heights = map;
  short_heights.heights.resize(10);
  EXPECT_TRUE(absl::StrContains(RenderTnt(short_heights, Pal(), At(16)).status().message(),
                                "holds 10 heights"));
}

TEST(RenderTa, TilesPastTheSetArePlaceholders) {
  TntMap map = TaMap(4, 4);
  map.tile_index[5] = 3;  // one past the 3-tile set
  map.tile_index[6] = 0xFFFF;
  map.heights[size_t(2 * map.width + 2)] = 0;  // the top-left cell of position 5 (tile 1, 1)
  const MapPicture p = Render(map, At(16));
  EXPECT_EQ(p.placeholder_tiles, 2);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0], "2 tiles drawn as placeholders: tile index past the 3-tile set");
  // Grey by height (64 + height / 2), lighter by 32 on an 8-pixel checker.
  EXPECT_EQ(Pixel(p, 32, 32), BruteNearest(64, 64, 64));      // cell height 0
  EXPECT_EQ(Pixel(p, 40, 32), BruteNearest(96, 96, 96));      // checker
  EXPECT_EQ(Pixel(p, 48, 32), BruteNearest(114, 114, 114));   // height 100
  EXPECT_EQ(Pixel(p, 31, 32), TileIndexAt(map, 31, 32));      // the tile beside it
  // A tile set shorter than its count: the tiles without pixels are past it.
  map = TaMap(4, 4);
  map.tile_pixels.resize(2 * kTileBytes);
  const MapPicture q = Render(map, At(8));
  EXPECT_EQ(q.placeholder_tiles, 5);  // positions 2, 5, 8, 11, 14 show tile 2
  EXPECT_EQ(q.warnings[0], "5 tiles drawn as placeholders: tile index past the 2-tile set");
  // Only the region's tiles count.
  EXPECT_EQ(Render(map, At(16, {0, 0, 64, 32})).placeholder_tiles, 0);
}

TEST(RenderTa, WaterTintChangesOnlyCellsBelowSeaLevel) {
  TntMap map = TaMap(4, 4);
  map.sea_level = 50;
  map.heights[0] = 49;                // cell (0, 0): water
  map.heights[size_t(map.width)] = 50;  // cell (0, 1): at sea level, dry
  RenderOptions o = At(16);
  o.water_tint = true;
  const MapPicture plain = Render(map, At(16));
  const MapPicture wet = Render(map, o);
  for (int y = 0; y < 128; ++y) {
    for (int x = 0; x < 128; ++x) {
      const uint8_t was = Pixel(plain, x, y);
      if (x < 16 && y < 16) {
        const palette::Rgb c = Colour(was);  // half way to (0, 48, 160), rounded up
        ASSERT_EQ(Pixel(wet, x, y), BruteNearest((c.r + 1) / 2, (c.g + 48 + 1) / 2,
                                                 (c.b + 160 + 1) / 2));
      } else {
        ASSERT_EQ(Pixel(wet, x, y), was) << x << "," << y;
      }
    }
  }
}

TEST(RenderTa, HeightTintShadesByBand) {
  TntMap map = TaMap(4, 4);
  map.heights[0] = 0;      // band 0: x 160 / 256
  map.heights[1] = 255;    // band 7: x 328 / 256
  map.heights[2] = 130;    // band 4: as drawn
  RenderOptions o = At(16);
  o.height_tint = true;
  const MapPicture p = Render(map, o);
  const auto shade = [](uint8_t index, int mul) {
    const palette::Rgb c = Colour(index);
    const auto f = [&](int v) { return std::min(255, (v * mul + 128) >> 8); };
    return BruteNearest(f(c.r), f(c.g), f(c.b));
  };
  EXPECT_EQ(Pixel(p, 3, 3), shade(10, 160));
  EXPECT_EQ(Pixel(p, 20, 3), shade(10, 328));
  EXPECT_EQ(Pixel(p, 33, 3), TileIndexAt(map, 33, 3));
  EXPECT_EQ(Pixel(p, 3, 20), shade(10, 232));  // height 100: band 3
}

TEST(RenderTa, VoidCellsAreHatched) {
  TntMap map = TaMap(4, 4);
  map.features[size_t(1 * map.width + 2)] = kVoid;  // cell (2, 1): pixels 32..47 x 16..31
  RenderOptions o = At(16);
  o.void_marks = true;
  const MapPicture p = Render(map, o);
  const uint8_t magenta = BruteNearest(255, 0, 255);
  EXPECT_EQ(Pixel(p, 32, 16), magenta);  // both diagonals meet at the corner
  EXPECT_EQ(Pixel(p, 35, 21), magenta);  // x - y = -5 ... (3 + 5) % 8 == 0
  EXPECT_EQ(Pixel(p, 40, 24), magenta);
  EXPECT_EQ(Pixel(p, 33, 16), TileIndexAt(map, 33, 16));
  EXPECT_EQ(Pixel(p, 31, 16), TileIndexAt(map, 31, 16));  // the cell beside
  EXPECT_EQ(Pixel(p, 32, 15), TileIndexAt(map, 32, 15));
}

// A 3 x 2 sprite: origin (1, 1), footprint 2 x 2 cells, its top-right pixel
// transparent.
FeatureSprite Sprite() {
  FeatureSprite s;
  s.picture = image::IndexedPicture(3, 2, 0, 1, 0);
  s.picture.index = {1, 2, 3, 4, 5, 6};
  s.picture.opaque = {1, 1, 0, 1, 1, 1};
  s.x_offset = 1, s.y_offset = 1;
  s.footprint_x = 2, s.footprint_z = 2;
  return s;
}

TntMap MapWithFeatures() {
  TntMap map = TaMap(4, 4);
  map.feature_names = {{0, "Tree1"}, {1, "rock5"}};
  map.features[size_t(1 * map.width + 1)] = 0;  // cell (1, 1)
  map.features[size_t(2 * map.width + 3)] = 1;  // cell (3, 2): no sprite
  return map;
}

TEST(RenderTa, FeatureSpriteOriginOnTheFootprintCentre) {
  const TntMap map = MapWithFeatures();
  RenderOptions o = At(16);
  o.feature_marks = true;
  o.feature_sprites = {Sprite(), std::nullopt};
  const MapPicture p = Render(map, o);
  // Footprint 2 x 2 from cell (1, 1): centre (32, 32); origin (1, 1) there,
  // so the frame's top-left is (31, 31), across the band edge at y 32.
  EXPECT_EQ(Pixel(p, 31, 31), 1);
  EXPECT_EQ(Pixel(p, 32, 31), 2);
  EXPECT_EQ(Pixel(p, 33, 31), TileIndexAt(map, 33, 31));  // transparent
  EXPECT_EQ(Pixel(p, 31, 32), 4);
  EXPECT_EQ(Pixel(p, 33, 32), 6);
  EXPECT_EQ(Pixel(p, 34, 32), TileIndexAt(map, 34, 32));
  // Entry 1 has no sprite: a 6 x 6 outline at pixels 5..10 of cell (3, 2).
  const uint8_t yellow = BruteNearest(255, 255, 0);
  EXPECT_EQ(Pixel(p, 48 + 5, 32 + 5), yellow);
  EXPECT_EQ(Pixel(p, 48 + 10, 32 + 7), yellow);
  EXPECT_EQ(Pixel(p, 48 + 7, 32 + 10), yellow);
  EXPECT_EQ(Pixel(p, 48 + 7, 32 + 7), TileIndexAt(map, 55, 39));  // inside
  EXPECT_EQ(Pixel(p, 48 + 4, 32 + 5), TileIndexAt(map, 52, 37));  // outside
  EXPECT_TRUE(p.warnings.empty());
  // A region whose corner is the sprite's pixel (32, 32) draws it though its
  // cell (1, 1) is outside.
  o.region = {32, 32, 16, 16};
  EXPECT_EQ(Pixel(Render(map, o), 0, 0), 5);
}

TEST(RenderTa, FeaturesWithoutSpritesOrWithBadOnesAreMarkers) {
  TntMap map = MapWithFeatures();
  map.features[size_t(7 * map.width + 7)] = 0;  // the last cell: the sprite runs off the map
  RenderOptions o = At(16);
  o.feature_marks = true;
  FeatureSprite broken = Sprite();
  broken.picture.index.resize(2);  // 3 x 2 with 2 pixels
  FeatureSprite far = Sprite();
  far.x_offset = -5000;
  o.feature_sprites = {broken};  // shorter than the table: entry 1 gets a marker
  MapPicture p = Render(map, o);
  const uint8_t yellow = BruteNearest(255, 255, 0);
  EXPECT_EQ(Pixel(p, 16 + 5, 16 + 5), yellow);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0], "feature 0 (Tree1): its sprite is a 3 x 2 picture with 2 pixels; "
                           "drawn as a marker");
  o.feature_sprites = {far};
  p = Render(map, o);
  EXPECT_EQ(Pixel(p, 16 + 5, 16 + 5), yellow);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_TRUE(absl::StrContains(p.warnings[0], "reaches past 1024 pixels")) << p.warnings[0];
  o.feature_sprites = {Sprite()};
  p = Render(map, o);
  EXPECT_EQ(Pixel(p, 127, 127), 1);  // the last cell's sprite, clipped
}

TEST(RenderTa, FeaturesShrinkWithTheMap) {
  const TntMap map = MapWithFeatures();
  RenderOptions o = At(4);
  o.feature_marks = true;
  o.feature_sprites = {Sprite(), std::nullopt};
  const MapPicture full = Render(map, [&] { RenderOptions f = o; f.scale = 16; return f; }());
  const MapPicture p = Render(map, o);
  EXPECT_EQ(p.indexed->index, ReferenceShrink({0, 0, 128, 128}, 4, 32, 32, [&](int x, int y) {
              return Colour(Pixel(full, x, y));
            }));
}

TEST(RenderTa, StartMarkersAreDrawnAfterShrinking) {
  const TntMap map = TaMap(4, 4);
  RenderOptions o = At(8);
  o.starts = {{1, 64, 64}};  // output (32, 32): a 10 x 14 box from (27, 25)
  const MapPicture p = Render(map, o);
  const uint8_t white = BruteNearest(255, 255, 255), black = BruteNearest(0, 0, 0);
  EXPECT_EQ(Pixel(p, 27, 25), white);  // outline
  EXPECT_EQ(Pixel(p, 36, 38), white);
  EXPECT_EQ(Pixel(p, 28, 26), black);  // inside
  EXPECT_EQ(Pixel(p, 26, 25), ReferenceShrink({52, 50, 2, 2}, 8, 1, 1, [&](int x, int y) {
              return Colour(TileIndexAt(map, x, y));
            })[0]);  // beside: the map
  // "1" at 2x from (29, 27): its glyph's middle column (x 31..32) is inked
  // on every row, its left column only on row 1 (y 29..30).
  EXPECT_EQ(Pixel(p, 31, 27), white);
  EXPECT_EQ(Pixel(p, 29, 27), black);
  EXPECT_EQ(Pixel(p, 29, 29), white);
  // Clipped at the picture's corner, and one far away is not drawn.
  o.starts = {{1, 0, 0}, {2, -100000, 5}};
  const MapPicture q = Render(map, o);
  EXPECT_EQ(Pixel(q, 4, 6), white);  // the box's bottom-right corner
  EXPECT_EQ(Pixel(q, 2, 0), black);
  EXPECT_EQ(Pixel(q, 5, 0), ReferenceShrink({10, 0, 2, 2}, 8, 1, 1, [&](int x, int y) {
              return Colour(TileIndexAt(map, x, y));
            })[0]);
}

TEST(RenderTa, ProgressEachBand) {
  const TntMap map = TaMap(4, 4);
  for (int scale : {16, 4}) {
    std::vector<std::pair<int, int>> told;
    RenderOptions o = At(scale);
    o.progress = [&](int done, int total) {
      told.emplace_back(done, total);
      return true;
    };
    Render(map, o);
    const int h = 128 * scale / 16;
    ASSERT_FALSE(told.empty());
    EXPECT_EQ(told.back(), std::make_pair(h, h));
    for (size_t i = 1; i < told.size(); ++i) EXPECT_GT(told[i].first, told[i - 1].first);
  }
}

// A progress callback that says stop ends the render after that band.
TEST(RenderTa, ProgressCanStopIt) {
  const TntMap map = TaMap(4, 4);
  int calls = 0;
  RenderOptions o = At(16);
  o.progress = [&](int, int) { return ++calls < 2; };
  absl::StatusOr<MapPicture> out = RenderTnt(map, palette::TaPalette(), o);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kCancelled);
  EXPECT_EQ(calls, 2);
}

}  // namespace
}  // namespace kbot::tnt
