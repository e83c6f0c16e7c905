#include "formats/image/png_encode.h"

#include <gtest/gtest.h>
#include <png.h>

#include <random>
#include <vector>

#include "absl/strings/match.h"
#include "tests/support/decode_image.h"

namespace kbot::image {
namespace {

using testing::DecodedPng;
using testing::DecodePng;
using testing::DistinctPalette;
using testing::ParsePngChunks;
using testing::PictureFromCells;

const palette::Palette& Pal() {
  static const palette::Palette pal = DistinctPalette();
  return pal;
}

DecodedPng EncodeDecode(const IndexedPicture& p, const PngOptions& options = {}) {
  absl::StatusOr<EncodedImage> png = EncodeIndexedPng(p, Pal(), options);
  EXPECT_TRUE(png.ok()) << png.status();
  if (!png.ok()) return {};
  absl::StatusOr<DecodedPng> decoded = DecodePng(*png);
  EXPECT_TRUE(decoded.ok()) << decoded.status();
  return decoded.ok() ? *decoded : DecodedPng{};
}

std::vector<uint8_t> PlteBytes(const palette::Palette& pal) {
  std::vector<uint8_t> out;
  for (const palette::Rgb& c : pal.colors) out.insert(out.end(), {c.r, c.g, c.b});
  return out;
}

// tRNS that makes only `slot` transparent, as short as it may be.
std::vector<uint8_t> TrnsFor(int slot) {
  std::vector<uint8_t> t(size_t(slot) + 1, 255);
  t[size_t(slot)] = 0;
  return t;
}

// Every pixel: a drawn one keeps its index and is opaque with its palette
// colour; a transparent one stores `slot` and has alpha 0.
void ExpectPixels(const IndexedPicture& p, const DecodedPng& d, int slot) {
  ASSERT_EQ(d.width, p.width);
  ASSERT_EQ(d.height, p.height);
  ASSERT_EQ(d.index.size(), p.pixels());
  for (size_t i = 0; i < p.pixels(); ++i) {
    if (p.opaque[i]) {
      EXPECT_EQ(d.index[i], p.index[i]) << "pixel " << i;
      EXPECT_EQ(d.rgba[i * 4 + 3], 255) << "pixel " << i;
      EXPECT_EQ(d.rgba[i * 4 + 0], Pal().colors[p.index[i]].r) << "pixel " << i;
    } else {
      EXPECT_EQ(d.index[i], slot) << "pixel " << i;
      EXPECT_EQ(d.rgba[i * 4 + 3], 0) << "pixel " << i;
    }
  }
}

TEST(EncodeIndexedPng, KeyNotDrawnIsTheTrnsSlot) {
  const IndexedPicture p = PictureFromCells(4, 3, 9, {1, 2, -1, 3, -1, -1, 200, 255, 8, 10, -1, 4});
  const DecodedPng d = EncodeDecode(p);
  EXPECT_EQ(d.color_type, PNG_COLOR_TYPE_PALETTE);
  EXPECT_EQ(d.bit_depth, 8);
  EXPECT_EQ(d.plte, PlteBytes(Pal()));  // all 256 colours
  ASSERT_TRUE(d.has_trns);
  EXPECT_EQ(d.trns, TrnsFor(9));  // 10 entries: slot + 1
  ExpectPixels(p, d, 9);
}

TEST(EncodeIndexedPng, DrawnKeyKeepsItsIndexAndAnotherSlotIsTransparent) {
  // Key 0 is drawn as opaque black; 1 is free and becomes the slot.
  const IndexedPicture p = PictureFromCells(3, 2, 0, {0, -1, 2, 0, 3, -1});
  const DecodedPng d = EncodeDecode(p);
  EXPECT_EQ(d.trns, TrnsFor(1));
  ExpectPixels(p, d, 1);
  // Index 0 stays opaque black.
  EXPECT_EQ(d.index[0], 0);
  EXPECT_EQ(std::vector<uint8_t>(d.rgba.begin(), d.rgba.begin() + 4),
            (std::vector<uint8_t>{0, 0, 0, 255}));
}

TEST(EncodeIndexedPng, NoTransparencyWithFreeKeyStillMarksTheKey) {
  const IndexedPicture p = PictureFromCells(2, 2, 5, {1, 2, 3, 4});
  const DecodedPng d = EncodeDecode(p);
  EXPECT_EQ(d.trns, TrnsFor(5));
  ExpectPixels(p, d, 5);
}

TEST(EncodeIndexedPng, NoTransparencyWithDrawnKeyWritesNoTrns) {
  const IndexedPicture p = PictureFromCells(2, 2, 5, {5, 2, 3, 4});
  const DecodedPng d = EncodeDecode(p);
  EXPECT_EQ(d.color_type, PNG_COLOR_TYPE_PALETTE);
  EXPECT_FALSE(d.has_trns);
  ExpectPixels(p, d, -1);
}

// 16 x 17: row 0..15 draw all 256 indices, the last row is `tail`.
IndexedPicture AllIndicesDrawn(const std::vector<int>& tail) {
  std::vector<int> cells;
  for (int i = 0; i < 256; ++i) cells.push_back(i);
  cells.insert(cells.end(), tail.begin(), tail.end());
  return PictureFromCells(16, 17, 0, cells);
}

TEST(EncodeIndexedPng, AllIndicesDrawnPlusTransparencyBecomesRgba) {
  std::vector<int> tail(16, 7);
  tail[3] = -1;
  tail[15] = -1;
  const IndexedPicture p = AllIndicesDrawn(tail);
  const DecodedPng d = EncodeDecode(p);
  EXPECT_EQ(d.color_type, PNG_COLOR_TYPE_RGB_ALPHA);
  EXPECT_EQ(d.bit_depth, 8);
  EXPECT_EQ(d.rgba, ToRgba(p, Pal()).rgba);
  EXPECT_EQ(d.alpha(3, 16), 0);
  EXPECT_EQ(d.alpha(15, 16), 0);
  EXPECT_EQ(d.alpha(4, 16), 255);
  EXPECT_EQ(d.alpha(0, 0), 255);  // index 0, black, drawn
}

TEST(EncodeIndexedPng, AllIndicesDrawnWithoutTransparencyStaysIndexed) {
  const IndexedPicture p = AllIndicesDrawn(std::vector<int>(16, 9));
  const DecodedPng d = EncodeDecode(p);
  EXPECT_EQ(d.color_type, PNG_COLOR_TYPE_PALETTE);
  EXPECT_FALSE(d.has_trns);
  ExpectPixels(p, d, -1);
}

TEST(EncodeIndexedPng, BothFilterSettingsAndLevelsRoundTrip) {
  std::mt19937 rng(7);
  IndexedPicture p(97, 61, 0, 0, 12);
  for (size_t i = 0; i < p.pixels(); ++i) {
    p.opaque[i] = rng() % 4 != 0;
    p.index[i] = uint8_t(rng() % 12);  // leaves 12 free
  }
  for (bool filter_none : {true, false}) {
    for (int level : {0, 1, 6, 9, 12}) {
      SCOPED_TRACE(::testing::Message() << "filter_none " << filter_none << " level " << level);
      const DecodedPng d = EncodeDecode(p, PngOptions{level, filter_none});
      EXPECT_EQ(d.trns, TrnsFor(12));
      ExpectPixels(p, d, 12);
    }
  }
}

TEST(EncodeIndexedPng, LargeImageSpansSeveralIdatChunks) {
  // Stored (level 0): 1.1 MB of data, past the 1 MiB an IDAT holds.
  IndexedPicture p(1100, 1000, 0, 1, 255);
  for (size_t i = 0; i < p.pixels(); ++i) p.index[i] = uint8_t(i * 7 % 255);
  p.opaque[12345] = 0;
  absl::StatusOr<EncodedImage> png = EncodeIndexedPng(p, Pal(), PngOptions{0, true});
  ASSERT_TRUE(png.ok()) << png.status();
  ASSERT_TRUE(png.ok()) << png.status();
  auto chunks = ParsePngChunks(*png);
  ASSERT_TRUE(chunks.ok()) << chunks.status();
  int idats = 0;
  for (const auto& c : *chunks) idats += c.type == "IDAT";
  EXPECT_EQ(idats, 2);
  auto d = DecodePng(*png);
  ASSERT_TRUE(d.ok()) << d.status();
  ExpectPixels(p, *d, 255);
}

TEST(EncodeIndexedPng, ChunkOrder) {
  const IndexedPicture p = PictureFromCells(2, 1, 3, {1, -1});
  absl::StatusOr<EncodedImage> png = EncodeIndexedPng(p, Pal());
  ASSERT_TRUE(png.ok());
  auto chunks = ParsePngChunks(*png);
  ASSERT_TRUE(chunks.ok()) << chunks.status();
  std::vector<std::string> types;
  for (const auto& c : *chunks) types.push_back(c.type);
  EXPECT_EQ(types, (std::vector<std::string>{"IHDR", "PLTE", "tRNS", "IDAT", "IEND"}));
}

TEST(EncodeIndexedPng, RejectsEmptyAndMalformedPictures) {
  absl::StatusOr<EncodedImage> empty = EncodeIndexedPng(IndexedPicture(), Pal());
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().message(), "nothing to draw: the frame is 0 x 0");
  EXPECT_FALSE(EncodeIndexedPng(IndexedPicture(0, 5, 0, 0, 0), Pal()).ok());

  IndexedPicture short_plane(4, 4, 0, 1, 0);
  short_plane.opaque.resize(3);
  absl::StatusOr<EncodedImage> bad = EncodeIndexedPng(short_plane, Pal());
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(absl::StrContains(bad.status().message(), "needs 16")) << bad.status();
}

TEST(EncodeIndexedPng, RejectsBadLevelAndThreads) {
  const IndexedPicture p = PictureFromCells(1, 1, 0, {1});
  absl::StatusOr<EncodedImage> png = EncodeIndexedPng(p, Pal(), PngOptions{13, true});
  ASSERT_FALSE(png.ok());
  EXPECT_EQ(png.status().message(), "compression level 13 is outside 0..12");
  EXPECT_FALSE(EncodeIndexedPng(p, Pal(), PngOptions{-2, true}).ok());
  EXPECT_FALSE(EncodeIndexedPng(p, Pal(), PngOptions{6, true, nullptr, -1}).ok());
}

TEST(EncodeIndexedPng, RefusesSidesPastWhatReadersAccept) {
  // libpng refuses to read more than 1,000,000 pixels a side by default.
  IndexedPicture p(1000001, 1, 1, 1, 0);
  absl::StatusOr<EncodedImage> png = EncodeIndexedPng(p, Pal());
  ASSERT_FALSE(png.ok());
  EXPECT_EQ(png.status().message(),
            "a 1000001 x 1 PNG is past the 1000000 pixels a side that PNG readers accept "
            "(libpng's default limit)");
}

TEST(EncodeRgbaPng, RoundTripsEveryByte) {
  std::mt19937 rng(3);
  RgbaPicture p(33, 21);
  for (uint8_t& b : p.rgba) b = uint8_t(rng());
  for (bool filter_none : {true, false}) {
    absl::StatusOr<EncodedImage> png = EncodeRgbaPng(p, PngOptions{6, filter_none});
    ASSERT_TRUE(png.ok()) << png.status();
    auto d = DecodePng(*png);
    ASSERT_TRUE(d.ok()) << d.status();
    EXPECT_EQ(d->color_type, PNG_COLOR_TYPE_RGB_ALPHA);
    EXPECT_EQ(d->width, 33);
    EXPECT_EQ(d->height, 21);
    EXPECT_EQ(d->rgba, p.rgba);
  }
}

TEST(EncodeRgbaPng, RejectsEmptyAndShortPictures) {
  absl::StatusOr<EncodedImage> empty = EncodeRgbaPng(RgbaPicture());
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().message(), "nothing to draw: the frame is 0 x 0");
  RgbaPicture p(2, 2);
  p.rgba.pop_back();
  EXPECT_FALSE(EncodeRgbaPng(p).ok());
}

TEST(ToRgba, OpaqueTakesPaletteColourTransparentIsZero) {
  IndexedPicture p = PictureFromCells(3, 1, 4, {0, -1, 200});
  const RgbaPicture r = ToRgba(p, Pal());
  const palette::Rgb c = Pal().colors[200];
  EXPECT_EQ(r.width, 3);
  EXPECT_EQ(r.height, 1);
  EXPECT_EQ(r.rgba, (std::vector<uint8_t>{0, 0, 0, 255, 0, 0, 0, 0, c.r, c.g, c.b, 255}));
}

}  // namespace
}  // namespace kbot::image
