// GTA1 city maps: loading a map and rendering it top down.
//
//   BM_GtaLoadMap        ReadCityMap of a synthetic NYC-sized map (~470 KB:
//                        the 256 x 256 base, ~117 KB of ~17,000 distinct
//                        columns, 5,318 blocks, 3,000 object records, routes,
//                        40 districts). bytes = the file's size.
//   BM_GtaRenderWholeMap RenderMap of the whole 256 x 256 map at 8 px/cell
//                        (2048 x 2048 RGBA) over a synthetic style of 50 side
//                        and 150 lid tiles and 256 CLUTs; the blocks use
//                        every rotation, both flips, the 4 remaps, ~10% flat
//                        lids and ~8% lid 0. items = output pixels.
// Both fixtures are built once per process, with a fixed seed.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include "formats/gta/cmp.h"
#include "formats/gta/map_render.h"
#include "formats/gta/style.h"

namespace kbot::bench {
namespace {

using gta::CityMap;
using gta::Style;

void PutU8(std::vector<uint8_t>& out, uint8_t v) { out.push_back(v); }
void PutU16(std::vector<uint8_t>& out, uint16_t v) {
  out.push_back(uint8_t(v));
  out.push_back(uint8_t(v >> 8));
}
void PutU32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

constexpr int kSides = 50, kLids = 150, kCluts = 256, kBlocks = 5318;

std::vector<uint8_t> MakeCmp() {
  std::mt19937 rng(1234);
  std::vector<uint8_t> blocks;
  for (int i = 0; i < kBlocks; ++i) {
    const int rotation = int(rng() % 4);
    const bool flat = rng() % 10 == 0;
    const int type = int(rng() % 6);
    const uint16_t type_map = uint16_t((rotation << 14) | (flat ? 0x80 : 0) | (type << 4));
    const uint8_t ext = uint8_t(((rng() % 4) << 3) | (rng() % 2 ? 0x20 : 0) | (rng() % 2 ? 0x40 : 0));
    const uint8_t lid = rng() % 12 == 0 ? 0 : uint8_t(1 + rng() % (kLids - 1));
    PutU16(blocks, type_map);
    PutU8(blocks, ext);
    for (int f = 0; f < 4; ++f) PutU8(blocks, uint8_t(rng() % kSides));
    PutU8(blocks, lid);
  }
  std::vector<uint8_t> columns;
  std::vector<uint32_t> column_offsets;
  while (columns.size() < 117694) {
    column_offsets.push_back(uint32_t(columns.size()));
    const int h = int(2 + rng() % 4);  // 2..5: 1 to 4 blocks
    PutU16(columns, uint16_t(h));
    for (int z = h; z < 6; ++z) PutU16(columns, uint16_t(rng() % kBlocks));
  }
  std::vector<uint8_t> objects(3000 * 14);
  for (uint8_t& b : objects) b = uint8_t(rng());
  std::vector<uint8_t> routes(2000, 7);
  std::vector<uint8_t> nav;
  for (int i = 0; i < 40; ++i) {
    for (uint8_t b : {uint8_t(i * 6), uint8_t(i * 6), uint8_t(16), uint8_t(16), uint8_t(1)}) {
      PutU8(nav, b);
    }
    char name[30] = {};
    std::snprintf(name, sizeof name, "District %d", i);
    for (char c : name) PutU8(nav, uint8_t(c));
  }

  std::vector<uint8_t> out;
  PutU32(out, gta::kCmpVersion);
  PutU8(out, 1);
  PutU8(out, 0);
  PutU16(out, 0);
  for (size_t size : {std::size_t(routes.size()), objects.size(), columns.size(), blocks.size(),
                      nav.size()}) {
    PutU32(out, uint32_t(size));
  }
  for (int cell = 0; cell < 256 * 256; ++cell) {
    // Every column used at least once, then cells share the first columns.
    const size_t c = size_t(cell) < column_offsets.size()
                         ? size_t(cell)
                         : rng() % (column_offsets.size() / 4);
    PutU32(out, column_offsets[c]);
  }
  out.insert(out.end(), columns.begin(), columns.end());
  out.insert(out.end(), blocks.begin(), blocks.end());
  out.insert(out.end(), objects.begin(), objects.end());
  out.insert(out.end(), routes.begin(), routes.end());
  out.insert(out.end(), 0x6c, 0);  // service locations
  out.insert(out.end(), nav.begin(), nav.end());
  return out;
}

std::vector<uint8_t> MakeStyle() {
  std::mt19937 rng(99);
  const int tile_count = kSides + kLids;  // 200: a multiple of 4, so no padding
  std::vector<uint8_t> tiles(size_t(tile_count) * gta::kTileBytes);
  for (uint8_t& t : tiles) t = rng() % 8 == 0 ? 0 : uint8_t(rng());
  // CLUTs: 256 x 1 KB = 4 whole 64 KB pages.
  std::vector<uint8_t> cluts(size_t(kCluts) * gta::kClutBytes);
  for (uint8_t& b : cluts) b = uint8_t(rng());
  std::vector<uint16_t> index(size_t(4 * tile_count));
  for (uint16_t& e : index) e = uint16_t(rng() % kCluts);

  std::vector<uint8_t> out;
  for (uint32_t v : {gta::kStyleVersion, uint32_t(kSides * 4096), uint32_t(kLids * 4096), 0u, 0u,
                     uint32_t(cluts.size()), uint32_t(cluts.size()), 0u, 0u, 0u,
                     uint32_t(2 * index.size()), 0u, 0u, 0u, 0u, 0u}) {
    PutU32(out, v);
  }
  out.insert(out.end(), tiles.begin(), tiles.end());
  out.insert(out.end(), cluts.begin(), cluts.end());
  for (uint16_t e : index) PutU16(out, e);
  return out;
}

const std::vector<uint8_t>& CmpBytes() {
  static const std::vector<uint8_t> bytes = MakeCmp();
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
    const std::vector<uint8_t> g24 = MakeStyle();
    absl::StatusOr<Style> style = gta::ReadStyle(g24, "BENCH.G24");
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
  state.counters["file_bytes"] = double(bytes.size());
}
BENCHMARK(BM_GtaLoadMap)->Unit(benchmark::kMicrosecond);

void BM_GtaRenderWholeMap(benchmark::State& state) {
  const Loaded& l = Fixture();
  if (!l.ok) {
    state.SkipWithError("fixture failed to load");
    return;
  }
  gta::MapRenderOptions options;
  options.pixels_per_cell = 8;
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
  state.SetItemsProcessed(int64_t(state.iterations()) * 2048 * 2048);
  state.counters["warnings"] = double(warnings);
}
BENCHMARK(BM_GtaRenderWholeMap)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace kbot::bench
