// ReadGaf and FindSequence against GAFs laid out byte by byte from the layout
// of docs/formats/gaf.md: every header field, as stored.
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gaf/gaf.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/support/expect_picture.h"
#include "tests/support/gaf_bytes.h"

namespace kbot::gaf {
namespace {

using ::kbot::testing::AsBytes;

using ::kbot::testing::ByteBuilder;
using ::kbot::testing::FixtureFrame;
using ::kbot::testing::FixtureLayout;
using ::kbot::testing::FixtureSequence;
using ::kbot::testing::LayOutGaf;
using ::testing::HasSubstr;

Gaf MustRead(const std::vector<uint8_t>& bytes) {
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(bytes), "t.gaf");
  EXPECT_TRUE(gaf.ok()) << gaf.status();
  return gaf.ok() ? *std::move(gaf) : Gaf{};
}

FixtureFrame RawFrame(uint16_t w, uint16_t h, uint8_t key, std::vector<uint8_t> px,
                      uint32_t duration = 1) {
  FixtureFrame f;
  f.width = w;
  f.height = h;
  f.transparency = key;
  f.storage = 0;
  f.duration = duration;
  f.payload = std::move(px);
  return f;
}

FixtureSequence Seq(std::string name, std::vector<FixtureFrame> frames, uint16_t loop = 1,
                    uint32_t unknown4 = 0) {
  FixtureSequence s;
  s.name = std::move(name);
  s.loop_flags = loop;
  s.unknown4 = unknown4;
  s.frames = std::move(frames);
  return s;
}

// --- The whole file, spelled out byte by byte -------------------------------

// One sequence, one raw 2 x 1 frame, every byte written literally.
const std::vector<uint8_t> kLiteralFile = {
    // Header: Version 0x00010100, SequenceCount 1, Unknown 0.
    0x00, 0x01, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    // Sequence offset table: 16.
    0x10, 0x00, 0x00, 0x00,
    // Sequence @16: FrameCount 1, LoopFlags 1, Unknown4 0, Name "CursorMove".
    0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,  //
    'C', 'u', 'r', 's', 'o', 'r', 'M', 'o', 'v', 'e', 0, 0, 0, 0, 0, 0,  //
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // FrameListItem @56: PtrFrameInfo 64, Duration 10.
    0x40, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x00, 0x00,
    // FrameInfo @64: Width 2, Height 1, OriginX -3, OriginY -300 (0xfed4),
    // key 9, raw, no layers, +11 0x5a, +12 0x11223344, data 88, +20 0x55667788.
    0x02, 0x00, 0x01, 0x00, 0xfd, 0xff, 0xd4, 0xfe, 0x09, 0x00, 0x00, 0x5a,  //
    0x44, 0x33, 0x22, 0x11, 0x58, 0x00, 0x00, 0x00, 0x88, 0x77, 0x66, 0x55,
    // Pixels @88.
    0x09, 0x04};

TEST(GafReader, LiteralFileEveryField) {
  ASSERT_EQ(kLiteralFile.size(), 90u);
  Gaf gaf = MustRead(kLiteralFile);
  EXPECT_EQ(gaf.version, 0x00010100u);
  EXPECT_EQ(gaf.unknown8, 0u);
  EXPECT_TRUE(gaf.warnings.empty());
  ASSERT_EQ(gaf.sequences.size(), 1u);
  const Sequence& s = gaf.sequences[0];
  EXPECT_EQ(s.offset, 16u);
  EXPECT_EQ(s.frame_count, 1u);
  EXPECT_EQ(s.loop_flags, 1u);
  EXPECT_EQ(s.unknown4, 0u);
  EXPECT_EQ(s.name, "CursorMove");
  EXPECT_TRUE(s.loops());
  ASSERT_EQ(s.frames.size(), 1u);
  const Frame& f = s.frames[0];
  EXPECT_EQ(f.info_offset, 64u);
  EXPECT_EQ(f.duration, 10u);
  EXPECT_EQ(f.ticks(), 10u);
  const FrameInfo& i = f.info;
  EXPECT_EQ(i.offset, 64u);
  EXPECT_EQ(i.width, 2u);
  EXPECT_EQ(i.height, 1u);
  EXPECT_EQ(i.origin_x, -3);
  EXPECT_EQ(i.origin_y, -300);
  EXPECT_EQ(i.transparency, 9u);
  EXPECT_EQ(i.storage_byte, 0u);
  EXPECT_EQ(i.storage(), Storage::kRaw);
  EXPECT_EQ(i.layer_count, 0u);
  EXPECT_EQ(i.blend, 0x5au);
  EXPECT_EQ(i.unknown12, 0x11223344u);
  EXPECT_EQ(i.data_offset, 88u);
  EXPECT_EQ(i.unknown20, 0x55667788u);
  EXPECT_TRUE(i.layers.empty());
  EXPECT_FALSE(i.layered());
  EXPECT_FALSE(i.truecolor());
  EXPECT_FALSE(i.empty());
  EXPECT_EQ(i.pixels(), 2u);
}

// The support builder agrees with the literal bytes above, so the other tests
// can use it.
TEST(GafReader, FixtureBuilderMatchesLiteralBytes) {
  FixtureFrame f = RawFrame(2, 1, 9, {9, 4}, 10);
  f.origin_x = -3;
  f.origin_y = -300;
  f.blend = 0x5a;
  f.unknown12 = 0x11223344;
  f.unknown20 = 0x55667788;
  FixtureLayout l = LayOutGaf({Seq("CursorMove", {f})});
  EXPECT_EQ(l.bytes, kLiteralFile);
  EXPECT_EQ(l.sequence_offsets, std::vector<size_t>{16});
  EXPECT_EQ(l.frame_info_offsets[0], std::vector<size_t>{64});
  EXPECT_EQ(l.data_offsets[0], std::vector<size_t>{88});
}

// --- Header -----------------------------------------------------------------

TEST(GafReader, VersionZeroReadsWithoutWarning) {
  FixtureLayout l = LayOutGaf({Seq("terrain", {RawFrame(1, 1, 0, {3})})}, 0);
  EXPECT_EQ(l.bytes[0], 0);
  EXPECT_EQ(l.bytes[1], 0);
  EXPECT_EQ(l.bytes[2], 0);
  EXPECT_EQ(l.bytes[3], 0);
  Gaf gaf = MustRead(l.bytes);
  EXPECT_EQ(gaf.version, 0u);
  EXPECT_TRUE(gaf.warnings.empty());
  ASSERT_EQ(gaf.sequences.size(), 1u);
  EXPECT_EQ(gaf.sequences[0].name, "terrain");
}

TEST(GafReader, StandardVersionReadsWithoutWarning) {
  FixtureLayout l = LayOutGaf({Seq("a", {RawFrame(1, 1, 0, {3})})}, 0x00010100);
  Gaf gaf = MustRead(l.bytes);
  EXPECT_EQ(gaf.version, kVersionStandard);
  EXPECT_TRUE(gaf.warnings.empty());
}

TEST(GafReader, OtherVersionIsReadWithAWarning) {
  FixtureLayout l = LayOutGaf({Seq("a", {RawFrame(1, 1, 0, {3})})}, 0x00020000);
  Gaf gaf = MustRead(l.bytes);
  EXPECT_EQ(gaf.version, 0x00020000u);
  ASSERT_EQ(gaf.sequences.size(), 1u);
  ASSERT_EQ(gaf.warnings.size(), 1u);
  EXPECT_THAT(gaf.warnings[0], HasSubstr("version"));
  EXPECT_THAT(gaf.warnings[0], HasSubstr("0x20000"));
}

TEST(GafReader, HeaderUnknownWordKept) {
  ByteBuilder b;
  b.U32(0x00010100).U32(0).U32(0xcafef00d);
  Gaf gaf = MustRead(b.data);
  EXPECT_EQ(gaf.unknown8, 0xcafef00du);
  EXPECT_TRUE(gaf.sequences.empty());
}

TEST(GafReader, ZeroSequencesIsAnEmptyGaf) {
  ByteBuilder b;
  b.U32(0x00010100).U32(0).U32(0);
  Gaf gaf = MustRead(b.data);
  EXPECT_TRUE(gaf.sequences.empty());
  EXPECT_TRUE(gaf.warnings.empty());
}

// The offset table, not file order, decides the order of sequences.
TEST(GafReader, SequenceOffsetTableOrder) {
  ByteBuilder b;
  b.U32(0x00010100).U32(3).U32(0);
  b.U32(0).U32(0).U32(0);  // table @12, patched below
  const size_t a = b.size();  // 24
  b.U16(0).U16(1).U32(0).Padded("alpha", 32);
  const size_t c = b.size();  // 64
  b.U16(0).U16(0).U32(0).Padded("charlie", 32);
  const size_t d = b.size();  // 104
  b.U16(0).U16(1).U32(0).Padded("delta", 32);
  b.PatchU32(12, uint32_t(d));
  b.PatchU32(16, uint32_t(a));
  b.PatchU32(20, uint32_t(c));
  Gaf gaf = MustRead(b.data);
  ASSERT_EQ(gaf.sequences.size(), 3u);
  EXPECT_EQ(gaf.sequences[0].name, "delta");
  EXPECT_EQ(gaf.sequences[0].offset, 104u);
  EXPECT_EQ(gaf.sequences[1].name, "alpha");
  EXPECT_EQ(gaf.sequences[1].offset, 24u);
  EXPECT_EQ(gaf.sequences[2].name, "charlie");
  EXPECT_EQ(gaf.sequences[2].offset, 64u);
  EXPECT_EQ(gaf.sequences[2].loop_flags, 0u);
  for (const Sequence& s : gaf.sequences) {
    EXPECT_EQ(s.frame_count, 0u);
    EXPECT_TRUE(s.frames.empty());
    EXPECT_EQ(s.total_ticks(), 0u);
  }
}

// Two table entries naming the same sequence header read it twice.
TEST(GafReader, TwoTableEntriesMayShareOneSequence) {
  ByteBuilder b;
  b.U32(0x00010100).U32(2).U32(0);
  b.U32(20).U32(20);                                  // table @12
  b.U16(1).U16(1).U32(0).Padded("one", 32);          // sequence @20
  b.U32(68).U32(4);                                   // frame list @60
  b.U16(1).U16(1).I16(0).I16(0).U8(0).U8(0).U8(0).U8(0).U32(0).U32(92).U32(0);  // @68
  b.U8(3);                                            // pixel @92
  ASSERT_EQ(b.size(), 93u);
  Gaf gaf = MustRead(b.data);
  ASSERT_EQ(gaf.sequences.size(), 2u);
  for (const Sequence& s : gaf.sequences) {
    EXPECT_EQ(s.offset, 20u);
    EXPECT_EQ(s.name, "one");
    ASSERT_EQ(s.frames.size(), 1u);
    EXPECT_EQ(s.frames[0].info_offset, 68u);
    EXPECT_EQ(s.frames[0].duration, 4u);
    EXPECT_EQ(s.frames[0].info.data_offset, 92u);
  }
}

// --- Sequence header (40 bytes) ---------------------------------------------

TEST(GafReader, LoopWordAndPlus4WordKeptAsStored) {
  FixtureLayout l = LayOutGaf({Seq("a", {RawFrame(1, 1, 0, {1})}, 0xbeef, 0xdeadbeef)});
  const size_t s = l.sequence_offsets[0];
  EXPECT_EQ(l.bytes[s + 2], 0xef);
  EXPECT_EQ(l.bytes[s + 3], 0xbe);
  Gaf gaf = MustRead(l.bytes);
  ASSERT_EQ(gaf.sequences.size(), 1u);
  EXPECT_EQ(gaf.sequences[0].loop_flags, 0xbeefu);
  EXPECT_EQ(gaf.sequences[0].unknown4, 0xdeadbeefu);
}

TEST(GafReader, OnlyTheLowByteOfTheLoopWordLoops) {
  struct Case {
    uint16_t word;
    bool loops;
  };
  const Case cases[] = {{0x0000, false}, {0x0001, true},  {0x0100, false}, {0x0101, true},
                        {0x00ff, true},  {0x8000, false}, {0xff00, false}, {0x0002, true}};
  for (const Case& c : cases) {
    FixtureLayout l = LayOutGaf({Seq("a", {RawFrame(1, 1, 0, {1})}, c.word)});
    Gaf gaf = MustRead(l.bytes);
    ASSERT_EQ(gaf.sequences.size(), 1u);
    EXPECT_EQ(gaf.sequences[0].loop_flags, c.word);
    EXPECT_EQ(gaf.sequences[0].loops(), c.loops) << "loop word 0x" << std::hex << c.word;
  }
}

TEST(GafReader, NamesNulPaddedCasePreserved) {
  FixtureLayout l = LayOutGaf({Seq("CorPyro_Smoke", {RawFrame(1, 1, 0, {1})}),
                               Seq("cursorMOVE", {RawFrame(1, 1, 0, {1})})});
  // 13 name bytes then 19 NULs.
  const size_t n = l.sequence_offsets[0] + 8;
  EXPECT_EQ(l.bytes[n + 12], 'e');
  for (size_t i = 13; i < 32; ++i) EXPECT_EQ(l.bytes[n + i], 0) << i;
  Gaf gaf = MustRead(l.bytes);
  ASSERT_EQ(gaf.sequences.size(), 2u);
  EXPECT_EQ(gaf.sequences[0].name, "CorPyro_Smoke");
  EXPECT_EQ(gaf.sequences[0].name.size(), 13u);
  EXPECT_EQ(gaf.sequences[1].name, "cursorMOVE");
}

// The name ends at the first NUL; whatever an editor left after it is not part of it.
TEST(GafReader, NameEndsAtFirstNul) {
  FixtureLayout l = LayOutGaf({Seq("abc", {RawFrame(1, 1, 0, {1})})});
  const size_t n = l.sequence_offsets[0] + 8;
  l.bytes[n + 4] = 'x';
  l.bytes[n + 5] = 'y';
  l.bytes[n + 31] = 'z';
  Gaf gaf = MustRead(l.bytes);
  ASSERT_EQ(gaf.sequences.size(), 1u);
  EXPECT_EQ(gaf.sequences[0].name, "abc");
}

TEST(GafReader, EmptyName) {
  FixtureLayout l = LayOutGaf({Seq("", {RawFrame(1, 1, 0, {1})})});
  Gaf gaf = MustRead(l.bytes);
  ASSERT_EQ(gaf.sequences.size(), 1u);
  EXPECT_EQ(gaf.sequences[0].name, "");
}

// A 32-character name fills the field with no NUL; the frame list that
// follows is not part of it.
TEST(GafReader, ThirtyTwoCharacterNameWithoutNul) {
  const std::string name = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef";
  ASSERT_EQ(name.size(), 32u);
  FixtureLayout l = LayOutGaf({Seq(name, {RawFrame(1, 1, 0, {1}, 0x41414141)})});
  const size_t n = l.sequence_offsets[0] + 8;
  EXPECT_EQ(l.bytes[n + 31], 'f');
  EXPECT_NE(l.bytes[n + 32], 0);  // the frame list's first pointer is not 0
  Gaf gaf = MustRead(l.bytes);
  ASSERT_EQ(gaf.sequences.size(), 1u);
  EXPECT_EQ(gaf.sequences[0].name, name);
  EXPECT_EQ(gaf.sequences[0].name.size(), 32u);
  ASSERT_EQ(gaf.sequences[0].frames.size(), 1u);
  EXPECT_EQ(gaf.sequences[0].frames[0].duration, 0x41414141u);
  EXPECT_EQ(FindSequence(gaf, "abcdefghijklmnopqrstuvwxyzABCDEF"), 0u);
}

// --- FindSequence -----------------------------------------------------------

class GafFindSequence : public ::testing::Test {
 protected:
  void SetUp() override {
    FixtureLayout l = LayOutGaf({Seq("CursorMove", {RawFrame(1, 1, 0, {1})}),
                                 Seq("cursorgrn", {RawFrame(1, 1, 0, {1})}),
                                 Seq("7", {RawFrame(1, 1, 0, {1})}),
                                 Seq("1", {RawFrame(1, 1, 0, {1})})});
    gaf_ = MustRead(l.bytes);
    ASSERT_EQ(gaf_.sequences.size(), 4u);
  }
  Gaf gaf_;
};

TEST_F(GafFindSequence, ByIndex) {
  EXPECT_EQ(FindSequence(gaf_, "0"), 0u);
  EXPECT_EQ(FindSequence(gaf_, "1"), 1u);  // the index wins over the sequence named "1"
  EXPECT_EQ(FindSequence(gaf_, "3"), 3u);
}

TEST_F(GafFindSequence, ByNameCaseInsensitive) {
  EXPECT_EQ(FindSequence(gaf_, "CursorMove"), 0u);
  EXPECT_EQ(FindSequence(gaf_, "cursormove"), 0u);
  EXPECT_EQ(FindSequence(gaf_, "CURSORMOVE"), 0u);
  EXPECT_EQ(FindSequence(gaf_, "CursorGrn"), 1u);
  // The stored name keeps its case.
  EXPECT_EQ(gaf_.sequences[0].name, "CursorMove");
}

TEST_F(GafFindSequence, DigitNameWhenNoSuchIndex) {
  EXPECT_EQ(FindSequence(gaf_, "7"), 2u);
}

TEST_F(GafFindSequence, NotFound) {
  EXPECT_EQ(FindSequence(gaf_, "4"), std::nullopt);
  EXPECT_EQ(FindSequence(gaf_, "cursor"), std::nullopt);
  EXPECT_EQ(FindSequence(gaf_, "cursormove "), std::nullopt);
  EXPECT_EQ(FindSequence(gaf_, "99999999999999999999999"), std::nullopt);
  EXPECT_EQ(FindSequence(gaf_, "-1"), std::nullopt);
}

// --- Frame list -------------------------------------------------------------

TEST(GafReader, DurationKeptAndTicksFromTheLowSixteenBits) {
  FixtureLayout l = LayOutGaf({Seq("a", {RawFrame(1, 1, 0, {1}, 0),
                                         RawFrame(1, 1, 0, {1}, 0x00010005),
                                         RawFrame(1, 1, 0, {1}, 30),
                                         RawFrame(1, 1, 0, {1}, 0xffff0000),
                                         RawFrame(1, 1, 0, {1}, 0x0000ffff),
                                         RawFrame(1, 1, 0, {1}, 1)})});
  Gaf gaf = MustRead(l.bytes);
  ASSERT_EQ(gaf.sequences.size(), 1u);
  const Sequence& s = gaf.sequences[0];
  ASSERT_EQ(s.frames.size(), 6u);
  EXPECT_EQ(s.frames[0].duration, 0u);
  EXPECT_EQ(s.frames[0].ticks(), 1u);
  EXPECT_EQ(s.frames[1].duration, 0x00010005u);
  EXPECT_EQ(s.frames[1].ticks(), 5u);
  EXPECT_EQ(s.frames[2].duration, 30u);
  EXPECT_EQ(s.frames[2].ticks(), 30u);
  EXPECT_EQ(s.frames[3].duration, 0xffff0000u);
  EXPECT_EQ(s.frames[3].ticks(), 1u);
  EXPECT_EQ(s.frames[4].duration, 0x0000ffffu);
  EXPECT_EQ(s.frames[4].ticks(), 65535u);
  EXPECT_EQ(s.frames[5].ticks(), 1u);
  EXPECT_EQ(s.total_ticks(), 1u + 5 + 30 + 1 + 65535 + 1);
  EXPECT_EQ(s.frame_count, 6u);
}

TEST(GafReader, EffectiveTicksStatic) {
  EXPECT_EQ(Frame::EffectiveTicks(0), 1u);
  EXPECT_EQ(Frame::EffectiveTicks(1), 1u);
  EXPECT_EQ(Frame::EffectiveTicks(2), 2u);
  EXPECT_EQ(Frame::EffectiveTicks(0x00010005), 5u);
  EXPECT_EQ(Frame::EffectiveTicks(0x00010000), 1u);
  EXPECT_EQ(Frame::EffectiveTicks(0xffffffff), 65535u);
}

// total_ticks of many long frames does not wrap at 16 bits.
TEST(GafReader, TotalTicksDoesNotWrap) {
  std::vector<FixtureFrame> frames(4, RawFrame(1, 1, 0, {1}, 0xffff));
  FixtureLayout l = LayOutGaf({Seq("a", frames)});
  Gaf gaf = MustRead(l.bytes);
  ASSERT_EQ(gaf.sequences.size(), 1u);
  EXPECT_EQ(gaf.sequences[0].total_ticks(), 4u * 65535u);
}

TEST(GafReader, FrameListPointersAndOffsets) {
  FixtureLayout l = LayOutGaf({Seq("a", {RawFrame(1, 1, 0, {1}), RawFrame(2, 1, 0, {1, 2})}),
                               Seq("b", {RawFrame(1, 2, 0, {3, 4})})});
  Gaf gaf = MustRead(l.bytes);
  ASSERT_EQ(gaf.sequences.size(), 2u);
  for (size_t s = 0; s < 2; ++s) {
    EXPECT_EQ(gaf.sequences[s].offset, l.sequence_offsets[s]);
    ASSERT_EQ(gaf.sequences[s].frames.size(), l.frame_info_offsets[s].size());
    for (size_t f = 0; f < gaf.sequences[s].frames.size(); ++f) {
      const Frame& fr = gaf.sequences[s].frames[f];
      EXPECT_EQ(fr.info_offset, l.frame_info_offsets[s][f]);
      EXPECT_EQ(fr.info.offset, l.frame_info_offsets[s][f]);
      EXPECT_EQ(fr.info.data_offset, l.data_offsets[s][f]);
    }
  }
  EXPECT_EQ(gaf.sequences[0].frames[1].info.width, 2u);
  EXPECT_EQ(gaf.sequences[1].frames[0].info.height, 2u);
}

// Two frame-list items may point at the same FrameInfo.
TEST(GafReader, FramesMayShareOneFrameInfo) {
  FixtureLayout l =
      LayOutGaf({Seq("a", {RawFrame(1, 1, 0, {1}, 3), RawFrame(1, 1, 0, {2}, 4)})});
  const size_t list = l.sequence_offsets[0] + 40;
  ByteBuilder b;
  b.data = l.bytes;
  b.PatchU32(list + 8, uint32_t(l.frame_info_offsets[0][0]));
  Gaf gaf = MustRead(b.data);
  ASSERT_EQ(gaf.sequences[0].frames.size(), 2u);
  EXPECT_EQ(gaf.sequences[0].frames[1].info_offset, l.frame_info_offsets[0][0]);
  EXPECT_EQ(gaf.sequences[0].frames[1].info.data_offset, l.data_offsets[0][0]);
  EXPECT_EQ(gaf.sequences[0].frames[1].duration, 4u);
}

// --- FrameInfo (24 bytes) ---------------------------------------------------

TEST(GafReader, FrameInfoEveryByteKept) {
  FixtureFrame f;
  f.width = 0x0102;
  f.height = 3;
  f.origin_x = -1;
  f.origin_y = -32768;
  f.transparency = 0xab;
  f.storage = 7;  // any value but 0, 4, 5: run-encoded
  f.blend = 0xcd;
  f.unknown12 = 0x89abcdef;
  f.unknown20 = 0x01234567;
  f.duration = 0x00020003;
  FixtureLayout l = LayOutGaf({Seq("a", {f})});
  const size_t info = l.frame_info_offsets[0][0];
  // The layout (docs/formats/gaf.md, "Frame header"): the origin is little-endian signed.
  EXPECT_EQ(l.bytes[info + 4], 0xff);
  EXPECT_EQ(l.bytes[info + 5], 0xff);
  EXPECT_EQ(l.bytes[info + 6], 0x00);
  EXPECT_EQ(l.bytes[info + 7], 0x80);
  EXPECT_EQ(l.bytes[info + 8], 0xab);
  EXPECT_EQ(l.bytes[info + 9], 7);
  EXPECT_EQ(l.bytes[info + 10], 0);
  EXPECT_EQ(l.bytes[info + 11], 0xcd);
  Gaf gaf = MustRead(l.bytes);
  const FrameInfo& i = gaf.sequences.at(0).frames.at(0).info;
  EXPECT_EQ(i.width, 0x0102u);
  EXPECT_EQ(i.height, 3u);
  EXPECT_EQ(i.origin_x, -1);
  EXPECT_EQ(i.origin_y, -32768);
  EXPECT_EQ(i.transparency, 0xabu);
  EXPECT_EQ(i.storage_byte, 7u);
  EXPECT_EQ(i.storage(), Storage::kRunEncoded);
  EXPECT_EQ(i.layer_count, 0u);
  EXPECT_EQ(i.blend, 0xcdu);
  EXPECT_FALSE(i.layered());
  EXPECT_EQ(i.unknown12, 0x89abcdefu);
  EXPECT_EQ(i.data_offset, l.data_offsets[0][0]);
  EXPECT_EQ(i.unknown20, 0x01234567u);
  EXPECT_EQ(gaf.sequences[0].frames[0].duration, 0x00020003u);
  EXPECT_EQ(gaf.sequences[0].frames[0].ticks(), 3u);
}

TEST(GafReader, PositiveOriginsAndMaxima) {
  FixtureFrame f = RawFrame(0, 0, 0, {});
  f.width = 65535;
  f.height = 0;
  f.origin_x = 32767;
  f.origin_y = 16;
  f.transparency = 255;
  FixtureLayout l = LayOutGaf({Seq("a", {f})});
  Gaf gaf = MustRead(l.bytes);
  const FrameInfo& i = gaf.sequences.at(0).frames.at(0).info;
  EXPECT_EQ(i.width, 65535u);
  EXPECT_EQ(i.height, 0u);
  EXPECT_EQ(i.origin_x, 32767);
  EXPECT_EQ(i.origin_y, 16);
  EXPECT_EQ(i.transparency, 255u);
  EXPECT_TRUE(i.empty());
  EXPECT_EQ(i.pixels(), 0u);
}

TEST(GafReader, StorageByte) {
  EXPECT_EQ(StorageOf(0), Storage::kRaw);
  EXPECT_EQ(StorageOf(1), Storage::kRunEncoded);
  EXPECT_EQ(StorageOf(2), Storage::kRunEncoded);
  EXPECT_EQ(StorageOf(3), Storage::kRunEncoded);
  EXPECT_EQ(StorageOf(4), Storage::kArgb4444);
  EXPECT_EQ(StorageOf(5), Storage::kArgb1555);
  EXPECT_EQ(StorageOf(6), Storage::kRunEncoded);
  EXPECT_EQ(StorageOf(0x80), Storage::kRunEncoded);
  EXPECT_EQ(StorageOf(255), Storage::kRunEncoded);
  EXPECT_EQ(StorageName(Storage::kRaw), "raw");
  EXPECT_EQ(StorageName(Storage::kRunEncoded), "compressed");
  EXPECT_EQ(StorageName(Storage::kArgb4444), "argb4444");
  EXPECT_EQ(StorageName(Storage::kArgb1555), "argb1555");
}

TEST(GafReader, TruecolorStorageBytes) {
  FixtureFrame a = RawFrame(1, 1, 0, {0x0f, 0xf0});
  a.storage = 4;
  FixtureFrame b = RawFrame(1, 1, 0, {0xff, 0xff});
  b.storage = 5;
  FixtureLayout l = LayOutGaf({Seq("taf", {a, b})});
  Gaf gaf = MustRead(l.bytes);
  const Sequence& s = gaf.sequences.at(0);
  ASSERT_EQ(s.frames.size(), 2u);
  EXPECT_EQ(s.frames[0].info.storage_byte, 4u);
  EXPECT_EQ(s.frames[0].info.storage(), Storage::kArgb4444);
  EXPECT_TRUE(s.frames[0].info.truecolor());
  EXPECT_EQ(s.frames[1].info.storage_byte, 5u);
  EXPECT_EQ(s.frames[1].info.storage(), Storage::kArgb1555);
  EXPECT_TRUE(s.frames[1].info.truecolor());
}

// --- Layered frames ---------------------------------------------------------

// Byte +10 is the layer count and +11 the blend byte: a set +11 byte on the
// outer frame or on a layer never turns 2 layers into 258 (0x0102).
TEST(GafReader, LayerCountAndBlendAreSeparateBytes) {
  FixtureFrame l0 = RawFrame(1, 1, 7, {1});
  l0.origin_x = -2;
  l0.origin_y = 3;
  l0.unknown12 = 0x0c0c0c0c;
  FixtureFrame l1 = RawFrame(2, 1, 8, {2, 3});
  l1.storage = 0;
  l1.blend = 1;
  FixtureFrame outer;
  outer.width = 4;
  outer.height = 4;
  outer.origin_x = 1;
  outer.origin_y = 1;
  outer.transparency = 9;
  outer.storage = 1;
  outer.layer_count = 2;
  outer.blend = 1;
  outer.layers = {l0, l1};
  FixtureLayout l = LayOutGaf({Seq("a", {outer})});
  const size_t info = l.frame_info_offsets[0][0];
  EXPECT_EQ(l.bytes[info + 10], 2);
  EXPECT_EQ(l.bytes[info + 11], 1);
  Gaf gaf = MustRead(l.bytes);
  const FrameInfo& o = gaf.sequences.at(0).frames.at(0).info;
  EXPECT_EQ(o.layer_count, 2u);
  EXPECT_EQ(o.blend, 1u);
  EXPECT_TRUE(o.layered());
  ASSERT_EQ(o.layers.size(), 2u);
  const size_t table = l.data_offsets[0][0];
  EXPECT_EQ(o.data_offset, table);
  // Layer headers follow the 2-pointer table.
  EXPECT_EQ(o.layers[0].offset, table + 8);
  EXPECT_EQ(o.layers[0].width, 1u);
  EXPECT_EQ(o.layers[0].origin_x, -2);
  EXPECT_EQ(o.layers[0].origin_y, 3);
  EXPECT_EQ(o.layers[0].transparency, 7u);
  EXPECT_EQ(o.layers[0].blend, 0u);
  EXPECT_EQ(o.layers[0].unknown12, 0x0c0c0c0cu);
  EXPECT_EQ(o.layers[0].data_offset, table + 8 + 24);
  EXPECT_EQ(o.layers[1].offset, table + 8 + 24 + 1);
  EXPECT_EQ(o.layers[1].width, 2u);
  EXPECT_EQ(o.layers[1].transparency, 8u);
  EXPECT_EQ(o.layers[1].blend, 1u);
  EXPECT_EQ(o.layers[1].layer_count, 0u);
  EXPECT_EQ(o.layers[1].data_offset, table + 8 + 24 + 1 + 24);
}

// A layer's own layer table is kept as a count but never followed, even when
// its pointer leads nowhere.
TEST(GafReader, NestedLayerTableNotFollowed) {
  FixtureFrame nested = RawFrame(1, 1, 0, {1});
  nested.layer_count = 3;  // payload is one pixel byte, not a table of 3 pointers
  FixtureFrame outer;
  outer.width = 1;
  outer.height = 1;
  outer.layer_count = 1;
  outer.layers = {nested};
  FixtureLayout l = LayOutGaf({Seq("a", {outer})});
  // Point the nested header's data far past the end.
  ByteBuilder b;
  b.data = l.bytes;
  const size_t nested_info = l.data_offsets[0][0] + 4;
  b.PatchU32(nested_info + 16, 0xfffffff0);
  Gaf gaf = MustRead(b.data);
  const FrameInfo& o = gaf.sequences.at(0).frames.at(0).info;
  ASSERT_EQ(o.layers.size(), 1u);
  EXPECT_EQ(o.layers[0].layer_count, 3u);
  EXPECT_TRUE(o.layers[0].layered());
  EXPECT_TRUE(o.layers[0].layers.empty());
  EXPECT_EQ(o.layers[0].data_offset, 0xfffffff0u);
}

TEST(GafReader, MaximumLayerCount) {
  FixtureFrame outer;
  outer.width = 1;
  outer.height = 1;
  outer.layer_count = 255;
  for (int i = 0; i < 255; ++i) outer.layers.push_back(RawFrame(1, 1, 0, {uint8_t(i)}));
  FixtureLayout l = LayOutGaf({Seq("a", {outer})});
  Gaf gaf = MustRead(l.bytes);
  const FrameInfo& o = gaf.sequences.at(0).frames.at(0).info;
  EXPECT_EQ(o.layer_count, 255u);
  ASSERT_EQ(o.layers.size(), 255u);
  EXPECT_EQ(o.layers[254].data_offset + 1, l.bytes.size());
}

// Reading touches headers only: pixel data past the end is not a read error
// (it is a decode error, see gaf_malformed_test.cc).
TEST(GafReader, ReadDoesNotDecodePixels) {
  FixtureLayout l = LayOutGaf({Seq("a", {RawFrame(4, 4, 0, std::vector<uint8_t>(16, 1))})});
  l.bytes.resize(l.bytes.size() - 10);
  Gaf gaf = MustRead(l.bytes);
  EXPECT_EQ(gaf.sequences.at(0).frames.at(0).info.width, 4u);
}

}  // namespace
}  // namespace kbot::gaf
