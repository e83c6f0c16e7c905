#include <gtest/gtest.h>
#include <png.h>

#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "formats/image/png_encode.h"
#include "formats/image/transparent_slot.h"
#include "tests/support/decode_image.h"

namespace kbot::image {
namespace {

using testing::Be16;
using testing::Be32;
using testing::DecodeApngFrames;
using testing::DecodedApng;
using testing::DecodePng;
using testing::DistinctPalette;
using testing::ParsePngChunks;
using testing::PictureFromCells;
using testing::PngChunk;

const palette::Palette& Pal() {
  static const palette::Palette pal = DistinctPalette();
  return pal;
}

IndexedAnimation Anim(std::vector<IndexedPicture> frames, std::vector<uint16_t> ticks,
                      bool loops = true) {
  IndexedAnimation a;
  a.width = frames.front().width;
  a.height = frames.front().height;
  a.frames = std::move(frames);
  a.ticks = std::move(ticks);
  a.loops = loops;
  return a;
}

std::vector<PngChunk> Chunks(const EncodedImage& png) {
  auto chunks = ParsePngChunks(png);
  EXPECT_TRUE(chunks.ok()) << chunks.status();
  return chunks.ok() ? *chunks : std::vector<PngChunk>{};
}

std::vector<std::string> Types(const std::vector<PngChunk>& chunks) {
  std::vector<std::string> types;
  for (const PngChunk& c : chunks) types.push_back(c.type);
  return types;
}

DecodedApng Decode(const EncodedImage& png) {
  auto d = DecodeApngFrames(png);
  EXPECT_TRUE(d.ok()) << d.status();
  return d.ok() ? *d : DecodedApng{};
}

// Frame pixels as decoded: drawn pixels keep index and are opaque,
// transparent ones are the slot with alpha 0.
void ExpectFrame(const IndexedPicture& p, const testing::DecodedPng& d, int slot) {
  ASSERT_EQ(d.color_type, PNG_COLOR_TYPE_PALETTE);
  ASSERT_EQ(d.index.size(), p.pixels());
  for (size_t i = 0; i < p.pixels(); ++i) {
    if (p.opaque[i]) {
      EXPECT_EQ(d.index[i], p.index[i]) << "pixel " << i;
      EXPECT_EQ(d.rgba[i * 4 + 3], 255) << "pixel " << i;
    } else {
      EXPECT_EQ(d.index[i], slot) << "pixel " << i;
      EXPECT_EQ(d.rgba[i * 4 + 3], 0) << "pixel " << i;
    }
  }
}

TEST(EncodeIndexedApng, ChunksSequenceAndTiming) {
  const IndexedAnimation a = Anim({PictureFromCells(3, 2, 9, {1, 2, 3, -1, -1, 4}),
                                   PictureFromCells(3, 2, 9, {-1, 5, 6, 7, -1, 8}),
                                   PictureFromCells(3, 2, 9, {10, -1, 11, 12, 13, -1})},
                                  {1, 2, 45});
  absl::StatusOr<EncodedImage> png = EncodeIndexedApng(a, Pal());
  ASSERT_TRUE(png.ok()) << png.status();
  const std::vector<PngChunk> chunks = Chunks(*png);
  EXPECT_EQ(Types(chunks), (std::vector<std::string>{"IHDR", "PLTE", "tRNS", "acTL", "fcTL", "IDAT",
                                                     "fcTL", "fdAT", "fcTL", "fdAT", "IEND"}));

  // acTL: 3 frames, looping forever.
  ASSERT_EQ(chunks[3].data.size(), 8u);
  EXPECT_EQ(Be32(&chunks[3].data[0]), 3u);
  EXPECT_EQ(Be32(&chunks[3].data[4]), 0u);

  // fcTL and fdAT sequence numbers run 0, 1, ... 2n - 2 in file order.
  std::vector<uint32_t> sequence;
  for (const PngChunk& c : chunks) {
    if (c.type == "fcTL" || c.type == "fdAT") sequence.push_back(Be32(c.data.data()));
  }
  EXPECT_EQ(sequence, (std::vector<uint32_t>{0, 1, 2, 3, 4}));

  const DecodedApng d = Decode(*png);
  EXPECT_EQ(d.num_frames, 3u);
  EXPECT_EQ(d.num_plays, 0u);
  ASSERT_EQ(d.frames.size(), 3u);
  const uint16_t ticks[] = {1, 2, 45};
  for (size_t f = 0; f < 3; ++f) {
    SCOPED_TRACE(::testing::Message() << "frame " << f);
    const testing::ApngFrame& fr = d.frames[f];
    EXPECT_EQ(fr.width, 3u);
    EXPECT_EQ(fr.height, 2u);
    EXPECT_EQ(fr.x, 0u);
    EXPECT_EQ(fr.y, 0u);
    EXPECT_EQ(fr.delay_num, ticks[f]);
    EXPECT_EQ(fr.delay_den, 30);
    EXPECT_EQ(fr.dispose_op, 0);  // NONE
    EXPECT_EQ(fr.blend_op, 0);    // SOURCE
    EXPECT_EQ(fr.image.trns,
              (std::vector<uint8_t>{255, 255, 255, 255, 255, 255, 255, 255, 255, 0}));
    ExpectFrame(a.frames[f], fr.image, 9);
  }
}

TEST(EncodeIndexedApng, PlayOnceHasOnePlay) {
  const IndexedAnimation a = Anim({PictureFromCells(1, 1, 0, {1}), PictureFromCells(1, 1, 0, {2})},
                                  {3, 3}, /*loops=*/false);
  absl::StatusOr<EncodedImage> png = EncodeIndexedApng(a, Pal());
  ASSERT_TRUE(png.ok()) << png.status();
  const DecodedApng d = Decode(*png);
  EXPECT_EQ(d.num_frames, 2u);
  EXPECT_EQ(d.num_plays, 1u);
}

TEST(EncodeIndexedApng, SingleFrameHasNoFdat) {
  const IndexedAnimation a = Anim({PictureFromCells(2, 1, 4, {1, -1})}, {7});
  absl::StatusOr<EncodedImage> png = EncodeIndexedApng(a, Pal());
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(Types(Chunks(*png)),
            (std::vector<std::string>{"IHDR", "PLTE", "tRNS", "acTL", "fcTL", "IDAT", "IEND"}));
  const DecodedApng d = Decode(*png);
  ASSERT_EQ(d.frames.size(), 1u);
  EXPECT_EQ(d.frames[0].delay_num, 7);
  ExpectFrame(a.frames[0], d.frames[0].image, 4);
}

TEST(EncodeIndexedApng, AFrameDrawingAnotherFramesKeyMovesTheSharedSlot) {
  // Frame 1 draws 7, frame 0's key; frame 1's key 9 is free in both.
  const IndexedAnimation a =
      Anim({PictureFromCells(2, 2, 7, {1, -1, 2, -1}), PictureFromCells(2, 2, 9, {7, -1, 7, 3})},
           {2, 2});
  absl::StatusOr<EncodedImage> png = EncodeIndexedApng(a, Pal());
  ASSERT_TRUE(png.ok()) << png.status();
  const DecodedApng d = Decode(*png);
  ASSERT_EQ(d.frames.size(), 2u);
  for (size_t f = 0; f < 2; ++f) {
    SCOPED_TRACE(::testing::Message() << "frame " << f);
    ASSERT_EQ(d.frames[f].image.trns.size(), 10u);
    EXPECT_EQ(d.frames[f].image.trns[9], 0);
    EXPECT_EQ(d.frames[f].image.trns[7], 255);
    ExpectFrame(a.frames[f], d.frames[f].image, 9);
  }
}

TEST(EncodeIndexedApng, WholeFileReadsAsItsFirstFrameWithoutApngSupport) {
  const IndexedAnimation a =
      Anim({PictureFromCells(2, 2, 5, {1, -1, 2, 3}), PictureFromCells(2, 2, 5, {4, 4, -1, -1})},
           {1, 1});
  absl::StatusOr<EncodedImage> png = EncodeIndexedApng(a, Pal());
  ASSERT_TRUE(png.ok()) << png.status();
  auto d = DecodePng(*png);  // plain libpng skips acTL, fcTL, fdAT
  ASSERT_TRUE(d.ok()) << d.status();
  ExpectFrame(a.frames[0], *d, 5);
}

TEST(EncodeIndexedApng, AllIndicesDrawnAcrossFramesPlusTransparencyBecomesRgba) {
  // Frame 0 draws 0..127, frame 1 draws 128..255 and has a hole: no index is
  // free for the shared slot, so the whole APNG is RGBA.
  std::vector<int> c0, c1;
  for (int i = 0; i < 128; ++i) {
    c0.push_back(i);
    c1.push_back(128 + i);
  }
  c1[5] = -1;
  c1.push_back(133);  // 133 is still drawn once
  c0.push_back(0);
  const IndexedAnimation a =
      Anim({PictureFromCells(129, 1, 0, c0), PictureFromCells(129, 1, 0, c1)}, {4, 5});
  ASSERT_TRUE(ChooseTransparentSlot(a.frames).needs_rgba());
  absl::StatusOr<EncodedImage> png = EncodeIndexedApng(a, Pal());
  ASSERT_TRUE(png.ok()) << png.status();
  const DecodedApng d = Decode(*png);
  ASSERT_EQ(d.frames.size(), 2u);
  for (size_t f = 0; f < 2; ++f) {
    EXPECT_EQ(d.frames[f].image.color_type, PNG_COLOR_TYPE_RGB_ALPHA);
    EXPECT_EQ(d.frames[f].image.rgba, ToRgba(a.frames[f], Pal()).rgba) << "frame " << f;
  }
  EXPECT_EQ(d.frames[1].image.alpha(5, 0), 0);
  EXPECT_EQ(d.frames[1].delay_num, 5);
}

TEST(EncodeIndexedApng, NoTransparencyAtAll) {
  const IndexedAnimation a =
      Anim({PictureFromCells(2, 1, 3, {3, 1}), PictureFromCells(2, 1, 3, {2, 1})}, {1, 1});
  absl::StatusOr<EncodedImage> png = EncodeIndexedApng(a, Pal());
  ASSERT_TRUE(png.ok()) << png.status();
  const DecodedApng d = Decode(*png);
  ASSERT_EQ(d.frames.size(), 2u);
  EXPECT_FALSE(d.frames[0].image.has_trns);  // key 3 is drawn: no tRNS at all
  ExpectFrame(a.frames[0], d.frames[0].image, -1);
  ExpectFrame(a.frames[1], d.frames[1].image, -1);
}

TEST(EncodeIndexedApng, LargeFramesWithManyIdatsStayOneFdatEach) {
  std::mt19937 rng(11);
  std::vector<IndexedPicture> frames;
  for (int f = 0; f < 3; ++f) {
    IndexedPicture p(200, 150, 0, 1, 250);
    for (size_t i = 0; i < p.pixels(); ++i) {
      p.index[i] = uint8_t(rng() % 250);
      p.opaque[i] = rng() % 8 != 0;
    }
    frames.push_back(std::move(p));
  }
  const IndexedAnimation a = Anim(frames, {1, 1, 1});
  absl::StatusOr<EncodedImage> png = EncodeIndexedApng(a, Pal(), PngOptions{0, true});
  ASSERT_TRUE(png.ok()) << png.status();
  std::vector<uint32_t> sequence;
  for (const PngChunk& c : Chunks(*png)) {
    if (c.type == "fcTL" || c.type == "fdAT") sequence.push_back(Be32(c.data.data()));
  }
  EXPECT_EQ(sequence, (std::vector<uint32_t>{0, 1, 2, 3, 4}));
  const DecodedApng d = Decode(*png);
  ASSERT_EQ(d.frames.size(), 3u);
  for (size_t f = 0; f < 3; ++f) ExpectFrame(a.frames[f], d.frames[f].image, 250);
}

TEST(EncodeIndexedApng, RejectsMalformedAnimations) {
  IndexedAnimation empty;
  empty.width = 4;
  empty.height = 4;
  absl::StatusOr<EncodedImage> r = EncodeIndexedApng(empty, Pal());
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::StrContains(r.status().message(), "no frames")) << r.status();

  IndexedAnimation zero = Anim({IndexedPicture()}, {1});
  r = EncodeIndexedApng(zero, Pal());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "nothing to draw: the frame is 0 x 0");

  IndexedAnimation mismatched =
      Anim({PictureFromCells(2, 1, 0, {1, 1}), PictureFromCells(1, 1, 0, {1})}, {1, 1});
  r = EncodeIndexedApng(mismatched, Pal());
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::StrContains(r.status().message(), "frame 1 is 1 x 1")) << r.status();

  IndexedAnimation no_ticks = Anim({PictureFromCells(1, 1, 0, {1})}, {});
  EXPECT_FALSE(EncodeIndexedApng(no_ticks, Pal()).ok());

  IndexedAnimation zero_ticks = Anim({PictureFromCells(1, 1, 0, {1})}, {0});
  EXPECT_FALSE(EncodeIndexedApng(zero_ticks, Pal()).ok());
}

TEST(EncodeRgbaApng, RoundTripsEveryByte) {
  std::mt19937 rng(5);
  RgbaAnimation a;
  a.width = 17;
  a.height = 9;
  a.loops = false;
  for (int f = 0; f < 4; ++f) {
    RgbaPicture p(17, 9);
    for (uint8_t& b : p.rgba) b = uint8_t(rng());
    a.frames.push_back(std::move(p));
    a.ticks.push_back(uint16_t(f + 1));
  }
  for (bool filter_none : {true, false}) {
    absl::StatusOr<EncodedImage> png = EncodeRgbaApng(a, PngOptions{9, filter_none});
    ASSERT_TRUE(png.ok()) << png.status();
    const DecodedApng d = Decode(*png);
    EXPECT_EQ(d.num_frames, 4u);
    EXPECT_EQ(d.num_plays, 1u);
    ASSERT_EQ(d.frames.size(), 4u);
    for (size_t f = 0; f < 4; ++f) {
      EXPECT_EQ(d.frames[f].image.color_type, PNG_COLOR_TYPE_RGB_ALPHA);
      EXPECT_EQ(d.frames[f].image.rgba, a.frames[f].rgba) << "frame " << f;
      EXPECT_EQ(d.frames[f].delay_num, f + 1);
      EXPECT_EQ(d.frames[f].delay_den, 30);
      EXPECT_EQ(d.frames[f].sequence, f == 0 ? 0u : uint32_t(2 * f - 1));
    }
  }
}

TEST(EncodeRgbaApng, RejectsEmptyAnimation) {
  RgbaAnimation a;
  a.width = 1;
  a.height = 1;
  EXPECT_FALSE(EncodeRgbaApng(a).ok());
  a.width = 0;
  a.frames.push_back(RgbaPicture(0, 1));
  a.ticks.push_back(1);
  absl::StatusOr<EncodedImage> r = EncodeRgbaApng(a);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "nothing to draw: the frame is 0 x 1");
}

}  // namespace
}  // namespace kbot::image
