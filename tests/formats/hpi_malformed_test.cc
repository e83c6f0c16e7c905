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
  // The chunk sizes are the entry's own data: the archive opens, the entry's
  // extent is unknown (compressed_size 0) and reading it names the chunk.
  ByteBuilder c;
  c.U32(5000).Append(SqshChunk(1, false, kLz77Abc, 10));
  const std::vector<uint8_t> file = V1One(10, 1, c.data);
  absl::StatusOr<HpiArchive> a = OpenHpi(file, "bad.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->entries.at(0).compressed_size, 0u);
  EXPECT_THAT(ReadError(file), AllOf(HasSubstr("bad.hpi: f: chunk 0 of 5000 bytes at 0x35"),
                                     HasSubstr("runs past the end of the file")));
  // A chunk table itself past the end: the directory places the entry
  // outside the file. 1 GB needs 16384 sizes.
  EXPECT_THAT(OpenError(V1One(0x40000000, 1, c.data)),
              AllOf(HasSubstr("table of 16384 chunk sizes at 0x31"), HasSubstr("past the end")));
}

TEST(HpiMalformed, V1UnknownCompressionSpoilsOnlyThatEntry) {
  // Two files: "a" stored ("hi"), "f" with compression byte 7.
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(0).U32(0).U32(20);
  b.U32(2).U32(28);                  // 20: root, two entries at 28
  b.U32(46).U32(50).U8(0);           // 28: "a" -> record at 50
  b.U32(48).U32(59).U8(0);           // 37: "f" -> record at 59
  b.Padded("a", 2).Padded("f", 2);   // 46, 48
  b.U32(68).U32(2).U8(0);            // 50: "a": at 68, 2 bytes, stored
  b.U32(70).U32(10).U8(7);           // 59: "f": at 70, 10 bytes, compression 7
  b.PatchU32(8, uint32_t(b.size()));
  b.Append(BytesOf("hi")).Append(SqshChunk(1, false, kLz77Abc, 10));
  absl::StatusOr<HpiArchive> a = OpenHpi(b.data, "bad.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->entries.size(), 2u);
  const HpiEntry* f = a->Find("f");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(uint8_t(f->compression), 7);
  EXPECT_FALSE(KnownCompression(f->compression));
  EXPECT_EQ(CompressionName(f->compression), "unknown");
  EXPECT_THAT(ReadEntry(*a, b.data, *f).status().message(),
              AllOf(HasSubstr("bad.hpi: f: file record declares unknown compression 7"),
                    HasSubstr("at 0x46")));
  absl::StatusOr<std::vector<uint8_t>> ok = ReadEntry(*a, b.data, *a->Find("a"));
  ASSERT_TRUE(ok.ok()) << ok.status();
  EXPECT_EQ(std::string(ok->begin(), ok->end()), "hi");
}

// v2, built byte by byte: "a.txt" (a sound zlib SQSH chunk of "good data")
// and "b.txt" (`bad` as its compressed bytes, `b_size` decompressed), both in
// the root. The data comes first, then the name and directory blocks.
std::vector<uint8_t> V2Two(const std::vector<uint8_t>& bad, uint32_t b_size) {
  const std::vector<uint8_t> good_text = BytesOf("good data");
  const std::vector<uint8_t> good = SqshChunk(2, false, ZlibStream(good_text), 9);
  const uint32_t good_at = 32, bad_at = good_at + uint32_t(good.size());
  const uint32_t names_at = bad_at + uint32_t(bad.size());
  ByteBuilder names;
  names.U8(0).Padded("a.txt", 6).Padded("b.txt", 6);  // 0, 1, 7
  ByteBuilder dir;
  dir.U32(0).U32(0).U32(0).U32(20).U32(2);                                  // 0: root
  dir.U32(1).U32(good_at).U32(9).U32(uint32_t(good.size())).U32(0).U32(0);  // 20: a.txt
  dir.U32(7).U32(bad_at).U32(b_size).U32(uint32_t(bad.size())).U32(0).U32(0);  // 44: b.txt
  const uint32_t dir_at = names_at + uint32_t(names.size());
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00020000);
  b.U32(dir_at).U32(uint32_t(dir.size())).U32(names_at).U32(uint32_t(names.size())).U32(32)
      .U32(0);
  b.Append(good).Append(bad).Append(names.data).Append(dir.data);
  return b.data;
}

// Opens a V2Two archive (which must succeed), checks "a.txt" still reads,
// and returns the error of reading "b.txt".
std::string V2BadEntryError(const std::vector<uint8_t>& file) {
  absl::StatusOr<HpiArchive> a = OpenHpi(file, "tak.hpi");
  if (!a.ok()) return "open failed: " + std::string(a.status().message());
  EXPECT_EQ(a->entries.size(), 2u);
  const HpiEntry* good = a->Find("a.txt");
  const HpiEntry* bad = a->Find("b.txt");
  if (good == nullptr || bad == nullptr) return "entries missing";
  absl::StatusOr<std::vector<uint8_t>> data = ReadEntry(*a, file, *good);
  EXPECT_TRUE(data.ok()) << data.status();
  if (data.ok()) {
    EXPECT_EQ(std::string(data->begin(), data->end()), "good data");
  }
  data = ReadEntry(*a, file, *bad);
  EXPECT_FALSE(data.ok());
  return data.ok() ? "" : std::string(data.status().message());
}

TEST(HpiMalformed, V2BaseFixtureReads) {
  const std::vector<uint8_t> text = BytesOf("bad? no, fine");
  const std::vector<uint8_t> file = V2Two(SqshChunk(2, false, ZlibStream(text), 13), 13);
  absl::StatusOr<HpiArchive> a = OpenHpi(file, "tak.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  absl::StatusOr<std::vector<uint8_t>> data = ReadEntry(*a, file, *a->Find("b.txt"));
  ASSERT_TRUE(data.ok()) << data.status();
  EXPECT_EQ(*data, text);
}

// b.txt's chunk sits at 32 + the good chunk's size: 32 + 19 + the zlib
// stream of "good data" (17 bytes) = 0x44.
TEST(HpiMalformed, V2WrongSqshMarkerSpoilsOnlyThatEntry) {
  std::vector<uint8_t> chunk = SqshChunk(2, false, ZlibStream(BytesOf("xyz")), 3);
  chunk[0] = 'Z';
  const std::vector<uint8_t> file = V2Two(chunk, 3);
  absl::StatusOr<HpiArchive> a = OpenHpi(file, "tak.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(a->Find("b.txt")->compression, kUnknownCompression);
  EXPECT_EQ(CompressionName(kUnknownCompression), "unknown");
  EXPECT_THAT(V2BadEntryError(file),
              AllOf(HasSubstr("tak.hpi: b.txt: compressed data at 0x44 has marker"),
                    HasSubstr("not SQSH")));
}

TEST(HpiMalformed, V2ChunkShorterThanItsHeaderSpoilsOnlyThatEntry) {
  EXPECT_THAT(V2BadEntryError(V2Two(BytesOf("SQSH\x02"), 3)),
              AllOf(HasSubstr("tak.hpi: b.txt: compressed data at 0x44 is 5 bytes"),
                    HasSubstr("too short for the 19-byte SQSH header")));
}

TEST(HpiMalformed, V2UnknownSqshCompressionSpoilsOnlyThatEntry) {
  const std::vector<uint8_t> file = V2Two(SqshChunk(9, false, BytesOf("xyz"), 3), 3);
  absl::StatusOr<HpiArchive> a = OpenHpi(file, "tak.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  EXPECT_EQ(uint8_t(a->Find("b.txt")->compression), 9);
  EXPECT_THAT(V2BadEntryError(file),
              AllOf(HasSubstr("tak.hpi: b.txt: SQSH header at 0x44: unknown compression 9")));
}

TEST(HpiMalformed, V2InconsistentSqshSizesSpoilOnlyThatEntry) {
  const std::vector<uint8_t> stream = ZlibStream(BytesOf("xyz"));
  // The header declares 4 decompressed bytes, the directory 3.
  EXPECT_THAT(V2BadEntryError(V2Two(SqshChunk(2, false, stream, 4), 3)),
              AllOf(HasSubstr("tak.hpi: b.txt: SQSH header at 0x44 declares 4"),
                    HasSubstr("the directory says 3")));
  // The header's payload size runs past the chunk the directory gives it.
  std::vector<uint8_t> chunk = SqshChunk(2, false, stream, 3);
  chunk[7] += 40;
  EXPECT_THAT(V2BadEntryError(V2Two(chunk, 3)),
              AllOf(HasSubstr("tak.hpi: b.txt: SQSH payload of"),
                    HasSubstr("runs past the chunk's")));
  // The header agrees with the directory, but the stream makes fewer bytes.
  EXPECT_THAT(V2BadEntryError(V2Two(SqshChunk(2, false, stream, 5), 5)),
              HasSubstr("tak.hpi: b.txt: zlib stream at 0x57 decompresses to 3 bytes, "
                        "not the declared 5"));
}

TEST(HpiMalformed, V2ChunkPastTheEndOfTheFileRefusesTheArchive) {
  // The directory itself places b.txt's chunk outside the file: nothing it
  // says can be trusted, so the archive is refused.
  std::vector<uint8_t> file = V2Two(SqshChunk(2, false, ZlibStream(BytesOf("xyz")), 3), 3);
  ByteBuilder b;
  b.data = file;
  const uint32_t dir_at = LoadU32(file.data() + 8);
  b.PatchU32(dir_at + 44 + 12, 100000);  // b.txt's CompressedSize
  EXPECT_THAT(OpenError(b.data), AllOf(HasSubstr("bad.hpi: b.txt: SQSH chunk of 100000 bytes"),
                                       HasSubstr("runs past the end of the file")));
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
