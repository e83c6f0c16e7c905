// Nearest-neighbour scaling: exact planes for hand-made pictures, so every
// index, opacity and RGBA byte is checked where it lands.
#include "formats/image/scale.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace kbot::image {
namespace {

using Plane = std::vector<uint8_t>;

// 2 x 2: indices 1 2 / 3 4, the top-right pixel transparent, key 9.
IndexedPicture TwoByTwo() {
  IndexedPicture p(2, 2, 0, 1, 9);
  p.index = {1, 2, 3, 4};
  p.opaque = {1, 0, 1, 1};
  return p;
}

// 3 x 1: a row, so width and height scale independently of each other.
IndexedPicture ThreeByOne() {
  IndexedPicture p(3, 1, 0, 1, 7);
  p.index = {5, 6, 7};
  p.opaque = {1, 1, 0};
  return p;
}

TEST(ScaleNearest, FactorOneIsACopy) {
  absl::StatusOr<IndexedPicture> s = ScaleNearest(TwoByTwo(), 1);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->width, 2);
  EXPECT_EQ(s->height, 2);
  EXPECT_EQ(s->index, (Plane{1, 2, 3, 4}));
  EXPECT_EQ(s->opaque, (Plane{1, 0, 1, 1}));
  EXPECT_EQ(s->key, 9);
}

TEST(ScaleNearest, TwoByTwoAtTwo) {
  absl::StatusOr<IndexedPicture> s = ScaleNearest(TwoByTwo(), 2);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->width, 4);
  EXPECT_EQ(s->height, 4);
  EXPECT_EQ(s->index, (Plane{1, 1, 2, 2,
                             1, 1, 2, 2,
                             3, 3, 4, 4,
                             3, 3, 4, 4}));
  EXPECT_EQ(s->opaque, (Plane{1, 1, 0, 0,
                              1, 1, 0, 0,
                              1, 1, 1, 1,
                              1, 1, 1, 1}));
  EXPECT_EQ(s->key, 9);
}

TEST(ScaleNearest, TwoByTwoAtThree) {
  absl::StatusOr<IndexedPicture> s = ScaleNearest(TwoByTwo(), 3);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->width, 6);
  EXPECT_EQ(s->height, 6);
  EXPECT_EQ(s->index, (Plane{1, 1, 1, 2, 2, 2,
                             1, 1, 1, 2, 2, 2,
                             1, 1, 1, 2, 2, 2,
                             3, 3, 3, 4, 4, 4,
                             3, 3, 3, 4, 4, 4,
                             3, 3, 3, 4, 4, 4}));
  EXPECT_EQ(s->opaque, (Plane{1, 1, 1, 0, 0, 0,
                              1, 1, 1, 0, 0, 0,
                              1, 1, 1, 0, 0, 0,
                              1, 1, 1, 1, 1, 1,
                              1, 1, 1, 1, 1, 1,
                              1, 1, 1, 1, 1, 1}));
}

TEST(ScaleNearest, ThreeByOneAtOneTwoThree) {
  absl::StatusOr<IndexedPicture> s = ScaleNearest(ThreeByOne(), 1);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->index, (Plane{5, 6, 7}));
  EXPECT_EQ(s->opaque, (Plane{1, 1, 0}));

  s = ScaleNearest(ThreeByOne(), 2);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->width, 6);
  EXPECT_EQ(s->height, 2);
  EXPECT_EQ(s->index, (Plane{5, 5, 6, 6, 7, 7,
                             5, 5, 6, 6, 7, 7}));
  EXPECT_EQ(s->opaque, (Plane{1, 1, 1, 1, 0, 0,
                              1, 1, 1, 1, 0, 0}));
  EXPECT_EQ(s->key, 7);

  s = ScaleNearest(ThreeByOne(), 3);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->width, 9);
  EXPECT_EQ(s->height, 3);
  EXPECT_EQ(s->index, (Plane{5, 5, 5, 6, 6, 6, 7, 7, 7,
                             5, 5, 5, 6, 6, 6, 7, 7, 7,
                             5, 5, 5, 6, 6, 6, 7, 7, 7}));
  EXPECT_EQ(s->opaque, (Plane{1, 1, 1, 1, 1, 1, 0, 0, 0,
                              1, 1, 1, 1, 1, 1, 0, 0, 0,
                              1, 1, 1, 1, 1, 1, 0, 0, 0}));
}

TEST(ScaleNearest, RgbaKeepsEveryByteOfAPixelTogether) {
  RgbaPicture p(2, 1);
  p.rgba = {10, 20, 30, 255, 40, 50, 60, 0};
  absl::StatusOr<RgbaPicture> s = ScaleNearest(p, 2);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->width, 4);
  EXPECT_EQ(s->height, 2);
  const Plane row = {10, 20, 30, 255, 10, 20, 30, 255, 40, 50, 60, 0, 40, 50, 60, 0};
  Plane both = row;
  both.insert(both.end(), row.begin(), row.end());
  EXPECT_EQ(s->rgba, both);

  s = ScaleNearest(p, 3);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->width, 6);
  EXPECT_EQ(s->height, 3);
  ASSERT_EQ(s->rgba.size(), 6u * 3 * 4);
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 6; ++x) {
      const uint8_t* px = s->rgba.data() + (size_t(y) * 6 + x) * 4;
      const uint8_t* want = p.rgba.data() + (x / 3) * 4;
      EXPECT_EQ(Plane(px, px + 4), Plane(want, want + 4)) << x << "," << y;
    }
  }
}

TEST(ScaleNearest, AnIndexedAnimationKeepsKeysTicksAndLoop) {
  IndexedAnimation a;
  a.width = 2;
  a.height = 2;
  a.frames = {TwoByTwo(), TwoByTwo()};
  a.frames[1].index = {4, 3, 2, 1};
  a.frames[1].key = 3;
  a.ticks = {4, 7};
  a.loops = false;
  absl::StatusOr<IndexedAnimation> s = ScaleNearest(a, 2);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->width, 4);
  EXPECT_EQ(s->height, 4);
  EXPECT_EQ(s->ticks, (std::vector<uint16_t>{4, 7}));
  EXPECT_FALSE(s->loops);
  ASSERT_EQ(s->frames.size(), 2u);
  EXPECT_EQ(s->frames[0].key, 9);
  EXPECT_EQ(s->frames[1].key, 3);
  EXPECT_EQ(s->frames[1].index, (Plane{4, 4, 3, 3,
                                       4, 4, 3, 3,
                                       2, 2, 1, 1,
                                       2, 2, 1, 1}));
  EXPECT_TRUE(CheckAnimation(*s).ok()) << CheckAnimation(*s);
}

TEST(ScaleNearest, AnRgbaAnimation) {
  RgbaAnimation a;
  a.width = 1;
  a.height = 1;
  RgbaPicture p(1, 1);
  p.rgba = {1, 2, 3, 4};
  a.frames = {p};
  a.ticks = {2};
  absl::StatusOr<RgbaAnimation> s = ScaleNearest(a, 3);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->width, 3);
  EXPECT_EQ(s->height, 3);
  EXPECT_TRUE(s->loops);
  ASSERT_EQ(s->frames.size(), 1u);
  Plane nine;
  for (int i = 0; i < 9; ++i) nine.insert(nine.end(), {1, 2, 3, 4});
  EXPECT_EQ(s->frames[0].rgba, nine);
}

TEST(ScaleNearest, RefusesFactorsOutsideOneToEight) {
  for (int factor : {0, 9, -1}) {
    absl::StatusOr<IndexedPicture> s = ScaleNearest(TwoByTwo(), factor);
    ASSERT_FALSE(s.ok()) << factor;
    EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(s.status().message().find("1 to 8"), absl::string_view::npos) << s.status();
    EXPECT_FALSE(ScaleNearest(RgbaPicture(1, 1), factor).ok());
    EXPECT_FALSE(ScaleNearest(IndexedAnimation{}, factor).ok());
    EXPECT_FALSE(ScaleNearest(RgbaAnimation{}, factor).ok());
  }
  EXPECT_TRUE(ScaleNearest(TwoByTwo(), 8).ok());
}

TEST(ScaleNearest, RefusesAResultOverTheCapAndNamesTheSize) {
  // 2 x 2 at 3x is 36 pixels: exactly at a cap of 36 is fine, 35 is not.
  EXPECT_TRUE(ScaleNearest(TwoByTwo(), 3, 36).ok());
  absl::StatusOr<IndexedPicture> s = ScaleNearest(TwoByTwo(), 3, 35);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.status().message().find("6 x 6"), absl::string_view::npos) << s.status();
  EXPECT_NE(s.status().message().find("35"), absl::string_view::npos) << s.status();
  EXPECT_FALSE(ScaleNearest(RgbaPicture(2, 2), 3, 35).ok());

  // The default cap (64 M pixels): 4096 x 2048 at 8x is 512 M pixels. The
  // planes are refused by size, never allocated.
  IndexedPicture big(4096, 2048, 0, 1, 0);
  s = ScaleNearest(big, 8);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("32768 x 16384"), absl::string_view::npos) << s.status();
}

TEST(ScaleNearest, AnAnimationCapCountsEveryFrame) {
  IndexedAnimation a;
  a.width = 2;
  a.height = 2;
  a.frames = {TwoByTwo(), TwoByTwo(), TwoByTwo()};
  a.ticks = {1, 1, 1};
  // 3 frames of 4 x 4 at 2x: 48 pixels in all; one frame alone (16) is under.
  EXPECT_TRUE(ScaleNearest(a, 2, 48).ok());
  absl::StatusOr<IndexedAnimation> s = ScaleNearest(a, 2, 47);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.status().message().find("4 x 4"), absl::string_view::npos) << s.status();
  EXPECT_NE(s.status().message().find("48 pixels"), absl::string_view::npos) << s.status();
}

TEST(ScaleNearest, RefusesPlanesThatDisagreeWithTheSize) {
  IndexedPicture p = TwoByTwo();
  p.opaque.pop_back();
  EXPECT_FALSE(ScaleNearest(p, 2).ok());
  RgbaPicture r(2, 2);
  r.rgba.resize(3);
  EXPECT_FALSE(ScaleNearest(r, 2).ok());
  IndexedAnimation a;
  a.width = 2;
  a.height = 2;
  a.frames = {TwoByTwo(), p};
  a.ticks = {1, 1};
  absl::StatusOr<IndexedAnimation> s = ScaleNearest(a, 2);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("frame 1"), absl::string_view::npos) << s.status();
}

TEST(ScaleNearest, AnEmptyPictureStaysEmpty) {
  absl::StatusOr<IndexedPicture> s = ScaleNearest(IndexedPicture{}, 4);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->width, 0);
  EXPECT_EQ(s->height, 0);
  EXPECT_TRUE(s->index.empty());
}

}  // namespace
}  // namespace kbot::image
