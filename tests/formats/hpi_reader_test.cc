// The HPI reader against archives laid out byte by byte from docs/formats/hpi.md.
#include <string>
#include <vector>

#include "formats/hpi/hpi.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/support/hpi_bytes.h"

namespace kbot::hpi {
namespace {

using ::kbot::testing::ByteBuilder;
using ::kbot::testing::BytesOf;
using ::kbot::testing::HpiV1Key;
using ::kbot::testing::HpiXor;
using ::kbot::testing::SqshChunk;
using ::kbot::testing::ZlibStream;

std::string Str(const std::vector<uint8_t>& v) { return std::string(v.begin(), v.end()); }

TEST(HpiKey, DerivedFromTheLowByteOfHeaderKey) {
  EXPECT_EQ(HpiV1Key(0x7F), 0xFD);
  EXPECT_EQ(HpiV1Key(0x12345600), 0x00);
  EXPECT_EQ(HpiV1Key(0x41), 0x05);  // 0x104 | 0x01
}

// Version 1, HeaderKey 0x7F (k = 0xFD): root -> "units" -> "ARMCOM.FBI",
// stored "hello".
std::vector<uint8_t> EncryptedV1() {
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(80).U32(0x7F).U32(20);
  b.U32(1).U32(28);                     // 20: root record
  b.U32(37).U32(43).U8(1);              // 28: entry "units", directory
  b.Padded("units", 6);                 // 37
  b.U32(1).U32(51);                     // 43: units record
  b.U32(60).U32(71).U8(0);              // 51: entry "ARMCOM.FBI", file
  b.Padded("ARMCOM.FBI", 11);           // 60
  b.U32(80).U32(5).U8(0);               // 71: file record: at 80, 5 bytes, stored
  EXPECT_EQ(b.size(), 80u);
  b.Append(BytesOf("hello"));           // 80
  HpiXor(b.data, 0xFD, 20, b.size());
  return b.data;
}

TEST(HpiV1, EncryptedDirectoryAndStoredFile) {
  const std::vector<uint8_t> file = EncryptedV1();
  // The cipher by hand: the root count byte (1) at offset 20, the 'h' at 80.
  EXPECT_EQ(file[20], uint8_t(0x01 ^ (20 ^ 0xFD)));
  EXPECT_EQ(file[80], uint8_t('h' ^ (80 ^ 0xFD)));
  absl::StatusOr<HpiArchive> a = OpenHpi(file, "totala1.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->version, kVersion1);
  EXPECT_EQ(a->key, 0xFD);
  ASSERT_EQ(a->entries.size(), 1u);
  const HpiEntry& e = a->entries[0];
  EXPECT_EQ(e.path, "units/ARMCOM.FBI");
  EXPECT_EQ(e.size, 5u);
  EXPECT_EQ(e.compressed_size, 5u);
  EXPECT_EQ(e.compression, Compression::kNone);
  EXPECT_EQ(e.data_offset, 80u);
  EXPECT_EQ(a->Find("UNITS/armcom.fbi"), &e);
  EXPECT_EQ(a->Find("units\\ArmCom.Fbi"), &e);
  EXPECT_EQ(a->Find("units/armcom.fb"), nullptr);
  absl::StatusOr<std::vector<uint8_t>> data = ReadEntry(*a, file, e);
  ASSERT_TRUE(data.ok()) << data.status();
  EXPECT_EQ(Str(*data), "hello");
}

// "abc", then a back reference to window position 1 of length 6 (it reads
// bytes it is writing), then "X", then the terminator.
const std::vector<uint8_t> kLz77Abc = {0x28, 'a', 'b', 'c', 0x14, 0x00, 'X', 0x00, 0x00};

TEST(HpiLz77, LiteralsAndAnOverlappingBackReference) {
  absl::StatusOr<std::vector<uint8_t>> out = DecodeLz77(kLz77Abc, 10, "t", 0);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(Str(*out), "abcabcabcX");
}

TEST(HpiLz77, RunLength) {
  // Tag 0x06: literal 'z', then 17 bytes from window position 1 (eighteen
  // 'z'), then the terminator.
  const std::vector<uint8_t> payload = {0x06, 'z', 0x1F, 0x00, 0x00, 0x00};
  absl::StatusOr<std::vector<uint8_t>> out = DecodeLz77(payload, 18, "t", 0);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(Str(*out), std::string(18, 'z'));
}

TEST(HpiLz77, TagsContinueAfterEightItems) {
  // Eight literals under tag 0x00, then a second tag 0x01 for the terminator.
  const std::vector<uint8_t> payload = {0x00, '1', '2', '3', '4', '5', '6', '7', '8',
                                        0x01, 0x00, 0x00};
  absl::StatusOr<std::vector<uint8_t>> out = DecodeLz77(payload, 8, "t", 0);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(Str(*out), "12345678");
}

TEST(HpiSqsh, EncryptedStoredPayload) {
  // "ABCD" stored as (b ^ i) + i: 0x41, 0x43 + 1, 0x41 + 2, 0x47 + 3.
  ByteBuilder b;
  b.U32(0x48535153).U8(2).U8(0).U8(1).U32(4).U32(4).U32(0x41 + 0x44 + 0x43 + 0x4A);
  b.U8(0x41).U8(0x44).U8(0x43).U8(0x4A);
  EXPECT_EQ(b.data, SqshChunk(0, true, BytesOf("ABCD"), 4));
  absl::StatusOr<std::vector<uint8_t>> out = DecodeSqsh(b.data, "t", 0);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(Str(*out), "ABCD");
}

TEST(HpiSqsh, EncryptedLz77Payload) {
  absl::StatusOr<std::vector<uint8_t>> out =
      DecodeSqsh(SqshChunk(1, true, kLz77Abc, 10), "t", 0);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(Str(*out), "abcabcabcX");
}

TEST(HpiSqsh, ZlibPayload) {
  std::vector<uint8_t> text = BytesOf(std::string(300, 'q') + "the end");
  absl::StatusOr<std::vector<uint8_t>> out =
      DecodeSqsh(SqshChunk(2, false, ZlibStream(text), uint32_t(text.size())), "t", 0);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(*out, text);
}

// Version 1, not encrypted: one file "a.lz" of 10 bytes, LZ77, one chunk.
TEST(HpiV1, Lz77ChunkedFile) {
  const std::vector<uint8_t> chunk = SqshChunk(1, false, kLz77Abc, 10);
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(49).U32(0).U32(20);
  b.U32(1).U32(28);          // 20
  b.U32(37).U32(40).U8(0);   // 28
  b.Padded("a", 3);          // 37: "a", its NUL and a spare byte
  b.U32(49).U32(10).U8(1);   // 40: file record: at 49, 10 bytes, LZ77
  EXPECT_EQ(b.size(), 49u);
  b.U32(uint32_t(chunk.size()));  // 49: one chunk size
  b.Append(chunk);
  absl::StatusOr<HpiArchive> a = OpenHpi(b.data, "t.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->entries.size(), 1u);
  EXPECT_EQ(a->entries[0].path, "a");
  EXPECT_EQ(a->entries[0].compression, Compression::kLz77);
  EXPECT_EQ(a->entries[0].compressed_size, 4 + chunk.size());
  absl::StatusOr<std::vector<uint8_t>> data = ReadEntry(*a, b.data, a->entries[0]);
  ASSERT_TRUE(data.ok()) << data.status();
  EXPECT_EQ(Str(*data), "abcabcabcX");
}

// Version 1, encrypted (HeaderKey 3, k = 0x0C): a zlib file of two chunks
// (70000 bytes), the cipher applied over the chunk table and chunks too.
TEST(HpiV1, EncryptedTwoChunkZlibFile) {
  std::vector<uint8_t> text(70000);
  for (size_t i = 0; i < text.size(); ++i) text[i] = uint8_t((i * 7) % 251);
  const std::vector<uint8_t> part1(text.begin(), text.begin() + 65536);
  const std::vector<uint8_t> part2(text.begin() + 65536, text.end());
  const std::vector<uint8_t> c1 = SqshChunk(2, false, ZlibStream(part1), 65536);
  const std::vector<uint8_t> c2 = SqshChunk(2, true, ZlibStream(part2), 70000 - 65536);
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(50).U32(3).U32(20);
  b.U32(1).U32(28);          // 20
  b.U32(37).U32(41).U8(0);   // 28
  b.Padded("b.z", 4);        // 37
  b.U32(50).U32(70000).U8(2);  // 41
  EXPECT_EQ(b.size(), 50u);
  b.U32(uint32_t(c1.size())).U32(uint32_t(c2.size())).Append(c1).Append(c2);
  HpiXor(b.data, 0x0C, 20, b.size());
  absl::StatusOr<HpiArchive> a = OpenHpi(b.data, "t.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->entries.size(), 1u);
  EXPECT_EQ(a->entries[0].compression, Compression::kZlib);
  EXPECT_EQ(a->entries[0].compressed_size, 8 + c1.size() + c2.size());
  absl::StatusOr<std::vector<uint8_t>> data = ReadEntry(*a, b.data, a->entries[0]);
  ASSERT_TRUE(data.ok()) << data.status();
  EXPECT_EQ(*data, text);
}

// Version 2: data first (a stored file, a zlib SQSH file), then the name
// block (stored), then the directory block as one zlib SQSH chunk.
TEST(HpiV2, CompressedDirectoryBlock) {
  const std::vector<uint8_t> sound = BytesOf(std::string(200, 's') + "!");
  const std::vector<uint8_t> sound_chunk =
      SqshChunk(2, false, ZlibStream(sound), uint32_t(sound.size()));
  const uint32_t readme_at = 32, sound_at = 40;
  const uint32_t names_at = sound_at + uint32_t(sound_chunk.size());
  ByteBuilder names;
  names.U8(0).Padded("gamedata", 9).Padded("readme.txt", 11).Padded("Sound.TDF", 10);
  ASSERT_EQ(names.size(), 31u);
  ByteBuilder dir;
  dir.U32(0).U32(20).U32(1).U32(40).U32(1);                       // 0: root
  dir.U32(1).U32(0).U32(0).U32(64).U32(1);                        // 20: gamedata
  dir.U32(10).U32(readme_at).U32(8).U32(0).U32(0).U32(0);         // 40: readme.txt
  dir.U32(21).U32(sound_at).U32(uint32_t(sound.size()))           // 64: Sound.TDF
      .U32(uint32_t(sound_chunk.size())).U32(0).U32(0);
  ASSERT_EQ(dir.size(), 88u);
  const std::vector<uint8_t> dir_chunk = SqshChunk(2, false, ZlibStream(dir.data), 88);
  const uint32_t dir_at = names_at + 31;
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00020000);
  b.U32(dir_at).U32(uint32_t(dir_chunk.size())).U32(names_at).U32(31).U32(32).U32(0);
  b.Append(BytesOf("hi there")).Append(sound_chunk).Append(names.data).Append(dir_chunk);
  absl::StatusOr<HpiArchive> a = OpenHpi(b.data, "tak.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->version, kVersion2);
  ASSERT_EQ(a->entries.size(), 2u);
  EXPECT_EQ(a->entries[0].path, "gamedata/Sound.TDF");  // sorted
  EXPECT_EQ(a->entries[1].path, "readme.txt");
  const HpiEntry* s = a->Find("GAMEDATA/sound.tdf");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->compression, Compression::kZlib);
  EXPECT_EQ(s->compressed_size, sound_chunk.size());
  EXPECT_EQ(s->size, sound.size());
  absl::StatusOr<std::vector<uint8_t>> data = ReadEntry(*a, b.data, *s);
  ASSERT_TRUE(data.ok()) << data.status();
  EXPECT_EQ(*data, sound);
  const HpiEntry* r = a->Find("readme.txt");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->compression, Compression::kNone);
  data = ReadEntry(*a, b.data, *r);
  ASSERT_TRUE(data.ok()) << data.status();
  EXPECT_EQ(Str(*data), "hi there");
}

}  // namespace
}  // namespace kbot::hpi
