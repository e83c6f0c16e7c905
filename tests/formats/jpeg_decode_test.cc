// The JPEG decoder (formats/image/jpeg_decode.h) on JPEGs libjpeg makes in the
// test (tests/support/jpeg_bytes.h): the pixels of a known picture within a
// few levels, greyscale widened, the header alone, a truncated file drawn
// with its warning, and every refusal (garbage, a header over the limits, CMYK,
// too many scans) an error naming the file, never an exit or an allocation.
#include "formats/image/jpeg_decode.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "absl/strings/match.h"
#include "tests/support/jpeg_bytes.h"

namespace kbot::image {
namespace {

using kbot::testing::EncodeJpeg;
using kbot::testing::FindJpegScanData;
using kbot::testing::FindJpegSegment;
using kbot::testing::JpegSpec;

// Smooth colours, so that quality 100 at 4:4:4 keeps them within a level or two.
JpegSpec RgbGradient(int width, int height) {
  JpegSpec spec{width, height, 3, JCS_RGB};
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      spec.samples.push_back(uint8_t(40 + x * 4));
      spec.samples.push_back(uint8_t(200 - y * 4));
      spec.samples.push_back(uint8_t(100 + x + y));
    }
  }
  return spec;
}

JpegSpec GreyGradient(int width, int height) {
  JpegSpec spec{width, height, 1, JCS_GRAYSCALE};
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) spec.samples.push_back(uint8_t(30 + 3 * x + 2 * y));
  }
  return spec;
}

JpegSpec Cmyk(J_COLOR_SPACE stored) {
  JpegSpec spec{8, 8, 4, JCS_CMYK, stored};
  spec.samples.assign(8 * 8 * 4, 90);
  return spec;
}

// Every pixel's R, G, B within `tolerance` of the samples (grey: all three
// of the one sample), and opaque.
void ExpectPixels(const RgbaPicture& got, const JpegSpec& want, int tolerance) {
  ASSERT_EQ(got.width, want.width);
  ASSERT_EQ(got.height, want.height);
  ASSERT_EQ(got.rgba.size(), size_t(want.width) * want.height * 4);
  for (size_t i = 0; i < got.pixels(); ++i) {
    for (int c = 0; c < 3; ++c) {
      const int expected = want.samples[i * want.components + (want.components == 1 ? 0 : c)];
      ASSERT_LE(std::abs(int(got.rgba[i * 4 + c]) - expected), tolerance)
          << "pixel " << i % want.width << ", " << i / want.width << " channel " << c;
    }
    ASSERT_EQ(got.rgba[i * 4 + 3], 255) << "pixel " << i;
  }
}

TEST(JpegDecode, RgbPictureWithinAFewLevels) {
  const JpegSpec spec = RgbGradient(24, 16);
  const std::vector<uint8_t> jpeg = EncodeJpeg(spec);
  absl::StatusOr<DecodedJpeg> d = DecodeJpeg(jpeg, "sheet.jpg");
  ASSERT_TRUE(d.ok()) << d.status();
  ExpectPixels(d->picture, spec, 3);
  EXPECT_TRUE(d->warnings.empty()) << d->warnings[0];
  EXPECT_EQ(d->warning_count, 0);
  EXPECT_FALSE(d->truncated);
}

TEST(JpegDecode, StoredAsRgbNotYcbcr) {
  JpegSpec spec = RgbGradient(16, 16);
  spec.stored = JCS_RGB;  // libjpeg writes the Adobe marker saying "no transform"
  const std::vector<uint8_t> jpeg = EncodeJpeg(spec);
  absl::StatusOr<JpegInfo> info = ReadJpegInfo(jpeg, "rgb.jpg");
  ASSERT_TRUE(info.ok()) << info.status();
  EXPECT_EQ(info->colour_space, "RGB");
  absl::StatusOr<DecodedJpeg> d = DecodeJpeg(jpeg, "rgb.jpg");
  ASSERT_TRUE(d.ok()) << d.status();
  ExpectPixels(d->picture, spec, 2);
}

TEST(JpegDecode, GreyscaleIsWidenedToRgb) {
  const JpegSpec spec = GreyGradient(16, 8);
  const std::vector<uint8_t> jpeg = EncodeJpeg(spec);
  absl::StatusOr<DecodedJpeg> d = DecodeJpeg(jpeg, "grey.jpg");
  ASSERT_TRUE(d.ok()) << d.status();
  ExpectPixels(d->picture, spec, 2);
  for (size_t i = 0; i < d->picture.pixels(); ++i) {
    ASSERT_EQ(d->picture.rgba[i * 4], d->picture.rgba[i * 4 + 1]);
    ASSERT_EQ(d->picture.rgba[i * 4], d->picture.rgba[i * 4 + 2]);
  }
}

TEST(JpegDecode, ProgressiveDecodesTheSame) {
  JpegSpec spec = RgbGradient(16, 16);
  spec.progressive = true;
  absl::StatusOr<DecodedJpeg> d = DecodeJpeg(EncodeJpeg(spec), "p.jpg");
  ASSERT_TRUE(d.ok()) << d.status();
  ExpectPixels(d->picture, spec, 3);
}

TEST(JpegInfo, HeaderAloneNamesSizeComponentsAndColourSpace) {
  absl::StatusOr<JpegInfo> rgb = ReadJpegInfo(EncodeJpeg(RgbGradient(24, 16)), "a.jpg");
  ASSERT_TRUE(rgb.ok()) << rgb.status();
  EXPECT_EQ(rgb->width, 24);
  EXPECT_EQ(rgb->height, 16);
  EXPECT_EQ(rgb->components, 3);
  EXPECT_EQ(rgb->colour_space, "YCbCr");
  EXPECT_FALSE(rgb->progressive);

  absl::StatusOr<JpegInfo> grey = ReadJpegInfo(EncodeJpeg(GreyGradient(5, 3)), "g.jpg");
  ASSERT_TRUE(grey.ok()) << grey.status();
  EXPECT_EQ(grey->width, 5);
  EXPECT_EQ(grey->height, 3);
  EXPECT_EQ(grey->components, 1);
  EXPECT_EQ(grey->colour_space, "greyscale");

  JpegSpec spec = RgbGradient(8, 8);
  spec.progressive = true;
  absl::StatusOr<JpegInfo> p = ReadJpegInfo(EncodeJpeg(spec), "p.jpg");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_TRUE(p->progressive);
}

// The data cut halfway through the scan: libjpeg draws what it has, fills the
// rest with mid grey and warns; the picture comes back flagged.
TEST(JpegDecode, TruncatedIsDrawnAndFlagged) {
  const JpegSpec spec = RgbGradient(64, 64);
  std::vector<uint8_t> jpeg = EncodeJpeg(spec);
  const size_t data = FindJpegScanData(jpeg);
  ASSERT_GT(data, 0u);
  jpeg.resize(data + (jpeg.size() - data) / 2);
  absl::StatusOr<DecodedJpeg> d = DecodeJpeg(jpeg, "cut.jpg");
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_TRUE(d->truncated);
  ASSERT_FALSE(d->warnings.empty());
  EXPECT_EQ(d->warnings[0], "Premature end of JPEG file");
  EXPECT_GE(d->warning_count, 1);
  ASSERT_EQ(d->picture.width, 64);
  ASSERT_EQ(d->picture.height, 64);
  // The first pixel was decoded; the last one is libjpeg's grey fill.
  EXPECT_LE(std::abs(int(d->picture.rgba[0]) - spec.samples[0]), 3);
  const size_t last = (d->picture.pixels() - 1) * 4;
  for (int c = 0; c < 3; ++c) EXPECT_EQ(d->picture.rgba[last + c], 128) << c;
  EXPECT_EQ(d->picture.rgba[last + 3], 255);
}

TEST(JpegDecode, CutInsideTheHeaderIsAnError) {
  std::vector<uint8_t> jpeg = EncodeJpeg(RgbGradient(8, 8));
  jpeg.resize(FindJpegSegment(jpeg, 0xC0) + 6);  // inside the frame header
  absl::StatusOr<DecodedJpeg> d = DecodeJpeg(jpeg, "cut.jpg");
  ASSERT_FALSE(d.ok());
  EXPECT_TRUE(absl::StartsWith(d.status().message(), "cut.jpg: libjpeg cannot read it: "))
      << d.status();
  EXPECT_FALSE(ReadJpegInfo(jpeg, "cut.jpg").ok());
}

TEST(JpegDecode, GarbageAndEmptyAreErrorsNotExits) {
  const std::vector<uint8_t> garbage(128, 0xAA);
  absl::StatusOr<DecodedJpeg> d = DecodeJpeg(garbage, "junk.jpg");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().message(),
            "junk.jpg: libjpeg cannot read it: Not a JPEG file: starts with 0xaa 0xaa");
  EXPECT_FALSE(ReadJpegInfo(garbage, "junk.jpg").ok());

  absl::StatusOr<DecodedJpeg> empty = DecodeJpeg(Bytes(), "empty.jpg");
  ASSERT_FALSE(empty.ok());
  EXPECT_TRUE(absl::StartsWith(empty.status().message(), "empty.jpg: libjpeg cannot read it: "))
      << empty.status();
  // Just the start-of-image marker.
  const std::vector<uint8_t> soi = {0xFF, 0xD8};
  EXPECT_FALSE(DecodeJpeg(soi, "soi.jpg").ok());
}

// The frame header patched to claim 60000 x 60000: the header reads, the
// decoder refuses by the side limit before allocating 14 GB.
TEST(JpegDecode, HugeHeaderRefusedBeforeAllocating) {
  std::vector<uint8_t> jpeg = EncodeJpeg(RgbGradient(8, 8));
  const size_t sof = FindJpegSegment(jpeg, 0xC0);
  ASSERT_GT(sof, 0u);
  // FF C0, u16 length, u8 precision, u16 height, u16 width (big-endian).
  jpeg[sof + 5] = 0xEA;
  jpeg[sof + 6] = 0x60;
  jpeg[sof + 7] = 0xEA;
  jpeg[sof + 8] = 0x60;
  absl::StatusOr<JpegInfo> info = ReadJpegInfo(jpeg, "huge.jpg");
  ASSERT_TRUE(info.ok()) << info.status();
  EXPECT_EQ(info->width, 60000);
  EXPECT_EQ(info->height, 60000);
  absl::StatusOr<DecodedJpeg> d = DecodeJpeg(jpeg, "huge.jpg");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(d.status().message(),
            "huge.jpg: 60000 x 60000 pixels: a side is over the limit of 16384 pixels");
}

TEST(JpegDecode, PixelLimitIsTheCallers) {
  const std::vector<uint8_t> jpeg = EncodeJpeg(RgbGradient(40, 30));
  JpegLimits limits;
  limits.max_pixels = 1000;
  absl::StatusOr<DecodedJpeg> d = DecodeJpeg(jpeg, "big.jpg", limits);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().message(), "big.jpg: 40 x 30 pixels is over the limit of 1000 pixels");
  limits.max_pixels = 1200;
  EXPECT_TRUE(DecodeJpeg(jpeg, "big.jpg", limits).ok());
}

TEST(JpegDecode, CmykAndYcckRefusedByName) {
  absl::StatusOr<DecodedJpeg> cmyk = DecodeJpeg(EncodeJpeg(Cmyk(JCS_CMYK)), "print.jpg");
  ASSERT_FALSE(cmyk.ok());
  EXPECT_EQ(cmyk.status().message(),
            "print.jpg: a CMYK JPEG (4 components): only greyscale, YCbCr and RGB JPEGs are "
            "drawn");
  absl::StatusOr<DecodedJpeg> ycck = DecodeJpeg(EncodeJpeg(Cmyk(JCS_YCCK)), "print.jpg");
  ASSERT_FALSE(ycck.ok());
  EXPECT_TRUE(absl::StrContains(ycck.status().message(), "a YCCK JPEG (4 components)"))
      << ycck.status();
}

// jpeg_simple_progression writes 10 scans for a colour picture.
TEST(JpegDecode, TooManyProgressiveScansRefused) {
  JpegSpec spec = RgbGradient(16, 16);
  spec.progressive = true;
  const std::vector<uint8_t> jpeg = EncodeJpeg(spec);
  JpegLimits limits;
  limits.max_scans = 2;
  absl::StatusOr<DecodedJpeg> d = DecodeJpeg(jpeg, "many.jpg", limits);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().message(),
            "many.jpg: libjpeg cannot read it: the progressive JPEG has more than 2 scans");
  limits.max_scans = 10;
  EXPECT_TRUE(DecodeJpeg(jpeg, "many.jpg", limits).ok());
}

}  // namespace
}  // namespace kbot::image
