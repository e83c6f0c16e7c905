// Synthetic TA and TA: Kingdoms maps for the benchmarks (bench/tnt_bench.cc)
// and for bench/write_tnt_map.cc, which writes the TA one as a file for the
// whole-process timings (bench/tnt_process.sh). Deterministic: every run
// measures the same bytes.
//
// What each map holds at cell (x, y): rolling heights, a feature every 37th
// cell (of a 20-entry table), TA: a patch of 8 x 8 void cells at the top
// left; the TA tiles are noise (the worst case for the nearest-colour
// lookup when shrinking), the minimaps a gradient.
#pragma once

#include <cstdint>
#include <vector>

namespace kbot::bench {

// A TA map of tiles_across x tiles_down tile positions over `tile_count`
// tiles, laid out as docs/formats/tnt.md says: header, tile index map,
// attribute cells, tiles, feature table, a 252 x 252 minimap. (256, 256,
// 4096): 512 x 512 cells, 8192 x 8192 px, 5.4 MB.
std::vector<uint8_t> BenchTaMap(int tiles_across, int tiles_down, int tile_count);

// A TA: Kingdoms map of that size: header, heights, u32 feature spots, the
// feature table, sheet ids (one sheet a 16 x 16-tile block), columns, rows,
// a 252 x 252 small and a 504 x 504 large minimap.
std::vector<uint8_t> BenchKingdomsMap(int tiles_across, int tiles_down);

}  // namespace kbot::bench
