// ReadEntryInto and EntryBuffer (hpi.h): the same bytes and the same errors
// as ReadEntry, one buffer reused across entries of every kind, and nothing
// allocated for a size the entry's bytes cannot produce.
#include <algorithm>
#include <string>
#include <vector>

#include "formats/hpi/hpi.h"
#include "formats/hpi/hpi_writer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/support/hpi_bytes.h"

namespace kbot::hpi {
namespace {

using ::kbot::testing::ByteBuilder;
using ::kbot::testing::BytesOf;
using ::kbot::testing::HpiXor;
using ::kbot::testing::MixedBytes;
using ::kbot::testing::SqshChunk;
using ::kbot::testing::ZlibStream;
using ::testing::HasSubstr;

std::vector<uint8_t> Copy(Bytes b) { return std::vector<uint8_t>(b.begin(), b.end()); }

TEST(HpiReadInto, OneBufferForEveryEntryOfEveryKind) {
  const std::vector<HpiFileToWrite> files = {{"big.bin", MixedBytes(200000, 1)},
                                             {"empty", {}},
                                             {"small.txt", BytesOf("small")},
                                             {"mid/one.bin", MixedBytes(65537, 2)},
                                             {"mid/two.bin", MixedBytes(3000, 3)}};
  for (int version : {1, 2}) {
    for (Compression c : {Compression::kNone, Compression::kLz77, Compression::kZlib}) {
      absl::StatusOr<std::vector<uint8_t>> file = WriteHpi(files, {version, c});
      ASSERT_TRUE(file.ok()) << file.status();
      absl::StatusOr<HpiArchive> a = OpenHpi(*file, "into.hpi");
      ASSERT_TRUE(a.ok()) << a.status();
      // Largest first, then smaller ones, then the largest again: whatever
      // the buffer held before, the bytes are the entry's.
      std::vector<const HpiEntry*> order;
      for (const HpiEntry& e : a->entries) order.push_back(&e);
      std::sort(order.begin(), order.end(),
                [](const HpiEntry* x, const HpiEntry* y) { return x->size > y->size; });
      order.push_back(order.front());
      EntryBuffer buffer;
      for (const HpiEntry* e : order) {
        absl::StatusOr<Bytes> into = ReadEntryInto(*a, *file, *e, buffer);
        ASSERT_TRUE(into.ok()) << into.status();
        absl::StatusOr<std::vector<uint8_t>> fresh = ReadEntry(*a, *file, *e);
        ASSERT_TRUE(fresh.ok()) << fresh.status();
        EXPECT_TRUE(Copy(*into) == *fresh) << e->path;
      }
      EXPECT_EQ(buffer.capacity(), 200000u) << "grown once, to the largest entry";
    }
  }
}

// Version 1, HeaderKey 3 (k = 0x0C): a stored file and a zlib file of two
// chunks (one of them SQSH-encrypted too), the cipher over everything after
// the header.
TEST(HpiReadInto, EncryptedArchive) {
  const std::vector<uint8_t> text = MixedBytes(70000, 4);
  const std::vector<uint8_t> part1(text.begin(), text.begin() + 65536);
  const std::vector<uint8_t> part2(text.begin() + 65536, text.end());
  const std::vector<uint8_t> c1 = SqshChunk(2, false, ZlibStream(part1), 65536);
  const std::vector<uint8_t> c2 = SqshChunk(2, true, ZlibStream(part2), 70000 - 65536);
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(70).U32(3).U32(20);  // DirectorySize 70
  b.U32(2).U32(28);                 // 20: root, 2 entries at 28
  b.U32(46).U32(50).U8(0);          // 28: "b.z", record at 50
  b.U32(59).U32(61).U8(0);          // 37: "s", record at 61
  b.Padded("b.z", 4);               // 46
  b.U32(75).U32(70000).U8(2);       // 50: zlib, table at 75
  b.Padded("s", 2);                 // 59
  b.U32(70).U32(5).U8(0);           // 61: stored, 5 bytes at 70
  EXPECT_EQ(b.size(), 70u);
  b.Append(BytesOf("hello"));       // 70
  b.U32(uint32_t(c1.size())).U32(uint32_t(c2.size())).Append(c1).Append(c2);  // 75
  HpiXor(b.data, 0x0C, 20, b.size());
  absl::StatusOr<HpiArchive> a = OpenHpi(b.data, "enc.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->entries.size(), 2u);
  EntryBuffer buffer;
  absl::StatusOr<Bytes> z = ReadEntryInto(*a, b.data, *a->Find("b.z"), buffer);
  ASSERT_TRUE(z.ok()) << z.status();
  EXPECT_TRUE(Copy(*z) == text);
  absl::StatusOr<Bytes> s = ReadEntryInto(*a, b.data, *a->Find("s"), buffer);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(Copy(*s), BytesOf("hello"));
  EXPECT_EQ(buffer.capacity(), 70000u);
}

TEST(HpiReadInto, ImplausibleSizesAllocateNothing) {
  // v2: the directory and the SQSH header agree on 0x7FFFFFFF bytes, which
  // a 3-byte zlib stream cannot produce.
  const std::vector<uint8_t> chunk = SqshChunk(2, false, ZlibStream(BytesOf("abc")), 0x7FFFFFFF);
  ByteBuilder v2;
  v2.U32(0x49504148).U32(0x00020000);
  v2.U32(32).U32(44).U32(76).U32(4).U32(80).U32(0);   // directory 44 bytes, names 4
  v2.U32(0).U32(20).U32(0).U32(20).U32(1);            // root: no folders, 1 file at 20
  v2.U32(1).U32(80).U32(0x7FFFFFFF).U32(uint32_t(chunk.size())).U32(0).U32(0);
  v2.U8(0).Padded("x", 2).U8(0);                      // names: "", "x"
  v2.Append(chunk);                                   // 80
  absl::StatusOr<HpiArchive> a2 = OpenHpi(v2.data, "v2.hpi");
  ASSERT_TRUE(a2.ok()) << a2.status();
  EntryBuffer buffer;
  absl::StatusOr<Bytes> r = ReadEntryInto(*a2, v2.data, a2->entries.at(0), buffer);
  EXPECT_THAT(r.status().message(), HasSubstr("cannot produce the declared 2147483647 bytes"));
  EXPECT_EQ(buffer.capacity(), 0u);

  // v1: 16 chunks of "abc" for a file said to hold 1,000,000 bytes.
  const std::vector<uint8_t> small = SqshChunk(2, false, ZlibStream(BytesOf("abc")), 3);
  ByteBuilder v1;
  v1.U32(0x49504148).U32(0x00010000).U32(49).U32(0).U32(20);
  v1.U32(1).U32(28).U32(37).U32(40).U8(0).Padded("f", 3);
  v1.U32(49).U32(1000000).U8(2);
  for (int i = 0; i < 16; ++i) v1.U32(uint32_t(small.size()));
  for (int i = 0; i < 16; ++i) v1.Append(small);
  absl::StatusOr<HpiArchive> a1 = OpenHpi(v1.data, "v1.hpi");
  ASSERT_TRUE(a1.ok()) << a1.status();
  r = ReadEntryInto(*a1, v1.data, a1->entries.at(0), buffer);
  EXPECT_THAT(r.status().message(), HasSubstr("cannot produce the declared 1000000 bytes"));
  EXPECT_EQ(buffer.capacity(), 0u);
}

TEST(HpiReadInto, ErrorsAreReadEntrysErrors) {
  absl::StatusOr<std::vector<uint8_t>> file =
      WriteHpi({{"a.bin", MixedBytes(5000, 5)}, {"b.bin", MixedBytes(90000, 6)}},
               {1, Compression::kZlib});
  ASSERT_TRUE(file.ok()) << file.status();
  absl::StatusOr<HpiArchive> a = OpenHpi(*file, "bad.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  // b.bin's second chunk: its payload's first byte no longer matches the checksum.
  const HpiEntry& b = *a->Find("b.bin");
  const uint32_t first = LoadU32(file->data() + b.data_offset);
  (*file)[b.data_offset + 8 + first + 19] ^= 0x40;
  EntryBuffer buffer;
  const absl::StatusOr<Bytes> into = ReadEntryInto(*a, *file, b, buffer);
  const absl::StatusOr<std::vector<uint8_t>> fresh = ReadEntry(*a, *file, b);
  ASSERT_FALSE(into.ok());
  EXPECT_EQ(into.status(), fresh.status());
  EXPECT_THAT(into.status().message(), HasSubstr("bad.hpi: b.bin: chunk 1"));
  // The buffer still serves the next entry.
  absl::StatusOr<Bytes> ok = ReadEntryInto(*a, *file, *a->Find("a.bin"), buffer);
  ASSERT_TRUE(ok.ok()) << ok.status();
  EXPECT_TRUE(Copy(*ok) == MixedBytes(5000, 5));
}

}  // namespace
}  // namespace kbot::hpi
