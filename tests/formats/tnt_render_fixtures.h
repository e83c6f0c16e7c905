// Small TntMap values built in memory for the render tests, and a reference
// renderer written from docs/formats/tnt.md's rules alone (brute force: every
// output pixel from the source pixels under it), so the tests compare exact
// pixels with an independent computation.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "formats/palette/palette.h"
#include "formats/tnt/render.h"
#include "formats/tnt/tnt.h"

namespace kbot::tnt::testing {

inline const palette::Palette& Pal() { return palette::TaPalette(); }

// The nearest palette index by squared RGB distance, lowest index on a tie,
// by looking at all 256.
inline uint8_t BruteNearest(int r, int g, int b) {
  int best = 0, best_d = 1 << 30;
  for (int i = 0; i < 256; ++i) {
    const palette::Rgb& c = Pal().colors[size_t(i)];
    const int d = (c.r - r) * (c.r - r) + (c.g - g) * (c.g - g) + (c.b - b) * (c.b - b);
    if (d < best_d) best_d = d, best = i;
  }
  return uint8_t(best);
}
inline uint8_t BruteNearest(const palette::Rgb& c) { return BruteNearest(c.r, c.g, c.b); }

// Three tiles: 0 solid index 10; 1 a 1-pixel checker of 100 and 200; 2 a
// pattern of many indices ((x + 7 * y) & 255).
inline std::vector<uint8_t> ThreeTiles() {
  std::vector<uint8_t> px(3 * kTileBytes);
  for (int y = 0; y < kTilePixels; ++y) {
    for (int x = 0; x < kTilePixels; ++x) {
      const size_t i = size_t(y * kTilePixels + x);
      px[i] = 10;
      px[kTileBytes + i] = (x + y) % 2 ? 200 : 100;
      px[2 * kTileBytes + i] = uint8_t((x + 7 * y) & 255);
    }
  }
  return px;
}

// A TA map of tiles_x x tiles_y tiles (cells twice that), every cell 100
// high and without a feature, tile position i showing tile i % 3.
inline TntMap TaMap(int tiles_x, int tiles_y) {
  TntMap m;
  m.game = Game::kTa;
  m.version = kVersionTa;
  m.width = uint32_t(tiles_x * 2);
  m.height = uint32_t(tiles_y * 2);
  m.heights.assign(m.cells(), 100);
  m.features.assign(m.cells(), kNoFeature);
  for (size_t i = 0; i < m.tile_positions(); ++i) m.tile_index.push_back(uint16_t(i % 3));
  m.tile_count = 3;
  m.tile_pixels = ThreeTiles();
  return m;
}

// The palette index the map's tiles show at map pixel (x, y).
inline uint8_t TileIndexAt(const TntMap& m, int x, int y) {
  const size_t pos = size_t(y / kTilePixels) * size_t(m.tiles_across()) + size_t(x / kTilePixels);
  return m.tile_pixels[size_t(m.tile_index[pos]) * kTileBytes +
                       size_t(y % kTilePixels) * kTilePixels + size_t(x % kTilePixels)];
}

inline int Overlap(int64_t a0, int64_t a1, int64_t b0, int64_t b1) {
  return int(std::max<int64_t>(0, std::min(a1, b1) - std::max(a0, b0)));
}

// The reference: output pixel (ox, oy) is the average of the source pixels
// weighted by the area they share with it (source pixel s spans
// [s * scale, s * scale + scale), output pixel o spans [16 o, 16 o + 16)),
// rounded half up. `colour(x, y)` gives the full-resolution map's RGB at map
// pixel (x, y).
template <typename Colour>
std::vector<palette::Rgb> ReferenceAverage(const PixelRect& r, int scale, int out_w, int out_h,
                                           Colour colour) {
  std::vector<palette::Rgb> out(size_t(out_w) * size_t(out_h));
  for (int oy = 0; oy < out_h; ++oy) {
    for (int ox = 0; ox < out_w; ++ox) {
      int64_t sum[3] = {0, 0, 0}, total = 0;
      for (int sy = oy * 16 / scale; sy <= (oy * 16 + 16) / scale && sy < r.h; ++sy) {
        const int wy = Overlap(int64_t(sy) * scale, int64_t(sy + 1) * scale, oy * 16, oy * 16 + 16);
        for (int sx = ox * 16 / scale; sx <= (ox * 16 + 16) / scale && sx < r.w; ++sx) {
          const int w =
              wy * Overlap(int64_t(sx) * scale, int64_t(sx + 1) * scale, ox * 16, ox * 16 + 16);
          const palette::Rgb c = colour(r.x + sx, r.y + sy);
          sum[0] += c.r * w, sum[1] += c.g * w, sum[2] += c.b * w, total += w;
        }
      }
      out[size_t(oy) * size_t(out_w) + size_t(ox)] = {uint8_t((sum[0] + total / 2) / total),
                                                      uint8_t((sum[1] + total / 2) / total),
                                                      uint8_t((sum[2] + total / 2) / total)};
    }
  }
  return out;
}

// The same, each pixel then the nearest palette index (what a TA map gets).
template <typename Colour>
std::vector<uint8_t> ReferenceShrink(const PixelRect& r, int scale, int out_w, int out_h,
                                     Colour colour) {
  std::vector<uint8_t> out;
  for (const palette::Rgb& c : ReferenceAverage(r, scale, out_w, out_h, colour)) {
    out.push_back(BruteNearest(c));
  }
  return out;
}

}  // namespace kbot::tnt::testing
