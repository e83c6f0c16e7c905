// The writer that the demo data uses: exact row bytes from the chunk table
// (docs/formats/gaf.md, "Run-length chunks"), and files the reader reads back.
#include "formats/gaf/gaf_writer.h"

#include <gtest/gtest.h>

#include "formats/gaf/frame_decode.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "tests/support/expect_picture.h"
#include "tests/support/gaf_bytes.h"

namespace kbot::gaf {
namespace {

std::vector<uint8_t> Encode(const std::vector<uint8_t>& index, const std::vector<uint8_t>& opaque) {
  std::vector<uint8_t> out;
  EncodeRow(index.data(), opaque.data(), index.size(), out);
  return out;
}

TEST(EncodeRow, UsesEachChunkKindAndKeepsDrawnKeyPixels) {
  // skip 2, repeat 9 x3 (9 is drawn, even if it were the key), literal 1 2, skip 1
  const std::vector<uint8_t> index = {0, 0, 9, 9, 9, 1, 2, 0};
  const std::vector<uint8_t> opaque = {0, 0, 1, 1, 1, 1, 1, 0};
  EXPECT_EQ(Encode(index, opaque),
            (std::vector<uint8_t>{7, 0,                    // lineLength 7
                                  (2 << 1) | 1,            // skip 2
                                  ((3 - 1) << 2) | 2, 9,   // repeat 3 x 9
                                  (2 - 1) << 2, 1, 2,      // literal 1 2
                                  (1 << 1) | 1}));         // skip 1: the row is whole
}

TEST(EncodeRow, SplitsAtTheLongestRuns) {
  std::vector<uint8_t> index(300, 5), opaque(300, 0);
  // 300 transparent: skips of 127, 127, 46.
  EXPECT_EQ(Encode(index, opaque),
            (std::vector<uint8_t>{3, 0, 255, 255, (46 << 1) | 1}));
  // 130 drawn equal pixels: repeats of 64, 64, 2.
  index.assign(130, 5);
  opaque.assign(130, 1);
  EXPECT_EQ(Encode(index, opaque),
            (std::vector<uint8_t>{6, 0, (63 << 2) | 2, 5, (63 << 2) | 2, 5, (1 << 2) | 2, 5}));
  // 65 distinct drawn pixels: a literal of 64, then one of 1.
  index.clear();
  for (int i = 0; i < 65; ++i) index.push_back(uint8_t(i % 2 ? 100 + i : i));
  opaque.assign(65, 1);
  const std::vector<uint8_t> row = Encode(index, opaque);
  ASSERT_EQ(row.size(), 2u + 1 + 64 + 1 + 1);
  EXPECT_EQ(row[2], 63 << 2);
  EXPECT_EQ(row[2 + 65], 0);
  EXPECT_EQ(row[2 + 66], index[64]);
}

TEST(WriteGaf, ReadsBackEveryField) {
  FrameToWrite f;
  f.width = 3;
  f.height = 2;
  f.origin_x = -1;
  f.origin_y = 4;
  f.transparency = 9;
  f.storage_byte = 1;
  f.blend = 1;
  f.unknown12 = 0xdeadbeef;
  f.duration = 0x00010005;
  f.index = {9, 1, 9, 0, 0, 2};
  f.opaque = {1, 1, 0, 0, 1, 1};
  SequenceToWrite seq{"Mixed", 0x0100, 7, {f}};
  absl::StatusOr<std::vector<uint8_t>> bytes = WriteGaf({seq});
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  absl::StatusOr<Gaf> gaf = ReadGaf(*bytes, "w.gaf");
  ASSERT_TRUE(gaf.ok()) << gaf.status();
  const Sequence& s = gaf->sequences.at(0);
  EXPECT_EQ(s.name, "Mixed");
  EXPECT_EQ(s.loop_flags, 0x0100);
  EXPECT_EQ(s.unknown4, 7u);
  const FrameInfo& info = s.frames.at(0).info;
  EXPECT_EQ(s.frames[0].duration, 0x00010005u);
  EXPECT_EQ(info.origin_x, -1);
  EXPECT_EQ(info.blend, 1);
  EXPECT_EQ(info.unknown12, 0xdeadbeefu);
  Warnings warnings;
  absl::StatusOr<image::IndexedPicture> pic =
      DecodePalettedFrame(*bytes, info, Transparency::Game(), FrameLocation{"w.gaf"}, &warnings);
  ASSERT_TRUE(pic.ok()) << pic.status();
  EXPECT_EQ(pic->index, (std::vector<uint8_t>{9, 1, 9, 9, 0, 2}));
  EXPECT_EQ(pic->opaque, f.opaque);
  EXPECT_TRUE(warnings.empty());
}

TEST(WriteGaf, RefusesWhatTheFormatCannotHold) {
  SequenceToWrite seq{std::string(32, 'x'), 1, 0, {}};
  EXPECT_FALSE(WriteGaf({seq}).ok());
  FrameToWrite f;
  f.width = 2;
  f.height = 2;
  f.index = {1};
  seq = SequenceToWrite{"s", 1, 0, {f}};
  EXPECT_FALSE(WriteGaf({seq}).ok());
}

// A composite frame: outer 6 x 4 with origin (-1, -2), a raw 2 x 2 layer and a
// run-encoded 3 x 1 layer, both at negative origins of their own.
FrameToWrite LayeredFrame() {
  FrameToWrite raw;
  raw.width = 2;
  raw.height = 2;
  raw.origin_x = -3;
  raw.origin_y = -3;
  raw.transparency = 9;
  raw.storage_byte = 0;
  raw.index = {1, 2, 3, 4};
  raw.opaque = {1, 1, 1, 0};  // stored as the key, 9
  FrameToWrite rle;
  rle.width = 3;
  rle.height = 1;
  rle.origin_x = -3;
  rle.origin_y = -4;
  rle.transparency = 0;
  rle.storage_byte = 1;
  rle.blend = 1;
  rle.duration = 77;  // a layer's duration is not stored anywhere
  rle.index = {7, 7, 5};
  rle.opaque = {0, 1, 1};
  FrameToWrite outer;
  outer.width = 6;
  outer.height = 4;
  outer.origin_x = -1;
  outer.origin_y = -2;
  outer.transparency = 9;
  outer.storage_byte = 1;
  outer.unknown12 = 0x11223344;
  outer.duration = 3;
  outer.layers = {raw, rle};
  return outer;
}

// Laid out by hand from docs/formats/gaf.md ("Layered frames"): the outer FrameInfo's
// LayerCount byte (+10) is 2 and its PtrFrameData points at two u32 pointers,
// each to a nested FrameInfo followed by that layer's pixels.
TEST(WriteGaf, WritesALayeredFrameAsTheSpecLaysItOut) {
  testing::ByteBuilder b;
  b.U32(0x00010100).U32(1).U32(0);                         // 0: header
  b.U32(16);                                               // 12: sequence table
  b.U16(1).U16(1).U32(0).Padded("turret", 32);             // 16: sequence header
  b.U32(64).U32(3);                                        // 56: frame list item
  b.U16(6).U16(4).I16(-1).I16(-2);                         // 64: outer FrameInfo
  b.U8(9).U8(1).U8(2).U8(0).U32(0x11223344).U32(88).U32(0);
  b.U32(96).U32(124);                                      // 88: layer pointer table
  b.U16(2).U16(2).I16(-3).I16(-3);                         // 96: layer 0 FrameInfo, raw
  b.U8(9).U8(0).U8(0).U8(0).U32(0).U32(120).U32(0);
  b.U8(1).U8(2).U8(3).U8(9);                               // 120: its pixels
  b.U16(3).U16(1).I16(-3).I16(-4);                         // 124: layer 1 FrameInfo, run-encoded
  b.U8(0).U8(1).U8(0).U8(1).U32(0).U32(148).U32(0);
  b.Append(testing::Row({testing::Skip(1), testing::Literal({7, 5})}));  // 148: its row
  ASSERT_EQ(b.size(), 154u);

  absl::StatusOr<std::vector<uint8_t>> bytes = WriteGaf({SequenceToWrite{"turret", 1, 0,
                                                                         {LayeredFrame()}}});
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  EXPECT_EQ(*bytes, b.data);
}

TEST(WriteGaf, ALayeredFrameReadsBackAndComposes) {
  absl::StatusOr<std::vector<uint8_t>> bytes =
      WriteGaf({SequenceToWrite{"turret", 1, 0, {LayeredFrame()}}});
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  absl::StatusOr<Gaf> gaf = ReadGaf(*bytes, "l.gaf");
  ASSERT_TRUE(gaf.ok()) << gaf.status();
  const FrameInfo& info = gaf->sequences.at(0).frames.at(0).info;
  ASSERT_EQ(info.layer_count, 2);
  ASSERT_EQ(info.layers.size(), 2u);
  EXPECT_EQ(info.layers[0].origin_x, -3);
  EXPECT_EQ(info.layers[1].origin_y, -4);
  EXPECT_EQ(info.layers[1].blend, 1);
  Warnings warnings;
  absl::StatusOr<FramePicture> pic =
      RenderFrame(*bytes, info, Transparency::Game(), FrameLocation{"l.gaf"}, &warnings);
  ASSERT_TRUE(pic.ok()) << pic.status();
  // Layer 0 lands at (2, 1) (outer origin minus its origin), layer 1 at
  // (2, 2): its skipped pixel leaves layer 0's 3, its 7 covers layer 0's
  // transparent pixel.
  using testing::T;
  testing::ExpectGrid(pic->indexed, 6, 4,
                      {T, T, T, T, T, T,
                       T, T, 1, 2, T, T,
                       T, T, 3, 7, 5, T,
                       T, T, T, T, T, T},
                      9);
  EXPECT_TRUE(warnings.empty());
}

TEST(WriteGaf, RefusesLayersTheRendererCannotDraw) {
  FrameToWrite nested = LayeredFrame();
  nested.layers[0].layers = {nested.layers[1]};
  absl::StatusOr<std::vector<uint8_t>> bytes = WriteGaf({SequenceToWrite{"s", 1, 0, {nested}}});
  ASSERT_FALSE(bytes.ok());
  EXPECT_NE(bytes.status().message().find("sequence 0 frame 0 layer 0"), absl::string_view::npos)
      << bytes.status();

  FrameToWrite truecolor = LayeredFrame();
  truecolor.layers[1].storage_byte = kStorageArgb4444;
  truecolor.layers[1].argb = {0, 0, 0};
  EXPECT_FALSE(WriteGaf({SequenceToWrite{"s", 1, 0, {truecolor}}}).ok());

  FrameToWrite own_pixels = LayeredFrame();
  own_pixels.index.assign(24, 1);
  own_pixels.opaque.assign(24, 1);
  EXPECT_FALSE(WriteGaf({SequenceToWrite{"s", 1, 0, {own_pixels}}}).ok());

  FrameToWrite too_many = LayeredFrame();
  too_many.layers.resize(256, too_many.layers[0]);
  bytes = WriteGaf({SequenceToWrite{"s", 1, 0, {too_many}}});
  ASSERT_FALSE(bytes.ok());
  EXPECT_NE(bytes.status().message().find("255"), absl::string_view::npos) << bytes.status();
  too_many.layers.resize(255);
  EXPECT_TRUE(WriteGaf({SequenceToWrite{"s", 1, 0, {too_many}}}).ok());

  FrameToWrite bad_layer = LayeredFrame();
  bad_layer.layers[1].index.pop_back();
  bytes = WriteGaf({SequenceToWrite{"s", 1, 0, {bad_layer}}});
  ASSERT_FALSE(bytes.ok());
  EXPECT_NE(bytes.status().message().find("sequence 0 frame 0 layer 1: pixel planes"),
            absl::string_view::npos)
      << bytes.status();
}

}  // namespace
}  // namespace kbot::gaf
