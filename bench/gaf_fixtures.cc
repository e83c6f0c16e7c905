#include "bench/gaf_fixtures.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "absl/strings/str_format.h"

namespace kbot::bench {

namespace {

// SplitMix64: tiny, fast and the same sequence on every platform (unlike the
// <random> distributions, whose output the standard leaves to the library).
uint64_t Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next() { return Mix(state_ += 0x9e3779b97f4a7c15ull); }
  // 0 .. n-1
  uint32_t Below(uint32_t n) { return uint32_t(Next() % n); }
  // lo .. hi inclusive
  int Range(int lo, int hi) { return lo + int(Below(uint32_t(hi - lo + 1))); }
  double Unit() { return double(Next() >> 11) * 0x1.0p-53; }
  bool Chance(double p) { return Unit() < p; }

 private:
  uint64_t state_;
};

// Smooth value noise in [0, 1): hashed lattice values, smoothstep-blended.
double Lattice(uint64_t seed, int64_t x, int64_t y) {
  return double(Mix(seed ^ Mix(uint64_t(x) * 0x9e3779b97f4a7c15ull ^ Mix(uint64_t(y) + 0x632be5ab))) >>
                11) *
         0x1.0p-53;
}

double ValueNoise(uint64_t seed, double x, double y) {
  const double fx = std::floor(x), fy = std::floor(y);
  const int64_t ix = int64_t(fx), iy = int64_t(fy);
  double tx = x - fx, ty = y - fy;
  tx = tx * tx * (3 - 2 * tx);
  ty = ty * ty * (3 - 2 * ty);
  const double a = Lattice(seed, ix, iy), b = Lattice(seed, ix + 1, iy);
  const double c = Lattice(seed, ix, iy + 1), d = Lattice(seed, ix + 1, iy + 1);
  return (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty;
}

// Fractal noise: octaves of value noise, each twice the frequency and half the
// weight of the one before. [0, 1).
double Fbm(uint64_t seed, double x, double y, int octaves = 3) {
  double sum = 0, weight = 1, total = 0, scale = 1;
  for (int o = 0; o < octaves; ++o) {
    sum += weight * ValueNoise(seed + uint64_t(o) * 0x51ed27, x * scale, y * scale);
    total += weight;
    weight *= 0.5;
    scale *= 2;
  }
  return sum / total;
}

// A run of palette indices shading one material from dark to light.
struct Ramp {
  uint8_t first;
  uint8_t length;
  // Level 0 (darkest) .. length-1, clamped; never the atlas key 9 unless asked.
  uint8_t At(int level) const {
    level = std::clamp(level, 0, int(length) - 1);
    const uint8_t v = uint8_t(first + level);
    return v == kAtlasKey ? uint8_t(kAtlasKey + 1) : v;
  }
};

// Ramps in the spirit of the TA palette's 16-entry colour groups.
constexpr Ramp kTerrainRamps[] = {{0x10, 16}, {0x20, 16}, {0x50, 16}, {0x60, 16}, {0x70, 16},
                                  {0x80, 16}, {0x90, 16}, {0xa0, 16}, {0xb0, 16}, {0xc0, 16}};
constexpr Ramp kMetalRamps[] = {{0xd0, 16}, {0x30, 16}, {0x40, 16}, {0xe0, 16}};
constexpr Ramp kFire{0xd0, 16};   // dark red (0) .. white-hot (15)
constexpr Ramp kSmoke{0xe0, 12};  // dark grey .. light grey
constexpr Ramp kGrass{0x50, 16}, kDirt{0x70, 16}, kRock{0x90, 16}, kWater{0xa0, 16};
constexpr Ramp kPanel{0xf0, 10};

int Grain(Rng& rng, double probability) {
  if (!rng.Chance(probability)) return 0;
  return rng.Chance(0.5) ? 1 : -1;
}

// --- atlas -----------------------------------------------------------------

enum class TextureKind { kTerrain, kPanel };

void PaintTerrain(Rng& rng, uint64_t seed, int shift, const Ramp& ramp, gaf::FrameToWrite& f) {
  const double cell = f.width >= 128 ? 24.0 : 14.0;
  for (int y = 0; y < f.height; ++y) {
    for (int x = 0; x < f.width; ++x) {
      const double n = Fbm(seed, (x + shift) / cell, (y + shift / 2) / cell, 3);
      const int level = int(n * (ramp.length + 2)) - 1 + Grain(rng, 0.55);
      f.index[size_t(y) * f.width + x] = ramp.At(level);
    }
  }
}

void PaintPanel(Rng& rng, uint64_t seed, int shift, const Ramp& ramp, gaf::FrameToWrite& f) {
  const int plate = f.width >= 128 ? 32 : 16;
  const int light = int(Lattice(seed, shift, 7) * 3);  // animated frames flicker a little
  for (int y = 0; y < f.height; ++y) {
    for (int x = 0; x < f.width; ++x) {
      const int px = x % plate, py = y % plate;
      int level = 8 + light + ((y / 8) % 3 == 2 ? -1 : 0);
      if (px == 0 || py == 0) {
        level = 2;
      } else if (px == 1 || py == 1) {
        level = 13;
      } else if ((px == 4 || px == plate - 4) && (py == 4 || py == plate - 4)) {
        level = 15;
      } else {
        level += Grain(rng, 0.12);
        // Scratches and wear: sparse streaks of noise.
        if (Fbm(seed + 99, x / 6.0, y / 40.0, 2) > 0.72) level += Grain(rng, 0.8) * 2 - 1;
      }
      f.index[size_t(y) * f.width + x] = ramp.At(level);
    }
  }
}

// Turns the outside of a shape into key pixels: a disc, a rounded plate or
// a ragged hole pattern, as TA's cut-out textures (wrecks, trees, craters).
void CutOut(uint64_t seed, int shape, gaf::FrameToWrite& f) {
  const double cx = f.width / 2.0, cy = f.height / 2.0;
  const double r = std::min(f.width, f.height) / 2.0;
  for (int y = 0; y < f.height; ++y) {
    for (int x = 0; x < f.width; ++x) {
      const double dx = (x + 0.5 - cx) / r, dy = (y + 0.5 - cy) / r;
      const double wobble = 0.25 * Fbm(seed + 5, x / 8.0, y / 8.0, 2);
      bool out = false;
      switch (shape) {
        case 0: out = dx * dx + dy * dy > (0.8 + wobble) * (0.8 + wobble); break;
        case 1: out = std::max(std::fabs(dx), std::fabs(dy)) > 0.8 + wobble; break;
        default: out = Fbm(seed + 11, x / 10.0, y / 10.0, 2) > 0.62; break;
      }
      if (out) {
        const size_t i = size_t(y) * f.width + x;
        f.index[i] = kAtlasKey;
        f.opaque[i] = 0;
      }
    }
  }
}

struct Size {
  uint16_t w, h;
  int weight;  // per 100
};
constexpr Size kAtlasSizes[] = {{32, 32, 10},  {64, 64, 51},   {64, 128, 5},
                                {128, 64, 5},  {128, 128, 25}, {256, 256, 4}};

Size PickSize(Rng& rng) {
  int roll = int(rng.Below(100));
  for (const Size& s : kAtlasSizes) {
    if (roll < s.weight) return s;
    roll -= s.weight;
  }
  return kAtlasSizes[1];
}

int PickFrameCount(Rng& rng) {
  const int roll = int(rng.Below(100));
  if (roll < 50) return 1;
  if (roll < 70) return 2;
  if (roll < 80) return 3;
  return 4;
}

// --- effects ---------------------------------------------------------------

struct Blast {
  int cx, cy;
  int rmax;
  double core;   // the white-hot core, as a fraction of the radius
  double spark;  // spark density just outside the edge
  bool smoky;    // turns to smoke as it cools
  uint64_t seed;
};

// Frame t of a blast: it grows over the first frames, then cools: the core
// shrinks, the gradient darkens and (smoky blasts) turns to smoke.
void PaintBlast(const Blast& b, int t, int frames, Rng& rng, int side, std::vector<uint8_t>& index,
                std::vector<uint8_t>& opaque, uint8_t key) {
  index.assign(size_t(side) * side, key);
  opaque.assign(size_t(side) * side, 0);
  const double grow = std::min(1.0, (t + 1) / 6.0);
  const double r = 6 + (b.rmax - 6) * grow;
  const double heat = 1.0 - double(t) / (frames + 2);
  const double core = b.core * heat * heat;
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      const double dx = x - b.cx, dy = y - b.cy;
      const double d = std::sqrt(dx * dx + dy * dy);
      const double wobble = Fbm(b.seed + uint64_t(t) * 7, x / 10.0, y / 10.0, 2);
      const double q = d / (r * (0.75 + 0.5 * wobble));
      const size_t i = size_t(y) * side + x;
      if (q < core) {
        index[i] = kFire.At(15);
        opaque[i] = 1;
      } else if (q < 1.0) {
        const double pos = (q - core) / (1.0 - core);  // 0 at the core, 1 at the edge
        if (b.smoky && heat < 0.65 && pos > heat * 0.8) {
          // Smoke: broad bands of grey, little grain, so mostly repeats.
          const int level = int(Fbm(b.seed + 3, x / 14.0, y / 14.0, 2) * 6) + 3;
          index[i] = kSmoke.At(level + (rng.Chance(0.08) ? 1 : 0));
        } else {
          const int level = int((1.0 - pos) * heat * 15.0 + 1.0) + Grain(rng, 0.6);
          index[i] = kFire.At(level);
        }
        opaque[i] = 1;
      } else if (q < 1.5 && rng.Chance(b.spark * (1.5 - q) * 2.0 * heat)) {
        index[i] = kFire.At(rng.Range(10, 15));
        opaque[i] = 1;
      }
    }
  }
}

Blast MakeBlast(uint64_t seed, int side) {
  Rng rng(seed);
  Blast b;
  b.cx = side / 2 + rng.Range(-6, 6);
  b.cy = side / 2 + rng.Range(-6, 6);
  b.rmax = side * rng.Range(31, 44) / 100;
  b.core = 0.25 + rng.Unit() * 0.2;
  b.spark = 0.08 + rng.Unit() * 0.1;
  b.smoky = (seed & 1) != 0;
  b.seed = seed * 31 + 17;
  return b;
}

// --- scene -----------------------------------------------------------------

void FillRect(image::IndexedPicture& p, int x0, int y0, int w, int h, uint8_t v) {
  for (int y = std::max(0, y0); y < std::min(p.height, y0 + h); ++y) {
    for (int x = std::max(0, x0); x < std::min(p.width, x0 + w); ++x) {
      p.index[size_t(y) * p.width + x] = v;
    }
  }
}

// A raised panel: flat face, light top-left edge, dark bottom-right edge.
void Bevel(image::IndexedPicture& p, int x0, int y0, int w, int h, const Ramp& ramp) {
  FillRect(p, x0, y0, w, h, ramp.At(5));
  FillRect(p, x0, y0, w, 1, ramp.At(9));
  FillRect(p, x0, y0, 1, h, ramp.At(9));
  FillRect(p, x0, y0 + h - 1, w, 1, ramp.At(1));
  FillRect(p, x0 + w - 1, y0, 1, h, ramp.At(1));
}

// A line of 4 x 6 "glyphs": random pixel patterns the density of small text.
void Text(image::IndexedPicture& p, Rng& rng, int x0, int y0, int chars, uint8_t ink) {
  for (int c = 0; c < chars; ++c) {
    if (rng.Chance(0.15)) continue;  // a space
    for (int y = 0; y < 6; ++y) {
      for (int x = 0; x < 4; ++x) {
        if (rng.Chance(0.42)) p.index[size_t(y0 + y) * p.width + x0 + c * 6 + x] = ink;
      }
    }
  }
}

void Paste(image::IndexedPicture& p, int x0, int y0, int w, int h, const std::vector<uint8_t>& index,
           const std::vector<uint8_t>& opaque) {
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const int px = x0 + x, py = y0 + y;
      if (px < 0 || py < 0 || px >= p.width || py >= p.height) continue;
      if (opaque.empty() || opaque[size_t(y) * w + x]) {
        p.index[size_t(py) * p.width + px] = index[size_t(y) * w + x];
      }
    }
  }
}

}  // namespace

std::vector<gaf::SequenceToWrite> AtlasSequences() {
  Rng rng(0x7a7e5);
  std::vector<gaf::SequenceToWrite> sequences;
  size_t bytes = 0;
  while (bytes < kAtlasPixelBytes) {
    const size_t s = sequences.size();
    const Size size = PickSize(rng);
    const int frames = PickFrameCount(rng);
    const TextureKind kind = rng.Chance(0.7) ? TextureKind::kTerrain : TextureKind::kPanel;
    const bool cutout = rng.Chance(0.33);
    const int shape = rng.Range(0, 2);
    const Ramp ramp = kind == TextureKind::kTerrain
                          ? kTerrainRamps[rng.Below(std::size(kTerrainRamps))]
                          : kMetalRamps[rng.Below(std::size(kMetalRamps))];
    const uint64_t seed = rng.Next();

    gaf::SequenceToWrite seq;
    seq.name = absl::StrFormat("%s%04d", kind == TextureKind::kTerrain ? "ground" : "metal", s);
    seq.loop_flags = frames > 1 ? 1 : 0;
    for (int f = 0; f < frames; ++f) {
      gaf::FrameToWrite frame;
      frame.width = size.w;
      frame.height = size.h;
      frame.transparency = kAtlasKey;
      frame.storage_byte = 0;
      frame.duration = frames > 1 ? 4 : 0;
      frame.index.assign(size_t(size.w) * size.h, 0);
      frame.opaque.assign(size_t(size.w) * size.h, 1);
      if (kind == TextureKind::kTerrain) {
        PaintTerrain(rng, seed, f * 4, ramp, frame);
      } else {
        PaintPanel(rng, seed, f, ramp, frame);
      }
      if (cutout) CutOut(seed, shape, frame);
      bytes += frame.index.size();
      seq.frames.push_back(std::move(frame));
    }
    sequences.push_back(std::move(seq));
  }
  return sequences;
}

std::vector<gaf::SequenceToWrite> EffectsSequences() {
  std::vector<gaf::SequenceToWrite> sequences;
  for (int s = 0; s < kEffectsSequences; ++s) {
    const Blast blast = MakeBlast(0xeffec7 + uint64_t(s), kEffectsSide);
    Rng rng(0xf12e + uint64_t(s));
    gaf::SequenceToWrite seq;
    seq.name = absl::StrFormat("explode%d", s + 1);
    seq.loop_flags = 0;
    for (int t = 0; t < kEffectsFramesPerSequence; ++t) {
      gaf::FrameToWrite frame;
      frame.width = kEffectsSide;
      frame.height = kEffectsSide;
      frame.origin_x = kEffectsSide / 2;
      frame.origin_y = kEffectsSide / 2;
      frame.transparency = kEffectsKey;
      frame.storage_byte = 1;
      frame.duration = 2;
      PaintBlast(blast, t, kEffectsFramesPerSequence, rng, kEffectsSide, frame.index, frame.opaque,
                 kEffectsKey);
      seq.frames.push_back(std::move(frame));
    }
    sequences.push_back(std::move(seq));
  }
  return sequences;
}

absl::StatusOr<std::vector<uint8_t>> AtlasGaf() { return gaf::WriteGaf(AtlasSequences()); }
absl::StatusOr<std::vector<uint8_t>> EffectsGaf() { return gaf::WriteGaf(EffectsSequences()); }

image::IndexedPicture Scene() {
  image::IndexedPicture p(kSceneWidth, kSceneHeight, 0, 1, 0);
  Rng rng(0x5ce7e);
  const int top = 32, side = 128;

  // Terrain: grass, dirt and rock from large-scale noise, water in the lows,
  // shaded in broad bands with a fine grain.
  for (int y = top; y < p.height; ++y) {
    for (int x = side; x < p.width; ++x) {
      const double biome = Fbm(0x7e77a1, x / 90.0, y / 90.0, 3);
      const double shade = Fbm(0x5bade, x / 26.0, y / 26.0, 2);
      uint8_t v;
      if (biome < 0.33) {
        v = kWater.At(6 + (rng.Chance(0.03) ? 4 : 0));  // flat water, sparse glints
      } else {
        const Ramp& ramp = biome < 0.5 ? kGrass : biome < 0.66 ? kDirt : kRock;
        v = ramp.At(int(shade * 8) + 4 + Grain(rng, 0.3));
      }
      p.index[size_t(y) * p.width + x] = v;
    }
  }
  // Buildings: a flat roof, a darker front, an outline.
  for (int b = 0; b < 7; ++b) {
    const int w = rng.Range(30, 70), h = rng.Range(24, 50);
    const int x = rng.Range(side + 10, p.width - w - 10), y = rng.Range(top + 10, p.height - h - 20);
    const Ramp& metal = kMetalRamps[b % std::size(kMetalRamps)];
    FillRect(p, x - 1, y - 1, w + 2, h + 14, metal.At(0));
    FillRect(p, x, y, w, h, metal.At(10));
    FillRect(p, x, y + h, w, 12, metal.At(5));
    FillRect(p, x + w / 3, y + h + 3, w / 4, 9, metal.At(2));  // a door
  }
  // Explosions, from the effects fixture's blasts.
  for (int e = 0; e < 3; ++e) {
    const Blast blast = MakeBlast(0xb1a57 + uint64_t(e), kEffectsSide);
    std::vector<uint8_t> index, opaque;
    PaintBlast(blast, 4 + 3 * e, kEffectsFramesPerSequence, rng, kEffectsSide, index, opaque, 0);
    Paste(p, rng.Range(side, p.width - kEffectsSide), rng.Range(top, p.height - kEffectsSide),
          kEffectsSide, kEffectsSide, index, opaque);
  }

  // Top bar: a flat panel, a line of text, resource meters.
  Bevel(p, 0, 0, p.width, top, kPanel);
  Text(p, rng, 8, 13, 40, 0xff);
  for (int m = 0; m < 2; ++m) {
    FillRect(p, 400 + m * 120, 12, 100, 8, kPanel.At(0));
    FillRect(p, 401 + m * 120, 13, rng.Range(30, 98), 6, m == 0 ? kGrass.At(12) : kFire.At(12));
  }
  // Sidebar: a flat panel with two columns of build buttons, each an icon.
  Bevel(p, 0, top, side, p.height - top, kPanel);
  Text(p, rng, 8, top + 6, 18, 0xff);
  for (int row = 0; row < 6; ++row) {
    for (int col = 0; col < 2; ++col) {
      const int bx = 4 + col * 62, by = top + 22 + row * 56;
      Bevel(p, bx, by, 58, 52, kPanel);
      gaf::FrameToWrite icon;
      icon.width = 50;
      icon.height = 36;
      icon.index.assign(size_t(icon.width) * icon.height, 0);
      icon.opaque.assign(icon.index.size(), 1);
      const Ramp& ramp = kMetalRamps[(row + col) % std::size(kMetalRamps)];
      if ((row + col) % 2 == 0) {
        PaintTerrain(rng, 0x1c0 + uint64_t(row * 2 + col), 0, ramp, icon);
      } else {
        PaintPanel(rng, 0x1c0 + uint64_t(row * 2 + col), 0, ramp, icon);
      }
      Paste(p, bx + 4, by + 4, icon.width, icon.height, icon.index, {});
      Text(p, rng, bx + 4, by + 43, 8, 0xff);
    }
  }
  return p;
}

ChunkStats CountChunks(Bytes file, const gaf::Gaf& gaf) {
  ChunkStats st;
  for (const gaf::Sequence& seq : gaf.sequences) {
    for (const gaf::Frame& frame : seq.frames) {
      const gaf::FrameInfo& info = frame.info;
      if (info.layered() || info.storage() != gaf::Storage::kRunEncoded) continue;
      ++st.frames;
      size_t pos = info.data_offset;
      for (size_t row = 0; row < info.height && pos + 2 <= file.size(); ++row) {
        const size_t length = LoadU16(file.data() + pos);
        const size_t end = std::min(file.size(), pos + 2 + length);
        ++st.rows;
        st.row_bytes += length;
        for (size_t i = pos + 2; i < end;) {
          const uint8_t mask = file[i++];
          if (mask & 1) {
            ++st.skips;
            st.skip_pixels += mask >> 1;
          } else if (mask & 2) {
            ++st.repeats;
            st.repeat_pixels += (mask >> 2) + 1;
            i += 1;
          } else {
            ++st.literals;
            st.literal_pixels += (mask >> 2) + 1;
            i += (mask >> 2) + 1;
          }
        }
        pos += 2 + length;
      }
    }
  }
  return st;
}

FileStats CountFrames(Bytes file, const gaf::Gaf& gaf) {
  FileStats st;
  st.sequences = gaf.sequences.size();
  for (const gaf::Sequence& seq : gaf.sequences) {
    for (const gaf::Frame& frame : seq.frames) {
      const gaf::FrameInfo& info = frame.info;
      ++st.frames;
      st.pixels += info.pixels();
      if (info.layered() || info.storage() != gaf::Storage::kRaw) continue;
      if (info.data_offset > file.size() || info.pixels() > file.size() - info.data_offset) continue;
      const uint8_t* p = file.data() + info.data_offset;
      if (std::memchr(p, info.transparency, info.pixels()) != nullptr) ++st.frames_with_key_pixels;
    }
  }
  return st;
}

}  // namespace kbot::bench
