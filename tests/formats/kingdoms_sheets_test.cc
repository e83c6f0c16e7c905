// TA: Kingdoms terrain sheets (formats/tnt/kingdoms_sheets.h): the path an id
// names, and the 32 x 32 tile cut from a sheet, exact bytes, with every tile
// outside the sheet refused; then a JPEG sheet made in the test, decoded
// (formats/image/jpeg_decode.h) and cut, as a map drawing does it.
#include "formats/tnt/kingdoms_sheets.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "formats/image/jpeg_decode.h"
#include "tests/support/jpeg_bytes.h"

namespace kbot::tnt {
namespace {

TEST(KingdomsSheets, PathIsEightLowerCaseHexDigits) {
  EXPECT_EQ(KingdomsSheetPath(0x000a9eb4), "terrain/000a9eb4.jpg");
  EXPECT_EQ(KingdomsSheetPath(0), "terrain/00000000.jpg");
  EXPECT_EQ(KingdomsSheetPath(0x10), "terrain/00000010.jpg");
  EXPECT_EQ(KingdomsSheetPath(0xDEADBEEF), "terrain/deadbeef.jpg");
  EXPECT_EQ(KingdomsSheetPath(0xFFFFFFFF), "terrain/ffffffff.jpg");
}

// Pixel (x, y) is (x, y, x ^ y, 200): every byte of a tile says where it came from.
image::RgbaPicture Numbered(int width, int height) {
  image::RgbaPicture p(width, height);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      uint8_t* px = p.rgba.data() + (size_t(y) * width + x) * 4;
      px[0] = uint8_t(x);
      px[1] = uint8_t(y);
      px[2] = uint8_t(x ^ y);
      px[3] = 200;
    }
  }
  return p;
}

TEST(KingdomsSheets, TileAtColumnAndRowInTileUnits) {
  const image::RgbaPicture sheet = Numbered(64, 96);  // 2 x 3 tiles
  EXPECT_EQ(SheetColumns(sheet), 2);
  EXPECT_EQ(SheetRows(sheet), 3);
  std::vector<uint8_t> tile(kSheetTileRgbBytes);
  ASSERT_TRUE(ExtractTile(sheet, 1, 2, tile.data()));
  // Its top-left is sheet pixel (32, 64), its bottom-right (63, 95).
  EXPECT_EQ(tile[0], 32);
  EXPECT_EQ(tile[1], 64);
  EXPECT_EQ(tile[2], 32 ^ 64);
  EXPECT_EQ(tile[3], 33);  // the next pixel across
  const size_t second_row = 32 * 3;
  EXPECT_EQ(tile[second_row + 0], 32);
  EXPECT_EQ(tile[second_row + 1], 65);
  const size_t last = kSheetTileRgbBytes - 3;
  EXPECT_EQ(tile[last + 0], 63);
  EXPECT_EQ(tile[last + 1], 95);
  EXPECT_EQ(tile[last + 2], 63 ^ 95);
  for (int y = 0; y < 32; ++y) {
    for (int x = 0; x < 32; ++x) {
      const uint8_t* px = tile.data() + (size_t(y) * 32 + x) * 3;
      ASSERT_EQ(px[0], 32 + x);
      ASSERT_EQ(px[1], 64 + y);
      ASSERT_EQ(px[2], (32 + x) ^ (64 + y));
    }
  }
  ASSERT_TRUE(ExtractTile(sheet, 0, 0, tile.data()));
  EXPECT_EQ(tile[0], 0);
  EXPECT_EQ(tile[1], 0);
}

TEST(KingdomsSheets, TileOutsideTheSheetRefusedAndOutputUntouched) {
  const image::RgbaPicture sheet = Numbered(64, 96);
  std::vector<uint8_t> tile(kSheetTileRgbBytes, 0xAB);
  EXPECT_FALSE(ExtractTile(sheet, 2, 0, tile.data()));
  EXPECT_FALSE(ExtractTile(sheet, 0, 3, tile.data()));
  EXPECT_FALSE(ExtractTile(sheet, 0xFFFFFFFF, 0, tile.data()));
  EXPECT_FALSE(ExtractTile(sheet, 0, 0xFFFFFFFF, tile.data()));
  // 2^27 * 32 = 2^32: a column that would wrap a 32-bit pixel offset to 0.
  EXPECT_FALSE(ExtractTile(sheet, 1u << 27, 0, tile.data()));
  EXPECT_EQ(tile, std::vector<uint8_t>(kSheetTileRgbBytes, 0xAB));
}

TEST(KingdomsSheets, PartTilesAtTheEdgeAreNotTiles) {
  const image::RgbaPicture sheet = Numbered(70, 40);  // 2 whole tiles across, 1 down
  EXPECT_EQ(SheetColumns(sheet), 2);
  EXPECT_EQ(SheetRows(sheet), 1);
  std::vector<uint8_t> tile(kSheetTileRgbBytes);
  EXPECT_TRUE(ExtractTile(sheet, 1, 0, tile.data()));
  EXPECT_FALSE(ExtractTile(sheet, 2, 0, tile.data()));
  EXPECT_FALSE(ExtractTile(sheet, 0, 1, tile.data()));
}

TEST(KingdomsSheets, EmptyOrMalformedSheetRefused) {
  std::vector<uint8_t> tile(kSheetTileRgbBytes);
  EXPECT_FALSE(ExtractTile(image::RgbaPicture(), 0, 0, tile.data()));
  EXPECT_EQ(SheetColumns(image::RgbaPicture()), 0);
  image::RgbaPicture short_buffer = Numbered(32, 32);
  short_buffer.rgba.pop_back();
  EXPECT_FALSE(ExtractTile(short_buffer, 0, 0, tile.data()));
  image::RgbaPicture negative;
  negative.width = -32;
  negative.height = 32;
  EXPECT_EQ(SheetColumns(negative), 0);
  EXPECT_FALSE(ExtractTile(negative, 0, 0, tile.data()));
}

// A 64 x 64 sheet of four flat-coloured tiles, through JPEG and back: each
// tile cut from the decoded sheet is its colour within a few levels.
TEST(KingdomsSheets, DecodedJpegSheetCutIntoTiles) {
  const uint8_t colours[4][3] = {{200, 40, 40}, {40, 200, 40}, {40, 40, 200}, {220, 220, 60}};
  kbot::testing::JpegSpec spec{64, 64, 3, JCS_RGB};
  for (int y = 0; y < 64; ++y) {
    for (int x = 0; x < 64; ++x) {
      const uint8_t* c = colours[(y / 32) * 2 + x / 32];
      spec.samples.insert(spec.samples.end(), c, c + 3);
    }
  }
  const std::vector<uint8_t> jpeg = kbot::testing::EncodeJpeg(spec);
  absl::StatusOr<image::DecodedJpeg> sheet = image::DecodeJpeg(jpeg, KingdomsSheetPath(7));
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  std::vector<uint8_t> tile(kSheetTileRgbBytes);
  for (uint32_t row = 0; row < 2; ++row) {
    for (uint32_t column = 0; column < 2; ++column) {
      ASSERT_TRUE(ExtractTile(sheet->picture, column, row, tile.data()));
      const uint8_t* want = colours[row * 2 + column];
      for (size_t i = 0; i < kSheetTileRgbBytes; ++i) {
        ASSERT_LE(std::abs(int(tile[i]) - int(want[i % 3])), 3)
            << "tile " << column << ", " << row << " byte " << i;
      }
    }
  }
  EXPECT_FALSE(ExtractTile(sheet->picture, 2, 0, tile.data()));
}

}  // namespace
}  // namespace kbot::tnt
