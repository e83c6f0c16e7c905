// ReadEntriesParallel over archives made by the writer (their bytes are
// checked against what was written) and one entry corrupted by hand.
#include "formats/hpi/parallel_read.h"

#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "formats/hpi/hpi.h"
#include "formats/hpi/hpi_writer.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace kbot::hpi {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// `count` files of mixed sizes (empty, tiny, several chunks), compressible
// but not uniform, so zlib and LZ77 both do real work.
std::vector<HpiFileToWrite> MixedFiles(int count) {
  std::vector<HpiFileToWrite> files;
  uint32_t x = 99;
  for (int i = 0; i < count; ++i) {
    const size_t size = i % 7 == 0 ? 0 : i % 5 == 0 ? 150000 + i * 37 : 10 + i * 131;
    std::vector<uint8_t> data(size);
    for (size_t j = 0; j < size; ++j) {
      x = x * 1664525 + 1013904223;
      data[j] = (j / 64) % 3 == 0 ? uint8_t(x >> 24) : uint8_t('a' + (j + i) % 13);
    }
    files.push_back({"dir" + std::to_string(i % 4) + "/file" + std::to_string(i) + ".bin",
                     std::move(data)});
  }
  return files;
}

struct Fixture {
  std::vector<HpiFileToWrite> files;
  std::vector<uint8_t> bytes;
  HpiArchive archive;
  std::vector<const HpiEntry*> all;
};

Fixture Make(int count, int version, Compression compression) {
  Fixture f;
  f.files = MixedFiles(count);
  absl::StatusOr<std::vector<uint8_t>> bytes = WriteHpi(f.files, {version, compression});
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  if (bytes.ok()) f.bytes = std::move(*bytes);
  absl::StatusOr<HpiArchive> a = OpenHpi(f.bytes, "par.hpi");
  EXPECT_TRUE(a.ok()) << a.status();
  if (a.ok()) f.archive = std::move(*a);
  for (const HpiEntry& e : f.archive.entries) f.all.push_back(&e);
  return f;
}

const std::vector<uint8_t>* Written(const Fixture& f, const std::string& path) {
  for (const HpiFileToWrite& w : f.files) {
    if (w.path == path) return &w.data;
  }
  return nullptr;
}

struct ParallelCase {
  int threads;
  int version;
  Compression compression;
};

class HpiParallelRead : public ::testing::TestWithParam<ParallelCase> {};

TEST_P(HpiParallelRead, EveryEntryOnceWithItsBytes) {
  const ParallelCase c = GetParam();
  const Fixture f = Make(60, c.version, c.compression);
  ASSERT_EQ(f.all.size(), 60u);
  std::mutex mu;
  std::map<std::string, int> seen;
  std::set<std::thread::id> workers;
  ReadEntriesParallel(f.archive, f.bytes, f.all, c.threads,
                      [&](const HpiEntry& e, absl::StatusOr<Bytes> data) {
                        EXPECT_TRUE(data.ok()) << data.status();
                        const std::vector<uint8_t>* want = Written(f, e.path);
                        EXPECT_NE(want, nullptr) << e.path;
                        if (data.ok() && want != nullptr) {
                          EXPECT_TRUE(std::vector<uint8_t>(data->begin(), data->end()) == *want)
                              << e.path;
                        }
                        std::lock_guard<std::mutex> lock(mu);
                        ++seen[e.path];
                        workers.insert(std::this_thread::get_id());
                        return true;
                      });
  EXPECT_EQ(seen.size(), f.all.size());
  for (const auto& [path, n] : seen) EXPECT_EQ(n, 1) << path;
  if (c.threads > 0) {
    EXPECT_LE(workers.size(), size_t(c.threads));
  }
  if (c.threads == 1) {  // on the calling thread
    EXPECT_EQ(workers, std::set<std::thread::id>{std::this_thread::get_id()});
  }
}

INSTANTIATE_TEST_SUITE_P(
    Threads, HpiParallelRead,
    ::testing::Values(ParallelCase{1, 1, Compression::kZlib},
                      ParallelCase{2, 1, Compression::kZlib},
                      ParallelCase{8, 1, Compression::kZlib},
                      ParallelCase{0, 1, Compression::kZlib},
                      ParallelCase{2, 2, Compression::kZlib},
                      ParallelCase{8, 2, Compression::kLz77},
                      ParallelCase{8, 1, Compression::kNone}),
    [](const ::testing::TestParamInfo<ParallelCase>& info) {
      return "threads" + std::to_string(info.param.threads) + "_v" +
             std::to_string(info.param.version) + "_" +
             std::string(CompressionName(info.param.compression));
    });

TEST(HpiParallelReadOnly, ASubsetAndNoMoreThreadsThanEntries) {
  const Fixture f = Make(20, 1, Compression::kZlib);
  const std::vector<const HpiEntry*> some = {f.all[3], f.all[11], f.all[17]};
  std::mutex mu;
  std::multiset<std::string> seen;
  std::set<std::thread::id> workers;
  ReadEntriesParallel(f.archive, f.bytes, some, 8,
                      [&](const HpiEntry& e, absl::StatusOr<Bytes> data) {
                        EXPECT_TRUE(data.ok()) << data.status();
                        std::lock_guard<std::mutex> lock(mu);
                        seen.insert(e.path);
                        workers.insert(std::this_thread::get_id());
                        return true;
                      });
  EXPECT_EQ(seen, (std::multiset<std::string>{f.all[3]->path, f.all[11]->path, f.all[17]->path}));
  EXPECT_LE(workers.size(), 3u);
}

TEST(HpiParallelReadErrors, ACorruptEntryDeliversItsErrorAndTheOthersStillArrive) {
  for (int threads : {1, 2, 8}) {
    Fixture f = Make(30, 2, Compression::kZlib);
    // Break the checksum of one compressed entry's SQSH chunk (v2: one chunk
    // at data_offset; the checksum is the u32 at +15).
    const HpiEntry* bad = nullptr;
    for (const HpiEntry* e : f.all) {
      if (e->compression == Compression::kZlib && e->size > 1000) bad = e;
    }
    ASSERT_NE(bad, nullptr);
    f.bytes[bad->data_offset + 15] ^= 0x01;
    std::mutex mu;
    std::map<std::string, int> ok, failed;
    std::string message;
    ReadEntriesParallel(f.archive, f.bytes, f.all, threads,
                        [&](const HpiEntry& e, absl::StatusOr<Bytes> data) {
                          std::lock_guard<std::mutex> lock(mu);
                          if (data.ok()) {
                            ++ok[e.path];
                          } else {
                            ++failed[e.path];
                            message = std::string(data.status().message());
                          }
                          return true;
                        });
    EXPECT_EQ(ok.size(), f.all.size() - 1) << threads;
    EXPECT_EQ(failed, (std::map<std::string, int>{{bad->path, 1}})) << threads;
    EXPECT_THAT(message, AllOf(HasSubstr("par.hpi: " + bad->path), HasSubstr("checksum")));
  }
}

TEST(HpiParallelReadStop, SinkReturningFalseStopsHandingOutEntries) {
  const Fixture f = Make(200, 1, Compression::kZlib);
  for (int threads : {1, 2, 8}) {
    std::atomic<int> calls{0};
    ReadEntriesParallel(f.archive, f.bytes, f.all, threads,
                        [&](const HpiEntry&, absl::StatusOr<Bytes>) {
                          ++calls;
                          return false;
                        });
    // Only reads already under way when the first sink said false are
    // delivered: at most one per thread.
    EXPECT_GE(calls.load(), 1) << threads;
    EXPECT_LE(calls.load(), threads) << threads;
  }
  // Stopping after the fifth delivery, one thread: exactly five.
  int calls = 0;
  ReadEntriesParallel(f.archive, f.bytes, f.all, 1,
                      [&](const HpiEntry&, absl::StatusOr<Bytes>) {
                        return ++calls < 5;
                      });
  EXPECT_EQ(calls, 5);
}

TEST(HpiParallelReadEmpty, ZeroEntriesNeverCallTheSink) {
  const Fixture f = Make(3, 1, Compression::kZlib);
  for (int threads : {0, 1, 4}) {
    bool called = false;
    ReadEntriesParallel(f.archive, f.bytes, {}, threads,
                        [&](const HpiEntry&, absl::StatusOr<Bytes>) {
                          called = true;
                          return true;
                        });
    EXPECT_FALSE(called);
  }
}

}  // namespace
}  // namespace kbot::hpi
