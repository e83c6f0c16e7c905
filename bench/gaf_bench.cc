// Decoding and rendering GAF frames against the memory-bandwidth ceiling.
//
//   BM_DecodeRender{Atlas,Effects}   every frame of the file through
//                                    gaf::RenderFrame (game mode), per iteration;
//                                    bytes = the output planes (index + opaque,
//                                    2 bytes a pixel)
//   BM_Memcpy{Atlas,Effects}Output   one memcpy of that many bytes between two
//                                    preallocated, already-touched buffers
//   BM_ReadGafAtlas                  the structure only (what `gaf list` needs)
//
// bench_main.cc turns the pairs into ratios (decode throughput / memcpy
// throughput).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench/gaf_fixtures.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"

namespace kbot::bench {
namespace {

constexpr char kAtlasName[] = "atlas.gaf";
constexpr char kEffectsName[] = "effects.gaf";

// Each fixture is generated on first use, once per process; a failure is a
// bug in the generator, so it stops the run.
std::vector<uint8_t> Generate(const char* name,
                              absl::StatusOr<std::vector<uint8_t>> (*make)()) {
  absl::StatusOr<std::vector<uint8_t>> bytes = make();
  if (!bytes.ok()) {
    std::fprintf(stderr, "%s fixture: %s\n", name, std::string(bytes.status().message()).c_str());
    std::abort();
  }
  return *std::move(bytes);
}

const std::vector<uint8_t>& Fixture(const char* name) {
  if (std::strcmp(name, kAtlasName) == 0) {
    static const std::vector<uint8_t> atlas = Generate(name, AtlasGaf);
    return atlas;
  }
  static const std::vector<uint8_t> effects = Generate(name, EffectsGaf);
  return effects;
}

// What a full decode writes: index + opaque plane, 1 byte each, per pixel.
uint64_t OutputBytes(const gaf::Gaf& gaf) {
  uint64_t bytes = 0;
  for (const gaf::Sequence& seq : gaf.sequences) {
    for (const gaf::Frame& f : seq.frames) bytes += 2 * f.info.pixels();
  }
  return bytes;
}

uint64_t OutputBytesOf(const char* name) {
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(Fixture(name), name);
  return gaf.ok() ? OutputBytes(*gaf) : 0;
}

void DecodeRenderAll(benchmark::State& state, const char* name) {
  const std::vector<uint8_t>& bytes = Fixture(name);
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(bytes, name);
  if (!gaf.ok()) {
    state.SkipWithError(std::string(gaf.status().message()).c_str());
    return;
  }
  const uint64_t out_bytes = OutputBytes(*gaf);
  size_t frames = 0;
  gaf::Warnings warnings;
  for (auto _ : state) {
    frames = 0;
    for (size_t s = 0; s < gaf->sequences.size(); ++s) {
      const gaf::Sequence& seq = gaf->sequences[s];
      for (size_t f = 0; f < seq.frames.size(); ++f, ++frames) {
        absl::StatusOr<gaf::FramePicture> pic =
            gaf::RenderFrame(bytes, seq.frames[f].info, gaf::Transparency::Game(),
                             gaf::FrameLocation{name, s, f}, &warnings);
        if (!pic.ok()) {
          state.SkipWithError(std::string(pic.status().message()).c_str());
          return;
        }
        benchmark::DoNotOptimize(pic->indexed.index.data());
        benchmark::DoNotOptimize(pic->indexed.opaque.data());
      }
    }
    benchmark::ClobberMemory();
  }
  if (!warnings.empty()) {
    state.SkipWithError(("unexpected warning: " + warnings.front()).c_str());
    return;
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(out_bytes));
  state.counters["frames"] = double(frames);
  state.counters["out_MB"] = double(out_bytes) / 1e6;
}

void MemcpyOutput(benchmark::State& state, const char* name) {
  const size_t n = size_t(OutputBytesOf(name));
  if (n == 0) {
    state.SkipWithError("the fixture does not read");
    return;
  }
  // Filled, so every page is faulted in before the timed loop.
  std::vector<uint8_t> src(n, 0x5a), dst(n, 0xa5);
  for (auto _ : state) {
    std::memcpy(dst.data(), src.data(), n);
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(n));
  state.counters["out_MB"] = double(n) / 1e6;
  state.counters["working_set_MB"] = 2 * double(n) / 1e6;
}

void BM_DecodeRenderAtlas(benchmark::State& state) { DecodeRenderAll(state, kAtlasName); }
void BM_DecodeRenderEffects(benchmark::State& state) { DecodeRenderAll(state, kEffectsName); }
void BM_MemcpyAtlasOutput(benchmark::State& state) { MemcpyOutput(state, kAtlasName); }
void BM_MemcpyEffectsOutput(benchmark::State& state) { MemcpyOutput(state, kEffectsName); }

void BM_ReadGafAtlas(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = Fixture(kAtlasName);
  size_t sequences = 0;
  for (auto _ : state) {
    absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(bytes, kAtlasName);
    if (!gaf.ok()) {
      state.SkipWithError(std::string(gaf.status().message()).c_str());
      return;
    }
    sequences = gaf->sequences.size();
    benchmark::DoNotOptimize(gaf->sequences.data());
  }
  state.counters["sequences"] = double(sequences);
}

BENCHMARK(BM_DecodeRenderAtlas)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MemcpyAtlasOutput)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecodeRenderEffects)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MemcpyEffectsOutput)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadGafAtlas)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace kbot::bench
