// The preview and sheet helpers of formats/image: the 3 x 5 digits, the
// alpha-weighted box filter, and the numbered sheet's layout and fitted
// scale, with exact values.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/image/digits.h"
#include "formats/image/downscale.h"
#include "formats/image/numbered_sheet.h"

namespace kbot::image {
namespace {

std::vector<std::string> Rows(int number, int scale) {
  const int w = NumberWidth(number, scale), h = kDigitHeight * scale;
  std::vector<std::string> rows(size_t(h), std::string(size_t(w), '.'));
  DrawNumber(number, 0, 0, scale, [&](int x, int y) { rows[size_t(y)][size_t(x)] = '#'; });
  return rows;
}

TEST(Digits, DrawTheirGlyphsWithOneColumnBetween) {
  EXPECT_EQ(NumberWidth(7, 1), 3);
  EXPECT_EQ(NumberWidth(10, 1), 7);
  EXPECT_EQ(NumberWidth(10, 2), 14);
  EXPECT_EQ(Rows(10, 1), (std::vector<std::string>{".#..###", "##..#.#", ".#..#.#", ".#..#.#",
                                                   "###.###"}));
  EXPECT_EQ(Rows(4, 2),
            (std::vector<std::string>{"##..##", "##..##", "##..##", "##..##", "######", "######",
                                      "....##", "....##", "....##", "....##"}));
}

TEST(AreaAverage, AveragesBlocksWeightedByAlpha) {
  RgbaPicture p(4, 2);
  // Left 2 x 2 block: red opaque, a transparent "green" that must not bleed.
  const uint8_t px[8][4] = {{200, 0, 0, 255}, {0, 255, 0, 0},   {10, 20, 30, 255},
                            {10, 20, 30, 255}, {200, 0, 0, 255}, {0, 255, 0, 0},
                            {10, 20, 30, 255}, {50, 60, 70, 255}};
  for (int i = 0; i < 8; ++i) {
    for (int c = 0; c < 4; ++c) p.rgba[size_t(i) * 4 + size_t(c)] = px[i][c];
  }
  const RgbaPicture half = AreaAverage(p, 2, 1);
  ASSERT_EQ(half.width, 2);
  ASSERT_EQ(half.height, 1);
  EXPECT_EQ(std::vector<uint8_t>(half.rgba.begin(), half.rgba.begin() + 4),
            (std::vector<uint8_t>{200, 0, 0, 128}));
  EXPECT_EQ(std::vector<uint8_t>(half.rgba.begin() + 4, half.rgba.end()),
            (std::vector<uint8_t>{20, 30, 40, 255}));
  // Three columns into two: columns 0 and 1..2 (x * 3 / 2 rounds down).
  RgbaPicture three(3, 1);
  for (int x = 0; x < 3; ++x) {
    three.rgba[size_t(x) * 4] = uint8_t(30 * x);
    three.rgba[size_t(x) * 4 + 3] = 255;
  }
  const RgbaPicture two = AreaAverage(three, 2, 1);
  EXPECT_EQ(two.rgba[0], 0);
  EXPECT_EQ(two.rgba[4], 45);
}

TEST(NumberedSheet, LayoutAndFittedScale) {
  const NumberedSheetLayout l = NumberedLayout(8, 16, 16, 10);
  EXPECT_EQ(l.columns, 3);
  EXPECT_EQ(l.rows, 3);
  EXPECT_EQ(l.digit_scale, 4);
  EXPECT_EQ(l.strip_height, 28);
  EXPECT_EQ(l.width, 484);
  EXPECT_EQ(l.height, 568);
  EXPECT_EQ(l.CellX(4), 162);
  EXPECT_EQ(l.CellY(4), 190);
  EXPECT_EQ(NumberedSheetScale(8, 16, 16, 512, 1568), 10);
  EXPECT_EQ(NumberedSheetScale(1, 4, 4, 512, 1568), 32);
  EXPECT_EQ(NumberedSheetScale(4, 300, 300, 512, 1568), 1);
}

TEST(NumberedSheet, RefusesAScaleOutsideItsRangeAndAHugeSheet) {
  RgbaAnimation a;
  a.width = a.height = 2;
  a.frames.push_back(RgbaPicture(2, 2));
  a.ticks.push_back(1);
  EXPECT_FALSE(MakeNumberedSheet(a, 0, 1 << 20).ok());
  EXPECT_FALSE(MakeNumberedSheet(a, kMaxSheetScale + 1, 1 << 20).ok());
  EXPECT_FALSE(MakeNumberedSheet(a, 32, 100).ok());
  absl::StatusOr<RgbaPicture> sheet = MakeNumberedSheet(a, 1, 1 << 20);
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->width, 2);
  EXPECT_EQ(sheet->height, 2 + 7);
}

// A sheet numbered from 7 shows, under its one cell, what a sheet of eight
// frames shows under its last (the sprite sheets of a kind from a first).
TEST(NumberedSheet, NumbersStartWhereAsked) {
  RgbaAnimation eight, one;
  eight.width = one.width = 32;
  eight.height = one.height = 8;
  for (int i = 0; i < 8; ++i) eight.frames.push_back(RgbaPicture(32, 8)), eight.ticks.push_back(1);
  one.frames.push_back(RgbaPicture(32, 8)), one.ticks.push_back(1);
  absl::StatusOr<RgbaPicture> a = MakeNumberedSheet(eight, 1, 1 << 20);
  absl::StatusOr<RgbaPicture> b = MakeNumberedSheet(one, 1, 1 << 20, 7);
  absl::StatusOr<RgbaPicture> zero = MakeNumberedSheet(one, 1, 1 << 20);
  ASSERT_TRUE(a.ok() && b.ok() && zero.ok());
  const NumberedSheetLayout la = NumberedLayout(8, 32, 8, 1);
  int differing = 0;
  for (int y = 0; y < la.strip_height; ++y) {
    for (int x = 0; x < 32; ++x) {
      const size_t at_a = 4 * (size_t(la.CellY(7) + 8 + y) * a->width + la.CellX(7) + x);
      const size_t at_b = 4 * (size_t(8 + y) * b->width + x);
      for (int c = 0; c < 4; ++c) EXPECT_EQ(a->rgba[at_a + c], b->rgba[at_b + c]);
      differing += b->rgba[at_b] != zero->rgba[at_b];
    }
  }
  EXPECT_GT(differing, 0);  // "7" is not "0"
}

}  // namespace
}  // namespace kbot::image
