// TA3D truecolor GAF frames and the file-kind check, against baselines.
//
//   BM_Ta3dDecode        every frame of a TA3D GAF of 8 RGBA 640 x 480 frames
//                        through gaf::RenderFrame (the zlib frame decoder:
//                        bounds checks, the capped inflate, the RGBA picture)
//   BM_Ta3dInflateOnly   zlib's uncompress() of the same streams into one
//                        preallocated buffer: what the decode cannot beat
//   BM_Ta3dDecodeRgb     the same frames stored as RGB (3 bytes a pixel,
//                        widened to RGBA)
//   BM_IdentifyGaf       IdentifyFile on the 8-frame TA3D GAF (found at the
//                        GAF check, the fourth)
//   BM_IdentifyUnknown   IdentifyFile on 1 MB of bytes no check claims: every
//                        check runs, the FXT one over its first KB
//   BM_ReadGafTa3d       gaf::ReadGaf of the same file, the structure only:
//                        what the check adds to a listing is its share of this
//
// bench_main.cc prints decode / inflate and identify / read as ratios.
#include <benchmark/benchmark.h>
#include <zlib.h>

#include <algorithm>

#include <vector>

#include "formats/gaf/gaf.h"
#include "formats/gaf/gaf_writer.h"
#include "formats/gaf/render.h"
#include "formats/identify/identify.h"

namespace kbot::bench {
namespace {

constexpr int kWidth = 640, kHeight = 480, kFrames = 8;

// A picture with the texture of real interface art: gradients, an edge and a
// soft alpha border, so the streams compress as such files do (about 4:1).
std::vector<uint8_t> Picture(int frame) {
  std::vector<uint8_t> rgba(size_t(kWidth) * kHeight * 4);
  uint32_t noise = 12345u + uint32_t(frame);
  for (int y = 0; y < kHeight; ++y) {
    for (int x = 0; x < kWidth; ++x) {
      noise = noise * 1103515245u + 12345u;
      uint8_t* p = &rgba[(size_t(y) * kWidth + x) * 4];
      p[0] = uint8_t(x / 3 + frame * 10 + ((noise >> 16) & 7));
      p[1] = uint8_t(y / 2 + (x > 320 ? 60 : 0));
      p[2] = uint8_t((x ^ y) & 0xf0);
      const int edge = std::min(std::min(x, kWidth - 1 - x), std::min(y, kHeight - 1 - y));
      p[3] = uint8_t(edge >= 16 ? 255 : edge * 16);
    }
  }
  return rgba;
}

std::vector<uint8_t> MakeFile(bool alpha) {
  gaf::SequenceToWrite seq{"build", 1, 0, {}};
  for (int f = 0; f < kFrames; ++f) {
    gaf::FrameToWrite frame;
    frame.width = kWidth;
    frame.height = kHeight;
    frame.transparency = alpha ? 1 : 0;
    frame.rgba = Picture(f);
    if (!alpha) {
      for (size_t i = 3; i < frame.rgba.size(); i += 4) frame.rgba[i] = 255;
    }
    seq.frames.push_back(std::move(frame));
  }
  absl::StatusOr<std::vector<uint8_t>> bytes = gaf::WriteGaf({seq}, gaf::Variant::kTa3dTruecolor);
  if (!bytes.ok()) std::abort();
  return *std::move(bytes);
}

const std::vector<uint8_t>& File(bool alpha) {
  static const std::vector<uint8_t> rgba = MakeFile(true), rgb = MakeFile(false);
  return alpha ? rgba : rgb;
}

void Decode(benchmark::State& state, bool alpha) {
  const std::vector<uint8_t>& bytes = File(alpha);
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(bytes, "ui.gaf");
  if (!gaf.ok()) std::abort();
  for (auto _ : state) {
    for (size_t f = 0; f < gaf->sequences[0].frames.size(); ++f) {
      absl::StatusOr<gaf::FramePicture> pic =
          gaf::RenderFrame(bytes, gaf->sequences[0].frames[f].info, gaf::Transparency::Game(),
                           gaf::FrameLocation{"ui.gaf", 0, f}, nullptr);
      if (!pic.ok()) std::abort();
      benchmark::DoNotOptimize(pic->rgba.rgba.data());
    }
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * kFrames * kWidth * kHeight * 4);
}

void BM_Ta3dDecode(benchmark::State& state) { Decode(state, true); }
void BM_Ta3dDecodeRgb(benchmark::State& state) { Decode(state, false); }

void BM_Ta3dInflateOnly(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = File(true);
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(bytes, "ui.gaf");
  if (!gaf.ok()) std::abort();
  std::vector<uint8_t> out(size_t(kWidth) * kHeight * 4);
  for (auto _ : state) {
    for (const gaf::Frame& f : gaf->sequences[0].frames) {
      const uint32_t size = LoadU32(bytes.data() + f.info.data_offset);
      uLongf n = out.size();
      if (uncompress(out.data(), &n, bytes.data() + f.info.data_offset + 4, size) != Z_OK) {
        std::abort();
      }
      benchmark::DoNotOptimize(out.data());
    }
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * kFrames * kWidth * kHeight * 4);
}

void BM_IdentifyGaf(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = File(true);
  for (auto _ : state) benchmark::DoNotOptimize(identify::IdentifyFile(bytes));
}

void BM_IdentifyUnknown(benchmark::State& state) {
  std::vector<uint8_t> bytes(1 << 20);
  uint32_t x = 1;
  for (uint8_t& b : bytes) b = uint8_t((x = x * 1664525u + 1013904223u) >> 24);
  bytes[0] = 0;  // not text
  for (auto _ : state) benchmark::DoNotOptimize(identify::IdentifyFile(bytes));
}

void BM_ReadGafTa3d(benchmark::State& state) {
  const std::vector<uint8_t>& bytes = File(true);
  for (auto _ : state) benchmark::DoNotOptimize(gaf::ReadGaf(bytes, "ui.gaf"));
}

BENCHMARK(BM_Ta3dDecode)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Ta3dInflateOnly)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Ta3dDecodeRgb)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_IdentifyGaf)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_IdentifyUnknown)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReadGafTa3d)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace kbot::bench
