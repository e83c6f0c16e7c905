// DecodePalettedFrame / DecodeTruecolorFrame: every pixel's index and opacity
// for rows hand-encoded from the chunk table (docs/formats/gaf.md, "Run-length
// chunks"), raw frames under every transparency mode, and TA: Kingdoms
// truecolor pixels.
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gaf/frame_decode.h"
#include "formats/gaf/gaf.h"
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

FixtureFrame Raw(uint16_t w, uint16_t h, uint8_t key, std::vector<uint8_t> px) {
  FixtureFrame f;
  f.width = w;
  f.height = h;
  f.transparency = key;
  f.storage = 0;
  f.payload = std::move(px);
  return f;
}

FixtureFrame Rle(uint16_t w, uint16_t h, uint8_t key, std::vector<uint8_t> rows,
                 uint8_t storage = 1) {
  FixtureFrame f = Raw(w, h, key, std::move(rows));
  f.storage = storage;
  return f;
}

// One frame laid out in a one-sequence GAF, read back, then decoded.
struct Decoded {
  std::vector<uint8_t> bytes;
  FrameInfo before;
  FrameInfo info;
  absl::StatusOr<image::IndexedPicture> pic;
  Warnings warnings;
};

Decoded Decode(const FixtureFrame& frame, Transparency mode,
               FrameLocation where = FrameLocation{"t.gaf", 0, 0}) {
  Decoded d;
  FixtureSequence seq;
  seq.name = "s";
  seq.frames = {frame};
  d.bytes = LayOutGaf({seq}).bytes;
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(d.bytes), "t.gaf");
  EXPECT_TRUE(gaf.ok()) << gaf.status();
  if (!gaf.ok()) return d;
  d.info = gaf->sequences.at(0).frames.at(0).info;
  d.before = d.info;
  d.pic = DecodePalettedFrame(AsBytes(d.bytes), d.info, mode, where, &d.warnings);
  return d;
}

void ExpectSameInfo(const FrameInfo& a, const FrameInfo& b) {
  EXPECT_EQ(a.transparency, b.transparency);
  EXPECT_EQ(a.width, b.width);
  EXPECT_EQ(a.height, b.height);
  EXPECT_EQ(a.storage_byte, b.storage_byte);
  EXPECT_EQ(a.data_offset, b.data_offset);
}

// --- The chunk helpers encode docs/formats/gaf.md's chunk table -------------

TEST(GafDecode, ChunkHelpersMatchTheTable) {
  EXPECT_EQ(Skip(127), std::vector<uint8_t>{0xff});
  EXPECT_EQ(Skip(0), std::vector<uint8_t>{0x01});
  EXPECT_EQ(Skip(3), std::vector<uint8_t>{0x07});
  EXPECT_EQ(Repeat(64, 5), (std::vector<uint8_t>{0xfe, 5}));
  EXPECT_EQ(Repeat(1, 5), (std::vector<uint8_t>{0x02, 5}));
  EXPECT_EQ(Literal({4, 5}), (std::vector<uint8_t>{0x04, 4, 5}));
  EXPECT_EQ(Literal(std::vector<uint8_t>(64, 1))[0], 0xfc);
  EXPECT_EQ(Row({Skip(1), Repeat(2, 3)}), (std::vector<uint8_t>{3, 0, 0x03, 0x06, 3}));
}

// --- Run-encoded frames -----------------------------------------------------

// Every chunk kind at its largest run, with the mask bytes written by hand:
// 0xff = skip 127, 0xfe = repeat 64, 0xfc = literal 64.
TEST(GafDecode, LargestRunsOfEveryKind) {
  std::vector<uint8_t> row0 = {0xff, 0xfe, 7, 0xfc};
  for (int i = 0; i < 64; ++i) row0.push_back(uint8_t(100 + i));
  row0.push_back(0x5b);  // skip 45: 127 + 64 + 64 + 45 = 300
  ASSERT_EQ(row0.size(), 69u);
  std::vector<uint8_t> rows = {69, 0};
  rows.insert(rows.end(), row0.begin(), row0.end());
  Decoded d = Decode(Rle(300, 1, 9, rows), Transparency::Game());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  std::vector<int> expect(300, T);
  for (int x = 127; x < 191; ++x) expect[x] = 7;
  for (int x = 191; x < 255; ++x) expect[x] = 100 + (x - 191);
  ExpectGrid(*d.pic, 300, 1, expect, 9);
  EXPECT_EQ(d.pic->key, 9);
  EXPECT_TRUE(d.warnings.empty());
}

// Runs are clipped at the width: a repeat, a literal and a skip that cross it.
TEST(GafDecode, RunsClippedAtTheWidth) {
  std::vector<uint8_t> lit(64);
  for (int i = 0; i < 64; ++i) lit[i] = uint8_t(i);
  // Row 0: 4 literals of 64 = 256 pixels, then a repeat of 64 clipped to 44.
  // Row 1: skips to 254, 46 more = 300, then a literal wholly past the width.
  // Row 2: a literal of 64 starting at 290: 10 drawn, the rest clipped.
  const std::vector<uint8_t> rows =
      Concat({Row({Literal(lit), Literal(lit), Literal(lit), Literal(lit), Repeat(64, 200)}),
              Row({Skip(127), Skip(127), Skip(46), Literal({1, 2, 3})}),
              Row({Skip(127), Skip(127), Skip(36), Literal(lit)})});
  Decoded d = Decode(Rle(300, 3, 9, rows), Transparency::Game());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  std::vector<int> expect(900, T);
  for (int x = 0; x < 256; ++x) expect[x] = x % 64;
  for (int x = 256; x < 300; ++x) expect[x] = 200;
  for (int x = 290; x < 300; ++x) expect[600 + x] = x - 290;
  ExpectGrid(*d.pic, 300, 3, expect, 9);
  EXPECT_TRUE(d.warnings.empty());
}

// A chunk clipped at the width still consumes its bytes, and the next row
// starts after lineLength bytes, whatever the chunks drew.
TEST(GafDecode, ClippedRowsDoNotDesynchronise) {
  const std::vector<uint8_t> rows = Concat({Row({Literal({1, 2, 3, 4, 5}), Repeat(3, 6)}),
                                            Row({Repeat(9, 7), Literal({8, 8})}),
                                            Row({Skip(1), Literal({10, 11})})});
  Decoded d = Decode(Rle(3, 3, 0, rows), Transparency::Game());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectGrid(*d.pic, 3, 3, {1, 2, 3, 7, 7, 7, T, 10, 11}, 0);
  EXPECT_TRUE(d.warnings.empty());
}

// Small runs of each kind, mixed, over several rows.
TEST(GafDecode, MixedChunksEveryPixel) {
  const std::vector<uint8_t> rows =
      Concat({Row({Skip(2), Repeat(3, 4), Literal({5, 6, 7})}),   // T T 4 4 4 5 6 7
              Row({Literal({1}), Skip(0), Skip(1), Repeat(1, 2), Literal({3, 4, 5, 6, 7})}),
              Row({Repeat(8, 250)})});
  Decoded d = Decode(Rle(8, 3, 17, rows), Transparency::Game());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectGrid(*d.pic, 8, 3,
             {T, T, 4, 4, 4, 5, 6, 7,  //
              1, T, 2, 3, 4, 5, 6, 7,  //
              250, 250, 250, 250, 250, 250, 250, 250},
             17);
  EXPECT_EQ(d.pic->key, 17);
  EXPECT_TRUE(d.warnings.empty());
}

// A repeated or literal pixel equal to the key is drawn with that index.
TEST(GafDecode, RepeatedAndLiteralKeyPixelsAreDrawn) {
  const std::vector<uint8_t> rows = Concat({Row({Repeat(2, 9), Literal({9, 1}), Skip(1)})});
  Decoded d = Decode(Rle(5, 1, 9, rows), Transparency::Game());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectGrid(*d.pic, 5, 1, {9, 9, 9, 1, T}, 9);
  EXPECT_EQ(Ints(d.pic->opaque), (std::vector<int>{1, 1, 1, 1, 0}));
}

// Palette index 0 is ordinary opaque black.
TEST(GafDecode, IndexZeroIsOpaqueInRunEncodedFrames) {
  const std::vector<uint8_t> rows = Concat({Row({Literal({0}), Repeat(2, 0), Skip(1)})});
  Decoded d = Decode(Rle(4, 1, 9, rows), Transparency::Game());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectGrid(*d.pic, 4, 1, {0, 0, 0, T}, 9);
  EXPECT_EQ(Ints(d.pic->opaque), (std::vector<int>{1, 1, 1, 0}));
}

// Even when the key itself is 0, drawn 0 pixels stay opaque.
TEST(GafDecode, IndexZeroDrawnWhenKeyIsZero) {
  const std::vector<uint8_t> rows = Concat({Row({Skip(1), Literal({0, 3})})});
  Decoded d = Decode(Rle(3, 1, 0, rows), Transparency::Game());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  EXPECT_EQ(Ints(d.pic->index), (std::vector<int>{0, 0, 3}));
  EXPECT_EQ(Ints(d.pic->opaque), (std::vector<int>{0, 1, 1}));
}

// Any storage byte but 0, 4 and 5 is run-encoded.
TEST(GafDecode, OtherStorageBytesAreRunEncoded) {
  for (int storage : {1, 2, 3, 6, 0x80, 0xff}) {
    const std::vector<uint8_t> rows = Concat({Row({Skip(1), Literal({5})})});
    Decoded d = Decode(Rle(2, 1, 9, rows, uint8_t(storage)), Transparency::Game());
    ASSERT_TRUE(d.pic.ok()) << storage << ": " << d.pic.status();
    ExpectGrid(*d.pic, 2, 1, {T, 5}, 9);
  }
}

// A short row is padded with transparent pixels and reported, naming the
// sequence, frame and row.
TEST(GafDecode, ShortRowPaddedWithAWarning) {
  const std::vector<uint8_t> rows = Concat({Row({Literal({1, 2, 3, 4, 5, 6})}),
                                            Row({Literal({1, 2})}),
                                            Row({Repeat(6, 3)})});
  Decoded d = Decode(Rle(6, 3, 9, rows), Transparency::Game(), FrameLocation{"t.gaf", 1, 2});
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectGrid(*d.pic, 6, 3,
             {1, 2, 3, 4, 5, 6,  //
              1, 2, T, T, T, T,  //
              3, 3, 3, 3, 3, 3},
             9);
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_THAT(d.warnings[0], StartsWith("sequence 1 frame 2 row 1: "));
}

// A row ending in a skip that stops short is also short.
TEST(GafDecode, RowEndingShortAfterSkip) {
  const std::vector<uint8_t> rows = Concat({Row({Literal({1}), Skip(2)})});
  Decoded d = Decode(Rle(5, 1, 9, rows), Transparency::Game(), FrameLocation{"t.gaf", 0, 4});
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectGrid(*d.pic, 5, 1, {1, T, T, T, T}, 9);
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_THAT(d.warnings[0], StartsWith("sequence 0 frame 4 row 0: "));
}

// lineLength 0: an empty row, all padding, one warning per such row.
TEST(GafDecode, EmptyRowsArePadded) {
  const std::vector<uint8_t> rows = {0, 0, 0, 0};
  Decoded d = Decode(Rle(2, 2, 4, rows), Transparency::Game(), FrameLocation{"t.gaf", 3, 0});
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectGrid(*d.pic, 2, 2, {T, T, T, T}, 4);
  ASSERT_EQ(d.warnings.size(), 2u);
  EXPECT_THAT(d.warnings[0], StartsWith("sequence 3 frame 0 row 0: "));
  EXPECT_THAT(d.warnings[1], StartsWith("sequence 3 frame 0 row 1: "));
}

// Many short rows: the first three are named, the rest counted in one line.
TEST(GafDecode, ManyShortRowsAreNamedThenCounted) {
  const std::vector<uint8_t> rows(2 * 10, 0);  // ten rows of lineLength 0
  Decoded d = Decode(Rle(2, 10, 4, rows), Transparency::Game(), FrameLocation{"t.gaf", 0, 1});
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ASSERT_EQ(d.warnings.size(), 4u);
  EXPECT_THAT(d.warnings[2], StartsWith("sequence 0 frame 1 row 2: "));
  EXPECT_EQ(d.warnings[3], "sequence 0 frame 1: 7 more short rows padded transparent");
}

// A null warnings sink is allowed.
TEST(GafDecode, ShortRowWithoutWarningSink) {
  FixtureSequence seq;
  seq.frames = {Rle(3, 1, 9, Row({Literal({1})}))};
  FixtureLayout l = LayOutGaf({seq});
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(l.bytes), "t.gaf");
  ASSERT_TRUE(gaf.ok()) << gaf.status();
  absl::StatusOr<image::IndexedPicture> pic =
      DecodePalettedFrame(AsBytes(l.bytes), gaf->sequences[0].frames[0].info,
                          Transparency::Game(), FrameLocation{"t.gaf", 0, 0}, nullptr);
  ASSERT_TRUE(pic.ok()) << pic.status();
  ExpectGrid(*pic, 3, 1, {1, T, T}, 9);
}

// Run-encoded under `none`: skipped (and padded) pixels take the frame's
// TransparencyIndex and are opaque.
TEST(GafDecode, RunEncodedUnderNone) {
  const std::vector<uint8_t> rows =
      Concat({Row({Skip(1), Literal({0, 9}), Skip(1)}), Row({Repeat(1, 5)})});
  Decoded d = Decode(Rle(4, 2, 9, rows), Transparency::None());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectOpaque(*d.pic, 4, 2, {9, 0, 9, 9, 5, 9, 9, 9});
  EXPECT_EQ(d.pic->key, 9);
  EXPECT_EQ(d.info.transparency, 9);
}

// Run-encoded under `heuristic` is the game rule: the corners agreeing on a
// value never make it transparent.
TEST(GafDecode, RunEncodedUnderHeuristicIsGame) {
  const std::vector<uint8_t> rows =
      Concat({Row({Repeat(3, 5)}), Row({Literal({5}), Skip(1), Literal({5})})});
  for (Transparency mode : {Transparency::Game(), Transparency::Heuristic()}) {
    Decoded d = Decode(Rle(3, 2, 9, rows), mode);
    ASSERT_TRUE(d.pic.ok()) << d.pic.status();
    ExpectGrid(*d.pic, 3, 2, {5, 5, 5, 5, T, 5}, 9);
    EXPECT_EQ(d.pic->key, 9) << mode.Name();
    ExpectSameInfo(d.info, d.before);
  }
}

// Run-encoded under `N` is the game rule: drawn pixels equal to N stay drawn.
TEST(GafDecode, RunEncodedUnderIndexIsGame) {
  const std::vector<uint8_t> rows = Concat({Row({Literal({5, 9}), Skip(1)})});
  Decoded d = Decode(Rle(3, 1, 9, rows), Transparency::Index(5));
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  EXPECT_EQ(Ints(d.pic->index)[0], 5);
  EXPECT_EQ(Ints(d.pic->index)[1], 9);
  EXPECT_EQ(Ints(d.pic->opaque), (std::vector<int>{1, 1, 0}));
  EXPECT_EQ(d.info.transparency, 9);
}

// --- Raw frames -------------------------------------------------------------

const std::vector<uint8_t> kRawKeyPresent = {9, 1, 2,  //
                                             0, 9, 3};

TEST(GafDecode, RawGameKeyPixelsTransparent) {
  Decoded d = Decode(Raw(3, 2, 9, kRawKeyPresent), Transparency::Game());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectGrid(*d.pic, 3, 2, {T, 1, 2, 0, T, 3}, 9);
  EXPECT_EQ(d.pic->key, 9);
  ExpectSameInfo(d.info, d.before);
  EXPECT_TRUE(d.warnings.empty());
}

// Index 0 in a raw frame keyed 9 is opaque black.
TEST(GafDecode, RawIndexZeroIsOpaque) {
  Decoded d = Decode(Raw(2, 1, 9, {0, 0}), Transparency::Game());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectOpaque(*d.pic, 2, 1, {0, 0});
}

// A raw frame keyed 0: index 0 pixels are the key, so transparent.
TEST(GafDecode, RawKeyZero) {
  Decoded d = Decode(Raw(2, 1, 0, {0, 4}), Transparency::Game());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectGrid(*d.pic, 2, 1, {T, 4}, 0);
}

TEST(GafDecode, RawHeuristicKeyPresentUsesKey) {
  Decoded d = Decode(Raw(3, 2, 9, kRawKeyPresent), Transparency::Heuristic());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectGrid(*d.pic, 3, 2, {T, 1, 2, 0, T, 3}, 9);
  EXPECT_EQ(d.pic->key, 9);
  EXPECT_EQ(d.info.transparency, 9);
}

// Key 9 absent, the four corners agree on 5: 5 is the effective key, for
// every pixel equal to it, not only the border.
TEST(GafDecode, RawHeuristicCornersAgree) {
  const std::vector<uint8_t> px = {5, 5, 5, 5,  //
                                   5, 1, 5, 2,  //
                                   5, 3, 4, 5};
  Decoded d = Decode(Raw(4, 3, 9, px), Transparency::Heuristic());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectGrid(*d.pic, 4, 3, {T, T, T, T, T, 1, T, 2, T, 3, 4, T}, 5);
  EXPECT_EQ(d.pic->key, 5);
  EXPECT_EQ(d.info.transparency, 9);  // the stored key is not rewritten
  ExpectSameInfo(d.info, d.before);
  // The game rule on the same frame draws everything.
  Decoded g = Decode(Raw(4, 3, 9, px), Transparency::Game());
  ASSERT_TRUE(g.pic.ok()) << g.pic.status();
  ExpectOpaque(*g.pic, 4, 3, {5, 5, 5, 5, 5, 1, 5, 2, 5, 3, 4, 5});
  EXPECT_EQ(g.pic->key, 9);
}

// Key absent, corners differ: the stored key stays, so nothing is transparent.
TEST(GafDecode, RawHeuristicCornersDiffer) {
  const std::vector<uint8_t> px = {5, 5, 6,  //
                                   5, 1, 5,  //
                                   5, 5, 5};
  Decoded d = Decode(Raw(3, 3, 9, px), Transparency::Heuristic());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectOpaque(*d.pic, 3, 3, {5, 5, 6, 5, 1, 5, 5, 5, 5});
  EXPECT_EQ(d.pic->key, 9);
  EXPECT_EQ(d.info.transparency, 9);
}

TEST(GafDecode, RawNoneEverythingOpaque) {
  Decoded d = Decode(Raw(3, 2, 9, kRawKeyPresent), Transparency::None());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectOpaque(*d.pic, 3, 2, {9, 1, 2, 0, 9, 3});
  EXPECT_EQ(d.info.transparency, 9);
  ExpectSameInfo(d.info, d.before);
}

// `N`: pixels equal to N are transparent, pixels equal to the stored key drawn.
TEST(GafDecode, RawIndexModeUsesN) {
  Decoded d = Decode(Raw(3, 2, 9, kRawKeyPresent), Transparency::Index(2));
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  EXPECT_EQ(Ints(d.pic->index), (std::vector<int>{9, 1, 2, 0, 9, 3}));
  EXPECT_EQ(Ints(d.pic->opaque), (std::vector<int>{1, 1, 0, 1, 1, 1}));
  EXPECT_EQ(d.pic->key, 2);
  EXPECT_EQ(d.info.transparency, 9);
}

TEST(GafDecode, RawIndexModeZero) {
  Decoded d = Decode(Raw(3, 2, 9, kRawKeyPresent), Transparency::Index(0));
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  EXPECT_EQ(Ints(d.pic->opaque), (std::vector<int>{1, 1, 1, 0, 1, 1}));
  EXPECT_EQ(d.pic->key, 0);
}

// The stored key is kept in the FrameInfo and in the file bytes after every mode.
TEST(GafDecode, StoredKeyUnchangedByEveryMode) {
  for (Transparency mode : {Transparency::Game(), Transparency::Heuristic(),
                            Transparency::None(), Transparency::Index(5)}) {
    Decoded d = Decode(Raw(2, 2, 9, {5, 1, 2, 5}), mode);
    ASSERT_TRUE(d.pic.ok()) << d.pic.status();
    EXPECT_EQ(d.info.transparency, 9) << mode.Name();
    ExpectSameInfo(d.info, d.before);
    absl::StatusOr<Gaf> again = ReadGaf(AsBytes(d.bytes), "t.gaf");
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->sequences[0].frames[0].info.transparency, 9) << mode.Name();
  }
}

// A raw frame's trailing bytes past width x height are ignored.
TEST(GafDecode, RawReadsExactlyWidthTimesHeight) {
  Decoded d = Decode(Raw(2, 1, 9, {3, 4, 9, 9, 9}), Transparency::Game());
  ASSERT_TRUE(d.pic.ok()) << d.pic.status();
  ExpectOpaque(*d.pic, 2, 1, {3, 4});
}

// Truecolor storage through the paletted decoder is an error, not garbage.
TEST(GafDecode, PalettedDecoderRefusesTruecolor) {
  FixtureFrame f = Raw(1, 1, 0, {0xff, 0xff});
  f.storage = 4;
  Decoded d = Decode(f, Transparency::Game(), FrameLocation{"t.gaf", 0, 0});
  ASSERT_FALSE(d.pic.ok());
  EXPECT_THAT(std::string(d.pic.status().message()), StartsWith("t.gaf: sequence 0 frame 0: "));
  EXPECT_THAT(std::string(d.pic.status().message()), HasSubstr("truecolor"));
}

// --- FrameLocation ----------------------------------------------------------

TEST(GafDecode, FrameLocationNames) {
  FrameLocation at{"cursors.gaf", 3, 1};
  EXPECT_EQ(at.Name(), "sequence 3 frame 1");
  EXPECT_EQ(at.Layer(0).Name(), "sequence 3 frame 1 layer 0");
  EXPECT_EQ(std::string(at.Error("row 7 runs past").message()),
            "cursors.gaf: sequence 3 frame 1: row 7 runs past");
  EXPECT_EQ(std::string(at.Layer(2).Error("x").message()),
            "cursors.gaf: sequence 3 frame 1 layer 2: x");
}

// --- Truecolor (TA: Kingdoms TAF) -------------------------------------------

struct Rgba {
  int r, g, b, a;
  friend bool operator==(const Rgba&, const Rgba&) = default;
};
std::ostream& operator<<(std::ostream& os, const Rgba& c) {
  return os << "(" << c.r << "," << c.g << "," << c.b << "," << c.a << ")";
}

std::vector<Rgba> Pixels(const image::RgbaPicture& pic) {
  std::vector<Rgba> out;
  for (size_t i = 0; i + 3 < pic.rgba.size(); i += 4) {
    out.push_back({pic.rgba[i], pic.rgba[i + 1], pic.rgba[i + 2], pic.rgba[i + 3]});
  }
  return out;
}

absl::StatusOr<image::RgbaPicture> DecodeTc(uint8_t storage, uint16_t w, uint16_t h,
                                            std::vector<uint8_t> le_pixels) {
  FixtureFrame f = Raw(w, h, 0, std::move(le_pixels));
  f.storage = storage;
  FixtureSequence seq;
  seq.frames = {f};
  FixtureLayout l = LayOutGaf({seq});
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(l.bytes), "t.taf");
  if (!gaf.ok()) return gaf.status();
  return DecodeTruecolorFrame(AsBytes(l.bytes), gaf->sequences[0].frames[0].info,
                              FrameLocation{"t.taf", 0, 0});
}

// ARGB4444: alpha 12-15, red 8-11, green 4-7, blue 0-3; v -> v * 17.
TEST(GafDecode, Argb4444ExactValues) {
  // Little-endian u16: 0xF00F, 0x8421, 0x7FFF, 0xFFFF, 0x0000, 0x1234.
  absl::StatusOr<image::RgbaPicture> pic =
      DecodeTc(4, 3, 2, {0x0f, 0xf0, 0x21, 0x84, 0xff, 0x7f, 0xff, 0xff, 0x00, 0x00, 0x34, 0x12});
  ASSERT_TRUE(pic.ok()) << pic.status();
  EXPECT_EQ(pic->width, 3);
  EXPECT_EQ(pic->height, 2);
  EXPECT_EQ(Pixels(*pic), (std::vector<Rgba>{{0, 0, 255, 255},
                                             {68, 34, 17, 136},
                                             {255, 255, 255, 119},
                                             {255, 255, 255, 255},
                                             {0, 0, 0, 0},
                                             {34, 51, 68, 17}}));
}

// ARGB1555: alpha bit 15, red 10-14, green 5-9, blue 0-4;
// v -> (v << 3) | (v >> 2); alpha 0 or 255.
TEST(GafDecode, Argb1555ExactValues) {
  // 0xF00F: a1 r=0x1c g=0 b=0x0f; 0x8421: a1 r=1 g=1 b=1; 0x7FFF: a0, all 31;
  // 0xFFFF; 0x4210: a0 r=g=b=16; 0x0000.
  absl::StatusOr<image::RgbaPicture> pic =
      DecodeTc(5, 2, 3, {0x0f, 0xf0, 0x21, 0x84, 0xff, 0x7f, 0xff, 0xff, 0x10, 0x42, 0x00, 0x00});
  ASSERT_TRUE(pic.ok()) << pic.status();
  EXPECT_EQ(pic->width, 2);
  EXPECT_EQ(pic->height, 3);
  EXPECT_EQ(Pixels(*pic), (std::vector<Rgba>{{231, 0, 123, 255},
                                             {8, 8, 8, 255},
                                             {255, 255, 255, 0},
                                             {255, 255, 255, 255},
                                             {132, 132, 132, 0},
                                             {0, 0, 0, 0}}));
}

// Pixels are little-endian: swapping the two bytes gives another colour.
TEST(GafDecode, TruecolorIsLittleEndian) {
  absl::StatusOr<image::RgbaPicture> a = DecodeTc(4, 1, 1, {0x00, 0xf0});  // 0xF000
  absl::StatusOr<image::RgbaPicture> b = DecodeTc(4, 1, 1, {0xf0, 0x00});  // 0x00F0
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(Pixels(*a), (std::vector<Rgba>{{0, 0, 0, 255}}));
  EXPECT_EQ(Pixels(*b), (std::vector<Rgba>{{0, 255, 0, 0}}));
  absl::StatusOr<image::RgbaPicture> c = DecodeTc(5, 1, 1, {0x00, 0x7c});  // 0x7C00: red 31
  absl::StatusOr<image::RgbaPicture> e = DecodeTc(5, 1, 1, {0xe0, 0x03});  // 0x03E0: green 31
  ASSERT_TRUE(c.ok() && e.ok());
  EXPECT_EQ(Pixels(*c), (std::vector<Rgba>{{255, 0, 0, 0}}));
  EXPECT_EQ(Pixels(*e), (std::vector<Rgba>{{0, 255, 0, 0}}));
}

// Bit replication, and narrowing back by a shift restores every stored value.
TEST(GafDecode, WidenByBitReplication) {
  const int w4[16] = {0, 17, 34, 51, 68, 85, 102, 119, 136, 153, 170, 187, 204, 221, 238, 255};
  for (unsigned v = 0; v < 16; ++v) {
    EXPECT_EQ(Widen4(v), w4[v]) << v;
    EXPECT_EQ(Widen4(v) >> 4, int(v));
  }
  EXPECT_EQ(Widen5(0), 0);
  EXPECT_EQ(Widen5(1), 8);
  EXPECT_EQ(Widen5(4), 33);
  EXPECT_EQ(Widen5(15), 123);
  EXPECT_EQ(Widen5(16), 132);
  EXPECT_EQ(Widen5(28), 231);
  EXPECT_EQ(Widen5(31), 255);
  for (unsigned v = 0; v < 32; ++v) EXPECT_EQ(Widen5(v) >> 3, int(v)) << v;
}

}  // namespace
}  // namespace kbot::gaf
