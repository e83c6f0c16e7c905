// TA and TA: Kingdoms maps (formats/tnt/): reading against a memcpy of the
// file, in the same run.
//
//   BM_TntRead             tnt::ReadTnt of a synthetic 256 x 256-tile TA map
//                          (512 x 512 cells, 4096 tiles, a 20-entry feature
//                          table, a 252 x 252 minimap: 5.4 MB); bytes = the
//                          file
//   BM_TntMemcpy           memcpy of as many bytes between warm buffers: the
//                          ceiling
//   BM_TntReadKingdoms     the same map's size as TA: Kingdoms lays it out
//                          (heights, u32 feature spots, three u32 arrays a
//                          tile position, two minimaps: 2.4 MB)
//
// The maps come from bench/tnt_fixtures.h (BenchTaMap, BenchKingdomsMap),
// which bench/write_tnt_map.cc also writes as a file for the whole-process
// timings (bench/tnt_process.sh); the rendering benchmarks
// (BM_TntRender...) follow the reading ones, map_describe's work
// (BM_TntDescribe) comes last.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "bench/peak_memory.h"
#include "formats/image/png_encode.h"
#include "formats/palette/palette.h"
#include "formats/tnt/render.h"
#include "formats/tnt/tnt.h"
#include "bench/tnt_fixtures.h"
#include "tools/ta_map.h"
#include "tools/ta_map_describe.h"

namespace kbot::bench {

namespace {

const std::vector<uint8_t>& TaMap() {
  static const std::vector<uint8_t> map = BenchTaMap(256, 256, 4096);
  return map;
}

void BM_TntRead(benchmark::State& state) {
  const std::vector<uint8_t>& file = TaMap();
  for (auto _ : state) {
    absl::StatusOr<tnt::TntMap> map = tnt::ReadTnt(file, "bench.tnt");
    if (!map.ok()) {
      state.SkipWithError(std::string(map.status().message()).c_str());
      return;
    }
    benchmark::DoNotOptimize(map->tile_pixels.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(file.size()));
}
BENCHMARK(BM_TntRead)->Unit(benchmark::kMicrosecond);

void BM_TntMemcpy(benchmark::State& state) {
  const std::vector<uint8_t>& file = TaMap();
  std::vector<uint8_t> out(file.size());
  for (auto _ : state) {
    std::memcpy(out.data(), file.data(), file.size());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(file.size()));
}
BENCHMARK(BM_TntMemcpy)->Unit(benchmark::kMicrosecond);

void BM_TntReadKingdoms(benchmark::State& state) {
  static const std::vector<uint8_t> file = BenchKingdomsMap(256, 256);
  for (auto _ : state) {
    absl::StatusOr<tnt::TntMap> map = tnt::ReadTnt(file, "bench.tnt");
    if (!map.ok()) {
      state.SkipWithError(std::string(map.status().message()).c_str());
      return;
    }
    benchmark::DoNotOptimize(map->features.data());
  }
  state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(file.size()));
}
BENCHMARK(BM_TntReadKingdoms)->Unit(benchmark::kMicrosecond);


// Rendering (formats/tnt/render.h) of the TA map above, read once:
//
//   BM_TntRender/scale:S/encode:E   RenderTnt of the whole map at S px a cell
//                                   (16 = full size, 4 = a quarter a side),
//                                   then with E = 1 EncodeIndexedPng of it
//   BM_TntRenderBaseline/scale:S    memcpy of as many bytes as the render
//                                   writes (the index and opaque planes): the
//                                   ceiling
//   BM_TntEncodeBaseline/scale:S    EncodeIndexedPng of the picture already
//                                   drawn: what the PNG costs alone
//   BM_TntRenderRegion/scale:S      a 32 x 32 tile region (1024 x 1024
//                                   pixels) of the same map
//   BM_TntRenderRegionSmallMap/scale:S  the same region size on a 32 x 32-tile
//                                   map (the region is the whole map): the
//                                   same time as on the big map when no tile
//                                   outside the region is decoded
//   BM_TntRenderOverlays/scale:4    the whole map with water and height tints,
//                                   void marks, a 24 x 24 sprite for each of
//                                   the 20 features and 10 start markers
//
// Counters: ns_per_map_px = time / map pixels drawn (the same for the whole
// map and a region: time follows the region, not the map); out_MB = the
// picture's planes; peak_MB = the process's peak memory during one render
// over what it held before, less out_MB (Linux: the peak mark is reset
// through /proc/self/clear_refs, read back as VmHWM, after malloc_trim).
// The tiles are noise, the worst case for the nearest-colour lookup: every
// averaged colour differs.

const tnt::TntMap& RenderMap() {
  static const tnt::TntMap map = [] {
    absl::StatusOr<tnt::TntMap> m = tnt::ReadTnt(TaMap(), "bench.tnt");
    return m.ok() ? *std::move(m) : tnt::TntMap{};
  }();
  return map;
}

double OutMb(const tnt::MapPicture& p) {
  return p.indexed ? double(p.indexed->index.size() + p.indexed->opaque.size()) / 1e6 : 0;
}

tnt::RenderOptions Options(int scale, tnt::PixelRect region = {}) {
  tnt::RenderOptions o;
  o.scale = scale;
  o.region = region;
  return o;
}

void Report(benchmark::State& state, const tnt::TntMap& map, const tnt::RenderOptions& o,
            double out_mb, double peak) {
  const double px = o.region.w > 0 ? double(o.region.w) * o.region.h
                                   : double(map.pixel_width()) * map.pixel_height();
  state.counters["ns_per_map_px"] = benchmark::Counter(
      px * double(state.iterations()), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["out_MB"] = out_mb;
  if (peak >= 0) state.counters["peak_MB"] = peak - out_mb;
}

void RenderLoop(benchmark::State& state, const tnt::RenderOptions& o, bool encode,
                const tnt::TntMap& map = RenderMap()) {
  double out_mb = 0;
  const double peak = PeakMbOf([&] {
    absl::StatusOr<tnt::MapPicture> p = tnt::RenderTnt(map, palette::TaPalette(), o);
    out_mb = p.ok() ? OutMb(*p) : 0;
  });
  for (auto _ : state) {
    absl::StatusOr<tnt::MapPicture> p = tnt::RenderTnt(map, palette::TaPalette(), o);
    if (!p.ok()) {
      state.SkipWithError(std::string(p.status().message()).c_str());
      return;
    }
    if (encode) {
      absl::StatusOr<image::EncodedImage> png =
          image::EncodeIndexedPng(*p->indexed, palette::TaPalette());
      benchmark::DoNotOptimize(png);
    }
    benchmark::DoNotOptimize(p);
  }
  Report(state, map, o, out_mb, peak);
}

void BM_TntRender(benchmark::State& state) {
  RenderLoop(state, Options(int(state.range(0))), state.range(1) != 0);
}

void BM_TntRenderRegion(benchmark::State& state) {
  RenderLoop(state, Options(int(state.range(0)), {100 * 32, 120 * 32, 32 * 32, 32 * 32}), false);
}

// The same 32 x 32-tile region's worth of work on a map that is only that
// region: if the region render decoded anything outside the region, the
// 256 x 256-tile map would cost more than this one.
void BM_TntRenderRegionSmallMap(benchmark::State& state) {
  static const tnt::TntMap small = [] {
    absl::StatusOr<tnt::TntMap> m = tnt::ReadTnt(BenchTaMap(32, 32, 4096), "small.tnt");
    return m.ok() ? *std::move(m) : tnt::TntMap{};
  }();
  RenderLoop(state, Options(int(state.range(0)), {0, 0, 32 * 32, 32 * 32}), false, small);
}

void BM_TntRenderOverlays(benchmark::State& state) {
  tnt::RenderOptions o = Options(int(state.range(0)));
  o.water_tint = o.height_tint = o.void_marks = o.feature_marks = true;
  tnt::FeatureSprite tree;
  tree.picture = image::IndexedPicture(24, 24, 0, 1, 0);
  for (size_t i = 0; i < tree.picture.pixels(); ++i) {
    tree.picture.index[i] = uint8_t(i % 7 + 100);
    tree.picture.opaque[i] = (i / 24 + i % 24) % 3 != 0;
  }
  tree.x_offset = tree.y_offset = 12;
  o.feature_sprites.assign(RenderMap().feature_names.size(), tree);
  for (int i = 1; i <= 10; ++i) o.starts.push_back({i, i * 700, i * 650});
  RenderLoop(state, o, false);
}

void BM_TntRenderBaseline(benchmark::State& state) {
  const int side = RenderMap().pixel_width() * int(state.range(0)) / 16;
  const size_t bytes = 2 * size_t(side) * size_t(side);  // index + opaque planes
  std::vector<uint8_t> from(bytes, 7), to(bytes, 0);
  for (auto _ : state) {
    std::memcpy(to.data(), from.data(), bytes);
    benchmark::DoNotOptimize(to.data());
    benchmark::ClobberMemory();
  }
  state.counters["out_MB"] = double(bytes) / 1e6;
}

void BM_TntEncodeBaseline(benchmark::State& state) {
  absl::StatusOr<tnt::MapPicture> p =
      tnt::RenderTnt(RenderMap(), palette::TaPalette(), Options(int(state.range(0))));
  if (!p.ok()) {
    state.SkipWithError(std::string(p.status().message()).c_str());
    return;
  }
  size_t png_bytes = 0;
  for (auto _ : state) {
    absl::StatusOr<image::EncodedImage> png =
        image::EncodeIndexedPng(*p->indexed, palette::TaPalette());
    png_bytes = png.ok() ? png->size() : 0;
    benchmark::DoNotOptimize(png);
  }
  state.counters["png_MB"] = double(png_bytes) / 1e6;
}

BENCHMARK(BM_TntRender)
    ->ArgsProduct({{16, 4}, {0, 1}})
    ->ArgNames({"scale", "encode"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_TntRenderBaseline)->Arg(16)->Arg(4)->ArgName("scale")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TntEncodeBaseline)
    ->Arg(16)
    ->Arg(4)
    ->ArgName("scale")
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_TntRenderRegion)->Arg(16)->Arg(4)->ArgName("scale")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TntRenderRegionSmallMap)
    ->Arg(16)
    ->Arg(4)
    ->ArgName("scale")
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TntRenderOverlays)->Arg(4)->ArgName("scale")->Unit(benchmark::kMillisecond);

// map_describe's work on the same TA map, without the file system:
//
//   BM_TntDescribe/read:1   tnt::ReadTnt of the bytes, then DescribeTaMap
//                           (no OTA, no catalog: every feature unmatched);
//                           compare with BM_TntRead of the same bytes, in
//                           the same run
//   BM_TntDescribe/read:0   DescribeTaMap alone, on the map read once
//
// Counter peak_MB: the peak memory one iteration adds (as for the renders);
// with read:1 it includes the map read (about the file's size).

void BM_TntDescribe(benchmark::State& state) {
  const bool read = state.range(0) != 0;
  auto describe = [&]() -> absl::Status {
    tools::OpenedTaMap opened;
    opened.path = "maps/big.tnt";
    if (read) {
      absl::StatusOr<tnt::TntMap> map = tnt::ReadTnt(TaMap(), opened.path);
      if (!map.ok()) return map.status();
      opened.map = std::make_shared<const tnt::TntMap>(*std::move(map));
    } else {
      // Not owned: the map read once for the renders outlives every call.
      opened.map = std::shared_ptr<const tnt::TntMap>(&RenderMap(), [](const tnt::TntMap*) {});
    }
    absl::StatusOr<tools::TaMapDescription> d = tools::DescribeTaMap(opened, nullptr, std::nullopt);
    if (!d.ok()) return d.status();
    benchmark::DoNotOptimize(d->underwater_cells);
    return absl::OkStatus();
  };
  absl::Status status;
  const double peak = PeakMbOf([&] { status = describe(); });
  for (auto _ : state) {
    status.Update(describe());
    if (!status.ok()) {
      state.SkipWithError(std::string(status.message()).c_str());
      return;
    }
  }
  if (peak >= 0) state.counters["peak_MB"] = peak;
}
BENCHMARK(BM_TntDescribe)->Arg(1)->Arg(0)->ArgName("read")->Unit(benchmark::kMillisecond);

}  // namespace

}  // namespace kbot::bench
