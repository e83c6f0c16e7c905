// HPI archives: extracting every entry against plain zlib inflate of the same
// payloads, LZ77 decoding, opening a large directory, and packing (the
// streaming writer against the whole-in-memory one, one thread against all).
//
//   BM_HpiInflateOnly/version:V/threads:T   zlib's uncompress() of every zlib
//                        payload of the extraction archive (v1: the 64 KiB
//                        chunks; v2: one stream per entry) into preallocated,
//                        already-touched buffers; the entries handed out to T
//                        threads (0: all cores) through an atomic index, as
//                        ReadEntriesParallel does. The ceiling.
//   BM_HpiExtract/version:V/threads:T       ReadEntriesParallel of every entry
//                        (ReadEntryInto: bounds, checksums, SQSH headers, one
//                        reused output buffer per thread), the sink dropping
//                        the bytes.
//   BM_HpiReadEntry/version:V/threads:T     the same with ReadEntry, a fresh
//                        vector per entry: how extraction read before.
//     Both: bytes = the decompressed bytes (~100 MB). threads:1 runs on the
//     calling thread and is timed in CPU time; threads:0 in wall time
//     (/real_time). bench_main.cc compares each extract row with the inflate
//     row of the same version and thread count.
//   BM_HpiLz77Decode/content:C              DecodeLz77 of 64 KiB chunks
//                        (the v1 chunk size) made by EncodeLz77; C 0 = GAF-like
//                        pixel rows, 1 = TDF/FBI-like text. bytes = decoded.
//   BM_HpiOpenFind/version:V/big:B          OpenHpi + Find of one path in an
//                        archive of 10,000 files in 200 nested folders; B 0 =
//                        tiny files (a few bytes), 1 = the same paths with
//                        16 KiB each (a ~160 MB file). Counters: retained_bytes
//                        = heap bytes the open archive holds (mallinfo2 delta,
//                        taken once outside the timing), dir_bytes = the
//                        directory (v1) or directory + name blocks (v2).
//   BM_HpiPackWhole/version:V               WriteHpi (zlib) of the extraction
//                        archive's files: the whole-in-memory writer, one
//                        thread. The in-run baseline of the pack rows.
//   BM_HpiPack/version:V/threads:T          PackHpi (zlib) of the same files
//                        from memory into a sink that only counts (the stream
//                        writer's own work and memory), T threads (0: all
//                        cores), wall time. The same bytes as WriteHpi.
//                        Counters: vs_WriteHpi and vs_1_thread (the baseline's
//                        seconds per iteration in this run / this row's),
//                        peak_heap_MB (the heap's high-water mark above its
//                        start, mallinfo2 sampled at every read and write, in
//                        one untimed run first); BM_HpiPackWhole's holds_MB is
//                        the archive it returns, the least it holds.
//   BM_HpiDeflateOnly/version:V/threads:T   compress2 (level 9) alone of what
//                        the archive compresses (v1: each 64 KiB chunk, v2:
//                        each file) into preallocated buffers, files handed
//                        to T threads through an atomic index: the pack rows'
//                        ceiling (their vs_deflate counter), and its own
//                        vs_1_thread what the cores give at the time.
//     All: bytes = the files' bytes (~100 MB).
//
// The extraction archive: ~100 MB in 181 files of 64 KiB - 2 MiB (log-uniform)
// mixing GAF-like pixel rows, TDF/FBI-like text and smooth 16-bit height maps,
// zlib-compressed by WriteHpi (level 9) to about a third. Every fixture is
// built on first use, once per process (the two extraction archives take some
// seconds: level 9 over 100 MB each).
#include <benchmark/benchmark.h>
#include <malloc.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "formats/hpi/hpi.h"
#include "formats/hpi/hpi_stream_writer.h"
#include "formats/hpi/hpi_writer.h"
#include "formats/hpi/parallel_read.h"

namespace kbot::bench {
namespace {

using hpi::Compression;
using hpi::HpiArchive;
using hpi::HpiEntry;
using hpi::HpiFileToWrite;

// SplitMix64, as in gaf_fixtures.cc: the same bytes on every platform.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint32_t Below(uint32_t n) { return uint32_t(Next() % n); }
  double Unit() { return double(Next() >> 11) * 0x1.0p-53; }

 private:
  uint64_t state_;
};

[[noreturn]] void Die(const std::string& what) {
  std::fprintf(stderr, "hpi_bench fixture: %s\n", what.c_str());
  std::abort();
}

// ---- content ----

// Sprite frames as a GAF holds them once decoded: rows of palette indices,
// transparent (9) around a blob whose shading follows a few bands, with some
// dithering noise. Compresses about 4-6x with zlib.
void AppendPixelRows(Rng& rng, size_t size, std::vector<uint8_t>& out) {
  while (size > 0) {
    const int w = 32 + int(rng.Below(224)), h = 32 + int(rng.Below(96));
    const uint8_t base = uint8_t(16 + rng.Below(200));
    const double cx = w / 2.0, cy = h / 2.0, r = std::min(w, h) * (0.3 + 0.2 * rng.Unit());
    for (int y = 0; y < h && size > 0; ++y) {
      for (int x = 0; x < w && size > 0; ++x, --size) {
        const double d = std::hypot(x - cx, (y - cy) * 1.3);
        uint8_t px = 9;
        if (d < r) {
          px = uint8_t(base + int(d / r * 6));
          if (rng.Below(8) == 0) px = uint8_t(px + rng.Below(3));
        }
        out.push_back(px);
      }
    }
  }
}

// Unit and weapon definitions: bracketed sections of key=value lines, words
// from a small vocabulary, numbers drawn at random. Compresses about 5x.
void AppendText(Rng& rng, size_t size, std::vector<uint8_t>& out) {
  static const char* const kKeys[] = {
      "UnitName",  "Side",        "Designation", "Description", "FootprintX", "FootprintZ",
      "BuildCostEnergy", "BuildCostMetal", "MaxDamage", "MaxVelocity", "Acceleration",
      "BrakeRate", "TurnRate",    "SightDistance", "RadarDistance", "weapon1", "explodeas",
      "selfdestructas", "Category", "TEDClass",  "Corpse",      "SoundCategory"};
  static const char* const kWords[] = {"ARM", "CORE", "KBOT", "TANK", "VTOL", "SHIP", "LASER",
                                       "ROCKET", "CANNON", "BIG_UNIT", "SMALL_UNITEX",
                                       "NOTAIR", "NOTSUB", "LEVEL1", "LEVEL2", "CTRL_G"};
  const size_t end = out.size() + size;
  std::string line;
  while (out.size() < end) {
    line = absl::StrFormat("[UNITINFO%u]\r\n\t{\r\n", rng.Below(1000));
    const int keys = 8 + int(rng.Below(14));
    for (int k = 0; k < keys; ++k) {
      const char* key = kKeys[rng.Below(std::size(kKeys))];
      if (rng.Below(2)) {
        absl::StrAppendFormat(&line, "\t%s=%d;\r\n", key, int(rng.Below(20000)));
      } else {
        absl::StrAppendFormat(&line, "\t%s=%s%s %s;\r\n", key, kWords[rng.Below(std::size(kWords))],
                              rng.Below(3) ? "" : "_ADV", kWords[rng.Below(std::size(kWords))]);
      }
    }
    line += "\t}\r\n";
    const size_t n = std::min(line.size(), end - out.size());
    out.insert(out.end(), line.begin(), line.begin() + n);
  }
}

// A map's height field: smooth 16-bit values (sums of sines) with a little
// noise, little-endian. Compresses about 2x.
void AppendHeights(Rng& rng, size_t size, std::vector<uint8_t>& out) {
  const double fx = 0.01 + 0.05 * rng.Unit(), fy = 0.01 + 0.05 * rng.Unit();
  const int w = 256;
  for (size_t i = 0; i < size; i += 2) {
    const int x = int((i / 2) % w), y = int((i / 2) / w);
    const double v = 2000 + 900 * std::sin(x * fx) + 700 * std::cos(y * fy) +
                     300 * std::sin((x + y) * fx * 3);
    const uint16_t h = uint16_t(int(v) + int(rng.Below(4)));
    out.push_back(uint8_t(h));
    if (i + 1 < size) out.push_back(uint8_t(h >> 8));
  }
}

std::vector<uint8_t> Content(int kind, Rng& rng, size_t size) {
  std::vector<uint8_t> data;
  data.reserve(size);
  switch (kind % 3) {
    case 0: AppendPixelRows(rng, size, data); break;
    case 1: AppendText(rng, size, data); break;
    default: AppendHeights(rng, size, data); break;
  }
  return data;
}

// ---- the extraction archive ----

constexpr uint64_t kExtractBytes = 100'000'000;

std::vector<HpiFileToWrite> ExtractFiles() {
  Rng rng(0x4850491);
  std::vector<HpiFileToWrite> files;
  uint64_t total = 0;
  for (int i = 0; total < kExtractBytes; ++i) {
    // 64 KiB .. 2 MiB, log-uniform: a few big maps among many mid-sized files.
    size_t size = size_t(65536 * std::exp2(5 * rng.Unit()));
    size = std::min<size_t>(size, kExtractBytes - total + 65536);
    static const char* const kFolders[] = {"anims", "unitsE", "maps", "gamedata", "textures"};
    files.push_back(
        {absl::StrFormat("%s/file%03d.bin", kFolders[i % 5], i), Content(i, rng, size)});
    total += size;
  }
  return files;
}

// The extraction archive's files, made once (the pack benchmarks pack them).
const std::vector<HpiFileToWrite>& Files() {
  static const std::vector<HpiFileToWrite> files = ExtractFiles();
  return files;
}

struct Payload {
  Bytes zlib;         // the zlib stream inside one SQSH chunk
  size_t out_offset;  // where its output goes in the entry
  size_t out_size;
};

struct ExtractFixture {
  std::vector<uint8_t> file;
  HpiArchive archive;
  std::vector<const HpiEntry*> entries;
  std::vector<std::vector<Payload>> payloads;  // per entry, in entry order
  uint64_t bytes = 0;                          // decompressed, all entries
  size_t largest = 0;
};

// The zlib payloads of one SQSH chunk at `at` (the archive is not encrypted).
Payload ChunkPayload(const std::vector<uint8_t>& file, size_t at, size_t out_offset) {
  if (file[at + 5] != 2) Die("a chunk is not zlib");
  const uint32_t compressed = LoadU32(file.data() + at + 7);
  const uint32_t decompressed = LoadU32(file.data() + at + 11);
  return {Bytes(file).subspan(at + hpi::kSqshHeaderSize, compressed), out_offset, decompressed};
}

ExtractFixture BuildExtract(int version, const std::vector<HpiFileToWrite>& files) {
  ExtractFixture f;
  absl::StatusOr<std::vector<uint8_t>> bytes = hpi::WriteHpi(files, {version, Compression::kZlib});
  if (!bytes.ok()) Die(std::string(bytes.status().message()));
  f.file = std::move(*bytes);
  absl::StatusOr<HpiArchive> a = hpi::OpenHpi(f.file, "extract.hpi");
  if (!a.ok()) Die(std::string(a.status().message()));
  f.archive = std::move(*a);
  for (const HpiEntry& e : f.archive.entries) {
    f.entries.push_back(&e);
    f.bytes += e.size;
    f.largest = std::max<size_t>(f.largest, e.size);
    std::vector<Payload> p;
    if (version == 1) {
      const size_t chunks = (e.size + hpi::kChunkSize - 1) / hpi::kChunkSize;
      size_t at = e.data_offset + chunks * 4;
      for (size_t c = 0; c < chunks; ++c) {
        p.push_back(ChunkPayload(f.file, at, c * hpi::kChunkSize));
        at += LoadU32(f.file.data() + e.data_offset + c * 4);
      }
    } else {
      p.push_back(ChunkPayload(f.file, e.data_offset, 0));
    }
    f.payloads.push_back(std::move(p));
  }
  return f;
}

const ExtractFixture& Extract(int version) {
  // Both versions hold the same files; they are built together, on two
  // threads, the first time either is wanted.
  struct Both {
    ExtractFixture v1, v2;
  };
  static const Both both = [] {
    const std::vector<HpiFileToWrite>& files = Files();
    Both b;
    std::thread t([&] { b.v2 = BuildExtract(2, files); });
    b.v1 = BuildExtract(1, files);
    t.join();
    return b;
  }();
  return version == 1 ? both.v1 : both.v2;
}

// `threads` workers (0: all cores, never more than items; the calling thread
// is one of them) taking item indices from one atomic counter: the scheme of
// ReadEntriesParallel, so the baseline pays the same thread start-up.
template <typename Work>
void OnThreads(size_t items, int threads, Work work) {
  size_t n = threads > 0 ? size_t(threads) : size_t(std::thread::hardware_concurrency());
  n = std::clamp<size_t>(n, 1, items);
  std::atomic<size_t> next{0};
  auto loop = [&](size_t worker) {
    for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < items;) work(worker, i);
  };
  std::vector<std::thread> helpers;
  for (size_t t = 1; t < n; ++t) helpers.emplace_back(loop, t);
  loop(0);
  for (std::thread& h : helpers) h.join();
}

int Workers(int threads) {
  return threads > 0 ? threads : int(std::max(1u, std::thread::hardware_concurrency()));
}

void BM_HpiInflateOnly(benchmark::State& state) {
  const ExtractFixture& f = Extract(int(state.range(0)));
  const int threads = int(state.range(1));
  // One output buffer per worker, as large as the largest entry, touched
  // before timing: the inflate alone, no allocation, no page faults.
  std::vector<std::vector<uint8_t>> out(Workers(threads), std::vector<uint8_t>(f.largest, 1));
  std::atomic<int> failures{0};
  for (auto _ : state) {
    OnThreads(f.payloads.size(), threads, [&](size_t worker, size_t i) {
      uint8_t* dst = out[worker].data();
      for (const Payload& p : f.payloads[i]) {
        uLongf n = uLongf(p.out_size);
        if (uncompress(dst + p.out_offset, &n, p.zlib.data(), uLong(p.zlib.size())) != Z_OK ||
            n != p.out_size) {
          ++failures;
        }
      }
      benchmark::DoNotOptimize(dst);
    });
  }
  if (failures > 0) state.SkipWithError("uncompress failed");
  state.SetBytesProcessed(int64_t(state.iterations() * f.bytes));
  state.counters["out_MB"] = double(f.bytes) / 1e6;
  state.counters["in_MB"] = double(f.file.size()) / 1e6;
  state.counters["entries"] = double(f.entries.size());
  state.counters["workers"] = Workers(threads);
}

void BM_HpiExtract(benchmark::State& state) {
  const ExtractFixture& f = Extract(int(state.range(0)));
  const int threads = int(state.range(1));
  std::atomic<int> failures{0};
  std::atomic<uint64_t> produced{0};
  for (auto _ : state) {
    hpi::ReadEntriesParallel(f.archive, f.file, f.entries, threads,
                             [&](const HpiEntry&, absl::StatusOr<Bytes> data) {
                               if (!data.ok()) {
                                 ++failures;
                                 return false;
                               }
                               benchmark::DoNotOptimize(data->data());
                               produced.fetch_add(data->size(), std::memory_order_relaxed);
                               return true;
                             });
  }
  if (failures > 0 || produced != state.iterations() * f.bytes) {
    state.SkipWithError("an entry failed to read");
  }
  state.SetBytesProcessed(int64_t(state.iterations() * f.bytes));
  state.counters["out_MB"] = double(f.bytes) / 1e6;
  state.counters["in_MB"] = double(f.file.size()) / 1e6;
  state.counters["entries"] = double(f.entries.size());
  state.counters["workers"] = Workers(threads);
}

// The extraction as it was before the reused buffers: ReadEntry (a fresh,
// zero-filled vector per entry) on the same threads. The in-run "before".
void BM_HpiReadEntry(benchmark::State& state) {
  const ExtractFixture& f = Extract(int(state.range(0)));
  const int threads = int(state.range(1));
  std::atomic<int> failures{0};
  for (auto _ : state) {
    OnThreads(f.entries.size(), threads, [&](size_t, size_t i) {
      absl::StatusOr<std::vector<uint8_t>> data = hpi::ReadEntry(f.archive, f.file, *f.entries[i]);
      if (!data.ok()) ++failures;
      if (data.ok()) benchmark::DoNotOptimize(data->data());
    });
  }
  if (failures > 0) state.SkipWithError("an entry failed to read");
  state.SetBytesProcessed(int64_t(state.iterations() * f.bytes));
  state.counters["out_MB"] = double(f.bytes) / 1e6;
  state.counters["workers"] = Workers(threads);
}

void ExtractArgs(benchmark::internal::Benchmark* b) {
  b->ArgNames({"version", "threads"})->Unit(benchmark::kMillisecond);
}
BENCHMARK(BM_HpiInflateOnly)->Apply(ExtractArgs)->Args({1, 1})->Args({2, 1});
BENCHMARK(BM_HpiInflateOnly)->Apply(ExtractArgs)->Args({1, 0})->Args({2, 0})->UseRealTime();
BENCHMARK(BM_HpiExtract)->Apply(ExtractArgs)->Args({1, 1})->Args({2, 1});
BENCHMARK(BM_HpiExtract)->Apply(ExtractArgs)->Args({1, 0})->Args({2, 0})->UseRealTime();
BENCHMARK(BM_HpiReadEntry)->Apply(ExtractArgs)->Args({1, 1})->Args({2, 1});
BENCHMARK(BM_HpiReadEntry)->Apply(ExtractArgs)->Args({1, 0})->Args({2, 0})->UseRealTime();

// ---- LZ77 ----

struct Lz77Fixture {
  std::vector<std::vector<uint8_t>> codes;  // one payload per 64 KiB chunk
  std::vector<uint32_t> sizes;
  uint64_t bytes = 0, code_bytes = 0;
};

const Lz77Fixture& Lz77(int content) {
  static Lz77Fixture built[2];
  static std::once_flag once[2];
  std::call_once(once[content], [content] {
    Lz77Fixture& f = built[content];
    Rng rng(0x1277 + content);
    std::vector<uint8_t> data;
    // 8 MB of one kind: pixel rows (content 0) or text (content 1).
    if (content == 0) {
      AppendPixelRows(rng, 8 << 20, data);
    } else {
      AppendText(rng, 8 << 20, data);
    }
    for (size_t at = 0; at < data.size(); at += hpi::kChunkSize) {
      const size_t n = std::min<size_t>(hpi::kChunkSize, data.size() - at);
      f.codes.push_back(hpi::EncodeLz77(Bytes(data).subspan(at, n)));
      f.sizes.push_back(uint32_t(n));
      f.bytes += n;
      f.code_bytes += f.codes.back().size();
    }
  });
  return built[content];
}

void BM_HpiLz77Decode(benchmark::State& state) {
  const Lz77Fixture& f = Lz77(int(state.range(0)));
  bool ok = true;
  for (auto _ : state) {
    for (size_t i = 0; i < f.codes.size(); ++i) {
      absl::StatusOr<std::vector<uint8_t>> out = hpi::DecodeLz77(f.codes[i], f.sizes[i], "b", 0);
      ok = ok && out.ok();
      if (out.ok()) benchmark::DoNotOptimize(out->data());
    }
  }
  if (!ok) state.SkipWithError("DecodeLz77 failed");
  state.SetBytesProcessed(int64_t(state.iterations() * f.bytes));
  state.counters["out_MB"] = double(f.bytes) / 1e6;
  state.counters["ratio"] = double(f.bytes) / double(f.code_bytes);
}
BENCHMARK(BM_HpiLz77Decode)->ArgName("content")->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// ---- opening a large directory ----

constexpr int kTopFolders = 20, kSubFolders = 10, kFilesPerFolder = 50;  // 10,000 files
constexpr size_t kBigFileBytes = 16384;

std::string OpenPath(int top, int sub, int file) {
  static const char* const kTop[] = {"anims", "unitpics", "objects3d", "scripts", "sounds"};
  return absl::StrFormat("%s%02d/Set%02d/ARMUNIT_%04d.%s", kTop[top % 5], top, sub, file,
                         top % 2 ? "GAF" : "cob");
}
// A path deep in the middle, spelled in another case than the archive's.
std::string Lookup() { return absl::AsciiStrToLower(OpenPath(13, 7, 31)); }

struct OpenFixture {
  std::vector<uint8_t> file;
  uint64_t dir_bytes = 0;
};

OpenFixture BuildOpen(int version, bool big) {
  std::vector<HpiFileToWrite> files;
  files.reserve(kTopFolders * kSubFolders * kFilesPerFolder);
  const std::vector<uint8_t> big_data = [] {
    Rng rng(7);
    return Content(0, rng, kBigFileBytes);
  }();
  for (int t = 0; t < kTopFolders; ++t) {
    for (int s = 0; s < kSubFolders; ++s) {
      for (int i = 0; i < kFilesPerFolder; ++i) {
        files.push_back({OpenPath(t, s, i), big ? big_data : std::vector<uint8_t>{'o', 'k'}});
      }
    }
  }
  // Stored: the big archive costs a copy to build, not 160 MB of deflate;
  // OpenHpi reads the same directory records either way.
  absl::StatusOr<std::vector<uint8_t>> bytes = hpi::WriteHpi(files, {version, Compression::kNone});
  if (!bytes.ok()) Die(std::string(bytes.status().message()));
  OpenFixture f;
  f.file = std::move(*bytes);
  f.dir_bytes = version == 1 ? LoadU32(f.file.data() + 8) - LoadU32(f.file.data() + 16)
                             : uint64_t(LoadU32(f.file.data() + 12)) + LoadU32(f.file.data() + 20);
  return f;
}

const OpenFixture& Open(int version, bool big) {
  static OpenFixture fixtures[2][2];
  static std::once_flag once[2][2];
  std::call_once(once[version - 1][big],
                 [&] { fixtures[version - 1][big] = BuildOpen(version, big); });
  return fixtures[version - 1][big];
}

// Heap bytes in use (small and mmapped blocks), all arenas.
size_t HeapInUse() {
  const struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
}

void BM_HpiOpenFind(benchmark::State& state) {
  const int version = int(state.range(0));
  const OpenFixture& f = Open(version, state.range(1) != 0);
  // Memory first, outside the timing: what the open archive holds.
  double retained = 0;
  size_t entries = 0;
  {
    const size_t before = HeapInUse();
    absl::StatusOr<HpiArchive> a = hpi::OpenHpi(f.file, "open.hpi");
    retained = double(HeapInUse()) - double(before);
    if (!a.ok()) {
      state.SkipWithError(std::string(a.status().message()).c_str());
      return;
    }
    entries = a->entries.size();
  }
  const std::string lookup = Lookup();
  bool found = true;
  for (auto _ : state) {
    absl::StatusOr<HpiArchive> a = hpi::OpenHpi(f.file, "open.hpi");
    const HpiEntry* e = a.ok() ? a->Find(lookup) : nullptr;
    found = found && e != nullptr;
    benchmark::DoNotOptimize(e);
  }
  if (!found) state.SkipWithError("lookup failed");
  state.counters["entries"] = double(entries);
  state.counters["file_MB"] = double(f.file.size()) / 1e6;
  state.counters["dir_bytes"] = double(f.dir_bytes);
  state.counters["retained_bytes"] = retained;
  state.counters["retained_per_entry"] = retained / double(std::max<size_t>(entries, 1));
}
BENCHMARK(BM_HpiOpenFind)
    ->ArgNames({"version", "big"})
    ->ArgsProduct({{1, 2}, {0, 1}})
    ->Unit(benchmark::kMillisecond);

// ---- packing ----

// Seconds per iteration of the baselines measured earlier in this run:
// WriteHpi by version, PackHpi on one thread by version, compress2 alone by
// version and thread count.
std::map<int, double> whole_seconds, one_thread_seconds;
std::map<std::pair<int, int>, double> deflate_seconds;

uint64_t Total(const std::vector<HpiFileToWrite>& files) {
  uint64_t n = 0;
  for (const HpiFileToWrite& f : files) n += f.data.size();
  return n;
}

void BM_HpiPackWhole(benchmark::State& state) {
  const int version = int(state.range(0));
  const std::vector<HpiFileToWrite>& files = Files();
  size_t out = 0;
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    absl::StatusOr<std::vector<uint8_t>> a = hpi::WriteHpi(files, {version, Compression::kZlib});
    if (!a.ok()) {
      state.SkipWithError(std::string(a.status().message()).c_str());
      return;
    }
    out = a->size();
    benchmark::DoNotOptimize(a->data());
  }
  whole_seconds[version] = std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                               .count() / double(state.iterations());
  state.SetBytesProcessed(int64_t(state.iterations() * Total(files)));
  state.counters["in_MB"] = double(Total(files)) / 1e6;
  state.counters["out_MB"] = double(out) / 1e6;
  state.counters["holds_MB"] = double(out) / 1e6;  // the archive, at least, is in memory
}

// zlib's compress2 (level 9, as the writers call it) of what the archive
// compresses: v1 every 64 KiB chunk, v2 every file, the files handed out to T
// threads through one atomic index; the ceiling of the pack rows, and its
// threads:0 / threads:1 ratio what the cores give at the time.
void BM_HpiDeflateOnly(benchmark::State& state) {
  const int version = int(state.range(0)), threads = int(state.range(1));
  const std::vector<HpiFileToWrite>& files = Files();
  size_t largest = 0;
  for (const HpiFileToWrite& f : files) largest = std::max(largest, f.data.size());
  std::vector<std::vector<uint8_t>> out(Workers(threads),
                                        std::vector<uint8_t>(compressBound(uLong(largest)), 1));
  std::atomic<int> failures{0};
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    OnThreads(files.size(), threads, [&](size_t worker, size_t i) {
      const std::vector<uint8_t>& data = files[i].data;
      const size_t step = version == 1 ? hpi::kChunkSize : std::max<size_t>(1, data.size());
      for (size_t at = 0; at < data.size(); at += step) {
        const size_t n = std::min(step, data.size() - at);
        uLongf size = uLongf(out[worker].size());
        if (compress2(out[worker].data(), &size, data.data() + at, uLong(n), 9) != Z_OK) {
          ++failures;
        }
      }
    });
  }
  if (failures > 0) state.SkipWithError("compress2 failed");
  deflate_seconds[{version, threads}] =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
      double(state.iterations());
  state.SetBytesProcessed(int64_t(state.iterations() * Total(files)));
  state.counters["in_MB"] = double(Total(files)) / 1e6;
  state.counters["workers"] = Workers(threads);
  if (threads != 1 && deflate_seconds.count({version, 1})) {
    state.counters["vs_1_thread"] =
        deflate_seconds[{version, 1}] / deflate_seconds[{version, threads}];
  }
}

// The sources and sinks of the benchmark: files in memory, an archive that
// is only counted (the writer's own work and memory, not a copy of 30 MB).
class BenchSource final : public hpi::HpiPackSource {
 public:
  absl::Status Read(size_t index, uint64_t offset, std::span<uint8_t> out) override {
    std::memcpy(out.data(), Files()[index].data.data() + offset, out.size());
    Sample();
    return absl::OkStatus();
  }
  void Sample() {
    if (sample_) peak_ = std::max(peak_, double(HeapInUse()) - base_);
  }
  bool sample_ = false;
  double base_ = 0, peak_ = 0;
};

class CountingSink final : public hpi::HpiPackSink {
 public:
  explicit CountingSink(BenchSource& source) : source_(source) {}
  absl::Status Append(Bytes bytes) override {
    size += bytes.size();
    source_.Sample();
    return absl::OkStatus();
  }
  absl::Status WriteAt(uint64_t, Bytes) override { return absl::OkStatus(); }
  uint64_t size = 0;

 private:
  BenchSource& source_;
};

std::vector<hpi::HpiFileToPack> PackList() {
  std::vector<hpi::HpiFileToPack> list;
  for (const HpiFileToWrite& f : Files()) list.push_back({f.path, f.data.size()});
  return list;
}

void BM_HpiPack(benchmark::State& state) {
  const int version = int(state.range(0)), threads = int(state.range(1));
  const std::vector<hpi::HpiFileToPack> list = PackList();
  const hpi::HpiPackOptions options{version, Compression::kZlib, threads};
  // Memory first, in one run outside the timing: the heap's high-water mark
  // above where it started, sampled at every read and every write.
  BenchSource source;
  CountingSink sink(source);
  source.sample_ = true;
  source.base_ = double(HeapInUse());
  if (absl::StatusOr<uint64_t> r = hpi::PackHpi(list, options, source, sink); !r.ok()) {
    state.SkipWithError(std::string(r.status().message()).c_str());
    return;
  }
  source.sample_ = false;
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    sink.size = 0;
    benchmark::DoNotOptimize(hpi::PackHpi(list, options, source, sink).ok());
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
      double(state.iterations());
  if (threads == 1) one_thread_seconds[version] = seconds;
  state.SetBytesProcessed(int64_t(state.iterations() * Total(Files())));
  state.counters["in_MB"] = double(Total(Files())) / 1e6;
  state.counters["out_MB"] = double(sink.size) / 1e6;
  state.counters["peak_heap_MB"] = source.peak_ / 1e6;
  state.counters["workers"] = Workers(threads);
  if (whole_seconds.count(version)) {
    state.counters["vs_WriteHpi"] = whole_seconds[version] / seconds;
  }
  if (one_thread_seconds.count(version)) {
    state.counters["vs_1_thread"] = one_thread_seconds[version] / seconds;
  }
  if (deflate_seconds.count({version, threads})) {
    state.counters["vs_deflate"] = deflate_seconds[{version, threads}] / seconds;
  }
}

void PackArgs(benchmark::internal::Benchmark* b) {
  b->ArgNames({"version", "threads"})->Unit(benchmark::kMillisecond)->UseRealTime();
}
BENCHMARK(BM_HpiPackWhole)->ArgName("version")->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_HpiDeflateOnly)->Apply(PackArgs)->ArgsProduct({{1, 2}, {1, 0}});
BENCHMARK(BM_HpiPack)->Apply(PackArgs)->ArgsProduct({{1, 2}, {1, 0}});

}  // namespace
}  // namespace kbot::bench
