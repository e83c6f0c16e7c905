#include "demo/demo_gta_style.h"

#include "demo/demo_gta_sprites.h"
#include "formats/common/byte_writer.h"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace kbot::demo {

namespace {

constexpr int kSides = 2, kLids = 6, kAux = 4;
constexpr int kTiles = kSides + kLids + kAux;  // 12: three 16 KB strips of page 0
constexpr size_t kTileBlock = 3 * 0x4000;
constexpr int kTileCluts = 8;
constexpr size_t kClutPage = 0x10000;

// Colour ramps of 16 in the base palette, dark to light.
enum Ramp : int { kGrey = 0, kBrick = 1, kGreen = 2, kBlue = 3, kRoof = 4, kSlab = 5, kYellow = 6 };
constexpr std::array<std::array<uint8_t, 6>, 7> kRamps = {{
    {10, 10, 10, 235, 235, 235},   // grey
    {100, 45, 25, 215, 120, 80},   // brick
    {20, 60, 15, 110, 190, 70},    // green
    {10, 30, 90, 90, 160, 230},    // blue
    {90, 25, 20, 210, 70, 45},     // roof
    {110, 105, 95, 225, 220, 205}, // pavement slabs
    {150, 120, 10, 255, 230, 90},  // yellow
}};

uint8_t Ix(Ramp ramp, int level) { return uint8_t(ramp * 16 + std::clamp(level, 0, 15)); }

struct Rgb {
  int r, g, b;
};

Rgb Base(int index) {
  if (index == 0) return {0, 0, 0};
  const int ramp = index / 16, level = index % 16;
  if (ramp >= int(kRamps.size())) return {index, 0, index};  // unused: a dim magenta
  const auto& k = kRamps[size_t(ramp)];
  auto mix = [&](int a, int b) { return a + (b - a) * level / 15; };
  return {mix(k[0], k[3]), mix(k[1], k[4]), mix(k[2], k[5])};
}

uint8_t Clamp(int v) { return uint8_t(std::clamp(v, 0, 255)); }

// CLUTs 0-3: side shades for top, bottom, left, right; 4-7: lid/aux remaps.
Rgb ClutColour(int clut, int index) {
  const Rgb c = Base(index);
  switch (clut) {
    case 0: return c;
    case 1: return {c.r * 85 / 100, c.g * 85 / 100, c.b * 85 / 100};
    case 2: return {c.r * 70 / 100, c.g * 70 / 100, c.b * 70 / 100};
    case 3: return {c.r * 55 / 100, c.g * 55 / 100, c.b * 55 / 100};
    case 4: return c;
    case 5: return {c.r * 70 / 100 + 10, c.g * 62 / 100, c.b * 55 / 100};  // dusk
    case 6: return {c.r * 35 / 100, c.g * 45 / 100, c.b * 80 / 100 + 20};  // night
    default: return {c.r + 30, c.g * 75 / 100, c.b * 60 / 100};            // sunset
  }
}

// A small deterministic noise, 0..n-1.
int Noise(int u, int v, int seed, int n) {
  uint32_t h = uint32_t(u) * 73856093u ^ uint32_t(v) * 19349663u ^ uint32_t(seed) * 83492791u;
  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  return int(h % uint32_t(n));
}

int Tri(int x, int period) {
  const int m = ((x % period) + period) % period;
  return std::abs(m - period / 2);
}

using Texels = std::array<uint8_t, 64 * 64>;

Texels Fill(uint8_t (*f)(int u, int v, int seed), int seed = 0) {
  Texels t{};
  for (int v = 0; v < 64; ++v)
    for (int u = 0; u < 64; ++u) t[size_t(v * 64 + u)] = f(u, v, seed);
  return t;
}

uint8_t Concrete(int u, int v, int) {
  const bool wu = (u >= 8 && u < 24) || (u >= 40 && u < 56);
  const bool wv = (v >= 8 && v < 26) || (v >= 38 && v < 56);
  if (wu && wv) {
    const bool frame = u == 8 || u == 23 || u == 40 || u == 55 || v == 8 || v == 25 || v == 38 ||
                       v == 55 || u == 15 || u == 47;
    return frame ? Ix(kGrey, 3) : Ix(kBlue, 9 + (u + v) % 4 / 2);
  }
  return Ix(kGrey, 8 + Noise(u, v, 1, 2));
}

uint8_t Brick(int u, int v, int) {
  const int row = v / 8;
  const int off = row % 2 ? 8 : 0;
  if (v % 8 == 7 || (u + off) % 16 == 15) return Ix(kGrey, 10);
  return Ix(kBrick, 5 + Noise(u / 4, v / 4, row + (u + off) / 16, 4) + Noise(u, v, 2, 2));
}

uint8_t Placeholder(int u, int v, int) { return Ix(kGrey, ((u / 8 + v / 8) % 2) ? 5 : 7); }

uint8_t Road(int u, int v, int) {
  if ((u == 31 || u == 32) && v % 16 < 10) return Ix(kYellow, 14);
  if (u == 2 || u == 61) return Ix(kGrey, 12);  // edge lines
  return Ix(kGrey, 3 + Noise(u, v, 3, 2));
}

uint8_t Pavement(int u, int v, int) {
  if (u % 16 == 0 || v % 16 == 0) return Ix(kSlab, 4);
  return Ix(kSlab, 9 + Noise(u, v, 4, 3));
}

uint8_t Roof(int u, int v, int) {
  const int row = v / 8;
  const int off = row % 2 ? 4 : 0;
  if ((u + off) % 8 == 0) return Ix(kRoof, 2);
  return Ix(kRoof, 11 - v % 8 + Noise(u, v, 5, 2));
}

uint8_t Field(int u, int v, int) {
  const int n = Noise(u, v, 6, 16);
  if (n == 0) return Ix(kGreen, 2);   // dark tufts
  if (n == 1) return Ix(kGreen, 13);  // light blades
  return Ix(kGreen, 6 + Noise(u / 2, v / 2, 7, 4));
}

uint8_t Water(int u, int v, int phase) {
  const int w = (v + phase + Tri(u + phase * 2, 16) / 2) % 12;
  if (w == 0) return Ix(kBlue, 13);
  return Ix(kBlue, 5 + w / 4 + Noise(u, v, 8 + phase, 2));
}

uint8_t Manhole(int u, int v, int) {
  const int du = u - 32, dv = v - 32, d2 = du * du + dv * dv;
  if (d2 <= 20 * 20) {
    if (d2 >= 18 * 18) return Ix(kGrey, 2);
    return ((u + v) % 6 == 0 || (u - v + 64) % 6 == 0) ? Ix(kGrey, 3) : Ix(kGrey, 6);
  }
  return Pavement(u, v, 0);
}

uint8_t Arrow(int u, int v, int) {
  // Points to v = 0: a head of rows 8..27, a shaft of 28..55.
  const bool head = v >= 8 && v < 28 && std::abs(u - 32) <= (v - 8);
  const bool shaft = v >= 28 && v < 56 && std::abs(u - 32) <= 5;
  return head || shaft ? Ix(kGrey, 15) : Road(u, v, 0);
}

// 5 x 7 glyphs, '!' (0x21) .. 'Z' (0x5a), column-major, bit 0 the top row.
constexpr uint8_t kGlyphs[][5] = {
    {0x00, 0x00, 0x5f, 0x00, 0x00}, {0x00, 0x07, 0x00, 0x07, 0x00}, {0x14, 0x7f, 0x14, 0x7f, 0x14},
    {0x24, 0x2a, 0x7f, 0x2a, 0x12}, {0x23, 0x13, 0x08, 0x64, 0x62}, {0x36, 0x49, 0x56, 0x20, 0x50},
    {0x00, 0x00, 0x07, 0x00, 0x00}, {0x00, 0x1c, 0x22, 0x41, 0x00}, {0x00, 0x41, 0x22, 0x1c, 0x00},
    {0x2a, 0x1c, 0x7f, 0x1c, 0x2a}, {0x08, 0x08, 0x3e, 0x08, 0x08}, {0x00, 0x80, 0x60, 0x00, 0x00},
    {0x08, 0x08, 0x08, 0x08, 0x08}, {0x00, 0x60, 0x60, 0x00, 0x00}, {0x20, 0x10, 0x08, 0x04, 0x02},
    {0x3e, 0x51, 0x49, 0x45, 0x3e}, {0x00, 0x42, 0x7f, 0x40, 0x00}, {0x72, 0x49, 0x49, 0x49, 0x46},
    {0x21, 0x41, 0x49, 0x4d, 0x33}, {0x18, 0x14, 0x12, 0x7f, 0x10}, {0x27, 0x45, 0x45, 0x45, 0x39},
    {0x3c, 0x4a, 0x49, 0x49, 0x31}, {0x41, 0x21, 0x11, 0x09, 0x07}, {0x36, 0x49, 0x49, 0x49, 0x36},
    {0x46, 0x49, 0x49, 0x29, 0x1e}, {0x00, 0x00, 0x14, 0x00, 0x00}, {0x00, 0x40, 0x34, 0x00, 0x00},
    {0x00, 0x08, 0x14, 0x22, 0x41}, {0x14, 0x14, 0x14, 0x14, 0x14}, {0x00, 0x41, 0x22, 0x14, 0x08},
    {0x02, 0x01, 0x59, 0x09, 0x06}, {0x3e, 0x41, 0x5d, 0x59, 0x4e}, {0x7c, 0x12, 0x11, 0x12, 0x7c},
    {0x7f, 0x49, 0x49, 0x49, 0x36}, {0x3e, 0x41, 0x41, 0x41, 0x22}, {0x7f, 0x41, 0x41, 0x41, 0x3e},
    {0x7f, 0x49, 0x49, 0x49, 0x41}, {0x7f, 0x09, 0x09, 0x09, 0x01}, {0x3e, 0x41, 0x49, 0x49, 0x7a},
    {0x7f, 0x08, 0x08, 0x08, 0x7f}, {0x00, 0x41, 0x7f, 0x41, 0x00}, {0x20, 0x40, 0x41, 0x3f, 0x01},
    {0x7f, 0x08, 0x14, 0x22, 0x41}, {0x7f, 0x40, 0x40, 0x40, 0x40}, {0x7f, 0x02, 0x1c, 0x02, 0x7f},
    {0x7f, 0x04, 0x08, 0x10, 0x7f}, {0x3e, 0x41, 0x41, 0x41, 0x3e}, {0x7f, 0x09, 0x09, 0x09, 0x06},
    {0x3e, 0x41, 0x51, 0x21, 0x5e}, {0x7f, 0x09, 0x19, 0x29, 0x46}, {0x26, 0x49, 0x49, 0x49, 0x32},
    {0x01, 0x01, 0x7f, 0x01, 0x01}, {0x3f, 0x40, 0x40, 0x40, 0x3f}, {0x1f, 0x20, 0x40, 0x20, 0x1f},
    {0x3f, 0x40, 0x38, 0x40, 0x3f}, {0x63, 0x14, 0x08, 0x14, 0x63}, {0x03, 0x04, 0x78, 0x04, 0x03},
    {0x61, 0x59, 0x49, 0x4d, 0x43},
};
static_assert(sizeof(kGlyphs) / sizeof(kGlyphs[0]) == 'Z' - '!' + 1);
constexpr int kFontHeight = 8;

}  // namespace

namespace {

std::vector<uint8_t> TileBlock() {
  const std::array<Texels, kTiles> tiles = {
      Fill(Concrete), Fill(Brick),                                                  // sides
      Fill(Placeholder), Fill(Road), Fill(Pavement), Fill(Roof), Fill(Field), Fill(Water, 0),  // lids
      Fill(Water, 4), Fill(Water, 8), Fill(Manhole), Fill(Arrow)};                  // aux
  std::vector<uint8_t> block(kTileBlock, 0);
  for (int n = 0; n < kTiles; ++n) {
    for (int v = 0; v < 64; ++v) {
      for (int u = 0; u < 64; ++u) {
        // The page formula of style.h.
        const size_t at = size_t((n >> 4) * 0x10000 + ((n >> 2) & 3) * 0x4000 + v * 256 +
                                 (n & 3) * 64 + u);
        block[at] = tiles[size_t(n)][size_t(v * 64 + u)];
      }
    }
  }
  return block;
}

// The tile CLUTs, then the sprite side's, on one 64 KB page.
std::vector<uint8_t> Cluts(const DemoSpriteSide& sprites) {
  std::vector<uint8_t> cluts(kClutPage, 0);
  auto put = [&](int p, int e, Rgb c) {
    const size_t at = size_t(p) * 4 + size_t(e) * 256;  // B, G, R, 0
    cluts[at] = Clamp(c.b), cluts[at + 1] = Clamp(c.g), cluts[at + 2] = Clamp(c.r);
  };
  for (int p = 0; p < kTileCluts; ++p) {
    for (int e = 0; e < 256; ++e) put(p, e, ClutColour(p, e));
  }
  for (size_t s = 0; s < sprites.cluts.size(); ++s) {
    for (int e = 0; e < 256; ++e) {
      const DemoRgb c = sprites.cluts[s][size_t(e)];
      put(kTileCluts + int(s), e, {c.r, c.g, c.b});
    }
  }
  return cluts;
}

// 4 entries a tile, then the sprite side's entries (their CLUTs follow the
// tile CLUTs).
std::vector<uint8_t> PaletteIndex(const DemoSpriteSide& sprites) {
  std::vector<uint8_t> index;
  for (int n = 0; n < kTiles; ++n) {
    for (int r = 0; r < 4; ++r) AppendU16(index, uint16_t(n < kSides ? r : 4 + r));
  }
  for (uint16_t clut : sprites.palette_index) AppendU16(index, uint16_t(kTileCluts + clut));
  return index;
}

}  // namespace

std::vector<uint8_t> DemoStyle() {
  const DemoSpriteSide sprites = MakeDemoSpriteSide();
  const std::vector<uint8_t> block = TileBlock();
  const std::vector<uint8_t> anims = {1, /*block*/ 5, /*lid*/ 1, /*speed*/ 8, 2, 0, 1};
  const std::vector<uint8_t> cluts = Cluts(sprites);
  const std::vector<uint8_t> index = PaletteIndex(sprites);
  const int cluts_used = kTileCluts + int(sprites.cluts.size());
  std::vector<uint8_t> out;
  // The four "<kind> CLUT size" fields count palette-index entries (1024
  // bytes each), which is how the readers find the sprite and remap entries:
  // the tile entries (4 a tile), the sprite palettes, the remaps, no fonts.
  for (uint32_t v :
       {336u, uint32_t(kSides * 4096), uint32_t(kLids * 4096), uint32_t(kAux * 4096),
        uint32_t(anims.size()), uint32_t(cluts_used * 1024), uint32_t(4 * kTiles * 1024),
        uint32_t(sprites.sprite_palettes * 1024), uint32_t(sprites.remap_palettes * 1024), 0u,
        uint32_t(index.size()), uint32_t(sprites.object_info.size()),
        uint32_t(sprites.cars.size()), uint32_t(sprites.sprite_info.size()),
        uint32_t(sprites.sprite_graphics.size()), uint32_t(sprites.sprite_numbers.size())}) {
    AppendU32(out, v);
  }
  for (const std::vector<uint8_t>* section :
       {&block, &anims, &cluts, &index, &sprites.object_info, &sprites.cars, &sprites.sprite_info,
        &sprites.sprite_graphics, &sprites.sprite_numbers}) {
    out.insert(out.end(), section->begin(), section->end());
  }
  return out;
}

std::vector<uint8_t> DemoFont() {
  constexpr int kCount = int(sizeof(kGlyphs) / sizeof(kGlyphs[0]));
  std::vector<uint8_t> out = {uint8_t(kCount), uint8_t(kFontHeight)};
  for (const auto& g : kGlyphs) {
    int first = 0, last = 4;
    while (first < 4 && g[first] == 0) ++first;
    while (last > first && g[last] == 0) --last;
    const int width = last - first + 2;  // one blank column after each glyph
    out.push_back(uint8_t(width));
    for (int y = 0; y < kFontHeight; ++y) {
      for (int x = 0; x < width; ++x) {
        const int column = first + x;
        out.push_back(column <= last && (g[column] >> y) & 1 ? 1 : 0);
      }
    }
  }
  for (int i = 0; i < 256; ++i) {
    const uint8_t grey = uint8_t(i);
    if (i == 1) {
      out.insert(out.end(), {255, 255, 255});
    } else {
      out.insert(out.end(), {grey, grey, grey});
    }
  }
  return out;
}

}  // namespace kbot::demo
