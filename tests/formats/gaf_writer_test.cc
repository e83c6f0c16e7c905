// The writer that the demo data uses: exact row bytes from the addendum's
// chunk table, and files the reader reads back.
#include "formats/gaf/gaf_writer.h"

#include <gtest/gtest.h>

#include "formats/gaf/frame_decode.h"
#include "formats/gaf/gaf.h"

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

}  // namespace
}  // namespace kbot::gaf
