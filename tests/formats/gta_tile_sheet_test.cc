// Tile sheets (formats/gta/tile_sheet.h) of a style whose tile block, CLUTs
// and palette index are written byte by byte here, with every texel's offset
// and colour worked by hand from the page formulas of style.h.
#include "formats/gta/tile_sheet.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/expect_picture.h"

namespace kbot::gta {
namespace {

using testing::PixelAt;
using testing::Rgba;

constexpr Rgba kClear{0, 0, 0, 0};

// 1 side, 2 lid and 1 aux tile: tiles 0 .. 3, one 16 KB strip, where tile n
// texel (u, v) is at n * 64 + v * 256 + u. 3 CLUTs on page 0: CLUT p colour e
// at p * 4 + e * 256, as B, G, R, 0.
Style MakeStyle() {
  Style s;
  s.name = "STYLE009.G24";
  s.side_tiles = 1;
  s.lid_tiles = 2;
  s.aux_tiles = 1;
  s.tiles.assign(0x4000, 0);
  s.tiles[1 * 64 + 0 * 256 + 0] = 5;    // lid 0 = tile 1, texel (0, 0)
  s.tiles[1 * 64 + 0 * 256 + 1] = 6;    // lid 0, texel (1, 0)
  s.tiles[2 * 64 + 63 * 256 + 63] = 5;  // lid 1 = tile 2, texel (63, 63)
  s.tiles[0 * 64 + 2 * 256 + 3] = 6;    // side 0 = tile 0, texel (3, 2)
  s.clut_count = 3;
  s.cluts.assign(0x10000, 0);
  auto colour = [&](int clut, int e, uint8_t r, uint8_t g, uint8_t b) {
    const size_t at = size_t(clut) * 4 + size_t(e) * 256;
    s.cluts[at] = b, s.cluts[at + 1] = g, s.cluts[at + 2] = r;
  };
  colour(0, 0, 1, 2, 3);
  colour(0, 5, 50, 51, 52);
  colour(0, 6, 60, 61, 62);
  colour(1, 0, 10, 11, 12);
  colour(1, 6, 160, 161, 162);
  colour(2, 5, 250, 251, 252);
  // Slot 4 n + r: every tile's remap 0 uses CLUT 0; side 0 left (r 2) and
  // lid 0 remap 1 use CLUT 1; aux 0 remap 3 uses CLUT 2; lid 1 remap 2 names
  // CLUT 7, past the three.
  s.palette_index.assign(16, 0);
  s.palette_index[0 * 4 + 2] = 1;
  s.palette_index[1 * 4 + 1] = 1;
  s.palette_index[3 * 4 + 3] = 2;
  s.palette_index[2 * 4 + 2] = 7;
  return s;
}

TileSheetOptions Lids(int first, int count) {
  TileSheetOptions o;
  o.kind = TileKind::kLid;
  o.first = first;
  o.count = count;
  return o;
}

TEST(GtaTileSheet, KindsNameCountAndNumberTheirTiles) {
  const Style s = MakeStyle();
  EXPECT_EQ(TileKindName(TileKind::kSide), "side");
  EXPECT_EQ(TileKindName(TileKind::kLid), "lid");
  EXPECT_EQ(TileKindName(TileKind::kAux), "aux");
  EXPECT_EQ(TileCount(s, TileKind::kSide), 1);
  EXPECT_EQ(TileCount(s, TileKind::kLid), 2);
  EXPECT_EQ(TileCount(s, TileKind::kAux), 1);
  EXPECT_EQ(TileOf(s, TileKind::kSide, 0), 0);
  EXPECT_EQ(TileOf(s, TileKind::kLid, 1), 2);
  EXPECT_EQ(TileOf(s, TileKind::kAux, 0), 3);
}

TEST(GtaTileSheet, TilesInARowWithATransparentGap) {
  absl::StatusOr<TileSheet> sheet = DrawTileSheet(MakeStyle(), Lids(0, 2));
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->columns, 2);
  EXPECT_EQ(sheet->rows, 1);
  EXPECT_EQ(sheet->picture.width, 64 + 2 + 64);
  EXPECT_EQ(sheet->picture.height, 64);
  EXPECT_TRUE(sheet->warnings.empty());
  ASSERT_EQ(sheet->tiles.size(), 2u);
  EXPECT_EQ(sheet->tiles[0].tile, 0);
  EXPECT_EQ(sheet->tiles[0].clut, 0);
  EXPECT_EQ(sheet->tiles[1].tile, 1);
  EXPECT_EQ(sheet->tiles[1].clut, 0);
  EXPECT_EQ(PixelAt(sheet->picture, 0, 0), (Rgba{50, 51, 52, 255}));
  EXPECT_EQ(PixelAt(sheet->picture, 1, 0), (Rgba{60, 61, 62, 255}));
  EXPECT_EQ(PixelAt(sheet->picture, 2, 0), (Rgba{1, 2, 3, 255}));  // texel 0: opaque
  EXPECT_EQ(PixelAt(sheet->picture, 64, 10), kClear);
  EXPECT_EQ(PixelAt(sheet->picture, 65, 63), kClear);
  EXPECT_EQ(PixelAt(sheet->picture, 66 + 63, 63), (Rgba{50, 51, 52, 255}));
  EXPECT_EQ(PixelAt(sheet->picture, 66, 0), (Rgba{1, 2, 3, 255}));
}

TEST(GtaTileSheet, ScaleMakesEachTexelABlock) {
  TileSheetOptions o = Lids(0, 1);
  o.scale = 3;
  o.remap = 1;  // CLUT 1: colour 6 is (160, 161, 162), colour 0 (10, 11, 12)
  absl::StatusOr<TileSheet> sheet = DrawTileSheet(MakeStyle(), o);
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->picture.width, 192);
  EXPECT_EQ(sheet->picture.height, 192);
  EXPECT_EQ(sheet->tiles[0].clut, 1);
  for (int y = 0; y < 3; ++y) {
    EXPECT_EQ(PixelAt(sheet->picture, 2, y), (Rgba{0, 0, 0, 255}));  // colour 5 of CLUT 1
    EXPECT_EQ(PixelAt(sheet->picture, 3, y), (Rgba{160, 161, 162, 255}));
    EXPECT_EQ(PixelAt(sheet->picture, 5, y), (Rgba{160, 161, 162, 255}));
    EXPECT_EQ(PixelAt(sheet->picture, 6, y), (Rgba{10, 11, 12, 255}));
  }
  EXPECT_EQ(PixelAt(sheet->picture, 3, 3), (Rgba{10, 11, 12, 255}));
}

TEST(GtaTileSheet, SideTilesUseTheirFaceDirection) {
  TileSheetOptions o;
  o.kind = TileKind::kSide;
  o.count = 1;
  o.direction = SideDirection::kLeft;  // slot 2: CLUT 1
  o.remap = 3;                         // not used for side tiles
  absl::StatusOr<TileSheet> sheet = DrawTileSheet(MakeStyle(), o);
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->tiles[0].clut, 1);
  EXPECT_EQ(PixelAt(sheet->picture, 3, 2), (Rgba{160, 161, 162, 255}));
  o.direction = SideDirection::kTop;  // slot 0: CLUT 0
  sheet = DrawTileSheet(MakeStyle(), o);
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->tiles[0].clut, 0);
  EXPECT_EQ(PixelAt(sheet->picture, 3, 2), (Rgba{60, 61, 62, 255}));
}

TEST(GtaTileSheet, AuxTilesUseTheirRemap) {
  TileSheetOptions o;
  o.kind = TileKind::kAux;
  o.count = 1;
  o.remap = 3;  // slot 4 * 3 + 3: CLUT 2
  absl::StatusOr<TileSheet> sheet = DrawTileSheet(MakeStyle(), o);
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->tiles[0].clut, 2);
  EXPECT_EQ(PixelAt(sheet->picture, 0, 0), (Rgba{0, 0, 0, 255}));  // colour 0 of CLUT 2
}

TEST(GtaTileSheet, RowsFillLeftToRightAndTheLastCellStaysClear) {
  Style s = MakeStyle();
  TileSheetOptions o = Lids(0, 2);
  o.columns = 1;
  absl::StatusOr<TileSheet> sheet = DrawTileSheet(s, o);
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->columns, 1);
  EXPECT_EQ(sheet->rows, 2);
  EXPECT_EQ(sheet->picture.width, 64);
  EXPECT_EQ(sheet->picture.height, 130);
  EXPECT_EQ(PixelAt(sheet->picture, 63, 66 + 63), (Rgba{50, 51, 52, 255}));
  // 3 tiles in 2 columns: 2 rows, the fourth cell transparent.
  s.lid_tiles = 3;
  o = Lids(0, 3);
  o.columns = 2;
  o.gap = 0;
  sheet = DrawTileSheet(s, o);
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->rows, 2);
  EXPECT_EQ(sheet->picture.width, 128);
  EXPECT_EQ(sheet->picture.height, 128);
  EXPECT_EQ(PixelAt(sheet->picture, 64, 64), kClear);
  EXPECT_EQ(PixelAt(sheet->picture, 127, 127), kClear);
  // Columns are at most the count.
  o.columns = 8;
  sheet = DrawTileSheet(s, o);
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->columns, 3);
  EXPECT_EQ(sheet->rows, 1);
}

TEST(GtaTileSheet, UnresolvedPaletteLeavesTheTileClearWithAWarning) {
  TileSheetOptions o = Lids(0, 2);
  o.remap = 2;  // lid 1 remap 2 names CLUT 7
  absl::StatusOr<TileSheet> sheet = DrawTileSheet(MakeStyle(), o);
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->tiles[0].clut, 0);
  EXPECT_EQ(sheet->tiles[1].clut, std::nullopt);
  EXPECT_EQ(sheet->warnings,
            (std::vector<std::string>{"lid tile 1 drawn transparent: STYLE009.G24: palette "
                                      "index entry 10 names CLUT 7, past the 3 CLUTs"}));
  EXPECT_EQ(PixelAt(sheet->picture, 66 + 63, 63), kClear);
  EXPECT_EQ(PixelAt(sheet->picture, 0, 0), (Rgba{50, 51, 52, 255}));
}

TEST(GtaTileSheet, TileOutsideTheTileBlockIsNotDrawn) {
  Style s = MakeStyle();
  s.tiles.resize(2 * 64 + 63 * 256);  // lid 1's last row is cut off
  absl::StatusOr<TileSheet> sheet = DrawTileSheet(s, Lids(1, 1));
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->tiles[0].clut, 0);
  ASSERT_EQ(sheet->warnings.size(), 1u);
  EXPECT_EQ(sheet->warnings[0], "lid tile 1 not drawn: STYLE009.G24: tile 2: texel (63, 63) at "
                                "0x3fbf is past the tile block's 16256 bytes");
  EXPECT_EQ(PixelAt(sheet->picture, 0, 0), kClear);
}

TEST(GtaTileSheet, OptionsOutsideTheirRangesAreErrors) {
  const Style s = MakeStyle();
  auto code = [&](const TileSheetOptions& o) { return DrawTileSheet(s, o).status().code(); };
  EXPECT_EQ(code(Lids(2, 1)), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(code(Lids(-1, 1)), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(code(Lids(1, 2)), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(code(Lids(0, 0)), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(DrawTileSheet(s, Lids(1, 2)).status().message(),
            "lid tiles 1 + 2: the style has 2 lid tile(s)");
  TileSheetOptions o = Lids(0, 1);
  o.columns = 0;
  EXPECT_EQ(code(o), absl::StatusCode::kInvalidArgument);
  o = Lids(0, 1);
  o.gap = -1;
  EXPECT_EQ(code(o), absl::StatusCode::kInvalidArgument);
  o = Lids(0, 1);
  o.remap = 4;
  EXPECT_EQ(code(o), absl::StatusCode::kInvalidArgument);
  o = Lids(0, 1);
  o.scale = 0;
  EXPECT_EQ(code(o), absl::StatusCode::kInvalidArgument);
  o.scale = 9;
  EXPECT_EQ(code(o), absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace kbot::gta
