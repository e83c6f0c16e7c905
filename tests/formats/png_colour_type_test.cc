// EncodeRgbaPng's choice of colour type, checked by decoding with libpng and
// comparing every pixel with the input.
#include <gtest/gtest.h>
#include <png.h>

#include <random>
#include <vector>

#include "formats/image/png_encode.h"
#include "tests/support/decode_image.h"

namespace kbot::image {
namespace {

using testing::DecodedPng;
using testing::DecodePng;
using testing::ParsePngChunks;

DecodedPng RoundTrip(const RgbaPicture& p, const PngOptions& options = {}) {
  absl::StatusOr<EncodedImage> png = EncodeRgbaPng(p, options);
  EXPECT_TRUE(png.ok()) << png.status();
  if (!png.ok()) return {};
  absl::StatusOr<DecodedPng> d = DecodePng(*png);
  EXPECT_TRUE(d.ok()) << d.status();
  if (!d.ok()) return {};
  EXPECT_EQ(d->width, p.width);
  EXPECT_EQ(d->height, p.height);
  EXPECT_EQ(d->bit_depth, 8);
  EXPECT_EQ(d->rgba, p.rgba) << "every pixel as it was";
  return *d;
}

void Set(RgbaPicture& p, size_t i, uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
  p.rgba[i * 4] = r, p.rgba[i * 4 + 1] = g, p.rgba[i * 4 + 2] = b, p.rgba[i * 4 + 3] = a;
}

// `colours` distinct opaque colours over a w x h picture, in a pattern that
// repeats; colour k is (k, 255 - k / 2, k * 7).
RgbaPicture Opaque(int w, int h, int colours) {
  RgbaPicture p(w, h);
  for (size_t i = 0; i < p.pixels(); ++i) {
    const int k = int(i % size_t(colours));
    Set(p, i, uint8_t(k), uint8_t(255 - k / 2), uint8_t(k * 7), 255);
  }
  return p;
}

TEST(PngColourType, OpaqueWithManyColoursIsRgb) {
  std::mt19937 rng(5);
  RgbaPicture p(40, 30);
  for (size_t i = 0; i < p.pixels(); ++i) Set(p, i, uint8_t(rng()), uint8_t(rng()), 9, 255);
  for (bool filter_none : {false, true}) {
    EXPECT_EQ(RoundTrip(p, PngOptions{kPngAutoLevel, filter_none}).color_type,
              PNG_COLOR_TYPE_RGB);
  }
}

TEST(PngColourType, AnyAlphaWithManyColoursIsRgba) {
  RgbaPicture p = Opaque(30, 20, 600);
  p.rgba[4 * 77 + 3] = 254;
  EXPECT_EQ(RoundTrip(p).color_type, PNG_COLOR_TYPE_RGB_ALPHA);
}

TEST(PngColourType, AtMost256OpaqueColoursAreIndexedWithoutTrns) {
  const RgbaPicture p = Opaque(64, 16, 256);
  const DecodedPng d = RoundTrip(p);
  EXPECT_EQ(d.color_type, PNG_COLOR_TYPE_PALETTE);
  EXPECT_EQ(d.plte_entries(), 256u);
  EXPECT_FALSE(d.has_trns);
  // First appearance order: pixel i has index i.
  for (size_t i = 0; i < 256; ++i) EXPECT_EQ(d.index[i], i);
}

TEST(PngColourType, The257thColourMakesItRgb) {
  EXPECT_EQ(RoundTrip(Opaque(257, 3, 257)).color_type, PNG_COLOR_TYPE_RGB);
}

TEST(PngColourType, PaletteAndTrnsAreOnlyAsLongAsNeeded) {
  // Three colours and transparent (0, 0, 0, 0): the transparent entry first,
  // so the tRNS is one byte.
  RgbaPicture p(5, 2);
  Set(p, 0, 200, 10, 10, 255);
  Set(p, 1, 10, 200, 10, 255);
  Set(p, 3, 10, 10, 200, 255);
  Set(p, 9, 200, 10, 10, 255);
  const DecodedPng d = RoundTrip(p);
  EXPECT_EQ(d.color_type, PNG_COLOR_TYPE_PALETTE);
  EXPECT_EQ(d.plte, (std::vector<uint8_t>{0, 0, 0, 200, 10, 10, 10, 200, 10, 10, 10, 200}));
  EXPECT_EQ(d.trns, std::vector<uint8_t>{0});
  EXPECT_EQ(d.index, (std::vector<uint8_t>{1, 2, 0, 3, 0, 0, 0, 0, 0, 1}));
}

TEST(PngColourType, PartialAlphaStaysRgba) {
  // kbot's own reader keeps one opaque bit per palette entry, so a partial
  // alpha is never put in a tRNS.
  RgbaPicture p = Opaque(8, 8, 3);
  Set(p, 5, 1, 2, 3, 128);
  EXPECT_EQ(RoundTrip(p).color_type, PNG_COLOR_TYPE_RGB_ALPHA);
}

TEST(PngColourType, TransparentPixelsWithAColourStayRgba) {
  RgbaPicture p = Opaque(8, 8, 3);
  Set(p, 5, 1, 2, 3, 0);  // invisible, but its colour is kept exactly
  EXPECT_EQ(RoundTrip(p).color_type, PNG_COLOR_TYPE_RGB_ALPHA);
}

TEST(PngColourType, AllTransparentIsOneEntry) {
  const RgbaPicture p(7, 3);
  const DecodedPng d = RoundTrip(p);
  EXPECT_EQ(d.color_type, PNG_COLOR_TYPE_PALETTE);
  EXPECT_EQ(d.plte, (std::vector<uint8_t>{0, 0, 0}));
  EXPECT_EQ(d.trns, std::vector<uint8_t>{0});
}

TEST(PngColourType, ChunkOrderOfAnIndexedRgbaPicture) {
  RgbaPicture p(2, 1);
  Set(p, 0, 1, 2, 3, 255);
  absl::StatusOr<EncodedImage> png = EncodeRgbaPng(p);
  ASSERT_TRUE(png.ok()) << png.status();
  auto chunks = ParsePngChunks(*png);
  ASSERT_TRUE(chunks.ok()) << chunks.status();
  std::vector<std::string> types;
  for (const auto& c : *chunks) types.push_back(c.type);
  EXPECT_EQ(types, (std::vector<std::string>{"IHDR", "PLTE", "tRNS", "IDAT", "IEND"}));
}

TEST(PngColourType, WidthOneHeightOneAndThinPictures) {
  for (auto [w, h] : {std::pair{1, 1}, std::pair{1, 300}, std::pair{300, 1}}) {
    SCOPED_TRACE(::testing::Message() << w << " x " << h);
    RgbaPicture many(w, h);
    std::mt19937 rng(uint32_t(w * 1000 + h));
    for (size_t i = 0; i < many.pixels(); ++i) {
      Set(many, i, uint8_t(rng()), uint8_t(rng()), uint8_t(rng()), uint8_t(rng() | 1));
    }
    for (int threads : {1, 2}) {
      RoundTrip(many, PngOptions{kPngAutoLevel, false, nullptr, threads});
      RoundTrip(Opaque(w, h, 300), PngOptions{kPngAutoLevel, false, nullptr, threads});
      RoundTrip(Opaque(w, h, 2), PngOptions{kPngAutoLevel, false, nullptr, threads});
    }
  }
}

TEST(PngColourType, ApngFramesShareOneForm) {
  RgbaAnimation a;
  a.width = 4;
  a.height = 4;
  a.ticks = {1, 2};
  a.frames = {Opaque(4, 4, 3), Opaque(4, 4, 5)};
  absl::StatusOr<EncodedImage> png = EncodeRgbaApng(a);
  ASSERT_TRUE(png.ok()) << png.status();
  absl::StatusOr<testing::DecodedApng> d = testing::DecodeApngFrames(*png);
  ASSERT_TRUE(d.ok()) << d.status();
  ASSERT_EQ(d->frames.size(), 2u);
  for (size_t f = 0; f < 2; ++f) {
    EXPECT_EQ(d->frames[f].image.color_type, PNG_COLOR_TYPE_PALETTE);
    EXPECT_EQ(d->frames[f].image.plte_entries(), 5u);
    EXPECT_EQ(d->frames[f].image.rgba, a.frames[f].rgba);
  }
}

}  // namespace
}  // namespace kbot::image
