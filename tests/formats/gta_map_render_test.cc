// GTA1 map render: a city map (tests/support/gta_bytes.h) and a tiny G24
// style laid out byte by byte from formats/gta/style.h, rendered top down and
// checked pixel by pixel.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "absl/strings/match.h"
#include "formats/common/byte_writer.h"
#include "formats/gta/cmp.h"
#include "formats/gta/map_cell_images.h"
#include "formats/gta/map_render.h"
#include "formats/gta/style.h"
#include "tests/support/gta_bytes.h"

namespace kbot::gta {
namespace {

using kbot::testing::CmpFile;

// Lid textures (lid L is tile 1 + L: one side tile comes first).
//   lid 1: markers 251 at (0, 0), 252 at (63, 0), 253 at (0, 63), 254 at
//          (63, 63); elsewhere 1 + (3 u + 5 v) % 250.
//   lid 2 (pavement): 1 + (u + 2 v) % 60.
//   lid 3 (fence, drawn flat): 0 for u < 32, else 100 + v % 7.
uint8_t Lid1(int u, int v) {
  if (u == 0 && v == 0) return 251;
  if (u == 63 && v == 0) return 252;
  if (u == 0 && v == 63) return 253;
  if (u == 63 && v == 63) return 254;
  return uint8_t(1 + (3 * u + 5 * v) % 250);
}
uint8_t Lid2(int u, int v) { return uint8_t(1 + (u + 2 * v) % 60); }
uint8_t Lid3(int u, int v) { return u < 32 ? 0 : uint8_t(100 + v % 7); }

// CLUT c colour e = R e, G 8 c + 3, B 0x5a. Lid L remap r uses CLUT 4 L + r,
// except lid 3 remap 3, whose index entry names CLUT 99 (past the 16).
std::array<uint8_t, 4> Color(int clut, int e) {
  return {uint8_t(e), uint8_t(8 * clut + 3), 0x5a, 0xff};
}
constexpr std::array<uint8_t, 4> kClear = {0, 0, 0, 0};

std::vector<uint8_t> StyleBytes() {
  constexpr int kSides = 1, kLids = 4;
  std::vector<uint8_t> tiles(0x8000, 0);  // 5 tiles padded to 8 (2 x 16 KB)
  for (int v = 0; v < 64; ++v) {
    for (int u = 0; u < 64; ++u) {
      tiles[TileTexelOffset(kSides + 1, u, v)] = Lid1(u, v);
      tiles[TileTexelOffset(kSides + 2, u, v)] = Lid2(u, v);
      tiles[TileTexelOffset(kSides + 3, u, v)] = Lid3(u, v);
    }
  }
  // Worked by hand: lid 3 = tile 4 = strip 1, column 0: (40, 5) at 0x4000 + 5 * 256 + 40.
  EXPECT_EQ(tiles[0x4000 + 5 * 256 + 40], Lid3(40, 5));
  constexpr int kCluts = 16;
  std::vector<uint8_t> cluts(0x10000, 0);
  for (int c = 0; c < kCluts; ++c) {
    for (int e = 0; e < 256; ++e) {
      const std::array<uint8_t, 4> rgb = Color(c, e);
      const size_t at = ClutColorOffset(c, e);
      cluts[at] = rgb[2], cluts[at + 1] = rgb[1], cluts[at + 2] = rgb[0];
    }
  }
  std::vector<uint16_t> index(4 * (kSides + kLids), 0);
  for (int lid = 0; lid < kLids; ++lid) {
    for (int r = 0; r < 4; ++r) index[size_t(4 * (kSides + lid) + r)] = uint16_t(4 * lid + r);
  }
  index[size_t(4 * (kSides + 3) + 3)] = 99;

  std::vector<uint8_t> out;
  for (uint32_t v : {336u, uint32_t(kSides * 4096), uint32_t(kLids * 4096), 0u, 0u,
                     uint32_t(kCluts * 1024), uint32_t(kCluts * 1024), 0u, 0u, 0u,
                     uint32_t(2 * index.size()), 0u, 0u, 0u, 0u, 0u}) {
    AppendU32(out, v);
  }
  out.insert(out.end(), tiles.begin(), tiles.end());
  out.insert(out.end(), cluts.begin(), cluts.end());
  for (uint16_t e : index) AppendU16(out, e);
  return out;
}

// Type map: rotation bits 14-15, flat bit 7, type bits 4-6 (3 = pavement).
// Ext: remap bits 3-4, flip top/bottom bit 5, flip left/right bit 6.
uint16_t TypeMap(int rotation, bool flat = false) {
  return uint16_t((rotation << 14) | (flat ? 0x80 : 0) | 0x30);
}
uint8_t Ext(int remap, bool flip_lr = false, bool flip_tb = false) {
  return uint8_t((remap << 3) | (flip_tb ? 0x20 : 0) | (flip_lr ? 0x40 : 0));
}

// Row 0 of the map, one cell per case:
//   0 lid 1 plain         1 rotation 1        2 rotation 2       3 rotation 3
//   4 flip left/right     5 flip top/bottom   6 both flips + rotation 1
//   7 remap 2             8 flat fence (z 4) over pavement (z 5, rotation 1)
//   9 empty column        10 lid 9 (past the 4 lids)
//   11 z 3 lid 0, z 4 lid 1 remap 1, z 5 lid 2: the lid 1 shows
//   12 only lid 0 blocks  13 lid 3 remap 3: its palette names CLUT 99
//   14 the fence flat, turned a quarter, both flips, remap 1, over pavement
//      turned half, flipped left/right
//   15 the fence NOT flat (its texel 0 is drawn) over pavement
//   16 a flat fence alone: nothing under its texel 0
//   17 flat fence over flat fence (rotation 2) over pavement
CmpFile MakeMap() {
  CmpFile f;
  auto one = [&f](int x, uint16_t type_map, uint8_t ext, uint8_t lid) {
    const uint16_t b = f.AddBlock(type_map, ext, 0, 0, 0, 0, lid);
    f.SetCell(x, 0, f.AddColumn(5, {b}));
  };
  one(0, TypeMap(0), Ext(0), 1);
  one(1, TypeMap(1), Ext(0), 1);
  one(2, TypeMap(2), Ext(0), 1);
  one(3, TypeMap(3), Ext(0), 1);
  one(4, TypeMap(0), Ext(0, true, false), 1);
  one(5, TypeMap(0), Ext(0, false, true), 1);
  one(6, TypeMap(1), Ext(0, true, true), 1);
  one(7, TypeMap(0), Ext(2), 1);
  const uint16_t fence = f.AddBlock(TypeMap(0, true), Ext(0), 0, 0, 0, 0, 3);
  const uint16_t pavement = f.AddBlock(TypeMap(1), Ext(0), 0, 0, 0, 0, 2);
  f.SetCell(8, 0, f.AddColumn(4, {fence, pavement}));
  one(10, TypeMap(0), Ext(0), 9);
  {
    const uint16_t no_lid = f.AddBlock(TypeMap(0), Ext(0), 5, 5, 5, 5, 0);
    const uint16_t lid1 = f.AddBlock(TypeMap(0), Ext(1), 0, 0, 0, 0, 1);
    const uint16_t lid2 = f.AddBlock(TypeMap(0), Ext(0), 0, 0, 0, 0, 2);
    f.SetCell(11, 0, f.AddColumn(3, {no_lid, lid1, lid2}));
    f.SetCell(12, 0, f.AddColumn(4, {no_lid, no_lid}));
  }
  one(13, TypeMap(0), Ext(3), 3);
  {
    const uint16_t turned = f.AddBlock(TypeMap(1, true), Ext(1, true, true), 0, 0, 0, 0, 3);
    const uint16_t under = f.AddBlock(TypeMap(2), Ext(0, true, false), 0, 0, 0, 0, 2);
    f.SetCell(14, 0, f.AddColumn(4, {turned, under}));
    const uint16_t solid_fence = f.AddBlock(TypeMap(0), Ext(0), 0, 0, 0, 0, 3);
    f.SetCell(15, 0, f.AddColumn(4, {solid_fence, pavement}));
    f.SetCell(16, 0, f.AddColumn(5, {fence}));
    const uint16_t fence2 = f.AddBlock(TypeMap(2, true), Ext(0), 0, 0, 0, 0, 3);
    f.SetCell(17, 0, f.AddColumn(3, {fence, fence2, pavement}));
  }
  return f;
}

struct Loaded {
  CityMap map;
  Style style;
};

Loaded Load(const CmpFile& f) {
  const std::vector<uint8_t> cmp = f.Bytes();
  absl::StatusOr<CityMap> map = ReadCityMap(cmp, "TEST.CMP");
  EXPECT_TRUE(map.ok()) << map.status();
  const std::vector<uint8_t> g24 = StyleBytes();
  absl::StatusOr<Style> style = ReadStyle(g24, "STYLE001.G24");
  EXPECT_TRUE(style.ok()) << style.status();
  if (!map.ok() || !style.ok()) return Loaded{};
  return Loaded{*std::move(map), *std::move(style)};
}

std::array<uint8_t, 4> Pixel(const image::RgbaPicture& p, int x, int y) {
  const size_t at = (size_t(y) * size_t(p.width) + size_t(x)) * 4;
  return {p.rgba[at], p.rgba[at + 1], p.rgba[at + 2], p.rgba[at + 3]};
}

// Every pixel of cell (cell_x, 0) at 64 px/cell against expect(px, py).
void ExpectCell(const image::RgbaPicture& p, int cell_x,
                const std::function<std::array<uint8_t, 4>(int, int)>& expect) {
  int failures = 0;
  for (int py = 0; py < 64 && failures < 5; ++py) {
    for (int px = 0; px < 64 && failures < 5; ++px) {
      const std::array<uint8_t, 4> got = Pixel(p, cell_x * 64 + px, py);
      const std::array<uint8_t, 4> want = expect(px, py);
      if (got != want) {
        ++failures;
        ADD_FAILURE() << "cell " << cell_x << " pixel (" << px << ", " << py << "): got "
                      << int(got[0]) << "," << int(got[1]) << "," << int(got[2]) << ","
                      << int(got[3]) << " want " << int(want[0]) << "," << int(want[1]) << ","
                      << int(want[2]) << "," << int(want[3]);
      }
    }
  }
}

constexpr int kCells = 18;

class GtaMapRender : public ::testing::Test {
 protected:
  void SetUp() override {
    loaded_ = Load(MakeMap());
    MapRenderOptions o;
    o.rect = MapRect{0, 0, kCells, 1};
    o.pixels_per_cell = 64;
    absl::StatusOr<MapRender> r = RenderMap(loaded_.map, loaded_.style, o);
    ASSERT_TRUE(r.ok()) << r.status();
    render_ = *std::move(r);
  }
  const image::RgbaPicture& pic() const { return render_.picture; }
  Loaded loaded_;
  MapRender render_;
};

TEST_F(GtaMapRender, SizeIsCellsTimesPixelsPerCell) {
  EXPECT_EQ(pic().width, kCells * 64);
  EXPECT_EQ(pic().height, 64);
  EXPECT_EQ(pic().rgba.size(), size_t(kCells * 64 * 64 * 4));
}

TEST_F(GtaMapRender, NoRotation) {
  ExpectCell(pic(), 0, [](int px, int py) { return Color(4, Lid1(px, py)); });
  EXPECT_EQ(Pixel(pic(), 0, 0), Color(4, 251));
  EXPECT_EQ(Pixel(pic(), 63, 0), Color(4, 252));
  EXPECT_EQ(Pixel(pic(), 0, 63), Color(4, 253));
}

TEST_F(GtaMapRender, RotationsTurnClockwise) {
  // Rotation 1: the tile's top-left texel is drawn at the top-right.
  ExpectCell(pic(), 1, [](int px, int py) { return Color(4, Lid1(py, 63 - px)); });
  EXPECT_EQ(Pixel(pic(), 64 + 63, 0), Color(4, 251));
  EXPECT_EQ(Pixel(pic(), 64 + 63, 63), Color(4, 252));  // top-right goes bottom-right
  EXPECT_EQ(Pixel(pic(), 64 + 0, 0), Color(4, 253));    // bottom-left goes top-left
  // Rotation 2: half a turn.
  ExpectCell(pic(), 2, [](int px, int py) { return Color(4, Lid1(63 - px, 63 - py)); });
  EXPECT_EQ(Pixel(pic(), 128 + 63, 63), Color(4, 251));
  // Rotation 3: three quarters clockwise = one quarter anticlockwise.
  ExpectCell(pic(), 3, [](int px, int py) { return Color(4, Lid1(63 - py, px)); });
  EXPECT_EQ(Pixel(pic(), 192 + 0, 63), Color(4, 251));
  EXPECT_EQ(Pixel(pic(), 192 + 0, 0), Color(4, 252));
}

// docs/formats/gta1.md, "Flip bits: side faces only": a lid is drawn as if
// the bits were clear.
TEST_F(GtaMapRender, FlipBitsDoNotMirrorTheLid) {
  ExpectCell(pic(), 4, [](int px, int py) { return Color(4, Lid1(px, py)); });
  EXPECT_EQ(Pixel(pic(), 256 + 0, 0), Color(4, 251));
  ExpectCell(pic(), 5, [](int px, int py) { return Color(4, Lid1(px, py)); });
  EXPECT_EQ(Pixel(pic(), 320 + 0, 63), Color(4, 253));
}

TEST_F(GtaMapRender, BothFlipsAndARotationIsTheRotationAlone) {
  // As cell 1: texel (0, 0) at the top-right, nothing mirrored.
  ExpectCell(pic(), 6, [](int px, int py) { return Color(4, Lid1(py, 63 - px)); });
  EXPECT_EQ(Pixel(pic(), 384 + 63, 0), Color(4, 251));
  EXPECT_EQ(Pixel(pic(), 384 + 63, 63), Color(4, 252));
}

TEST_F(GtaMapRender, RemapPicksTheLidsPalette) {
  // Lid 1 remap 2: palette index entry 4 * (1 + 1) + 2 -> CLUT 6.
  ExpectCell(pic(), 7, [](int px, int py) { return Color(6, Lid1(px, py)); });
}

TEST_F(GtaMapRender, FlatBlockShowsTheLidBelowWhereTexelZero) {
  // Fence (lid 3, CLUT 12) over pavement (lid 2, CLUT 8, rotation 1).
  ExpectCell(pic(), 8, [](int px, int py) {
    return px < 32 ? Color(8, Lid2(py, 63 - px)) : Color(12, Lid3(px, py));
  });
}

// The rules together: flips ignored, the rotation turns the flat lid, its
// texel 0 shows the lid below (itself turned, not flipped), remap 1 -> CLUT 13.
TEST_F(GtaMapRender, FlatTurnedFlippedLidOverTurnedFlippedPavement) {
  ExpectCell(pic(), 14, [](int px, int py) {
    const int fence_u = py, fence_v = 63 - px;  // rotation 1
    if (Lid3(fence_u, fence_v) != 0) return Color(13, Lid3(fence_u, fence_v));
    return Color(8, Lid2(63 - px, 63 - py));     // rotation 2
  });
  // Worked by hand: pixel (10, 5) reads fence texel (5, 53), 0 (u < 32): the
  // pavement's (53, 58), 1 + (53 + 116) % 60 = 50. Pixel (10, 40) reads
  // fence (40, 53), 100 + 53 % 7 = 104.
  EXPECT_EQ(Pixel(pic(), 14 * 64 + 10, 5), Color(8, 50));
  EXPECT_EQ(Pixel(pic(), 14 * 64 + 10, 40), Color(13, 104));
}

// docs/formats/gta1.md, "Flat: which texels are drawn": only a flat block
// leaves texel 0 out; the same tile on a solid block draws it, opaque.
TEST_F(GtaMapRender, TexelZeroOfASolidLidIsDrawn) {
  ExpectCell(pic(), 15, [](int px, int py) { return Color(12, Lid3(px, py)); });
  EXPECT_EQ(Pixel(pic(), 15 * 64 + 0, 0), Color(12, 0));
  EXPECT_EQ(Pixel(pic(), 15 * 64 + 0, 0)[3], 255);
}

TEST_F(GtaMapRender, FlatTexelZeroWithNothingBelowIsTransparent) {
  ExpectCell(pic(), 16, [](int px, int py) {
    return px < 32 ? kClear : Color(12, Lid3(px, py));
  });
}

TEST_F(GtaMapRender, FlatOverFlatShowsTheFirstDrawnTopDown) {
  // Top fence draws u >= 32; the second (rotation 2) draws pixels with
  // 63 - px >= 32, i.e. px < 32; so the pavement never shows.
  ExpectCell(pic(), 17, [](int px, int py) {
    return px >= 32 ? Color(12, Lid3(px, py)) : Color(12, Lid3(63 - px, 63 - py));
  });
}

TEST_F(GtaMapRender, EmptyColumnAndLidZeroOnlyAreTransparent) {
  ExpectCell(pic(), 9, [](int, int) { return kClear; });
  ExpectCell(pic(), 12, [](int, int) { return kClear; });
}

TEST_F(GtaMapRender, LidZeroBlocksAreLookedThrough) {
  // z 3 has lid 0; z 4 (lid 1, remap 1 -> CLUT 5) is the one drawn, not z 5.
  ExpectCell(pic(), 11, [](int px, int py) { return Color(5, Lid1(px, py)); });
}

TEST_F(GtaMapRender, BadCellsAreTransparentWithAWarning) {
  ExpectCell(pic(), 10, [](int, int) { return kClear; });
  ExpectCell(pic(), 13, [](int, int) { return kClear; });
  ASSERT_EQ(render_.warnings.size(), 2u);
  EXPECT_TRUE(absl::StrContains(render_.warnings[0], "cell (10, 0) z 5: lid 9"))
      << render_.warnings[0];
  EXPECT_TRUE(absl::StrContains(render_.warnings[0], "past the 4")) << render_.warnings[0];
  EXPECT_TRUE(absl::StrContains(render_.warnings[1], "cell (13, 0) z 5: lid 3 remap 3"))
      << render_.warnings[1];
  EXPECT_TRUE(absl::StrContains(render_.warnings[1], "CLUT 99")) << render_.warnings[1];
  // The neighbours are untouched.
  EXPECT_EQ(Pixel(pic(), 11 * 64, 0), Color(5, 251));
}

TEST(GtaMapRenderWarnings, KeepsTheFirstTwentyAndCountsTheRest) {
  CmpFile f;
  const uint16_t bad = f.AddBlock(TypeMap(0), Ext(0), 0, 0, 0, 0, 200);
  const uint32_t column = f.AddColumn(5, {bad});
  for (int x = 0; x < 30; ++x) f.SetCell(x, 7, column);
  const Loaded l = Load(f);
  MapRenderOptions o;
  o.pixels_per_cell = 1;
  absl::StatusOr<MapRender> r = RenderMap(l.map, l.style, o);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->warnings.size(), kMaxRenderWarnings + 1);
  EXPECT_TRUE(absl::StrContains(r->warnings[0], "cell (0, 7)")) << r->warnings[0];
  EXPECT_TRUE(absl::StrContains(r->warnings[19], "cell (19, 7)")) << r->warnings[19];
  EXPECT_TRUE(absl::StrContains(r->warnings[20], "10 more")) << r->warnings[20];
  EXPECT_EQ(r->picture.width, 256);
  EXPECT_EQ(r->picture.height, 256);
  EXPECT_EQ(Pixel(r->picture, 3, 7), kClear);
}

TEST(GtaMapRenderScale, EightPixelsPerCellSamplesNearest) {
  const Loaded l = Load(MakeMap());
  MapRenderOptions o;
  o.rect = MapRect{0, 0, 9, 1};
  o.pixels_per_cell = 8;
  absl::StatusOr<MapRender> r = RenderMap(l.map, l.style, o);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->picture.width, 72);
  ASSERT_EQ(r->picture.height, 8);
  // Cell 0, pixel (7, 0): texel (56, 0). Pixel (3, 5): texel (24, 40).
  EXPECT_EQ(Pixel(r->picture, 7, 0), Color(4, Lid1(56, 0)));
  EXPECT_EQ(Pixel(r->picture, 3, 5), Color(4, Lid1(24, 40)));
  EXPECT_EQ(Pixel(r->picture, 0, 0), Color(4, 251));
  // Cell 1 (rotation 1), pixel (3, 5): sample (24, 40) -> texel (40, 63 - 24).
  EXPECT_EQ(Pixel(r->picture, 8 + 3, 5), Color(4, Lid1(40, 39)));
  // Cell 8 (fence over pavement): pixel (1, 2) samples (8, 16), fence texel 0,
  // so the pavement (rotation 1) texel (16, 55); pixel (6, 2) the fence (48, 16).
  EXPECT_EQ(Pixel(r->picture, 64 + 1, 2), Color(8, Lid2(16, 55)));
  EXPECT_EQ(Pixel(r->picture, 64 + 6, 2), Color(12, Lid3(48, 16)));
}

TEST(GtaMapRenderScale, RectSelectsTheCells) {
  const Loaded l = Load(MakeMap());
  MapRenderOptions o;
  o.rect = MapRect{1, 0, 2, 1};
  o.pixels_per_cell = 8;
  absl::StatusOr<MapRender> r = RenderMap(l.map, l.style, o);
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->picture.width, 16);
  ASSERT_EQ(r->picture.height, 8);
  // Cell (1, 0), rotation 1: pixel (0, 0) reads texel (0, 63), the 253 marker.
  EXPECT_EQ(Pixel(r->picture, 0, 0), Color(4, 253));
  // Cell (2, 0), rotation 2: pixel (0, 0) reads texel (63, 63), the 254 marker.
  EXPECT_EQ(Pixel(r->picture, 8, 0), Color(4, 254));
  EXPECT_EQ(Pixel(r->picture, 15, 7), Color(4, Lid1(7, 7)));  // sample (56, 56) -> (7, 7)
}

TEST(GtaMapRenderScale, OnePixelPerCellIsTheTopLeftTexelAfterOrientation) {
  const Loaded l = Load(MakeMap());
  MapRenderOptions o;
  o.pixels_per_cell = 1;
  absl::StatusOr<MapRender> r = RenderMap(l.map, l.style, o);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(Pixel(r->picture, 0, 0), Color(4, 251));
  EXPECT_EQ(Pixel(r->picture, 3, 0), Color(4, 252));  // rotation 3: (63, 0) at top-left
  EXPECT_EQ(Pixel(r->picture, 9, 0), kClear);
  EXPECT_EQ(Pixel(r->picture, 200, 200), kClear);
}

TEST(GtaMapRenderErrors, BadOptionsAreInvalidArgument) {
  const CityMap map;  // empty
  const Style style;
  auto render = [&](MapRect rect, int p) {
    MapRenderOptions o;
    o.rect = rect;
    o.pixels_per_cell = p;
    return RenderMap(map, style, o);
  };
  absl::StatusOr<MapRender> big = render(MapRect{}, 64);
  ASSERT_FALSE(big.ok());
  EXPECT_EQ(big.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(big.status().message(), "16384 x 16384")) << big.status();
  EXPECT_TRUE(absl::StrContains(big.status().message(), "256 MiB")) << big.status();
  EXPECT_FALSE(render(MapRect{}, 0).ok());
  EXPECT_FALSE(render(MapRect{}, 65).ok());
  EXPECT_FALSE(render(MapRect{250, 0, 7, 1}, 8).ok());
  EXPECT_FALSE(render(MapRect{-1, 0, 2, 1}, 8).ok());
  EXPECT_FALSE(render(MapRect{0, 0, 0, 1}, 8).ok());
  EXPECT_FALSE(render(MapRect{0, 200, 1, 57}, 8).ok());
  // 128 x 128 cells at 64 px/cell: 8192 x 8192, 256 MiB exactly: allowed by
  // the check (not rendered here: too large for a unit test). An empty map at
  // 8 px/cell is fully transparent.
  absl::StatusOr<MapRender> empty = render(MapRect{}, 8);
  ASSERT_TRUE(empty.ok()) << empty.status();
  EXPECT_TRUE(empty->warnings.empty());
  for (uint8_t b : empty->picture.rgba) {
    if (b != 0) {
      ADD_FAILURE() << "an empty map drew something";
      break;
    }
  }
}

// The occupied area: cells with a block that is not air, or one with a lid.
TEST(GtaMapRenderOccupiedRect, BoundsTheOccupiedCells) {
  EXPECT_EQ(OccupiedRect(CityMap()), std::nullopt);
  CmpFile f;
  const uint16_t air_no_lid = f.AddBlock(0x00, 0, 0, 0, 0, 0, 0);
  const uint16_t air_lid = f.AddBlock(0x00, 0, 0, 0, 0, 0, 2);
  const uint16_t pavement = f.AddBlock(TypeMap(0), Ext(0), 0, 0, 0, 0, 0);
  f.SetCell(5, 5, f.AddColumn(5, {air_no_lid}));  // air without a lid: not occupied
  f.SetCell(200, 37, f.AddColumn(5, {pavement}));
  {
    const Loaded l = Load(f);
    const std::optional<MapRect> r = OccupiedRect(l.map);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(std::tie(r->x, r->y, r->w, r->h), std::make_tuple(200, 37, 1, 1));
  }
  f.SetCell(17, 250, f.AddColumn(4, {air_no_lid, air_lid}));  // an air block's lid counts
  f.SetCell(255, 40, f.AddColumn(5, {pavement}));
  {
    const Loaded l = Load(f);
    const std::optional<MapRect> r = OccupiedRect(l.map);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(std::tie(r->x, r->y, r->w, r->h), std::make_tuple(17, 37, 239, 214));
  }
  f.SetCell(0, 0, f.AddColumn(5, {pavement}));
  const Loaded l = Load(f);
  const std::optional<MapRect> r = OccupiedRect(l.map);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(std::tie(r->x, r->y, r->w, r->h), std::make_tuple(0, 0, 256, 251));
}

TEST(GtaMapRenderLidTexelAt, TheConvention) {
  // Rotation r puts texel (0, 0) at the corners clockwise.
  EXPECT_EQ(LidTexelAt(0, 0, 0), (LidTexel{0, 0}));
  EXPECT_EQ(LidTexelAt(63, 0, 1), (LidTexel{0, 0}));
  EXPECT_EQ(LidTexelAt(63, 63, 2), (LidTexel{0, 0}));
  EXPECT_EQ(LidTexelAt(0, 63, 3), (LidTexel{0, 0}));
  EXPECT_EQ(LidTexelAt(10, 20, 0), (LidTexel{10, 20}));
  EXPECT_EQ(LidTexelAt(10, 20, 1), (LidTexel{20, 53}));
  EXPECT_EQ(LidTexelAt(10, 20, 2), (LidTexel{53, 43}));
  EXPECT_EQ(LidTexelAt(10, 20, 3), (LidTexel{43, 10}));
  // Only the low two bits of the rotation count.
  EXPECT_EQ(LidTexelAt(10, 20, 5), LidTexelAt(10, 20, 1));
  // Every rotation is a bijection of the 64 x 64 texels.
  for (int r = 0; r < 4; ++r) {
    std::vector<bool> seen(4096, false);
    for (int py = 0; py < 64; ++py) {
      for (int px = 0; px < 64; ++px) {
        const LidTexel t = LidTexelAt(px, py, r);
        ASSERT_TRUE(t.u >= 0 && t.u < 64 && t.v >= 0 && t.v < 64);
        seen[size_t(t.v * 64 + t.u)] = true;
      }
    }
    for (bool s : seen) ASSERT_TRUE(s) << "rotation " << r;
  }
}

// The sample table is LidTexelAt at the nearest-neighbour samples.
TEST(GtaMapRenderCellImages, SampleTable) {
  const std::vector<uint16_t> t = LidSampleTable(8, 1);
  ASSERT_EQ(t.size(), 64u);
  // Pixel (3, 5) samples (24, 40); rotation 1 reads texel (40, 63 - 24).
  EXPECT_EQ(t[5 * 8 + 3], 39 * 64 + 40);
  EXPECT_EQ(LidSampleTable(64, 0)[64 * 7 + 9], 7 * 64 + 9);
}

// Past the cache's budget a picture is drawn into the caller's scratch, the
// same words as a cached one; a bad lid is an error either way.
TEST(GtaMapRenderCellImages, ScratchPathDrawsTheSameWords) {
  const Loaded l = Load(MakeMap());
  CellImages cached(l.style, 8), uncached(l.style, 8, 0);
  std::vector<uint32_t> scratch(64, 0xdeadbeef), unused(64, 0);
  for (int rotation = 0; rotation < 4; ++rotation) {
    for (bool flat : {false, true}) {
      const CellImages::Picture a = cached.Get(3, 1, uint8_t(rotation), flat, unused.data());
      const CellImages::Picture b = uncached.Get(3, 1, uint8_t(rotation), flat, scratch.data());
      ASSERT_TRUE(a.words != nullptr && b.words != nullptr);
      EXPECT_NE(a.words, unused.data());
      EXPECT_EQ(b.words, scratch.data());
      for (int i = 0; i < 64; ++i) ASSERT_EQ(a.words[i], b.words[i]) << i;
      // Each word is the RGBA bytes of the texel's colour (lid 3 remap 1:
      // CLUT 13), except texel 0 of a flat lid: the word 0.
      for (int i = 0; i < 64; ++i) {
        const LidTexel t = LidTexelAt((i % 8) * 8, (i / 8) * 8, rotation);
        const uint8_t texel = Lid3(t.u, t.v);
        std::array<uint8_t, 4> bytes;
        std::memcpy(bytes.data(), &a.words[i], 4);
        EXPECT_EQ(bytes, flat && texel == 0 ? kClear : Color(13, texel)) << i;
      }
    }
  }
  const CellImages::Picture bad = uncached.Get(9, 0, 0, false, scratch.data());
  EXPECT_EQ(bad.words, nullptr);
  ASSERT_NE(bad.error, nullptr);
  EXPECT_TRUE(absl::StrContains(*bad.error, "past the 4")) << *bad.error;
}

}  // namespace
}  // namespace kbot::gta
