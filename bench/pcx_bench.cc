// PCX decode against a memcpy of its output, in the same run.
//
//   BM_PcxDecode8          pcx::ReadPcx of a 640 x 480 8-bit RLE PCX with its
//                          palette trailer (a loading screen's texture: a
//                          banded sky of long runs, a noisy middle of
//                          literals, runs of 2..8 below); bytes = the index
//                          and opaque planes the picture holds
//   BM_PcxMemcpy8Output    memcpy of as many bytes between warm buffers: the
//                          ceiling
//   BM_PcxDecode24         the same for a 640 x 480 24-bit (3-plane) RLE PCX;
//                          bytes = the RGBA picture
//   BM_PcxMemcpy24Output   memcpy of as many bytes
//
// bench_main.cc prints decode / memcpy as ratios.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "formats/pcx/pcx.h"

namespace kbot::bench {
namespace {

constexpr int kWidth = 640, kHeight = 480;

// One plane's line, run-length coded as ZSoft's writer does: runs of 1..63
// equal bytes inside the line, a single byte below 0xC0 as itself.
void EncodeLine(const uint8_t* line, size_t n, std::vector<uint8_t>& out) {
  for (size_t x = 0; x < n;) {
    size_t run = 1;
    while (x + run < n && run < 63 && line[x + run] == line[x]) ++run;
    if (run > 1 || line[x] >= 0xC0) out.push_back(uint8_t(0xC0 | run));
    out.push_back(line[x]);
    x += run;
  }
}

std::vector<uint8_t> Header(int planes) {
  std::vector<uint8_t> h(pcx::kHeaderSize, 0);
  h[0] = 0x0A, h[1] = 5, h[2] = 1, h[3] = 8;
  h[8] = uint8_t(kWidth - 1), h[9] = uint8_t((kWidth - 1) >> 8);
  h[10] = uint8_t(kHeight - 1), h[11] = uint8_t((kHeight - 1) >> 8);
  h[65] = uint8_t(planes);
  h[66] = uint8_t(kWidth), h[67] = uint8_t(kWidth >> 8);
  h[68] = 1;
  return h;
}

uint8_t IndexAt(int x, int y, uint32_t& noise) {
  noise = noise * 1103515245u + 12345u;
  if (y < kHeight / 3) return uint8_t(16 + y / 8 + (x / 160));  // sky: long runs
  if (y < 2 * kHeight / 3) return uint8_t(noise >> 24);         // texture: literals
  return uint8_t(64 + (x / (2 + (y & 7))) % 32);                // stripes: short runs
}

std::vector<uint8_t> Make8() {
  std::vector<uint8_t> out = Header(1), line(kWidth);
  uint32_t noise = 7;
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) line[x] = IndexAt(x, y, noise);
    EncodeLine(line.data(), line.size(), out);
  }
  out.push_back(0x0C);
  for (int i = 0; i < 768; ++i) out.push_back(uint8_t(i * 7));
  return out;
}

std::vector<uint8_t> Make24() {
  std::vector<uint8_t> out = Header(3), line(kWidth);
  uint32_t noise = 11;
  for (int y = 0; y < kHeight; ++y) {
    for (int plane = 0; plane < 3; ++plane) {
      for (int x = 0; x < kWidth; ++x) {
        noise = noise * 1103515245u + 12345u;
        line[x] = plane == 0   ? uint8_t(x / 3 + ((noise >> 16) & 7))
                  : plane == 1 ? uint8_t(y / 2 + (x > 320 ? 60 : 0))
                               : uint8_t((x ^ y) & 0xf0);
      }
      EncodeLine(line.data(), line.size(), out);
    }
  }
  return out;
}

const std::vector<uint8_t>& File(bool rgb) {
  static const std::vector<uint8_t> eight = Make8(), rgb24 = Make24();
  return rgb ? rgb24 : eight;
}

size_t OutputBytes(bool rgb) { return size_t(kWidth) * kHeight * (rgb ? 4 : 2); }

void Decode(benchmark::State& state, bool rgb) {
  const std::vector<uint8_t>& bytes = File(rgb);
  for (auto _ : state) {
    absl::StatusOr<pcx::Picture> p = pcx::ReadPcx(bytes, "bench.pcx");
    if (!p.ok() || !p->warnings.empty()) std::abort();
    benchmark::DoNotOptimize(rgb ? p->rgba.rgba.data() : p->indexed.index.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(OutputBytes(rgb)));
  state.counters["out_MB"] = double(OutputBytes(rgb)) / 1e6;
  state.counters["file_KB"] = double(bytes.size()) / 1e3;
}

// As many bytes as the decode writes, copied between two buffers filled
// beforehand (every page faulted in): the ceiling, as gaf_bench.cc's is.
void Copy(benchmark::State& state, bool rgb) {
  const std::vector<uint8_t> source(OutputBytes(rgb), 0x5A);
  std::vector<uint8_t> out(source.size(), 0xA5);
  for (auto _ : state) {
    std::memcpy(out.data(), source.data(), source.size());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(source.size()));
  state.counters["out_MB"] = double(source.size()) / 1e6;
}

void BM_PcxDecode8(benchmark::State& state) { Decode(state, false); }
void BM_PcxMemcpy8Output(benchmark::State& state) { Copy(state, false); }
void BM_PcxDecode24(benchmark::State& state) { Decode(state, true); }
void BM_PcxMemcpy24Output(benchmark::State& state) { Copy(state, true); }

BENCHMARK(BM_PcxDecode8)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PcxMemcpy8Output)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PcxDecode24)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PcxMemcpy24Output)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace kbot::bench
