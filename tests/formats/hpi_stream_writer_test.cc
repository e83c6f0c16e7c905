// PackHpi (hpi_stream_writer.h): the archive laid out by hand from the spec,
// the same bytes as WriteHpi (the whole-in-memory writer) at every thread
// count, the order it reads and writes in, how far it reads ahead, and how a
// failing source or sink stops it.
#include "formats/hpi/hpi_stream_writer.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <tuple>
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
using ::kbot::testing::MixedBytes;
using ::kbot::testing::SqshChunk;
using ::kbot::testing::ZlibStream;
using ::testing::HasSubstr;

// A hand-made tree: nested folders, names in mixed case, empty files, files of
// exactly one chunk, one byte over, several chunks, and tiny ones.
std::vector<HpiFileToWrite> HandMadeTree() {
  return {
      {"units/ARMCOM.FBI", BytesOf("[UNITINFO]\r\n{\r\n\tUnitName=ARMCOM;\r\n}\r\n")},
      {"anims/big.gaf", MixedBytes(200000, 1)},
      {"empty.txt", {}},
      {"anims/deeper/edge.bin", MixedBytes(65536, 2)},
      {"anims/deeper/over.bin", MixedBytes(65537, 3)},
      {"Maps/Empty Too.tnt", {}},
      {"zz.txt", BytesOf(std::string(65536 * 2 + 5, 'z'))},
      {"readme", BytesOf("a")},
      {"Maps/Islands/Islands.tnt", MixedBytes(150001, 4)},
  };
}

// A source over files in memory that records how it is called.
class RecordingSource : public HpiPackSource {
 public:
  explicit RecordingSource(const std::vector<HpiFileToWrite>& files) : files_(files) {}
  absl::Status Read(size_t index, uint64_t offset, std::span<uint8_t> out) override {
    calls.push_back({index, offset, out.size()});
    threads.push_back(std::this_thread::get_id());
    std::memcpy(out.data(), files_[index].data.data() + offset, out.size());
    return absl::OkStatus();
  }
  absl::Status Finished(size_t index) override {
    finished.push_back(index);
    return absl::OkStatus();
  }
  std::vector<std::tuple<size_t, uint64_t, size_t>> calls;  // index, offset, size
  std::vector<size_t> finished;
  std::vector<std::thread::id> threads;

 private:
  const std::vector<HpiFileToWrite>& files_;
};

class VectorSink : public HpiPackSink {
 public:
  absl::Status Append(Bytes bytes) override {
    out.insert(out.end(), bytes.begin(), bytes.end());
    return absl::OkStatus();
  }
  absl::Status WriteAt(uint64_t offset, Bytes bytes) override {
    EXPECT_LE(offset + bytes.size(), out.size()) << "WriteAt past what was appended";
    std::copy(bytes.begin(), bytes.end(), out.begin() + offset);
    return absl::OkStatus();
  }
  std::vector<uint8_t> out;
};

std::vector<HpiFileToPack> ListOf(const std::vector<HpiFileToWrite>& files) {
  std::vector<HpiFileToPack> list;
  for (const HpiFileToWrite& f : files) list.push_back({f.path, f.data.size()});
  return list;
}

TEST(HpiStreamWriter, AZlibArchiveByteForByte) {
  // d/b.bin (70000 bytes: two chunks) and a.txt ("hi"), version 1, zlib: the
  // directory as hpi_writer.h lays it out, then d/b.bin's chunk-size table
  // and its two SQSH chunks, then a.txt's one.
  const std::vector<uint8_t> b = MixedBytes(70000, 9);
  const std::vector<uint8_t> b0(b.begin(), b.begin() + 65536), b1(b.begin() + 65536, b.end());
  const std::vector<uint8_t> c0 = SqshChunk(2, false, ZlibStream(b0), 65536);
  const std::vector<uint8_t> c1 = SqshChunk(2, false, ZlibStream(b1), 70000 - 65536);
  const std::vector<uint8_t> ca = SqshChunk(2, false, ZlibStream(BytesOf("hi")), 2);
  const uint32_t b_at = 95, a_at = uint32_t(b_at + 8 + c0.size() + c1.size());
  ByteBuilder want;
  want.U32(0x49504148).U32(0x00010000).U32(95).U32(0).U32(20);  // DirectorySize 95
  want.U32(2).U32(28);                                           // 20: root: 2 entries
  want.U32(46).U32(48).U8(1);                                    // 28: "d", record at 48
  want.U32(80).U32(86).U8(0);                                    // 37: "a.txt", record at 86
  want.Padded("d", 2);                                           // 46
  want.U32(1).U32(56);                                           // 48: d: 1 entry at 56
  want.U32(65).U32(71).U8(0);                                    // 56: "b.bin", record at 71
  want.Padded("b.bin", 6);                                       // 65
  want.U32(b_at).U32(70000).U8(2);                               // 71: zlib
  want.Padded("a.txt", 6);                                       // 80
  want.U32(a_at).U32(2).U8(2);                                   // 86: zlib
  want.U32(uint32_t(c0.size())).U32(uint32_t(c1.size())).Append(c0).Append(c1);  // 95
  want.U32(uint32_t(ca.size())).Append(ca);
  const std::vector<HpiFileToWrite> files = {{"a.txt", BytesOf("hi")}, {"d/b.bin", b}};
  for (int threads : {1, 2, 8}) {
    absl::StatusOr<std::vector<uint8_t>> out =
        PackHpiInMemory(files, {1, Compression::kZlib, threads});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_EQ(*out, want.data) << threads << " threads";
  }
}

class HpiStreamSameBytes
    : public ::testing::TestWithParam<std::tuple<int, Compression, int>> {};

TEST_P(HpiStreamSameBytes, AsTheWholeInMemoryWriter) {
  const auto [version, compression, threads] = GetParam();
  const std::vector<HpiFileToWrite> files = HandMadeTree();
  absl::StatusOr<std::vector<uint8_t>> whole = WriteHpi(files, {version, compression});
  ASSERT_TRUE(whole.ok()) << whole.status();
  absl::StatusOr<std::vector<uint8_t>> streamed =
      PackHpiInMemory(files, {version, compression, threads});
  ASSERT_TRUE(streamed.ok()) << streamed.status();
  EXPECT_EQ(streamed->size(), whole->size());
  EXPECT_TRUE(*streamed == *whole);
  // And it reads back.
  absl::StatusOr<HpiArchive> a = OpenHpi(*streamed, "s.hpi");
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_EQ(a->entries.size(), files.size());
  for (const HpiFileToWrite& f : files) {
    absl::StatusOr<std::vector<uint8_t>> data = ReadEntry(*a, *streamed, *a->Find(f.path));
    ASSERT_TRUE(data.ok()) << data.status();
    EXPECT_TRUE(*data == f.data) << f.path;
  }
}

INSTANTIATE_TEST_SUITE_P(
    VersionsCompressionsThreads, HpiStreamSameBytes,
    ::testing::Combine(::testing::Values(1, 2),
                       ::testing::Values(Compression::kNone, Compression::kLz77,
                                         Compression::kZlib),
                       ::testing::Values(1, 2, 3, 8, 0)),
    [](const ::testing::TestParamInfo<std::tuple<int, Compression, int>>& info) {
      return "v" + std::to_string(std::get<0>(info.param)) + "_" +
             std::string(CompressionName(std::get<1>(info.param))) + "_threads" +
             std::to_string(std::get<2>(info.param));
    });

TEST(HpiStreamWriter, ManySmallFilesOnManyThreads) {
  // More units than slots, v2 files each one unit: the order of the data must
  // still be the directory's.
  std::vector<HpiFileToWrite> files;
  for (int i = 0; i < 120; ++i) {
    files.push_back({"f" + std::to_string(i % 7) + "/n" + std::to_string(i),
                     MixedBytes(size_t(i) * 97 % 3001, uint32_t(i))});
  }
  for (int version : {1, 2}) {
    absl::StatusOr<std::vector<uint8_t>> whole = WriteHpi(files, {version, Compression::kZlib});
    ASSERT_TRUE(whole.ok()) << whole.status();
    for (int threads : {2, 5}) {
      absl::StatusOr<std::vector<uint8_t>> s =
          PackHpiInMemory(files, {version, Compression::kZlib, threads});
      ASSERT_TRUE(s.ok()) << s.status();
      EXPECT_TRUE(*s == *whole) << "v" << version << ", " << threads << " threads";
    }
  }
}

TEST(HpiStreamWriter, ReadsEachFileOnceInOrderOnTheCallingThread) {
  const std::vector<HpiFileToWrite> files = HandMadeTree();
  for (int threads : {1, 3}) {
    RecordingSource source(files);
    VectorSink sink;
    ASSERT_TRUE(PackHpi(ListOf(files), {1, Compression::kZlib, threads}, source, sink).ok());
    // Files in the directory's data order (subfolders' files first), each
    // from 0 to its size in 65536-byte chunks, never an empty read; every
    // file finished once, right after its last read.
    const std::vector<std::string> order = {"anims/deeper/edge.bin", "anims/deeper/over.bin",
                                            "anims/big.gaf",         "Maps/Islands/Islands.tnt",
                                            "Maps/Empty Too.tnt",    "units/ARMCOM.FBI",
                                            "empty.txt",             "readme",
                                            "zz.txt"};
    std::vector<std::tuple<size_t, uint64_t, size_t>> want;
    std::vector<size_t> finished;
    for (const std::string& path : order) {
      const size_t index = size_t(std::find_if(files.begin(), files.end(),
                                               [&](const HpiFileToWrite& f) {
                                                 return f.path == path;
                                               }) -
                                  files.begin());
      for (size_t at = 0; at < files[index].data.size(); at += 65536) {
        want.push_back({index, at, std::min<size_t>(65536, files[index].data.size() - at)});
      }
      finished.push_back(index);
    }
    EXPECT_EQ(source.calls, want) << threads;
    EXPECT_EQ(source.finished, finished) << threads;
    for (const std::thread::id& id : source.threads) EXPECT_EQ(id, std::this_thread::get_id());
  }
}

// A sink that, at each read, checks how many chunks have been read but not
// yet written: the work under way, bounded by 4 units per worker.
class AheadSource : public RecordingSource {
 public:
  AheadSource(const std::vector<HpiFileToWrite>& files, const size_t& written)
      : RecordingSource(files), written_(written) {}
  absl::Status Read(size_t index, uint64_t offset, std::span<uint8_t> out) override {
    ++read_;
    ahead = std::max(ahead, read_ - written_);
    return RecordingSource::Read(index, offset, out);
  }
  size_t ahead = 0;

 private:
  const size_t& written_;
  size_t read_ = 0;
};

class CountingSink : public VectorSink {
 public:
  absl::Status Append(Bytes bytes) override {
    if (bytes.size() >= 4 && LoadU32(bytes.data()) == kSqshMarker) ++chunks;
    return VectorSink::Append(bytes);
  }
  size_t chunks = 0;
};

TEST(HpiStreamWriter, ReadsAtMostFourChunksPerThreadAhead) {
  const std::vector<HpiFileToWrite> files = {{"one.bin", MixedBytes(65536 * 40, 5)}};
  for (int threads : {1, 2, 3}) {
    CountingSink sink;
    AheadSource source(files, sink.chunks);
    ASSERT_TRUE(PackHpi(ListOf(files), {1, Compression::kZlib, threads}, source, sink).ok());
    EXPECT_EQ(sink.chunks, 40u);
    const size_t limit = threads == 1 ? 1 : 4 * size_t(threads);
    EXPECT_LE(source.ahead, limit) << threads << " threads";
    if (threads > 1) {
      EXPECT_GT(source.ahead, 1u) << "reads ahead at all";
    }
  }
}

// Fails the read of one file at one offset.
class FailingSource : public RecordingSource {
 public:
  FailingSource(const std::vector<HpiFileToWrite>& files, size_t index, uint64_t offset)
      : RecordingSource(files), index_(index), offset_(offset) {}
  absl::Status Read(size_t index, uint64_t offset, std::span<uint8_t> out) override {
    if (failed_) ADD_FAILURE() << "read after the failure";
    if (index == index_ && offset == offset_) {
      failed_ = true;
      return absl::NotFoundError("src/b.bin: cannot open: gone");
    }
    return RecordingSource::Read(index, offset, out);
  }

 private:
  size_t index_;
  uint64_t offset_;
  bool failed_ = false;
};

TEST(HpiStreamWriter, ASourceErrorStopsThePackingAsItIs) {
  const std::vector<HpiFileToWrite> files = {
      {"a.bin", MixedBytes(65536 * 6, 1)},
      {"b.bin", MixedBytes(65536 * 6, 2)},
      {"c.bin", MixedBytes(9, 3)}};
  for (int version : {1, 2}) {
    for (int threads : {1, 2, 4}) {
      for (uint64_t offset : {uint64_t(0), uint64_t(65536 * 3)}) {
        if (version == 2 && offset != 0) continue;  // a v2 file is read whole
        FailingSource source(files, 1, offset);
        VectorSink sink;
        absl::StatusOr<uint64_t> r =
            PackHpi(ListOf(files), {version, Compression::kZlib, threads}, source, sink);
        EXPECT_EQ(r.status(), absl::NotFoundError("src/b.bin: cannot open: gone"))
            << version << " " << threads << " " << offset;
        // c.bin comes after b.bin: it was never asked for.
        for (const auto& call : source.calls) EXPECT_NE(std::get<0>(call), 2u);
      }
    }
  }
}

class FailingSink : public VectorSink {
 public:
  explicit FailingSink(size_t after) : after_(after) {}
  absl::Status Append(Bytes bytes) override {
    if (out.size() + bytes.size() > after_) return absl::InvalidArgumentError("x.hpi: disk full");
    return VectorSink::Append(bytes);
  }

 private:
  size_t after_;
};

TEST(HpiStreamWriter, ASinkErrorStopsThePacking) {
  const std::vector<HpiFileToWrite> files = {{"a.bin", MixedBytes(65536 * 30, 1)}};
  for (int threads : {1, 2}) {
    RecordingSource source(files);
    FailingSink sink(100000);
    absl::StatusOr<uint64_t> r =
        PackHpi(ListOf(files), {1, Compression::kZlib, threads}, source, sink);
    EXPECT_EQ(r.status(), absl::InvalidArgumentError("x.hpi: disk full"));
    EXPECT_LT(source.calls.size(), 30u) << "stopped reading";
  }
}

TEST(HpiStreamWriter, RefusesThreadCountsAndSizesOutOfRange) {
  const std::vector<HpiFileToWrite> files = {{"a", BytesOf("a")}};
  for (int threads : {-1, kMaxPackThreads + 1, 100000}) {
    absl::StatusOr<std::vector<uint8_t>> r =
        PackHpiInMemory(files, {1, Compression::kZlib, threads});
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(r.status().message(),
                HasSubstr("thread count " + std::to_string(threads) +
                          " is not 0 (every core) or 1..256"));
  }
  // A file the 32-bit records cannot hold: refused before anything is read.
  RecordingSource source(files);
  VectorSink sink;
  absl::StatusOr<uint64_t> r =
      PackHpi({{"small", 1}, {"huge.bin", 0x100000000ull}}, {1, Compression::kZlib, 2}, source,
              sink);
  EXPECT_EQ(r.status(), absl::InvalidArgumentError("\"huge.bin\" holds 4294967296 bytes; an HPI "
                                                   "file holds at most 4294967295"));
  EXPECT_TRUE(source.calls.empty());
  EXPECT_TRUE(sink.out.empty());
  // The writer's own path rules.
  EXPECT_THAT(PackHpiInMemory({{"a/B", {}}, {"A/b", {}}}, {}).status().message(),
              HasSubstr("twice"));
  EXPECT_THAT(PackHpiInMemory({{"a", {}}}, {3}).status().message(), HasSubstr("version 3"));
}

}  // namespace
}  // namespace kbot::hpi
