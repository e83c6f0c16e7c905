// RenderFrame (plain, layered, empty, truecolor) and RenderSequence (frames
// aligned on their origins) against hand-laid-out GAFs: every pixel checked.
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "formats/gaf/transparency.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/support/expect_picture.h"
#include "tests/support/gaf_bytes.h"

namespace kbot::gaf {
namespace {

using ::kbot::testing::T;
using ::kbot::testing::AsBytes;
using ::kbot::testing::Ints;
using ::kbot::testing::ExpectGrid;
using ::kbot::testing::ExpectOpaque;

using ::kbot::testing::Concat;
using ::kbot::testing::FixtureFrame;
using ::kbot::testing::FixtureLayout;
using ::kbot::testing::FixtureSequence;
using ::kbot::testing::LayOutGaf;
using ::kbot::testing::Literal;
using ::kbot::testing::Repeat;
using ::kbot::testing::Row;
using ::kbot::testing::Skip;
using ::testing::HasSubstr;
using ::testing::StartsWith;

FixtureFrame Raw(uint16_t w, uint16_t h, uint8_t key, std::vector<uint8_t> px, int16_t ox = 0,
                 int16_t oy = 0) {
  FixtureFrame f;
  f.width = w;
  f.height = h;
  f.origin_x = ox;
  f.origin_y = oy;
  f.transparency = key;
  f.storage = 0;
  f.payload = std::move(px);
  return f;
}

FixtureFrame Rle(uint16_t w, uint16_t h, uint8_t key, std::vector<uint8_t> rows, int16_t ox = 0,
                 int16_t oy = 0) {
  FixtureFrame f = Raw(w, h, key, std::move(rows), ox, oy);
  f.storage = 1;
  return f;
}

FixtureFrame Truecolor(uint8_t storage, uint16_t w, uint16_t h, std::vector<uint8_t> px,
                       int16_t ox = 0, int16_t oy = 0) {
  FixtureFrame f = Raw(w, h, 0, std::move(px), ox, oy);
  f.storage = storage;
  return f;
}

FixtureFrame Layered(uint16_t w, uint16_t h, uint8_t key, int16_t ox, int16_t oy,
                     std::vector<FixtureFrame> layers) {
  FixtureFrame f;
  f.width = w;
  f.height = h;
  f.origin_x = ox;
  f.origin_y = oy;
  f.transparency = key;
  f.storage = 1;
  f.layer_count = uint8_t(layers.size());
  f.layers = std::move(layers);
  return f;
}

FixtureSequence Seq(std::vector<FixtureFrame> frames, uint16_t loop = 1) {
  FixtureSequence s;
  s.name = "seq";
  s.loop_flags = loop;
  s.frames = std::move(frames);
  return s;
}

struct Fixture {
  std::vector<uint8_t> bytes;
  Gaf gaf;
};

Fixture Load(const std::vector<FixtureSequence>& seqs) {
  Fixture f;
  f.bytes = LayOutGaf(seqs).bytes;
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(f.bytes), "t.gaf");
  EXPECT_TRUE(gaf.ok()) << gaf.status();
  if (gaf.ok()) f.gaf = *std::move(gaf);
  return f;
}

// Renders frame 0 of sequence 0 of a one-frame GAF.
struct Rendered {
  Fixture fx;
  absl::StatusOr<FramePicture> pic;
  Warnings warnings;
};

Rendered RenderOne(const FixtureFrame& frame, Transparency mode) {
  Rendered r;
  r.fx = Load({Seq({frame})});
  if (r.fx.gaf.sequences.empty()) return r;
  r.pic = RenderFrame(AsBytes(r.fx.bytes), r.fx.gaf.sequences[0].frames.at(0).info, mode,
                      FrameLocation{"t.gaf", 0, 0}, &r.warnings);
  return r;
}

// --- Plain frames through RenderFrame ---------------------------------------

TEST(GafRender, PlainRawAndRunEncodedFrames) {
  Rendered raw = RenderOne(Raw(2, 2, 9, {9, 1, 0, 9}), Transparency::Game());
  ASSERT_TRUE(raw.pic.ok()) << raw.pic.status();
  EXPECT_FALSE(raw.pic->truecolor);
  EXPECT_EQ(raw.pic->width(), 2);
  EXPECT_EQ(raw.pic->height(), 2);
  ExpectGrid(raw.pic->indexed, 2, 2, {T, 1, 0, T}, 9);

  Rendered rle = RenderOne(Rle(3, 1, 9, Row({Skip(1), Literal({9, 0})})), Transparency::Game());
  ASSERT_TRUE(rle.pic.ok()) << rle.pic.status();
  ExpectGrid(rle.pic->indexed, 3, 1, {T, 9, 0}, 9);
}

// --- Layered frames ---------------------------------------------------------

// Outer frame 6 x 5, origin (2, 2), key 9. Layer 0: raw 3 x 3, origin (1, 1),
// key 7, so it lands at (1, 1). Layer 1: run-encoded 2 x 2, origin (0, -1),
// key 3, blend byte set, so it lands at (2, 3) and is drawn over layer 0.
FixtureFrame TwoLayerFrame() {
  FixtureFrame l0 = Raw(3, 3, 7,
                        {7, 1, 1,  //
                         1, 9, 1,  //
                         1, 1, 5},
                        1, 1);
  FixtureFrame l1 = Rle(2, 2, 3, Concat({Row({Skip(1), Literal({2})}), Row({Repeat(2, 3)})}), 0,
                        -1);
  l1.blend = 1;
  return Layered(6, 5, 9, 2, 2, {l0, l1});
}

const std::vector<int> kTwoLayerGame = {
    T, T, T, T, T, T,  //
    T, T, 1, 1, T, T,  // layer 0's key pixel (7) at (1, 1) is not drawn
    T, 1, 9, 1, T, T,  // a raw layer draws the outer key 9: its own key is 7
    T, 1, 1, 2, T, T,  // layer 1's skip keeps layer 0's 1; its 2 covers layer 0's 5
    T, T, 3, 3, T, T,  // layer 1 repeats its own key 3: drawn
};

TEST(GafRender, TwoLayersBackToFrontHotspotOnHotspot) {
  Rendered r = RenderOne(TwoLayerFrame(), Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  const FrameInfo& info = r.fx.gaf.sequences[0].frames[0].info;
  EXPECT_EQ(info.layer_count, 2u);
  ASSERT_EQ(info.layers.size(), 2u);  // the blend byte on a layer is not a count
  EXPECT_EQ(info.layers[1].blend, 1u);
  EXPECT_FALSE(r.pic->truecolor);
  ExpectGrid(r.pic->indexed, 6, 5, kTwoLayerGame, 9);
  EXPECT_EQ(r.pic->indexed.key, 9);
  EXPECT_TRUE(r.warnings.empty());
}

// The blend byte on the outer frame does not make 2 layers into 258.
TEST(GafRender, BlendByteOnOuterFrameStillTwoLayers) {
  FixtureFrame f = TwoLayerFrame();
  f.blend = 1;
  Rendered r = RenderOne(f, Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  EXPECT_EQ(r.fx.gaf.sequences[0].frames[0].info.layers.size(), 2u);
  ExpectGrid(r.pic->indexed, 6, 5, kTwoLayerGame, 9);
}

// Later layers go over earlier ones: the same two layers in the other order.
TEST(GafRender, LayerOrderMatters) {
  FixtureFrame f = TwoLayerFrame();
  std::swap(f.layers[0], f.layers[1]);
  Rendered r = RenderOne(f, Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  ExpectGrid(r.pic->indexed, 6, 5,
             {T, T, T, T, T, T,  //
              T, T, 1, 1, T, T,  //
              T, 1, 9, 1, T, T,  //
              T, 1, 1, 5, T, T,  // layer 0 (now last) covers layer 1's 2 with 5
              T, T, 3, 3, T, T},
             9);
}

// `none`: pixels no layer draws (outside every layer, a run-encoded layer's
// skips, a raw layer's key pixels) take the OUTER key and are opaque.
TEST(GafRender, LayeredUnderNone) {
  Rendered r = RenderOne(TwoLayerFrame(), Transparency::None());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  std::vector<int> expect = kTwoLayerGame;
  for (int& v : expect) v = v == T ? 9 : v;
  ExpectOpaque(r.pic->indexed, 6, 5, expect);
  EXPECT_EQ(r.fx.gaf.sequences[0].frames[0].info.transparency, 9);
}

// `heuristic` and `N` draw layered frames by the game rule.
TEST(GafRender, LayeredUnderHeuristicAndIndexIsGame) {
  for (Transparency mode : {Transparency::Heuristic(), Transparency::Index(1),
                            Transparency::Index(7), Transparency::Index(9)}) {
    Rendered r = RenderOne(TwoLayerFrame(), mode);
    ASSERT_TRUE(r.pic.ok()) << r.pic.status();
    ExpectGrid(r.pic->indexed, 6, 5, kTwoLayerGame, 9);
  }
}

// A raw layer whose key is absent but whose corners agree keeps the game
// rule under `heuristic`: its corners are drawn.
TEST(GafRender, RawLayerUnderHeuristicKeepsItsStoredKey) {
  FixtureFrame l0 = Raw(2, 2, 7, {5, 5, 5, 5});
  Rendered r = RenderOne(Layered(2, 2, 9, 0, 0, {l0}), Transparency::Heuristic());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  ExpectOpaque(r.pic->indexed, 2, 2, {5, 5, 5, 5});
}

// A raw layer uses its own key (not the outer one); a run-encoded layer its skips.
TEST(GafRender, EachLayerByItsOwnRule) {
  FixtureFrame raw = Raw(4, 1, 7, {7, 9, 0, 7});
  FixtureFrame rle = Rle(4, 1, 7, Row({Literal({7}), Skip(2), Literal({9})}), 0, -1);
  Rendered r = RenderOne(Layered(4, 2, 9, 0, 0, {raw, rle}), Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  ExpectGrid(r.pic->indexed, 4, 2,
             {T, 9, 0, T,  //
              7, T, T, 9},
             9);
}

// A layer larger than the outer frame and offset up-left is clipped on every side.
TEST(GafRender, LayerClippedAtTheOuterFrame) {
  std::vector<uint8_t> px(16);
  for (int i = 0; i < 16; ++i) px[i] = uint8_t(10 + i);
  // Outer origin (0, 0), layer origin (1, 1): layer pixel (1, 1) on canvas (0, 0).
  Rendered r = RenderOne(Layered(2, 2, 9, 0, 0, {Raw(4, 4, 200, px, 1, 1)}), Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  ExpectOpaque(r.pic->indexed, 2, 2, {15, 16, 19, 20});
}

// Negative layer origins, clipping on the right and at the bottom.
TEST(GafRender, LayerWithNegativeOriginClippedRightAndBottom) {
  // Layer origin (-1, 0) in an outer frame with origin (0, 0): layer (0, 0) at (1, 0).
  FixtureFrame l = Raw(3, 3, 200, {1, 2, 3, 4, 5, 6, 7, 8, 9}, -1, 0);
  Rendered r = RenderOne(Layered(3, 2, 99, 0, 0, {l}), Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  ExpectGrid(r.pic->indexed, 3, 2,
             {T, 1, 2,  //
              T, 4, 5},
             99);
}

// A run-encoded layer sticking out on both sides horizontally.
TEST(GafRender, RunEncodedLayerClippedLeftAndRight) {
  FixtureFrame l = Rle(5, 1, 0, Row({Literal({10, 11, 12, 13, 14})}), 1, 0);
  Rendered r = RenderOne(Layered(3, 2, 9, 0, 0, {l}), Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  ExpectGrid(r.pic->indexed, 3, 2, {11, 12, 13, T, T, T}, 9);
}

// A layer wholly outside the outer frame draws nothing.
TEST(GafRender, LayerOutsideTheOuterFrame) {
  FixtureFrame l = Raw(2, 2, 0, {1, 2, 3, 4}, -10, 20);
  Rendered r = RenderOne(Layered(2, 2, 9, 0, 0, {l}), Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  ExpectGrid(r.pic->indexed, 2, 2, {T, T, T, T}, 9);
}

// Layers smaller than the outer frame, placed by their origins, origin on origin.
TEST(GafRender, SmallLayersPlacedByTheirOrigins) {
  FixtureFrame a = Raw(1, 1, 0, {42}, 0, 0);   // at the outer origin (3, 2)
  FixtureFrame b = Raw(1, 1, 0, {43}, 3, 2);   // at (0, 0)
  FixtureFrame c = Raw(1, 1, 0, {44}, -1, -1);  // at (4, 3)
  Rendered r = RenderOne(Layered(5, 4, 9, 3, 2, {a, b, c}), Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  ExpectGrid(r.pic->indexed, 5, 4,
             {43, T, T, T, T,  //
              T, T, T, T, T,   //
              T, T, T, 42, T,  //
              T, T, T, T, 44},
             9);
}

// A layer that is itself layered is refused with an error naming it; it is
// never followed.
TEST(GafRender, NestedLayeredLayerIsAnError) {
  FixtureFrame inner = Layered(1, 1, 0, 0, 0, {Raw(1, 1, 0, {1})});
  FixtureFrame f = Layered(2, 2, 9, 0, 0, {Raw(1, 1, 0, {5}), inner});
  Rendered r = RenderOne(f, Transparency::Game());
  ASSERT_FALSE(r.pic.ok());
  const std::string msg(r.pic.status().message());
  EXPECT_THAT(msg, StartsWith("t.gaf: sequence 0 frame 0 layer 1: "));
  EXPECT_THAT(msg, HasSubstr("layered"));
  // Every mode refuses it.
  Rendered n = RenderOne(f, Transparency::None());
  EXPECT_FALSE(n.pic.ok());
}

TEST(GafRender, TruecolorLayerIsAnError) {
  FixtureFrame f = Layered(1, 1, 9, 0, 0, {Truecolor(4, 1, 1, {0xff, 0xff})});
  Rendered r = RenderOne(f, Transparency::Game());
  ASSERT_FALSE(r.pic.ok());
  EXPECT_THAT(std::string(r.pic.status().message()),
              StartsWith("t.gaf: sequence 0 frame 0 layer 0: "));
}

// A short row in a layer is reported with the layer's name.
TEST(GafRender, ShortRowInALayerIsReported) {
  FixtureFrame l = Rle(3, 1, 0, Row({Literal({4})}));
  Rendered r = RenderOne(Layered(3, 1, 9, 0, 0, {Raw(1, 1, 0, {1}), l}), Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  ExpectGrid(r.pic->indexed, 3, 1, {4, T, T}, 9);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_THAT(r.warnings[0], StartsWith("sequence 0 frame 0 layer 1 row 0: "));
}

// An empty layer is skipped.
TEST(GafRender, EmptyLayerDrawsNothing) {
  FixtureFrame empty = Raw(0, 3, 0, {});
  Rendered r = RenderOne(Layered(2, 1, 9, 0, 0, {empty, Raw(1, 1, 0, {6})}), Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  ExpectGrid(r.pic->indexed, 2, 1, {6, T}, 9);
}

// --- Empty frames -----------------------------------------------------------

TEST(GafRender, EmptyFramesRenderToZeroByZero) {
  const FixtureFrame frames[] = {Raw(0, 5, 9, {}), Rle(5, 0, 9, {}), Raw(0, 0, 9, {}),
                                 Truecolor(4, 0, 3, {}), Truecolor(5, 7, 0, {}),
                                 Layered(0, 0, 9, 0, 0, {Raw(1, 1, 0, {1})})};
  for (const FixtureFrame& f : frames) {
    for (Transparency mode : {Transparency::Game(), Transparency::Heuristic(),
                              Transparency::None(), Transparency::Index(3)}) {
      Rendered r = RenderOne(f, mode);
      ASSERT_TRUE(r.pic.ok()) << r.pic.status();
      EXPECT_EQ(r.pic->width(), 0);
      EXPECT_EQ(r.pic->height(), 0);
      EXPECT_TRUE(r.warnings.empty());
    }
  }
}

// An empty frame's data pointer is never followed.
TEST(GafRender, EmptyFrameWithDataPointerPastTheEnd) {
  FixtureLayout l = LayOutGaf({Seq({Rle(0, 40, 9, {})})});
  const size_t info = l.frame_info_offsets[0][0];
  for (int i = 0; i < 4; ++i) l.bytes[info + 16 + i] = 0xff;
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(l.bytes), "t.gaf");
  ASSERT_TRUE(gaf.ok()) << gaf.status();
  absl::StatusOr<FramePicture> pic =
      RenderFrame(AsBytes(l.bytes), gaf->sequences[0].frames[0].info, Transparency::Game(),
                  FrameLocation{"t.gaf", 0, 0}, nullptr);
  ASSERT_TRUE(pic.ok()) << pic.status();
  EXPECT_EQ(pic->width(), 0);
  EXPECT_EQ(pic->height(), 0);
}

// --- Truecolor frames -------------------------------------------------------

TEST(GafRender, TruecolorFrame) {
  Rendered r = RenderOne(Truecolor(5, 2, 1, {0x21, 0x84, 0xff, 0x7f}), Transparency::Game());
  ASSERT_TRUE(r.pic.ok()) << r.pic.status();
  EXPECT_TRUE(r.pic->truecolor);
  EXPECT_EQ(r.pic->width(), 2);
  EXPECT_EQ(r.pic->height(), 1);
  EXPECT_EQ(Ints(r.pic->rgba.rgba), (std::vector<int>{8, 8, 8, 255, 255, 255, 255, 0}));
}

// --- RenderSequence ---------------------------------------------------------

// Three frames of different sizes and origins, some negative:
//   f0 2 x 2 origin ( 0,  0) -> rect x [0, 2),  y [0, 2)
//   f1 3 x 1 origin ( 2, -1) -> rect x [-2, 1), y [1, 2)
//   f2 4 x 3 origin (-1,  1) -> rect x [1, 5),  y [-1, 2)
// Union x [-2, 5), y [-1, 2): a 7 x 3 canvas with the origin at (2, 1).
std::vector<FixtureSequence> AlignedSequences() {
  FixtureFrame f0 = Raw(2, 2, 9, {1, 2, 3, 4}, 0, 0);
  f0.duration = 0;
  FixtureFrame f1 = Raw(3, 1, 9, {5, 6, 7}, 2, -1);
  f1.duration = 0x00010005;
  FixtureFrame f2 = Rle(4, 3, 8,
                        Concat({Row({Literal({10, 11, 12, 13})}), Row({Skip(4)}),
                                Row({Repeat(4, 14)})}),
                        -1, 1);
  f2.duration = 30;
  FixtureFrame single = Raw(1, 1, 0, {1});
  return {Seq({f0, f1, f2}, 0x0100), Seq({single}, 1)};
}

TEST(GafRender, SequenceCanvasIsTheUnionOfOriginAlignedFrames) {
  Fixture fx = Load(AlignedSequences());
  Warnings warnings;
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(fx.bytes), fx.gaf, 0, Transparency::Game(), "t.gaf", &warnings);
  ASSERT_TRUE(anim.ok()) << anim.status();
  EXPECT_FALSE(anim->truecolor);
  EXPECT_EQ(anim->width(), 7);
  EXPECT_EQ(anim->height(), 3);
  EXPECT_EQ(anim->origin_x, 2);
  EXPECT_EQ(anim->origin_y, 1);
  ASSERT_EQ(anim->frames(), 3u);
  EXPECT_EQ(anim->indexed.width, 7);
  EXPECT_EQ(anim->indexed.height, 3);
  ExpectGrid(anim->indexed.frames[0], 7, 3,
             {T, T, T, T, T, T, T,  //
              T, T, 1, 2, T, T, T,  //
              T, T, 3, 4, T, T, T},
             9);
  ExpectGrid(anim->indexed.frames[1], 7, 3,
             {T, T, T, T, T, T, T,  //
              T, T, T, T, T, T, T,  //
              5, 6, 7, T, T, T, T},
             9);
  ExpectGrid(anim->indexed.frames[2], 7, 3,
             {T, T, T, 10, 11, 12, 13,  //
              T, T, T, T, T, T, T,      //
              T, T, T, 14, 14, 14, 14},
             8);
  EXPECT_EQ(anim->indexed.frames[2].key, 8);
  // Ticks: max(d & 0xffff, 1).
  EXPECT_EQ(anim->indexed.ticks, (std::vector<uint16_t>{1, 5, 30}));
  // Loop word 0x0100: the low byte is 0, so it plays once.
  EXPECT_FALSE(anim->indexed.loops);
  EXPECT_TRUE(warnings.empty());
  EXPECT_TRUE(image::CheckAnimation(anim->indexed).ok());
}

TEST(GafRender, SequenceLoopFlagCarried) {
  Fixture fx = Load(AlignedSequences());
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(fx.bytes), fx.gaf, 1, Transparency::Game(), "t.gaf", nullptr);
  ASSERT_TRUE(anim.ok()) << anim.status();
  EXPECT_TRUE(anim->indexed.loops);
  EXPECT_EQ(anim->width(), 1);
  EXPECT_EQ(anim->height(), 1);
  EXPECT_EQ(anim->origin_x, 0);
  EXPECT_EQ(anim->origin_y, 0);
  EXPECT_EQ(anim->indexed.ticks, (std::vector<uint16_t>{1}));
  ExpectOpaque(anim->indexed.frames[0], 1, 1, {1});
}

// `none` fills each frame's own pixels, not the canvas around them.
TEST(GafRender, SequenceUnderNone) {
  Fixture fx = Load(AlignedSequences());
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(fx.bytes), fx.gaf, 0, Transparency::None(), "t.gaf", nullptr);
  ASSERT_TRUE(anim.ok()) << anim.status();
  ExpectGrid(anim->indexed.frames[2], 7, 3,
             {T, T, T, 10, 11, 12, 13,  //
              T, T, T, 8, 8, 8, 8,      //
              T, T, T, 14, 14, 14, 14},
             8);
  ExpectGrid(anim->indexed.frames[0], 7, 3,
             {T, T, T, T, T, T, T,  //
              T, T, 1, 2, T, T, T,  //
              T, T, 3, 4, T, T, T},
             9);
}

// An empty frame in a sequence is a transparent canvas and does not grow it,
// wherever its origin.
TEST(GafRender, EmptyFrameInASequence) {
  FixtureFrame a = Raw(2, 1, 9, {1, 2});
  FixtureFrame e = Raw(0, 0, 4, {}, -1000, 1000);
  Fixture fx = Load({Seq({a, e})});
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(fx.bytes), fx.gaf, 0, Transparency::Game(), "t.gaf", nullptr);
  ASSERT_TRUE(anim.ok()) << anim.status();
  EXPECT_EQ(anim->width(), 2);
  EXPECT_EQ(anim->height(), 1);
  ASSERT_EQ(anim->frames(), 2u);
  ExpectOpaque(anim->indexed.frames[0], 2, 1, {1, 2});
  ExpectGrid(anim->indexed.frames[1], 2, 1, {T, T}, 4);
}

// A short row found while rendering a sequence names that sequence and frame.
TEST(GafRender, SequenceWarningNamesSequenceFrameAndRow) {
  FixtureFrame good = Raw(1, 1, 0, {1});
  FixtureFrame shorty = Rle(4, 2, 9, Concat({Row({Repeat(4, 1)}), Row({Literal({2, 3})})}));
  Fixture fx = Load({Seq({good}), Seq({good, good, shorty})});
  Warnings warnings;
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(fx.bytes), fx.gaf, 1, Transparency::Game(), "t.gaf", &warnings);
  ASSERT_TRUE(anim.ok()) << anim.status();
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_THAT(warnings[0], StartsWith("sequence 1 frame 2 row 1: "));
  ExpectGrid(anim->indexed.frames[2], 4, 2, {1, 1, 1, 1, 2, 3, T, T}, 9);
}

// Truecolor sequences give an RGBA animation, frames aligned the same way.
TEST(GafRender, TruecolorSequence) {
  // f0: 1 x 1 ARGB4444 0xF00F, origin (0, 0) -> x [0, 1)
  // f1: 2 x 1 ARGB1555 0xFFFF 0x7FFF, origin (1, 0) -> x [-1, 1)
  FixtureFrame f0 = Truecolor(4, 1, 1, {0x0f, 0xf0});
  f0.duration = 2;
  FixtureFrame f1 = Truecolor(5, 2, 1, {0xff, 0xff, 0xff, 0x7f}, 1, 0);
  f1.duration = 0x00030003;
  Fixture fx = Load({Seq({f0, f1}, 1)});
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(fx.bytes), fx.gaf, 0, Transparency::Game(), "t.taf", nullptr);
  ASSERT_TRUE(anim.ok()) << anim.status();
  EXPECT_TRUE(anim->truecolor);
  EXPECT_EQ(anim->width(), 2);
  EXPECT_EQ(anim->height(), 1);
  EXPECT_EQ(anim->origin_x, 1);
  EXPECT_EQ(anim->origin_y, 0);
  ASSERT_EQ(anim->frames(), 2u);
  EXPECT_EQ(anim->rgba.width, 2);
  EXPECT_EQ(Ints(anim->rgba.frames[0].rgba), (std::vector<int>{0, 0, 0, 0, 0, 0, 255, 255}));
  EXPECT_EQ(Ints(anim->rgba.frames[1].rgba),
            (std::vector<int>{255, 255, 255, 255, 255, 255, 255, 0}));
  EXPECT_EQ(anim->rgba.ticks, (std::vector<uint16_t>{2, 3}));
  EXPECT_TRUE(anim->rgba.loops);
  EXPECT_TRUE(image::CheckAnimation(anim->rgba).ok());
}

TEST(GafRender, MixedTruecolorAndPalettedSequenceIsAnError) {
  Fixture fx = Load({Seq({Truecolor(4, 1, 1, {0x0f, 0xf0}), Raw(1, 1, 0, {1})})});
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(fx.bytes), fx.gaf, 0, Transparency::Game(), "t.taf", nullptr);
  ASSERT_FALSE(anim.ok());
  const std::string msg(anim.status().message());
  EXPECT_THAT(msg, StartsWith("t.taf: sequence 0: "));
  EXPECT_THAT(msg, HasSubstr("truecolor"));
}

TEST(GafRender, EmptyPalettedFrameInATruecolorSequenceIsNotMixing) {
  // An empty frame draws nothing, so its storage byte (0 here) says nothing
  // about the sequence.
  Fixture fx = Load({Seq({Truecolor(4, 1, 1, {0x0f, 0xf0}), Raw(0, 0, 0, {})})});
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(fx.bytes), fx.gaf, 0, Transparency::Game(), "t.taf", nullptr);
  ASSERT_TRUE(anim.ok()) << anim.status();
  EXPECT_TRUE(anim->truecolor);
  ASSERT_EQ(anim->frames(), 2u);
  EXPECT_EQ(Ints(anim->rgba.frames[1].rgba), (std::vector<int>{0, 0, 0, 0}));
}

TEST(GafRender, SequenceWithNoFramesIsAnError) {
  Fixture fx = Load({Seq({})});
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(fx.bytes), fx.gaf, 0, Transparency::Game(), "t.gaf", nullptr);
  ASSERT_FALSE(anim.ok());
  EXPECT_THAT(std::string(anim.status().message()), StartsWith("t.gaf: sequence 0: "));
}

TEST(GafRender, SequenceOfEmptyFramesIsAnError) {
  Fixture fx = Load({Seq({Raw(0, 0, 0, {}), Raw(3, 0, 0, {})})});
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(fx.bytes), fx.gaf, 0, Transparency::Game(), "t.gaf", nullptr);
  ASSERT_FALSE(anim.ok());
  EXPECT_THAT(std::string(anim.status().message()), StartsWith("t.gaf: sequence 0: "));
}

// docs/design.md: errors are values, no exception crosses a module boundary. An
// index past the last sequence must be an error, not std::out_of_range.
TEST(GafRender, SequenceIndexOutOfRangeIsAnError) {
  Fixture fx = Load({Seq({Raw(1, 1, 0, {1})})});
  absl::StatusOr<SequenceAnimation> anim = absl::UnknownError("not run");
  EXPECT_NO_THROW(anim = RenderSequence(AsBytes(fx.bytes), fx.gaf, 1, Transparency::Game(),
                                        "t.gaf", nullptr));
  ASSERT_FALSE(anim.ok());
  EXPECT_THAT(std::string(anim.status().message()), StartsWith("t.gaf: sequence 1: "));
}

// A layered frame inside a sequence is placed by its outer origin.
TEST(GafRender, LayeredFrameInASequence) {
  FixtureFrame plain = Raw(1, 1, 9, {4}, 0, 0);
  FixtureFrame layered = Layered(2, 1, 9, 1, 0, {Raw(1, 1, 0, {6}, 0, 0)});
  Fixture fx = Load({Seq({plain, layered})});
  absl::StatusOr<SequenceAnimation> anim =
      RenderSequence(AsBytes(fx.bytes), fx.gaf, 0, Transparency::Game(), "t.gaf", nullptr);
  ASSERT_TRUE(anim.ok()) << anim.status();
  // plain: x [0, 1); layered: x [-1, 1). Canvas 2 x 1, origin x 1.
  EXPECT_EQ(anim->width(), 2);
  EXPECT_EQ(anim->origin_x, 1);
  ExpectGrid(anim->indexed.frames[0], 2, 1, {T, 4}, 9);
  // The layer's origin lands on the outer origin (outer pixel 1 = canvas x 1).
  ExpectGrid(anim->indexed.frames[1], 2, 1, {T, 6}, 9);
}

}  // namespace
}  // namespace kbot::gaf
