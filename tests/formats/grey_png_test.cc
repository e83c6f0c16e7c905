// EncodeGreyPng (formats/image/png_encode.h): colour type 0, 8 bits, read
// back by libpng to the exact grey levels, through the shared filter and
// deflate machinery (one picture big enough to be filtered and split).
#include <gtest/gtest.h>
#include <png.h>

#include <random>

#include "absl/strings/match.h"
#include "formats/image/png_encode.h"
#include "tests/support/decode_image.h"

namespace kbot::image {
namespace {

using kbot::testing::DecodePng;
using kbot::testing::ParsePngChunks;

void ExpectRoundTrip(const GreyPicture& p, const PngOptions& options = {}) {
  absl::StatusOr<EncodedImage> png = EncodeGreyPng(p, options);
  ASSERT_TRUE(png.ok()) << png.status();
  absl::StatusOr<kbot::testing::DecodedPng> d = DecodePng(*png);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->color_type, PNG_COLOR_TYPE_GRAY);
  EXPECT_EQ(d->bit_depth, 8);
  ASSERT_EQ(d->width, p.width);
  ASSERT_EQ(d->height, p.height);
  for (size_t i = 0; i < p.pixels(); ++i) {  // decoded as RGBA: (g, g, g, 255)
    ASSERT_EQ(d->rgba[i * 4], p.grey[i]) << i;
    ASSERT_EQ(d->rgba[i * 4 + 1], p.grey[i]) << i;
    ASSERT_EQ(d->rgba[i * 4 + 2], p.grey[i]) << i;
    ASSERT_EQ(d->rgba[i * 4 + 3], 255) << i;
  }
}

TEST(EncodeGreyPng, SmallPictureExactLevelsAndChunks) {
  GreyPicture p(5, 3);
  p.grey = {0, 1, 2, 3, 4, 255, 128, 127, 64, 9, 10, 20, 30, 40, 50};
  ExpectRoundTrip(p);
  absl::StatusOr<EncodedImage> png = EncodeGreyPng(p);
  ASSERT_TRUE(png.ok());
  absl::StatusOr<std::vector<kbot::testing::PngChunk>> chunks = ParsePngChunks(*png);
  ASSERT_TRUE(chunks.ok()) << chunks.status();
  ASSERT_GE(chunks->size(), 3u);
  EXPECT_EQ((*chunks)[0].type, "IHDR");
  ASSERT_EQ((*chunks)[0].data.size(), 13u);
  EXPECT_EQ((*chunks)[0].data[8], 8);  // bit depth
  EXPECT_EQ((*chunks)[0].data[9], 0);  // colour type: grey
  for (const auto& c : *chunks) {
    EXPECT_NE(c.type, "PLTE");
    EXPECT_NE(c.type, "tRNS");
  }
}

TEST(EncodeGreyPng, BigSmoothAndNoisyPicturesOnEveryPath) {
  GreyPicture p(1200, 1000);  // over 1 MiB of rows: two threads
  std::mt19937 random(3);
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      const bool noisy = y > p.height / 2;
      p.grey[size_t(y) * size_t(p.width) + size_t(x)] =
          uint8_t(noisy ? random() & 255 : (x + y) / 9);
    }
  }
  ExpectRoundTrip(p);
  PngOptions one_thread;
  one_thread.threads = 1;
  one_thread.zlib_level = 0;
  ExpectRoundTrip(p, one_thread);
  PngOptions unfiltered;
  unfiltered.filter_none = true;
  ExpectRoundTrip(p, unfiltered);
}

TEST(EncodeGreyPng, MalformedPicturesAreErrors) {
  GreyPicture p(4, 4);
  p.grey.resize(15);
  absl::StatusOr<EncodedImage> png = EncodeGreyPng(p);
  ASSERT_FALSE(png.ok());
  EXPECT_TRUE(absl::StrContains(png.status().message(), "needs 16 bytes, it has 15"));
  EXPECT_FALSE(EncodeGreyPng(GreyPicture()).ok());
}

}  // namespace
}  // namespace kbot::image
