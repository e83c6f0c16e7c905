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
// The maps are built at the top of this file (BenchTaMap, BenchKingdomsMap)
// so that other map benchmarks (rendering) can draw the same maps; the
// rendering benchmarks (BM_TntRender...) follow the reading ones.
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "formats/image/png_encode.h"
#include "formats/palette/palette.h"
#include "formats/tnt/render.h"
#include "formats/tnt/tnt.h"

namespace kbot::bench {

namespace {

void Put32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = uint8_t(v >> (8 * i));
}

void Append32(std::vector<uint8_t>& b, uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(uint8_t(v >> (8 * i)));
}

// What the synthetic maps hold at cell (x, y): rolling heights, a feature
// every 37th cell (of 20), a patch of void cells in TA.
uint8_t HeightAt(int x, int y) { return uint8_t((x * 3 + y * 5 + ((x * y) >> 6)) & 0xFF); }
uint32_t FeatureAt(int x, int y, bool ta) {
  const int i = y * 4096 + x;
  if (ta && x < 8 && y < 8) return 0xFFFC;
  return i % 37 == 0 ? uint32_t(i / 37 % 20) : (ta ? 0xFFFF : 0xFFFFFFFF);
}

void AppendFeatureTable(std::vector<uint8_t>& b) {
  for (uint32_t i = 0; i < 20; ++i) {
    Append32(b, i);
    std::string name = "Feature" + std::to_string(i);
    name.resize(tnt::kFeatureNameBytes, '\0');
    b.insert(b.end(), name.begin(), name.end());
  }
}

void AppendMinimap(std::vector<uint8_t>& b, int w, int h) {
  Append32(b, uint32_t(w));
  Append32(b, uint32_t(h));
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) b.push_back(x > w * 3 / 4 ? 0x64 : uint8_t((x + y) % 100));
  }
}

// A TA map of tiles_across x tiles_down tile positions over `tile_count`
// tiles of noisy palette indices, as docs/formats/tnt.md lays it out:
// header, tile index map, attribute cells, tiles, feature table, minimap.
std::vector<uint8_t> BenchTaMap(int tiles_across, int tiles_down, int tile_count) {
  const int w = 2 * tiles_across, h = 2 * tiles_down;
  std::vector<uint8_t> b(tnt::kTaHeaderSize, 0);
  const uint32_t index_at = uint32_t(b.size());
  for (int i = 0; i < tiles_across * tiles_down; ++i) {
    const uint16_t t = uint16_t((i * 7919) % tile_count);
    b.push_back(uint8_t(t));
    b.push_back(uint8_t(t >> 8));
  }
  const uint32_t cells_at = uint32_t(b.size());
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const uint32_t f = FeatureAt(x, y, true);
      b.insert(b.end(), {HeightAt(x, y), uint8_t(f), uint8_t(f >> 8), 0});
    }
  }
  const uint32_t tiles_at = uint32_t(b.size());
  uint32_t noise = 12345;
  for (size_t i = 0; i < size_t(tile_count) * tnt::kTileBytes; ++i) {
    noise = noise * 1103515245u + 12345u;
    b.push_back(uint8_t(noise >> 24));
  }
  const uint32_t features_at = uint32_t(b.size());
  AppendFeatureTable(b);
  const uint32_t minimap_at = uint32_t(b.size());
  AppendMinimap(b, 252, 252);
  const uint32_t fields[] = {tnt::kVersionTa, uint32_t(w),   uint32_t(h), index_at,
                             cells_at,        tiles_at,      uint32_t(tile_count),
                             20,              features_at,   60,          minimap_at, 1};
  for (size_t i = 0; i < std::size(fields); ++i) Put32(b, 4 * i, fields[i]);
  return b;
}

// A TA: Kingdoms map of that size: header, heights, feature spots, feature
// table, sheet ids (one sheet a 16 x 16-tile block), columns, rows, a
// 252 x 252 small and a 504 x 504 large minimap.
std::vector<uint8_t> BenchKingdomsMap(int tiles_across, int tiles_down) {
  const int w = 2 * tiles_across, h = 2 * tiles_down;
  std::vector<uint8_t> b(tnt::kKingdomsHeaderSize, 0);
  const uint32_t heights_at = uint32_t(b.size());
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) b.push_back(HeightAt(x, y));
  }
  const uint32_t spots_at = uint32_t(b.size());
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) Append32(b, FeatureAt(x, y, false));
  }
  const uint32_t features_at = uint32_t(b.size());
  AppendFeatureTable(b);
  uint32_t arrays_at[3];
  for (int a = 0; a < 3; ++a) {
    arrays_at[a] = uint32_t(b.size());
    for (int ty = 0; ty < tiles_down; ++ty) {
      for (int tx = 0; tx < tiles_across; ++tx) {
        Append32(b, a == 0 ? uint32_t(0x000a9eb4 + (tx / 16) + (ty / 16) * 16)
                           : uint32_t(a == 1 ? tx % 16 : ty % 16));
      }
    }
  }
  const uint32_t small_at = uint32_t(b.size());
  AppendMinimap(b, 252, 252);
  const uint32_t large_at = uint32_t(b.size());
  AppendMinimap(b, 504, 504);
  const uint32_t fields[] = {tnt::kVersionKingdoms, uint32_t(w),  uint32_t(h),  60,
                             heights_at,            spots_at,     features_at,  20,
                             arrays_at[0],          arrays_at[1], arrays_at[2], small_at,
                             large_at};
  for (size_t i = 0; i < std::size(fields); ++i) Put32(b, 4 * i, fields[i]);
  return b;
}

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

long StatusKb(const char* key) {
  FILE* f = std::fopen("/proc/self/status", "r");
  if (f == nullptr) return -1;
  char line[256];
  long kb = -1;
  while (std::fgets(line, sizeof line, f) != nullptr) {
    if (std::strncmp(line, key, std::strlen(key)) == 0) kb = std::atol(line + std::strlen(key));
  }
  std::fclose(f);
  return kb;
}

// Runs `work` once and returns the peak memory it added, in MB (-1: unknown).
template <typename Work>
double PeakMbOf(Work work) {
  malloc_trim(0);  // freed memory back to the system, so VmRSS is what is held
  FILE* f = std::fopen("/proc/self/clear_refs", "w");
  if (f == nullptr) return -1;
  std::fputs("5", f);  // reset the peak-RSS mark to the current RSS
  std::fclose(f);
  const long before = StatusKb("VmRSS:");
  work();
  const long peak = StatusKb("VmHWM:");
  return before < 0 || peak < 0 ? -1 : double(peak - before) * 1024 / 1e6;
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

void Report(benchmark::State& state, const tnt::RenderOptions& o, double out_mb, double peak) {
  const tnt::TntMap& map = RenderMap();
  const double px = o.region.w > 0 ? double(o.region.w) * o.region.h
                                   : double(map.pixel_width()) * map.pixel_height();
  state.counters["ns_per_map_px"] = benchmark::Counter(
      px * double(state.iterations()), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["out_MB"] = out_mb;
  if (peak >= 0) state.counters["peak_MB"] = peak - out_mb;
}

void RenderLoop(benchmark::State& state, const tnt::RenderOptions& o, bool encode) {
  const tnt::TntMap& map = RenderMap();
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
  Report(state, o, out_mb, peak);
}

void BM_TntRender(benchmark::State& state) {
  RenderLoop(state, Options(int(state.range(0))), state.range(1) != 0);
}

void BM_TntRenderRegion(benchmark::State& state) {
  RenderLoop(state, Options(int(state.range(0)), {100 * 32, 120 * 32, 32 * 32, 32 * 32}), false);
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
BENCHMARK(BM_TntRenderOverlays)->Arg(4)->ArgName("scale")->Unit(benchmark::kMillisecond);

}  // namespace

}  // namespace kbot::bench
