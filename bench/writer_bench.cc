// Writing GAF files (formats/gaf/gaf_writer.h), against decoding them.
//
//   BM_EncodeEffects    gaf::WriteGaf of the effects file's 200 frames,
//                       run-encoded (storage 1), from SequenceToWrite vectors
//                       built once outside the timed loop from the frames as
//                       gaf::RenderFrame (game mode) draws them; bytes = the
//                       input planes (index + opaque, 2 bytes a pixel), the
//                       same bytes BM_DecodeRenderEffects counts, so the two
//                       throughputs compare directly
//   BM_WriteAtlasRaw    gaf::WriteGaf of the atlas frames as raw (storage 0);
//                       bytes = index + opaque planes likewise
//
// Both time one call before the loop (counter first_call_ms): the cold cost,
// output buffer growing into fresh pages, that a one-shot process pays when
// no earlier benchmark warmed the heap.
//
// bench_main.cc prints the encode / decode throughput ratio.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/gaf_fixtures.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/gaf_writer.h"
#include "formats/gaf/render.h"

namespace kbot::bench {
namespace {

struct Prepared {
  std::vector<gaf::SequenceToWrite> sequences;
  uint64_t plane_bytes = 0;  // index + opaque, all frames
  size_t frames = 0;
  std::string error;
};

// Reads `bytes`, draws every frame once (game mode) and keeps it as a frame
// to write with `storage_byte`.
Prepared Prepare(const std::vector<uint8_t>& bytes, const char* name, uint8_t storage_byte) {
  Prepared p;
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(bytes, name);
  if (!gaf.ok()) {
    p.error = std::string(gaf.status().message());
    return p;
  }
  gaf::Warnings warnings;
  for (size_t s = 0; s < gaf->sequences.size(); ++s) {
    const gaf::Sequence& seq = gaf->sequences[s];
    gaf::SequenceToWrite out;
    out.name = seq.name;
    out.loop_flags = seq.loop_flags;
    out.unknown4 = seq.unknown4;
    for (size_t f = 0; f < seq.frames.size(); ++f) {
      const gaf::FrameInfo& info = seq.frames[f].info;
      absl::StatusOr<gaf::FramePicture> pic = gaf::RenderFrame(
          bytes, info, gaf::Transparency::Game(), gaf::FrameLocation{name, s, f}, &warnings);
      if (!pic.ok()) {
        p.error = std::string(pic.status().message());
        return p;
      }
      if (pic->truecolor) {
        p.error = "unexpected truecolor frame";
        return p;
      }
      gaf::FrameToWrite fw;
      fw.width = info.width;
      fw.height = info.height;
      fw.origin_x = info.origin_x;
      fw.origin_y = info.origin_y;
      fw.transparency = info.transparency;
      fw.storage_byte = storage_byte;
      fw.blend = info.blend;
      fw.unknown12 = info.unknown12;
      fw.unknown20 = info.unknown20;
      fw.duration = seq.frames[f].duration;
      fw.index = std::move(pic->indexed.index);
      fw.opaque = std::move(pic->indexed.opaque);
      p.plane_bytes += 2 * info.pixels();
      ++p.frames;
      out.frames.push_back(std::move(fw));
    }
    p.sequences.push_back(std::move(out));
  }
  return p;
}

const std::vector<uint8_t>& Generated(absl::StatusOr<std::vector<uint8_t>> (*make)(),
                                      const char* name) {
  // One cache per generator (the two callers pass different functions).
  static std::vector<std::pair<decltype(make), std::vector<uint8_t>>> cache;
  for (auto& [fn, bytes] : cache) {
    if (fn == make) return bytes;
  }
  absl::StatusOr<std::vector<uint8_t>> bytes = make();
  if (!bytes.ok()) {
    std::fprintf(stderr, "%s fixture: %s\n", name, std::string(bytes.status().message()).c_str());
    std::abort();
  }
  cache.emplace_back(make, *std::move(bytes));
  return cache.back().second;
}

void WriteAll(benchmark::State& state, absl::StatusOr<std::vector<uint8_t>> (*make)(),
              const char* name, uint8_t storage_byte) {
  const Prepared p = Prepare(Generated(make, name), name, storage_byte);
  if (!p.error.empty()) {
    state.SkipWithError(p.error.c_str());
    return;
  }
  // The first call is timed apart: in a process that has not yet freed a big
  // block, its output buffer grows into fresh pages (page faults, ~12 us a
  // page on this VM), as in a one-shot `kbot gaf build`: ~130 ms for the
  // atlas run alone, against ~11 ms once glibc reuses its heap (its mmap
  // threshold rises after the first big free). Under run.sh's interleaving
  // an earlier benchmark may already have warmed the heap.
  const auto t0 = std::chrono::steady_clock::now();
  absl::StatusOr<std::vector<uint8_t>> first = gaf::WriteGaf(p.sequences);
  const double first_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (!first.ok()) {
    state.SkipWithError(std::string(first.status().message()).c_str());
    return;
  }
  first = std::vector<uint8_t>();
  size_t file_bytes = 0;
  for (auto _ : state) {
    absl::StatusOr<std::vector<uint8_t>> out = gaf::WriteGaf(p.sequences);
    if (!out.ok()) {
      state.SkipWithError(std::string(out.status().message()).c_str());
      return;
    }
    file_bytes = out->size();
    benchmark::DoNotOptimize(out->data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(p.plane_bytes));
  state.counters["frames"] = double(p.frames);
  state.counters["in_MB"] = double(p.plane_bytes) / 1e6;
  state.counters["file_MB"] = double(file_bytes) / 1e6;
  state.counters["first_call_ms"] = first_ms;
}

void BM_EncodeEffects(benchmark::State& state) { WriteAll(state, EffectsGaf, "effects.gaf", 1); }
void BM_WriteAtlasRaw(benchmark::State& state) { WriteAll(state, AtlasGaf, "atlas.gaf", 0); }

BENCHMARK(BM_EncodeEffects)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_WriteAtlasRaw)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kbot::bench
