// GTA1: loading a city map, rendering it top down, decoding a text file, each
// with a memcpy of the same bytes as its same-run baseline (the ceiling for
// anything that reads or writes that many bytes once). The fixtures are those
// of gta_fixtures.h, built once per process.
//
//   BM_GtaLoadMap             ReadCityMap of the NYC-sized map (~470 KB).
//                             bytes = the file's size.
//   BM_GtaCmpMemcpy           memcpy of as many bytes.
//   BM_GtaRenderWholeMap      RenderMap of the whole 256 x 256 map at 8 px/cell
//                             (2048 x 2048 RGBA, 16 MiB, a fresh picture each
//                             time, as the tool makes). items = output pixels,
//                             bytes = the RGBA bytes.
//   BM_GtaRenderMemcpyBaseline  memcpy of 2048 x 2048 x 4 bytes.
//   BM_GtaRenderWholeMapFreshPages  the same render as the first of a process
//                             (what `kbot gta render` pays): malloc_trim
//                             between iterations (untimed) hands the freed
//                             picture's pages back to the kernel, so each
//                             render faults its 16 MiB in again.
//   BM_GtaFreshPictureBaseline  its baseline: a zero-filled std::vector of
//                             the same 16 MiB on fresh pages, which is what
//                             any picture of that size costs before drawing
//                             (a ratio above 1 means the render's picture is
//                             cheaper to fault in than a plain buffer).
//   BM_GtaFxtDecode           ReadFxt of the ENGLISH.FXT-like file (2,000
//                             records, ~130 KB): decrypt, split, UTF-8 check,
//                             a string pair per record. bytes = the file's size.
//   BM_GtaFxtDecrypt          DecryptFxt alone (the cipher and its copy), so the
//                             summary can tell the cipher's share of the decode.
//   BM_GtaFxtDecodeDerived    ReadFxt of the same records enciphered from
//                             k=0x5e m=0x31, not the documented pair: the
//                             derivation's path (the documented pair fails on
//                             byte 0, then 256 candidates read the 4 KB
//                             sample) before the same decode. Against
//                             BM_GtaFxtDecode: what derivation costs.
//   BM_GtaFxtDeriveCipher     DeriveFxtCipher alone on that file, and
//   BM_GtaFxtDeriveCipherDocumented  on the documented one (the fast path
//                             every shipped English file takes).
//   BM_GtaFxtMemcpy           memcpy of as many bytes.
//
// bench_main.cc (GtaSummary) turns these into ratios. The memcpy baselines copy
// between two preallocated, already-touched buffers.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench/gta_fixtures.h"
#include "formats/gta/cmp.h"
#include "formats/gta/fxt.h"
#include "formats/gta/map_render.h"
#include "formats/gta/style.h"

namespace kbot::bench {
namespace {

using gta::CityMap;
using gta::Style;

constexpr int kRenderScale = 8;
constexpr int64_t kRenderSide = int64_t(gta::kMapSide) * kRenderScale;  // 2048
constexpr int64_t kRenderPixels = kRenderSide * kRenderSide;

const std::vector<uint8_t>& CmpBytes() {
  static const std::vector<uint8_t> bytes = BenchCmp();
  return bytes;
}

// A generator failure is a bug in gta_fixtures.cc, so it stops the run.
const std::vector<uint8_t>& FxtBytes() {
  static const std::vector<uint8_t> bytes = [] {
    absl::StatusOr<std::vector<uint8_t>> fxt = BenchFxt();
    if (!fxt.ok()) {
      std::fprintf(stderr, "gta_bench fixture: %s\n", fxt.status().ToString().c_str());
      std::abort();
    }
    return *std::move(fxt);
  }();
  return bytes;
}

// The same records from other starting values, as another edition ships them.
const std::vector<uint8_t>& DerivedFxtBytes() {
  static const std::vector<uint8_t> bytes = [] {
    absl::StatusOr<std::vector<uint8_t>> fxt = gta::WriteFxt(BenchFxtRecords(), {0x5e, 0x31});
    if (!fxt.ok()) {
      std::fprintf(stderr, "gta_bench fixture: %s\n", fxt.status().ToString().c_str());
      std::abort();
    }
    return *std::move(fxt);
  }();
  return bytes;
}

struct Loaded {
  CityMap map;
  Style style;
  bool ok = false;
};

const Loaded& Fixture() {
  static const Loaded loaded = [] {
    Loaded l;
    absl::StatusOr<CityMap> map = gta::ReadCityMap(CmpBytes(), "BENCH.CMP");
    const std::vector<uint8_t> g24 = BenchStyle();
    absl::StatusOr<Style> style = gta::ReadStyle(g24, BenchStyleName());
    if (!map.ok() || !style.ok()) {
      std::fprintf(stderr, "gta_bench fixture: %s / %s\n", map.status().ToString().c_str(),
                   style.status().ToString().c_str());
      return l;
    }
    l.map = *std::move(map);
    l.style = *std::move(style);
    l.ok = true;
    return l;
  }();
  return loaded;
}

// One memcpy of n bytes per iteration: the baseline of the benchmark that
// reads or writes n bytes. Both buffers are filled first, so every page is
// faulted in before the timed loop.
void MemcpyBytes(benchmark::State& state, size_t n) {
  std::vector<uint8_t> src(n, 0x5a), dst(n, 0xa5);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), n);
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(n));
  state.counters["bytes"] = double(n);
}

void BM_GtaLoadMap(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = CmpBytes();
  for (auto _ : state) {
    absl::StatusOr<CityMap> map = gta::ReadCityMap(bytes, "BENCH.CMP");
    if (!map.ok()) {
      state.SkipWithError(std::string(map.status().message()).c_str());
      return;
    }
    benchmark::DoNotOptimize(map->blocks().data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes.size()));
  state.counters["bytes"] = double(bytes.size());
}
BENCHMARK(BM_GtaLoadMap)->Unit(benchmark::kMicrosecond);

void BM_GtaCmpMemcpy(benchmark::State& state) { MemcpyBytes(state, CmpBytes().size()); }
BENCHMARK(BM_GtaCmpMemcpy)->Unit(benchmark::kMicrosecond);

void BM_GtaRenderWholeMap(benchmark::State& state) {
  const Loaded& l = Fixture();
  if (!l.ok) {
    state.SkipWithError("fixture failed to load");
    return;
  }
  gta::MapRenderOptions options;
  options.pixels_per_cell = kRenderScale;
  size_t warnings = 0;
  for (auto _ : state) {
    absl::StatusOr<gta::MapRender> r = gta::RenderMap(l.map, l.style, options);
    if (!r.ok()) {
      state.SkipWithError(std::string(r.status().message()).c_str());
      return;
    }
    warnings = r->warnings.size();
    benchmark::DoNotOptimize(r->picture.rgba.data());
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * kRenderPixels);
  state.SetBytesProcessed(int64_t(state.iterations()) * kRenderPixels * 4);
  state.counters["bytes"] = double(kRenderPixels * 4);
  state.counters["warnings"] = double(warnings);
}
BENCHMARK(BM_GtaRenderWholeMap)->Unit(benchmark::kMillisecond);

void BM_GtaRenderMemcpyBaseline(benchmark::State& state) {
  MemcpyBytes(state, size_t(kRenderPixels * 4));
}
BENCHMARK(BM_GtaRenderMemcpyBaseline)->Unit(benchmark::kMillisecond);

// Runs `work` (false: it stopped the benchmark) once an iteration, giving
// the freed heap back to the kernel between iterations, outside the timing:
// each iteration faults its picture's pages in afresh, as a process's one
// render does. Counts the picture's bytes.
template <typename Work>
void WithFreshPages(benchmark::State& state, Work work) {
  for (auto _ : state) {
    if (!work()) return;
    state.PauseTiming();
    malloc_trim(0);
    state.ResumeTiming();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * kRenderPixels * 4);
  state.counters["bytes"] = double(kRenderPixels * 4);
}

void BM_GtaRenderWholeMapFreshPages(benchmark::State& state) {
  const Loaded& l = Fixture();
  if (!l.ok) {
    state.SkipWithError("fixture failed to load");
    return;
  }
  gta::MapRenderOptions options;
  options.pixels_per_cell = kRenderScale;
  WithFreshPages(state, [&] {
    absl::StatusOr<gta::MapRender> r = gta::RenderMap(l.map, l.style, options);
    if (!r.ok()) {
      state.SkipWithError(std::string(r.status().message()).c_str());
      return false;
    }
    benchmark::DoNotOptimize(r->picture.rgba.data());
    return true;
  });
}
BENCHMARK(BM_GtaRenderWholeMapFreshPages)->Unit(benchmark::kMillisecond);

void BM_GtaFreshPictureBaseline(benchmark::State& state) {
  WithFreshPages(state, [] {
    std::vector<uint8_t> picture(size_t(kRenderPixels * 4), 0);
    benchmark::DoNotOptimize(picture.data());
    benchmark::ClobberMemory();
    return true;
  });
}
BENCHMARK(BM_GtaFreshPictureBaseline)->Unit(benchmark::kMillisecond);

void BM_GtaFxtDecode(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = FxtBytes();
  size_t records = 0, warnings = 0;
  for (auto _ : state) {
    absl::StatusOr<gta::Fxt> fxt = gta::ReadFxt(bytes, "ENGLISH.FXT");
    if (!fxt.ok()) {
      state.SkipWithError(std::string(fxt.status().message()).c_str());
      return;
    }
    records = fxt->records.size();
    warnings = fxt->warnings.size();
    benchmark::DoNotOptimize(fxt->records.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes.size()));
  state.counters["bytes"] = double(bytes.size());
  state.counters["records"] = double(records);
  state.counters["warnings"] = double(warnings);  // 0: the accents are valid UTF-8
}
BENCHMARK(BM_GtaFxtDecode)->Unit(benchmark::kMicrosecond);

void BM_GtaFxtDecrypt(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = FxtBytes();
  for (auto _ : state) {
    std::vector<uint8_t> plain = gta::DecryptFxt(bytes);
    benchmark::DoNotOptimize(plain.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes.size()));
  state.counters["bytes"] = double(bytes.size());
}
BENCHMARK(BM_GtaFxtDecrypt)->Unit(benchmark::kMicrosecond);

void BM_GtaFxtDecodeDerived(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = DerivedFxtBytes();
  size_t records = 0;
  for (auto _ : state) {
    absl::StatusOr<gta::Fxt> fxt = gta::ReadFxt(bytes, "ENGLISH.FXT");
    if (!fxt.ok() || fxt->cipher != gta::FxtCipher{0x5e, 0x31}) {
      state.SkipWithError(fxt.ok() ? "derived the wrong cipher"
                                   : std::string(fxt.status().message()).c_str());
      return;
    }
    records = fxt->records.size();
    benchmark::DoNotOptimize(fxt->records.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes.size()));
  state.counters["bytes"] = double(bytes.size());
  state.counters["records"] = double(records);
}
BENCHMARK(BM_GtaFxtDecodeDerived)->Unit(benchmark::kMicrosecond);

// DeriveFxtCipher alone: on the documented file (its fast path: one strict
// pass over the sample), or on the other values' (256 candidates).
void DeriveCipher(benchmark::State& state, const std::vector<uint8_t>& bytes) {
  for (auto _ : state) {
    absl::StatusOr<gta::FxtDerivation> derived = gta::DeriveFxtCipher(bytes, "ENGLISH.FXT");
    benchmark::DoNotOptimize(derived);
  }
}
void BM_GtaFxtDeriveCipherDocumented(benchmark::State& state) { DeriveCipher(state, FxtBytes()); }
BENCHMARK(BM_GtaFxtDeriveCipherDocumented)->Unit(benchmark::kMicrosecond);
void BM_GtaFxtDeriveCipher(benchmark::State& state) { DeriveCipher(state, DerivedFxtBytes()); }
BENCHMARK(BM_GtaFxtDeriveCipher)->Unit(benchmark::kMicrosecond);

void BM_GtaFxtMemcpy(benchmark::State& state) { MemcpyBytes(state, FxtBytes().size()); }
BENCHMARK(BM_GtaFxtMemcpy)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace kbot::bench
