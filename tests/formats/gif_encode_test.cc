#include "formats/image/gif_encode.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "absl/strings/match.h"
#include "tests/support/decode_image.h"

namespace kbot::image {
namespace {

using testing::DecodedGif;
using testing::DecodeGif;
using testing::DistinctPalette;
using testing::PictureFromCells;

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

DecodedGif EncodeDecode(const IndexedAnimation& a) {
  absl::StatusOr<std::vector<uint8_t>> gif = EncodeGif(a, Pal());
  EXPECT_TRUE(gif.ok()) << gif.status();
  if (!gif.ok()) return {};
  absl::StatusOr<DecodedGif> d = DecodeGif(*gif);
  EXPECT_TRUE(d.ok()) << d.status();
  return d.ok() ? *d : DecodedGif{};
}

void ExpectFrame(const IndexedPicture& p, const testing::GifFrame& g, int slot) {
  ASSERT_EQ(g.index.size(), p.pixels());
  for (size_t i = 0; i < p.pixels(); ++i) {
    EXPECT_EQ(g.index[i], p.opaque[i] ? p.index[i] : slot) << "pixel " << i;
  }
}

TEST(GifDelays, RoundsTheRunningTotal) {
  EXPECT_EQ(GifDelays(std::vector<uint16_t>{1, 1, 1}), (std::vector<int>{3, 4, 3}));
  EXPECT_EQ(GifDelays(std::vector<uint16_t>{5, 5}), (std::vector<int>{17, 16}));
  EXPECT_EQ(GifDelays(std::vector<uint16_t>{3}), (std::vector<int>{10}));
  EXPECT_EQ(GifDelays(std::vector<uint16_t>{2, 2, 2}), (std::vector<int>{7, 6, 7}));
  EXPECT_EQ(GifDelays(std::vector<uint16_t>{}), (std::vector<int>{}));
  EXPECT_EQ(GifDelays(std::vector<uint16_t>{65535}), (std::vector<int>{218450}));
}

TEST(GifDelays, TotalIsTheRoundedWholeLength) {
  std::mt19937 rng(1);
  for (int run = 0; run < 500; ++run) {
    std::vector<uint16_t> ticks(1 + rng() % 40);
    for (uint16_t& t : ticks) t = uint16_t(1 + rng() % (run % 2 ? 9 : 400));
    const std::vector<int> delays = GifDelays(ticks);
    ASSERT_EQ(delays.size(), ticks.size());
    const double total = std::accumulate(ticks.begin(), ticks.end(), 0.0);
    EXPECT_EQ(std::accumulate(delays.begin(), delays.end(), 0LL),
              std::llround(total * 100.0 / 30.0));
    // And no frame is off its exact length by a hundredth or more.
    for (size_t i = 0; i < ticks.size(); ++i) {
      EXPECT_LT(std::abs(delays[i] - ticks[i] * 100.0 / 30.0), 1.0);
    }
  }
}

TEST(EncodeGif, LoopingAnimation) {
  const IndexedAnimation a = Anim({PictureFromCells(3, 2, 9, {1, 2, -1, 3, -1, 255}),
                                   PictureFromCells(3, 2, 9, {-1, 0, 0, 4, 5, -1}),
                                   PictureFromCells(3, 2, 9, {6, -1, 7, -1, 8, 8})},
                                  {1, 1, 1});
  const DecodedGif d = EncodeDecode(a);
  EXPECT_EQ(d.version, "GIF89a");
  EXPECT_EQ(d.width, 3);
  EXPECT_EQ(d.height, 2);
  ASSERT_TRUE(d.loop_count.has_value());
  EXPECT_EQ(*d.loop_count, 0);  // forever
  ASSERT_EQ(d.global_palette.size(), 256u * 3);
  for (int i = 0; i < 256; ++i) {
    EXPECT_EQ(d.global_palette[size_t(i) * 3], Pal().colors[size_t(i)].r);
    EXPECT_EQ(d.global_palette[size_t(i) * 3 + 1], Pal().colors[size_t(i)].g);
    EXPECT_EQ(d.global_palette[size_t(i) * 3 + 2], Pal().colors[size_t(i)].b);
  }
  ASSERT_EQ(d.frames.size(), 3u);
  const int delays[] = {3, 4, 3};
  for (size_t f = 0; f < 3; ++f) {
    SCOPED_TRACE(::testing::Message() << "frame " << f);
    const testing::GifFrame& g = d.frames[f];
    EXPECT_EQ(g.left, 0);
    EXPECT_EQ(g.top, 0);
    EXPECT_EQ(g.width, 3);
    EXPECT_EQ(g.height, 2);
    EXPECT_FALSE(g.has_local_map);
    EXPECT_TRUE(g.has_gcb);
    EXPECT_EQ(g.disposal, 2);  // restore to background
    EXPECT_EQ(g.delay, delays[f]);
    EXPECT_EQ(g.transparent, 9);
    ExpectFrame(a.frames[f], g, 9);
  }
}

TEST(EncodeGif, PlayOnceHasNoLoopExtension) {
  const IndexedAnimation a =
      Anim({PictureFromCells(1, 1, 0, {1}), PictureFromCells(1, 1, 0, {2})}, {5, 5}, false);
  const DecodedGif d = EncodeDecode(a);
  EXPECT_EQ(d.version, "GIF89a");  // the control blocks need 89a either way
  EXPECT_FALSE(d.loop_count.has_value());
  ASSERT_EQ(d.frames.size(), 2u);
  EXPECT_EQ(d.frames[0].delay, 17);
  EXPECT_EQ(d.frames[1].delay, 16);
}

TEST(EncodeGif, AFrameDrawingAnotherFramesKeyMovesTheSlot) {
  // Frame 1 draws 0, frame 0's key; both keys are 0, so the lowest free index
  // (3: 0, 1 and 2 are drawn) becomes the transparent colour of every frame.
  const IndexedAnimation a =
      Anim({PictureFromCells(2, 2, 0, {1, -1, 2, -1}), PictureFromCells(2, 2, 0, {0, -1, -1, 1})},
           {2, 2});
  const DecodedGif d = EncodeDecode(a);
  ASSERT_EQ(d.frames.size(), 2u);
  for (size_t f = 0; f < 2; ++f) {
    EXPECT_EQ(d.frames[f].transparent, 3);
    ExpectFrame(a.frames[f], d.frames[f], 3);
  }
  EXPECT_EQ(d.frames[1].index[0], 0);  // the drawn black keeps index 0
}

TEST(EncodeGif, NoTransparencyAndDrawnKeyHasNoTransparentColour) {
  const IndexedAnimation a = Anim({PictureFromCells(2, 1, 4, {4, 1})}, {3});
  const DecodedGif d = EncodeDecode(a);
  ASSERT_EQ(d.frames.size(), 1u);
  EXPECT_EQ(d.frames[0].transparent, -1);
  EXPECT_EQ(d.frames[0].delay, 10);
  ExpectFrame(a.frames[0], d.frames[0], -1);
}

TEST(EncodeGif, AllIndicesDrawnPlusTransparencyIsAClearError) {
  std::vector<int> cells;
  for (int i = 0; i < 256; ++i) cells.push_back(i);
  cells.push_back(-1);
  const IndexedAnimation a = Anim({PictureFromCells(257, 1, 0, cells)}, {1});
  absl::StatusOr<std::vector<uint8_t>> gif = EncodeGif(a, Pal());
  ASSERT_FALSE(gif.ok());
  EXPECT_TRUE(absl::StrContains(gif.status().message(),
                                "GIF cannot hold all 256 drawn palette indices plus transparency"))
      << gif.status();
  EXPECT_TRUE(absl::StrContains(gif.status().message(), "PNG or APNG")) << gif.status();
}

TEST(EncodeGif, LargeFrameRoundTrips) {
  std::mt19937 rng(9);
  IndexedPicture p(301, 157, 0, 1, 17);
  for (size_t i = 0; i < p.pixels(); ++i) {
    p.index[i] = uint8_t(rng() % 17);
    p.opaque[i] = rng() % 5 != 0;
  }
  const IndexedAnimation a = Anim({p}, {30}, false);
  const DecodedGif d = EncodeDecode(a);
  ASSERT_EQ(d.frames.size(), 1u);
  EXPECT_EQ(d.frames[0].delay, 100);
  EXPECT_EQ(d.frames[0].transparent, 17);
  ExpectFrame(p, d.frames[0], 17);
}

TEST(EncodeGif, RejectsMalformedAnimations) {
  IndexedAnimation empty;
  empty.width = 2;
  empty.height = 2;
  absl::StatusOr<std::vector<uint8_t>> r = EncodeGif(empty, Pal());
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::StrContains(r.status().message(), "no frames")) << r.status();

  r = EncodeGif(Anim({IndexedPicture()}, {1}), Pal());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().message(), "nothing to draw: the frame is 0 x 0");

  r = EncodeGif(Anim({IndexedPicture(65536, 1, 1, 1, 0)}, {1}), Pal());
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::StrContains(r.status().message(), "65535")) << r.status();

  r = EncodeGif(Anim({IndexedPicture(1, 1, 1, 1, 0)}, {20000}), Pal());
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(absl::StrContains(r.status().message(), "655.35 s")) << r.status();
}

}  // namespace
}  // namespace kbot::image
