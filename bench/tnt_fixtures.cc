#include "bench/tnt_fixtures.h"

#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

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

}  // namespace

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

}  // namespace kbot::bench
