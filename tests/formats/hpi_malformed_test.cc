// Malformed HPI archives, each built byte by byte: every one is a clear error
// naming the archive, the entry or structure, and the offset.
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
using ::kbot::testing::SqshChunk;
using ::kbot::testing::ZlibStream;
using ::testing::AllOf;
using ::testing::HasSubstr;

const std::vector<uint8_t> kLz77Abc = {0x28, 'a', 'b', 'c', 0x14, 0x00, 'X', 0x00, 0x00};

// v1, key 0: root with one file "f" at 40 whose record is at 40; `size`,
// `compression`, then the data (`data` as stored).
std::vector<uint8_t> V1One(uint32_t size, uint8_t compression, const std::vector<uint8_t>& data) {
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(49).U32(0).U32(20);
  b.U32(1).U32(28);         // 20
  b.U32(37).U32(40).U8(0);  // 28
  b.Padded("f", 3);         // 37
  b.U32(49).U32(size).U8(compression);  // 40
  b.Append(data);
  return b.data;
}

std::vector<uint8_t> V1Lz77(const std::vector<uint8_t>& chunk, uint32_t size = 10) {
  ByteBuilder c;
  c.U32(uint32_t(chunk.size())).Append(chunk);
  return V1One(size, 1, c.data);
}

std::string OpenError(const std::vector<uint8_t>& file) {
  absl::StatusOr<HpiArchive> a = OpenHpi(file, "bad.hpi");
  EXPECT_FALSE(a.ok());
  return a.ok() ? "" : std::string(a.status().message());
}

std::string ReadError(const std::vector<uint8_t>& file) {
  absl::StatusOr<HpiArchive> a = OpenHpi(file, "bad.hpi");
  if (!a.ok()) return "open failed: " + std::string(a.status().message());
  EXPECT_EQ(a->entries.size(), 1u);
  absl::StatusOr<std::vector<uint8_t>> data = ReadEntry(*a, file, a->entries.at(0));
  EXPECT_FALSE(data.ok());
  return data.ok() ? "" : std::string(data.status().message());
}

TEST(HpiMalformed, BaseFixturesRead) {
  absl::StatusOr<HpiArchive> a = OpenHpi(V1Lz77(SqshChunk(1, false, kLz77Abc, 10)), "ok.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  const std::vector<uint8_t> file = V1Lz77(SqshChunk(1, false, kLz77Abc, 10));
  absl::StatusOr<std::vector<uint8_t>> data = ReadEntry(*a, file, a->entries[0]);
  ASSERT_TRUE(data.ok()) << data.status();
}

TEST(HpiMalformed, WrongMarker) {
  std::vector<uint8_t> file = V1One(0, 0, {});
  file[0] = 'X';
  EXPECT_THAT(OpenError(file), AllOf(HasSubstr("bad.hpi"), HasSubstr("0x0"),
                                     HasSubstr("not HAPI")));
}

TEST(HpiMalformed, SavedGameIsRefusedByName) {
  ByteBuilder b;
  b.U32(0x49504148).U32(0x4B4E4142).U32(0).U32(0).U32(0);
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("bad.hpi"), HasSubstr("BANK"),
                                       HasSubstr("a saved game, not an archive")));
}

TEST(HpiMalformed, UnknownVersion) {
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00030000).U32(0).U32(0).U32(0);
  EXPECT_THAT(OpenError(b.data), HasSubstr("unknown version 0x30000"));
}

TEST(HpiMalformed, TruncatedHeaders) {
  EXPECT_THAT(OpenError({'H', 'A', 'P'}), HasSubstr("too short"));
  std::vector<uint8_t> v1 = V1One(0, 0, {});
  v1.resize(14);
  EXPECT_THAT(OpenError(v1), AllOf(HasSubstr("bad.hpi"), HasSubstr("version 1 header is cut off")));
  ByteBuilder v2;
  v2.U32(0x49504148).U32(0x00020000).U32(32).U32(0);
  EXPECT_THAT(OpenError(v2.data), HasSubstr("version 2 header is cut off"));
}

TEST(HpiMalformed, DirectoryOutsideTheFile) {
  std::vector<uint8_t> file = V1One(0, 0, {});
  ByteBuilder b;
  b.data = file;
  b.PatchU32(8, 5000);  // DirectorySize past the end
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("directory [0x14, 0x1388)"),
                                       HasSubstr("not inside the file")));
  b.data = file;
  b.PatchU32(24, 0x1000);  // root entries offset
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("root directory"), HasSubstr("0x1000"),
                                       HasSubstr("do not fit in the directory")));
  b.data = file;
  b.PatchU32(32, 0x2000);  // the file record pointer
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("f: 9-byte file record at 0x2000"),
                                       HasSubstr("outside the directory")));
}

TEST(HpiMalformed, StoredDataPastTheEnd) {
  std::vector<uint8_t> file = V1One(100, 0, BytesOf("short"));
  EXPECT_THAT(OpenError(file), AllOf(HasSubstr("bad.hpi: f: 100 stored bytes at 0x31"),
                                     HasSubstr("run past the end")));
}

TEST(HpiMalformed, DirectoryPointingBackIntoItself) {
  // The root's only entry is a directory whose record is the root record.
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(40).U32(0).U32(20);
  b.U32(1).U32(28);         // 20: root
  b.U32(37).U32(20).U8(1);  // 28: "d" -> record at 20
  b.Padded("d", 3);         // 37
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("bad.hpi: d: directory record at 0x14"),
                                       HasSubstr("points back")));
}

TEST(HpiMalformed, SharedEntriesAreRefused) {
  // Two directory records share one entry table.
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(0).U32(0).U32(20);
  b.U32(2).U32(36);         // 20: root, two entries at 36
  b.U32(1).U32(36);         // 28: "d"'s record: one entry, also at 36
  b.U32(54).U32(28).U8(1);  // 36: "d" -> 28
  b.U32(56).U32(20).U8(1);  // 45: unused by the walk before the error
  b.Padded("d", 2).Padded("e", 2);  // 54, 56
  b.PatchU32(8, uint32_t(b.size()));
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("d entry 0 at 0x24"), HasSubstr("points back")));
}

TEST(HpiMalformed, DepthIsBounded) {
  // 70 directories, each the only entry of the one before.
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(0).U32(0).U32(20);
  for (int i = 0; i < 70; ++i) {
    const uint32_t at = uint32_t(b.size());
    b.U32(1).U32(at + 8);                // record
    b.U32(at + 17).U32(at + 19).U8(1);   // entry: name at +17, next record at +19
    b.Padded("d", 2);
  }
  b.U32(0).U32(0);
  b.PatchU32(8, uint32_t(b.size()));
  EXPECT_THAT(OpenError(b.data), HasSubstr("nest deeper than 64"));
}

TEST(HpiMalformed, SharedNamesCannotMultiplyPathMemory) {
  // One 255-byte name shared by 60 nested directories, then 20 files in the
  // deepest one sharing it too: each path is ~15 KB from a ~2 KB directory.
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(0).U32(0).U32(20);
  const uint32_t name_at = 20 + 60 * 17 + 8 + 20 * 9 + 20 * 9;  // after the records
  for (int i = 0; i < 60; ++i) {
    const uint32_t at = uint32_t(b.size());
    b.U32(1).U32(at + 8);
    b.U32(name_at).U32(at + 17).U8(1);
  }
  const uint32_t at = uint32_t(b.size());
  b.U32(20).U32(at + 8);
  for (int i = 0; i < 20; ++i) b.U32(name_at).U32(at + 8 + 180 + 9 * i).U8(0);
  for (int i = 0; i < 20; ++i) b.U32(0).U32(0).U8(0);
  ASSERT_EQ(b.size(), name_at);
  b.Padded(std::string(255, 'n'), 256);
  b.PatchU32(8, uint32_t(b.size()));
  EXPECT_THAT(OpenError(b.data), HasSubstr("paths add up to more than 16 bytes per directory"));
}

TEST(HpiMalformed, NameWithoutItsNul) {
  std::vector<uint8_t> file = V1One(0, 0, {});
  ByteBuilder b;
  b.data = file;
  b.data.resize(49);
  b.PatchU32(8, 49);
  b.PatchU32(28, 46);  // the name starts at 46: "\0\0\0" ... make it run to the end
  b.data[46] = 'x';
  b.data[47] = 'y';
  b.data[48] = 'z';
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("root directory entry 0: name at 0x2e"),
                                       HasSubstr("has no NUL")));
}

TEST(HpiMalformed, TooManyEntriesForTheFile) {
  std::vector<uint8_t> file = V1One(0, 0, {});
  ByteBuilder b;
  b.data = file;
  b.PatchU32(20, 0x10000000);
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("268435456 entries of 9 bytes at 0x1c"),
                                       HasSubstr("do not fit")));
}

TEST(HpiMalformed, ChunkSizesPastTheEnd) {
  ByteBuilder c;
  c.U32(5000).Append(SqshChunk(1, false, kLz77Abc, 10));
  EXPECT_THAT(OpenError(V1One(10, 1, c.data)),
              AllOf(HasSubstr("bad.hpi: f: chunk sizes at 0x31"), HasSubstr("past the end")));
  // A chunk table itself past the end: 1 GB needs 16384 sizes.
  EXPECT_THAT(OpenError(V1One(0x40000000, 1, c.data)),
              AllOf(HasSubstr("table of 16384 chunk sizes at 0x31"), HasSubstr("past the end")));
}

TEST(HpiMalformed, ChecksumMismatch) {
  std::vector<uint8_t> chunk = SqshChunk(1, false, kLz77Abc, 10);
  chunk[15] ^= 1;
  EXPECT_THAT(ReadError(V1Lz77(chunk)),
              AllOf(HasSubstr("bad.hpi: f: chunk 0: SQSH chunk at 0x35: checksum"),
                    HasSubstr("does not match")));
}

TEST(HpiMalformed, WrongChunkMarker) {
  std::vector<uint8_t> chunk = SqshChunk(1, false, kLz77Abc, 10);
  chunk[0] = 'Z';
  EXPECT_THAT(ReadError(V1Lz77(chunk)),
              AllOf(HasSubstr("bad.hpi: f: chunk 0: chunk at 0x35"), HasSubstr("not SQSH")));
}

TEST(HpiMalformed, Lz77ReferenceBeforeTheOutput) {
  // One literal, then a reference to window position 5: only 1 is written.
  const std::vector<uint8_t> payload = {0x02, 'a', 0x50, 0x00, 0x00, 0x00};
  EXPECT_THAT(ReadError(V1Lz77(SqshChunk(1, false, payload, 3), 3)),
              AllOf(HasSubstr("bad.hpi: f: chunk 0: LZ77 back reference at 0x4a"),
                    HasSubstr("runs past the output")));
}

TEST(HpiMalformed, Lz77WithoutTerminator) {
  const std::vector<uint8_t> payload = {0x00, 'a', 'b'};
  EXPECT_THAT(DecodeLz77(payload, 2, "x.hpi: f", 0x40).status().message(),
              AllOf(HasSubstr("x.hpi: f"), HasSubstr("without its terminator")));
}

TEST(HpiMalformed, DecompressedSizeMismatch) {
  // The chunk says 11, the entry needs 10.
  EXPECT_THAT(ReadError(V1Lz77(SqshChunk(1, false, kLz77Abc, 11))),
              AllOf(HasSubstr("chunk 0: SQSH header at 0x35 declares 11"),
                    HasSubstr("the entry needs 10")));
  // The chunk agrees with the entry (11) but its codes produce 10.
  EXPECT_THAT(ReadError(V1Lz77(SqshChunk(1, false, kLz77Abc, 11), 11)),
              AllOf(HasSubstr("LZ77 payload at 0x48 decompresses to 10 bytes, not the "
                              "declared 11")));
  // ... or would produce more than 9.
  EXPECT_THAT(ReadError(V1Lz77(SqshChunk(1, false, kLz77Abc, 9), 9)),
              HasSubstr("runs past the declared 9 bytes"));
}

TEST(HpiMalformed, ImplausibleDeclaredSizeIsRefusedBeforeAllocating) {
  EXPECT_THAT(DecodeSqsh(SqshChunk(1, false, kLz77Abc, 1000000), "x", 0).status().message(),
              HasSubstr("cannot produce the declared 1000000 bytes"));
  EXPECT_THAT(DecodeSqsh(SqshChunk(2, false, ZlibStream(BytesOf("abc")), 0x7FFFFFFF), "x", 0)
                  .status().message(),
              HasSubstr("cannot produce the declared"));
}

TEST(HpiMalformed, ZlibLongerOrShorterThanDeclared) {
  const std::vector<uint8_t> text = BytesOf(std::string(100, 'a'));
  EXPECT_THAT(DecodeSqsh(SqshChunk(2, false, ZlibStream(text), 50), "x", 0).status().message(),
              HasSubstr("decompresses to more than the declared 50 bytes"));
  EXPECT_THAT(DecodeSqsh(SqshChunk(2, false, ZlibStream(text), 150), "x", 0).status().message(),
              HasSubstr("zlib stream at 0x13 decompresses to 100 bytes, not the declared 150"));
  std::vector<uint8_t> cut = ZlibStream(text);
  cut.resize(cut.size() - 6);  // the end of the stream and its Adler-32 are gone
  EXPECT_THAT(DecodeSqsh(SqshChunk(2, false, cut, 100), "x", 0).status().message(),
              HasSubstr("of the declared 100 bytes"));
  std::vector<uint8_t> corrupt = ZlibStream(text);
  corrupt[0] = 0;
  EXPECT_THAT(DecodeSqsh(SqshChunk(2, false, corrupt, 100), "x", 0).status().message(),
              HasSubstr("is corrupt"));
}

TEST(HpiMalformed, StoredSqshSizeMismatch) {
  EXPECT_THAT(DecodeSqsh(SqshChunk(0, false, BytesOf("abc"), 4), "x", 7).status().message(),
              HasSubstr("stored SQSH chunk at 0x7 declares 4 bytes but holds 3"));
}

TEST(HpiMalformed, SqshHeaderCutOff) {
  std::vector<uint8_t> chunk = SqshChunk(1, false, kLz77Abc, 10);
  chunk.resize(12);
  EXPECT_THAT(DecodeSqsh(chunk, "x", 0).status().message(), HasSubstr("is cut off"));
  chunk = SqshChunk(1, false, kLz77Abc, 10);
  chunk.resize(chunk.size() - 1);
  EXPECT_THAT(DecodeSqsh(chunk, "x", 0).status().message(), HasSubstr("runs past the chunk"));
}

TEST(HpiMalformed, V2DirectoryRecordsOutsideTheBlock) {
  ByteBuilder dir;
  dir.U32(0).U32(0).U32(0).U32(20).U32(3);  // three file records at 20: 72 bytes, block is 20
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00020000).U32(32).U32(20).U32(52).U32(1).U32(53).U32(0);
  b.Append(dir.data).U8(0);
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("bad.hpi: root directory: 3 file records at "
                                                 "block offset 0x14"),
                                       HasSubstr("do not fit")));
  b.PatchU32(12, 5000);
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("directory block [0x20, 0x13a8)"),
                                       HasSubstr("past the end of the file")));
}

TEST(HpiMalformed, V2SubdirectoryCycle) {
  ByteBuilder dir;
  dir.U32(0).U32(0).U32(1).U32(0).U32(0);  // root: one subdirectory at 0 -- itself
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00020000).U32(32).U32(20).U32(52).U32(1).U32(53).U32(0);
  b.Append(dir.data).U8(0);
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("directory record at 0x0"),
                                       HasSubstr("points back")));
}

}  // namespace
}  // namespace kbot::hpi
