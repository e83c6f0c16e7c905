#include "formats/image/sheet.h"

#include <gtest/gtest.h>

#include <vector>

#include "formats/image/png_encode.h"
#include "tests/support/decode_image.h"

namespace kbot::image {
namespace {

using testing::PictureFromCells;

TEST(SheetColumns, CeilingOfSquareRoot) {
  EXPECT_EQ(SheetColumns(0), 1);
  EXPECT_EQ(SheetColumns(1), 1);
  EXPECT_EQ(SheetColumns(2), 2);
  EXPECT_EQ(SheetColumns(4), 2);
  EXPECT_EQ(SheetColumns(5), 3);
  EXPECT_EQ(SheetColumns(9), 3);
  EXPECT_EQ(SheetColumns(10), 4);
  EXPECT_EQ(SheetColumns(100), 10);
  EXPECT_EQ(SheetColumns(101), 11);
}

// Five 3 x 2 frames, frame f drawing index 10 * f + pixel, except pixel 4
// (x 1, y 1) which is transparent and stores 200 + f.
IndexedAnimation FiveFrames() {
  IndexedAnimation a;
  a.width = 3;
  a.height = 2;
  for (int f = 0; f < 5; ++f) {
    std::vector<int> cells;
    for (int i = 0; i < 6; ++i) cells.push_back(i == 4 ? -1 : 10 * f + i);
    IndexedPicture p = PictureFromCells(3, 2, uint8_t(200 + f), cells);
    a.frames.push_back(p);
    a.ticks.push_back(1);
  }
  return a;
}

TEST(MakeSheet, IndexedLayout) {
  const IndexedAnimation a = FiveFrames();
  const IndexedPicture sheet = MakeSheet(a);
  // 3 columns, 2 rows; gutters only between cells.
  ASSERT_EQ(sheet.width, 3 * 3 + 2 * kSheetGutter);
  ASSERT_EQ(sheet.height, 2 * 2 + 1 * kSheetGutter);
  ASSERT_EQ(sheet.index.size(), sheet.pixels());
  ASSERT_EQ(sheet.opaque.size(), sheet.pixels());
  EXPECT_EQ(sheet.key, 200);  // the first frame's

  // Expected: start transparent with the first key, then place each cell.
  std::vector<uint8_t> index(sheet.pixels(), 200), opaque(sheet.pixels(), 0);
  for (int f = 0; f < 5; ++f) {
    const int x0 = (f % 3) * (3 + kSheetGutter), y0 = (f / 3) * (2 + kSheetGutter);
    for (int y = 0; y < 2; ++y) {
      for (int x = 0; x < 3; ++x) {
        const size_t at = size_t((y0 + y) * sheet.width + x0 + x);
        const size_t from = size_t(y * 3 + x);
        index[at] = a.frames[size_t(f)].index[from];
        opaque[at] = a.frames[size_t(f)].opaque[from];
      }
    }
  }
  EXPECT_EQ(sheet.index, index);
  EXPECT_EQ(sheet.opaque, opaque);
  // Spot checks: frame 4 sits at column 1 of row 1; the sixth cell is empty.
  EXPECT_EQ(sheet.index[size_t((2 + kSheetGutter) * sheet.width + 3 + kSheetGutter)], 40);
  EXPECT_EQ(sheet.opaque[size_t(sheet.pixels() - 1)], 0);
}

TEST(MakeSheet, OneFrameIsTheFrame) {
  IndexedAnimation a;
  a.width = 2;
  a.height = 2;
  a.frames.push_back(PictureFromCells(2, 2, 5, {1, -1, 2, 3}));
  a.ticks.push_back(1);
  const IndexedPicture sheet = MakeSheet(a);
  EXPECT_EQ(sheet.width, 2);
  EXPECT_EQ(sheet.height, 2);
  EXPECT_EQ(sheet.index, a.frames[0].index);
  EXPECT_EQ(sheet.opaque, a.frames[0].opaque);
  EXPECT_EQ(sheet.key, 5);
}

TEST(MakeSheet, NoFramesIsEmpty) {
  IndexedAnimation a;
  a.width = 4;
  a.height = 4;
  const IndexedPicture sheet = MakeSheet(a);
  EXPECT_EQ(sheet.width, 0);
  EXPECT_EQ(sheet.height, 0);
  EXPECT_FALSE(EncodeIndexedPng(sheet, palette::TaPalette()).ok());
  EXPECT_EQ(MakeSheet(RgbaAnimation()).pixels(), 0u);
}

TEST(MakeSheet, RgbaLayoutWithTransparentBlackGutters) {
  RgbaAnimation a;
  a.width = 2;
  a.height = 1;
  for (int f = 0; f < 3; ++f) {
    RgbaPicture p(2, 1);
    for (size_t i = 0; i < p.rgba.size(); ++i) p.rgba[i] = uint8_t(100 + f * 10 + int(i));
    a.frames.push_back(p);
    a.ticks.push_back(1);
  }
  const RgbaPicture sheet = MakeSheet(a);
  // 2 columns x 2 rows of 2 x 1 cells.
  ASSERT_EQ(sheet.width, 2 + kSheetGutter + 2);
  ASSERT_EQ(sheet.height, 1 + kSheetGutter + 1);
  ASSERT_EQ(sheet.rgba.size(), sheet.pixels() * 4);
  auto px = [&](int x, int y) {
    const size_t at = size_t(y * sheet.width + x) * 4;
    return std::vector<uint8_t>(sheet.rgba.begin() + long(at), sheet.rgba.begin() + long(at + 4));
  };
  const std::vector<uint8_t> clear = {0, 0, 0, 0};
  EXPECT_EQ(px(0, 0), (std::vector<uint8_t>{100, 101, 102, 103}));
  EXPECT_EQ(px(1, 0), (std::vector<uint8_t>{104, 105, 106, 107}));
  for (int g = 0; g < kSheetGutter; ++g) EXPECT_EQ(px(2 + g, 0), clear);
  EXPECT_EQ(px(2 + kSheetGutter, 0), (std::vector<uint8_t>{110, 111, 112, 113}));
  for (int x = 0; x < sheet.width; ++x) {
    for (int y = 1; y < 1 + kSheetGutter; ++y) EXPECT_EQ(px(x, y), clear);
  }
  const int row1 = 1 + kSheetGutter;
  EXPECT_EQ(px(0, row1), (std::vector<uint8_t>{120, 121, 122, 123}));
  EXPECT_EQ(px(2 + kSheetGutter, row1), clear);  // no fourth frame
  EXPECT_EQ(px(3 + kSheetGutter, row1), clear);
}

TEST(MakeSheet, IndexedSheetEncodesWithTheFirstKeyAsSlot) {
  const IndexedPicture sheet = MakeSheet(FiveFrames());
  const palette::Palette pal = testing::DistinctPalette();
  absl::StatusOr<EncodedImage> png = EncodeIndexedPng(sheet, pal);
  ASSERT_TRUE(png.ok()) << png.status();
  auto d = testing::DecodePng(*png);
  ASSERT_TRUE(d.ok()) << d.status();
  ASSERT_EQ(d->trns.size(), 201u);
  EXPECT_EQ(d->trns[200], 0);
  for (size_t i = 0; i < sheet.pixels(); ++i) {
    EXPECT_EQ(d->index[i], sheet.opaque[i] ? sheet.index[i] : 200) << i;
  }
}

}  // namespace
}  // namespace kbot::image
