#include "demo/demo_assets.h"

#include <cmath>
#include <cstdlib>
#include <numbers>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "demo/demo_archive.h"
#include "demo/demo_gta.h"
#include "demo/demo_kingdoms.h"
#include "demo/demo_maps.h"
#include "demo/demo_units.h"
#include "formats/gaf/gaf_writer.h"
#include "formats/palette/palette.h"

namespace kbot::demo {

namespace {

// TA palette indices used for drawing.
constexpr uint8_t kKey = 9;     // the system blue-pink key TA's own cursors use
constexpr uint8_t kRing = 91;   // grey
constexpr uint8_t kDot = 232;   // green
constexpr uint8_t kFire[] = {192, 194, 196, 198, 200, 202, 204, 206};

gaf::FrameToWrite BlankFrame(int w, int h, uint8_t storage) {
  gaf::FrameToWrite f;
  f.width = uint16_t(w);
  f.height = uint16_t(h);
  f.origin_x = int16_t(w / 2);
  f.origin_y = int16_t(h / 2);
  f.transparency = kKey;
  f.storage_byte = storage;
  f.index.assign(size_t(w) * h, kKey);
  f.opaque.assign(size_t(w) * h, 0);
  return f;
}

gaf::SequenceToWrite Spinner() {
  gaf::SequenceToWrite seq{"spinner", 1, 0, {}};
  for (int i = 0; i < 8; ++i) {
    gaf::FrameToWrite f = BlankFrame(32, 32, 1);
    f.duration = 4;
    const double angle = i * std::numbers::pi / 4;
    const double dot_x = 15.5 + 10 * std::cos(angle), dot_y = 15.5 + 10 * std::sin(angle);
    for (int y = 0; y < 32; ++y) {
      for (int x = 0; x < 32; ++x) {
        const double r = std::hypot(x - 15.5, y - 15.5);
        const double d = std::hypot(x - dot_x, y - dot_y);
        const size_t p = size_t(y) * 32 + x;
        if (d <= 3.5) {
          f.index[p] = kDot;
          f.opaque[p] = 1;
        } else if (r >= 9 && r <= 11) {
          f.index[p] = kRing;
          f.opaque[p] = 1;
        }
      }
    }
    seq.frames.push_back(std::move(f));
  }
  return seq;
}

gaf::SequenceToWrite Explosion() {
  // Durations show the game's rules: 0 is shown for one tick, and only the
  // low 16 bits of 0x00010005 count (5 ticks).
  const uint32_t durations[] = {0, 2, 3, 3, 4, 0x00010005};
  gaf::SequenceToWrite seq{"explosion", 0, 0, {}};
  for (int i = 0; i < 6; ++i) {
    const int size = 8 + 8 * i;
    gaf::FrameToWrite f = BlankFrame(size, size, 0);
    f.duration = durations[i];
    const double c = (size - 1) / 2.0, radius = size / 2.0;
    for (int y = 0; y < size; ++y) {
      for (int x = 0; x < size; ++x) {
        const double r = std::hypot(x - c, y - c) / radius;
        if (r > 1.0) continue;
        const size_t p = size_t(y) * size + x;
        const int shade = std::min(7, int(r * 4 + i * 0.6));
        f.index[p] = kFire[shade];
        f.opaque[p] = 1;
      }
    }
    seq.frames.push_back(std::move(f));
  }
  return seq;
}

gaf::FrameToWrite TruecolorFrame(int w, int h, uint8_t storage, uint32_t duration) {
  gaf::FrameToWrite f;
  f.width = uint16_t(w);
  f.height = uint16_t(h);
  f.origin_x = int16_t(w / 2);
  f.origin_y = int16_t(h / 2);
  f.storage_byte = storage;
  f.duration = duration;
  f.argb.assign(size_t(w) * h, 0);
  return f;
}

gaf::SequenceToWrite Glow() {
  gaf::SequenceToWrite seq{"glow", 1, 0, {}};
  for (int i = 0; i < 4; ++i) {
    gaf::FrameToWrite f = TruecolorFrame(16, 16, gaf::kStorageArgb4444, 3);
    for (int y = 0; y < 16; ++y) {
      for (int x = 0; x < 16; ++x) {
        const double r = std::hypot(x - 7.5, y - 7.5) / (5.0 + i);
        const unsigned alpha = r >= 1 ? 0 : unsigned((1 - r) * 15);
        f.argb[size_t(y) * 16 + x] = uint16_t(alpha << 12 | 0xf << 8 | (8 + 2 * i) << 4 | 2);
      }
    }
    seq.frames.push_back(std::move(f));
  }
  return seq;
}

gaf::SequenceToWrite Flag() {
  gaf::SequenceToWrite seq{"flag", 1, 0, {}};
  gaf::FrameToWrite f = TruecolorFrame(24, 16, gaf::kStorageArgb1555, 1);
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 24; ++x) {
      const uint16_t red = 0x7c00, white = 0x7fff, blue = 0x001f;
      f.argb[size_t(y) * 24 + x] = uint16_t(0x8000 | (x < 8 ? blue : (y / 4) % 2 ? white : red));
    }
  }
  seq.frames.push_back(std::move(f));
  return seq;
}

// --- anims/cursors.gaf: TA-style cursors -----------------------------------

// Index 0 is opaque black in every frame: only skipped pixels are transparent.
constexpr uint8_t kBlack = 0;
constexpr uint8_t kGreens[] = {232, 233, 234, 235};  // TA's bright-to-dark green ramp
constexpr uint8_t kRed = 249;                        // TA's system red

// The classic arrow pointer, tip at (0, 0), as a polygon in pixel units.
bool InArrow(double x, double y) {
  static constexpr double kPoly[][2] = {{0, 0},  {0, 15}, {4, 11}, {7, 17},
                                        {9, 16}, {6, 10}, {11, 10}};
  constexpr int n = sizeof(kPoly) / sizeof(kPoly[0]);
  bool inside = false;  // even-odd rule on the pixel centre
  for (int i = 0, j = n - 1; i < n; j = i++) {
    const double xi = kPoly[i][0], yi = kPoly[i][1], xj = kPoly[j][0], yj = kPoly[j][1];
    if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

// Draws `shape` (a predicate on pixel coordinates) filled with `fill`, its
// edge pixels (a 4-neighbour outside the shape) with `outline`.
template <typename Shape>
void DrawOutlined(gaf::FrameToWrite& f, Shape shape, uint8_t fill, uint8_t outline) {
  const int w = f.width, h = f.height;
  auto in = [&](int x, int y) { return x >= 0 && y >= 0 && x < w && y < h && shape(x, y); };
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (!in(x, y)) continue;
      const bool edge = !in(x - 1, y) || !in(x + 1, y) || !in(x, y - 1) || !in(x, y + 1);
      const size_t p = size_t(y) * w + x;
      f.index[p] = edge ? outline : fill;
      f.opaque[p] = 1;
    }
  }
}

// "cursormove": the pointer bobs along its diagonal while its fill pulses
// through the green ramp. The hotspot (origin) stays where the tip rests, as a
// game cursor's click point does not move with its animation.
gaf::SequenceToWrite CursorMove() {
  constexpr int kTip = 3;
  // Out and back: the further the arrow has bobbed, the darker its green.
  constexpr int kStep[] = {0, 1, 2, 3, 3, 2, 1, 0};
  gaf::SequenceToWrite seq{"cursormove", 1, 0, {}};
  for (int i = 0; i < 8; ++i) {
    gaf::FrameToWrite f = BlankFrame(32, 32, 1);
    f.origin_x = f.origin_y = kTip;
    f.duration = 4;
    const int tip = kTip + kStep[i];
    DrawOutlined(
        f, [&](int x, int y) { return InArrow(x - tip + 0.5, y - tip + 0.5); },
        kGreens[kStep[i]], kBlack);
    seq.frames.push_back(std::move(f));
  }
  return seq;
}

// "cursorattack": a crosshair whose ring pulses. Its key is 0, as some stock
// cursor frames use, while its black outline draws index 0 too: drawn pixels
// of a run-encoded frame are opaque whatever their value, so an export has to
// find the transparent slot elsewhere.
gaf::SequenceToWrite CursorAttack() {
  constexpr double kRadius[] = {7, 8, 9, 8};
  gaf::SequenceToWrite seq{"cursorattack", 1, 0, {}};
  for (int i = 0; i < 4; ++i) {
    gaf::FrameToWrite f = BlankFrame(32, 32, 1);
    f.transparency = 0;
    f.index.assign(f.index.size(), 0);
    f.duration = 5;
    const double r0 = kRadius[i];
    auto red = [&](int x, int y) {
      const double dx = x - 16, dy = y - 16, r = std::hypot(dx, dy);
      const bool ring = std::abs(r - r0) <= 1.0;
      const bool tick = (dx == 0 || dy == 0) && r > r0 + 1 && r <= r0 + 5;
      return ring || tick || r == 0;
    };
    // Red pixels, then a black outline: every undrawn 8-neighbour of a red one.
    for (int y = 0; y < 32; ++y) {
      for (int x = 0; x < 32; ++x) {
        const size_t p = size_t(y) * 32 + x;
        if (red(x, y)) {
          f.index[p] = kRed;
          f.opaque[p] = 1;
          continue;
        }
        for (int ny = y - 1; ny <= y + 1 && !f.opaque[p]; ++ny) {
          for (int nx = x - 1; nx <= x + 1; ++nx) {
            if (nx >= 0 && ny >= 0 && nx < 32 && ny < 32 && red(nx, ny)) {
              f.index[p] = kBlack;
              f.opaque[p] = 1;
              break;
            }
          }
        }
      }
    }
    seq.frames.push_back(std::move(f));
  }
  return seq;
}

// --- anims/layered.gaf: composite frames -------------------------------------

// TA greys for the metal, TA yellow to orange for the flash.
constexpr uint8_t kBaseFill = 85, kBaseRim = 89;
constexpr uint8_t kBarrel = 83, kBarrelEdge = 91;
constexpr uint8_t kFlash[] = {192, 194, 197};

gaf::FrameToWrite Paletted(int w, int h, int origin_x, int origin_y, uint8_t storage) {
  gaf::FrameToWrite f = BlankFrame(w, h, storage);
  f.origin_x = int16_t(origin_x);
  f.origin_y = int16_t(origin_y);
  return f;
}

// The turret's base: a run-encoded 20 x 20 disc with a darker rim, origin at
// its centre pixel (10, 10).
gaf::FrameToWrite TurretBase() {
  gaf::FrameToWrite f = Paletted(20, 20, 10, 10, 1);
  for (int y = 0; y < 20; ++y) {
    for (int x = 0; x < 20; ++x) {
      const double r = std::hypot(x - 9.5, y - 9.5);
      if (r > 9.75) continue;
      const size_t p = size_t(y) * 20 + x;
      f.index[p] = r > 8 ? kBaseRim : kBaseFill;
      f.opaque[p] = 1;
    }
  }
  return f;
}

// The barrel: a raw 14 x 4 layer whose two breech corners hold its key, so
// the base shows through them (a raw layer is drawn by its own key). Its
// origin lies left of the layer (negative x), which puts the barrel right of
// the turret's hotspot; recoil moves it back towards the base.
gaf::FrameToWrite TurretBarrel(int recoil) {
  gaf::FrameToWrite f = Paletted(14, 4, -6 + recoil, 2, 0);
  for (int y = 0; y < 4; ++y) {
    for (int x = 0; x < 14; ++x) {
      const bool breech_corner = x == 0 && (y == 0 || y == 3);
      if (breech_corner) continue;
      const size_t p = size_t(y) * 14 + x;
      f.index[p] = (y == 0 || y == 3) ? kBarrelEdge : kBarrel;
      f.opaque[p] = 1;
    }
  }
  return f;
}

// A muzzle flash past the barrel's end, run-encoded, only in the firing frame.
gaf::FrameToWrite MuzzleFlash() {
  gaf::FrameToWrite f = Paletted(6, 6, -17, 3, 1);
  for (int y = 0; y < 6; ++y) {
    for (int x = 0; x < 6; ++x) {
      const int d = std::abs(2 * x - 5) + std::abs(2 * y - 5);  // a diamond: 2 at the centre
      if (d > 6) continue;
      const size_t p = size_t(y) * 6 + x;
      f.index[p] = kFlash[d / 3];
      f.opaque[p] = 1;
    }
  }
  return f;
}

// "turret": four composite 40 x 24 frames, hotspot (12, 12): the base, the
// barrel at its recoil, and in the firing frame a third layer, the flash.
gaf::SequenceToWrite Turret() {
  constexpr int kRecoil[] = {0, 3, 2, 1};
  constexpr uint32_t kTicks[] = {6, 2, 3, 3};
  gaf::SequenceToWrite seq{"turret", 1, 0, {}};
  for (int i = 0; i < 4; ++i) {
    gaf::FrameToWrite f;
    f.width = 40;
    f.height = 24;
    f.origin_x = f.origin_y = 12;
    f.transparency = kKey;
    f.storage_byte = 1;
    f.duration = kTicks[i];
    f.layers = {TurretBase(), TurretBarrel(kRecoil[i])};
    if (i == 1) f.layers.push_back(MuzzleFlash());
    seq.frames.push_back(std::move(f));
  }
  return seq;
}

// --- anims/atlas.gaf: a TA: Kingdoms-style atlas -----------------------------
//
// Raw frames whose stored key (9) is not what the artist painted the
// background with (index 5: docs/formats/gaf.md, "The TA: Kingdoms
// transparency quirk"). The game rule draws the border opaque; the corner
// guess (EffectiveTransparencyIndex) makes it transparent. Each frame
// exercises one branch of that guess:
//   tree, rock 0   key absent, corners agree on 5  -> 5 is transparent
//   rock 1         key 9 present in the pixels      -> trust 9; the drawn
//                                                     selection box stays
//   banner 0, 1    key absent, corners disagree     -> 9: nothing transparent
constexpr uint8_t kAtlasKey = 9;
constexpr uint8_t kPaintedBorder = 5;
constexpr uint8_t kLeaves[] = {163, 166};  // TA lime greens
constexpr uint8_t kTrunk = 184;            // TA brown
constexpr uint8_t kStoneLight = 83, kStoneDark = 86, kCrack = 90;
constexpr uint8_t kSelect = 208;           // TA yellow
constexpr uint8_t kGold = 192, kPole = 88;
constexpr uint8_t kCloth[] = {209, 212};
constexpr uint8_t kFringe = 211;

gaf::FrameToWrite AtlasFrame(int w, int h, uint8_t background, uint32_t duration) {
  gaf::FrameToWrite f = Paletted(w, h, w / 2, h / 2, 0);
  f.transparency = kAtlasKey;
  f.duration = duration;
  // Every pixel is drawn: in a raw frame the stored bytes are the picture,
  // and which of them are transparent is the transparency mode's business.
  f.index.assign(f.index.size(), background);
  f.opaque.assign(f.opaque.size(), 1);
  return f;
}

void Put(gaf::FrameToWrite& f, int x, int y, uint8_t v) { f.index[size_t(y) * f.width + x] = v; }

gaf::SequenceToWrite Tree() {
  gaf::FrameToWrite f = AtlasFrame(24, 32, kPaintedBorder, 1);
  for (int y = 0; y < 32; ++y) {
    for (int x = 0; x < 24; ++x) {
      const double cx = (x - 11.5) / 10, cy = (y - 11) / 10.5;
      if (cx * cx + cy * cy <= 1) Put(f, x, y, kLeaves[(x + y) % 3 == 0]);
      else if (x >= 10 && x <= 13 && y >= 20 && y <= 30) Put(f, x, y, kTrunk);
    }
  }
  return {"tree", 1, 0, {std::move(f)}};
}

void DrawRock(gaf::FrameToWrite& f) {
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 20; ++x) {
      const double cx = (x - 9.5) / 8, cy = (y - 8.5) / 6;
      if (cx * cx + cy * cy > 1) continue;
      Put(f, x, y, x == y + 2 && x > 6 && x < 13 ? kCrack : y < 7 ? kStoneLight : kStoneDark);
    }
  }
}

gaf::SequenceToWrite Rock() {
  gaf::FrameToWrite plain = AtlasFrame(20, 16, kPaintedBorder, 15);
  DrawRock(plain);
  // The selected rock is keyed as the game expects (background 9) inside a
  // drawn one-pixel box whose four corners agree: the corner guess would
  // make the box transparent, but the key is in the pixels, so it is trusted.
  gaf::FrameToWrite selected = AtlasFrame(20, 16, kAtlasKey, 15);
  DrawRock(selected);
  for (int x = 0; x < 20; ++x) Put(selected, x, 0, kSelect), Put(selected, x, 15, kSelect);
  for (int y = 0; y < 16; ++y) Put(selected, 0, y, kSelect), Put(selected, 19, y, kSelect);
  return {"rock", 1, 0, {std::move(plain), std::move(selected)}};
}

// Full-bleed: a pole on the left with a gold finial, waving cloth, a fringe.
// Its four corners are different unit pixels and 9 appears nowhere, so the
// corner guess declines and keeps the stored key: every pixel stays drawn.
gaf::SequenceToWrite Banner() {
  gaf::SequenceToWrite seq{"banner", 1, 0, {}};
  for (int phase = 0; phase < 2; ++phase) {
    gaf::FrameToWrite f = AtlasFrame(16, 24, kPole, 8);
    for (int y = 0; y < 24; ++y) {
      for (int x = 0; x < 16; ++x) {
        if (x < 2) Put(f, x, y, y < 2 ? kGold : kPole);
        else if (y == 23) Put(f, x, y, kFringe);
        else Put(f, x, y, kCloth[((x + y + 2 * phase) / 3) % 2]);
      }
    }
    seq.frames.push_back(std::move(f));
  }
  return seq;
}

// --- anims/atlas.pcx: the atlas's palette sidecar ----------------------------

// A warm, earthy palette in TA's layout (sixteen ramps of sixteen, light to
// dark), so the atlas reads the same in either palette but visibly warmer
// through its sidecar, as a TA: Kingdoms side palette does.
constexpr palette::Rgb kRampTops[16] = {
    {0, 0, 0},       {235, 170, 140}, {170, 200, 110}, {200, 195, 160},
    {250, 225, 160}, {250, 240, 225}, {170, 160, 190}, {200, 190, 180},
    {150, 175, 190}, {210, 140, 160}, {190, 220, 120}, {255, 205, 120},
    {255, 220, 140}, {240, 120, 60},  {150, 140, 200}, {190, 140, 100}};

// Sixteen ramps of sixteen, each from its top colour down to 1/16 of it.
palette::Palette RampPalette(const palette::Rgb (&tops)[16]) {
  palette::Palette pal;
  for (int i = 0; i < 256; ++i) {
    const palette::Rgb top = tops[i / 16];
    const int scale = 16 - i % 16;  // 16/16 .. 1/16
    pal.colors[i] = {uint8_t(top.r * scale / 16), uint8_t(top.g * scale / 16),
                     uint8_t(top.b * scale / 16)};
  }
  return pal;
}

palette::Palette AtlasPalette() {
  palette::Palette pal = RampPalette(kRampTops);
  // The first ramp: black, then dark umbers, with the atlas's two special
  // indices loud enough to spot: the painted border (magenta, seen whenever a
  // render draws it opaque) and the stored key (lime, never drawn).
  for (int i = 1; i < 16; ++i) pal.colors[i] = {uint8_t(12 * i), uint8_t(7 * i), uint8_t(3 * i)};
  pal.colors[kPaintedBorder] = {255, 0, 255};
  pal.colors[kAtlasKey] = {0, 255, 0};
  return pal;
}

// PCX RLE (docs/formats/palettes.md, "PCX palettes"): a run of 1..63 equal
// bytes is 0xC0 | count, then the byte; a single byte below 0xC0 stands for
// itself. Runs stay in a line.
void PcxLine(const uint8_t* line, size_t width, std::vector<uint8_t>& out) {
  for (size_t x = 0; x < width;) {
    size_t n = 1;
    while (x + n < width && n < 63 && line[x + n] == line[x]) ++n;
    if (n > 1 || line[x] >= 0xC0) out.push_back(uint8_t(0xC0 | n));
    out.push_back(line[x]);
    x += n;
  }
}

// An 8-bit, one-plane, RLE PCX (version 5) of side x side pixels, pixel
// (x, y) being index side * y + x, followed by the 0x0C marker and the
// 768-byte palette that TA: Kingdoms actually reads.
std::vector<uint8_t> SwatchPcx(int side, const palette::Palette& pal) {
  std::vector<uint8_t> out(palette::kPcxHeaderSize, 0);
  auto u16 = [&](size_t at, uint16_t v) {
    out[at] = uint8_t(v);
    out[at + 1] = uint8_t(v >> 8);
  };
  out[0] = 0x0A;  // manufacturer
  out[1] = 5;     // version 5: 256-colour palette at the end
  out[2] = 1;     // RLE
  out[3] = 8;     // bits per pixel
  u16(4, 0);      // xmin, ymin, xmax, ymax (inclusive)
  u16(6, 0);
  u16(8, uint16_t(side - 1));
  u16(10, uint16_t(side - 1));
  u16(12, 72);    // dpi
  u16(14, 72);
  out[65] = 1;    // planes
  const int bytes_per_line = (side + 1) / 2 * 2;  // even, as PCX wants; padded with 0
  u16(66, uint16_t(bytes_per_line));
  u16(68, 1);     // palette info: colour
  std::vector<uint8_t> line(bytes_per_line, 0);
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) line[x] = uint8_t(y * side + x);
    PcxLine(line.data(), line.size(), out);
  }
  out.push_back(0x0C);
  for (const palette::Rgb& c : pal.colors) out.insert(out.end(), {c.r, c.g, c.b});
  return out;
}

// A 16 x 16 swatch of the atlas's palette.
std::vector<uint8_t> AtlasPcx() { return SwatchPcx(16, AtlasPalette()); }

// --- units/araflag.gaf and palettes/aramon.pcx: a side-prefixed unit ---------
//
// TA: Kingdoms draws a unit GAF whose name starts with a side's prefix with
// that side's palette ("ara" -> palettes/aramon.pcx), so the same indices
// that read orange in the TA palette read Aramon blue and silver here.
constexpr uint8_t kFlagPole = 88, kFlagFinial = 192, kFlagEmblem = 194;
constexpr uint8_t kFlagCloth[] = {209, 212};

// "araflag": 4 run-encoded 20 x 24 frames, looping, 6 ticks each: a silver
// pole with a gold finial and a blue banner waving from it, origin at the
// pole's foot (1, 23).
gaf::SequenceToWrite AraFlag() {
  gaf::SequenceToWrite seq{"araflag", 1, 0, {}};
  for (int i = 0; i < 4; ++i) {
    gaf::FrameToWrite f = BlankFrame(20, 24, 1);
    f.origin_x = 1;
    f.origin_y = 23;
    f.duration = 6;
    auto put = [&](int x, int y, uint8_t v) {
      f.index[size_t(y) * 20 + x] = v;
      f.opaque[size_t(y) * 20 + x] = 1;
    };
    for (int y = 0; y < 24; ++y) put(0, y, kFlagPole), put(1, y, kFlagPole);
    for (int x = 0; x < 2; ++x) put(x, 0, kFlagFinial);
    for (int x = 2; x < 20; ++x) {
      // An 11-row cloth from row 2 that waves (up to 2 rows) more the further
      // it is from the pole.
      const double wave = std::sin(x * 0.5 - i * std::numbers::pi / 2);
      const int dy = int(std::lround((x - 2) / 17.0 * 2 * wave));
      for (int y = 0; y < 11; ++y) {
        const bool emblem = std::abs(x - 10) + std::abs(y - 5) <= 2;
        put(x, 2 + y + dy, emblem ? kFlagEmblem : kFlagCloth[(x / 3) % 2]);
      }
    }
    seq.frames.push_back(std::move(f));
  }
  return seq;
}

// Aramon's palette, in TA's layout: cool blues, silvers and greys, with the
// gold of ramp 12 kept for the finial and emblem.
constexpr palette::Rgb kAramonRampTops[16] = {
    {0, 0, 0},       {180, 190, 220}, {120, 160, 200}, {200, 205, 215},
    {160, 200, 240}, {230, 235, 245}, {150, 160, 210}, {190, 195, 205},
    {140, 170, 210}, {170, 180, 230}, {130, 190, 200}, {100, 140, 220},
    {255, 215, 90},  {70, 110, 230},  {120, 120, 200}, {150, 170, 190}};

palette::Palette AramonPalette() {
  palette::Palette pal = RampPalette(kAramonRampTops);
  for (int i = 1; i < 16; ++i) pal.colors[i] = {uint8_t(6 * i), uint8_t(8 * i), uint8_t(14 * i)};
  return pal;
}

// A 1 x 1 PCX, as TA: Kingdoms ships its side palettes.
std::vector<uint8_t> AramonPcx() { return SwatchPcx(1, AramonPalette()); }

absl::Status AddGaf(std::vector<DemoAsset>& assets, const std::string& path,
                    const std::vector<gaf::SequenceToWrite>& sequences) {
  absl::StatusOr<std::vector<uint8_t>> bytes = gaf::WriteGaf(sequences);
  if (!bytes.ok()) {
    return absl::InternalError(absl::StrCat("demo ", path, ": ", bytes.status().message()));
  }
  assets.push_back({path, *std::move(bytes)});
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<DemoAsset>> MakeDemoAssets() {
  std::vector<DemoAsset> assets;
  absl::StatusOr<std::vector<uint8_t>> gaf = gaf::WriteGaf({Spinner(), Explosion()});
  if (!gaf.ok()) return gaf.status();
  assets.push_back({"anims/demo.gaf", *std::move(gaf)});
  absl::StatusOr<std::vector<uint8_t>> taf = gaf::WriteGaf({Glow(), Flag()});
  if (!taf.ok()) return taf.status();
  assets.push_back({"anims/glow.taf", *std::move(taf)});
  const Bytes pal = palette::TaPaletteBytes();
  assets.push_back({"palettes/palette.pal", std::vector<uint8_t>(pal.begin(), pal.end())});
  if (absl::Status s = AddGaf(assets, "anims/cursors.gaf", {CursorMove(), CursorAttack()});
      !s.ok()) {
    return s;
  }
  if (absl::Status s = AddGaf(assets, "anims/layered.gaf", {Turret()}); !s.ok()) return s;
  if (absl::Status s = AddGaf(assets, "anims/atlas.gaf", {Tree(), Rock(), Banner()}); !s.ok()) {
    return s;
  }
  assets.push_back({"anims/atlas.pcx", AtlasPcx()});
  if (absl::Status s = AddGaf(assets, "units/araflag.gaf", {AraFlag()}); !s.ok()) return s;
  assets.push_back({"palettes/aramon.pcx", AramonPcx()});
  absl::StatusOr<std::vector<DemoAsset>> gta = MakeDemoGtaAssets();
  if (!gta.ok()) return gta.status();
  for (DemoAsset& a : *gta) assets.push_back(std::move(a));
  for (DemoAsset& a : MakeDemoKingdomsAssets()) assets.push_back(std::move(a));
  for (DemoAsset& a : MakeDemoMapAssets()) assets.push_back(std::move(a));
  absl::StatusOr<std::vector<DemoAsset>> units = MakeDemoUnitAssets();
  if (!units.ok()) return units.status();
  for (DemoAsset& a : *units) assets.push_back(std::move(a));
  absl::StatusOr<DemoAsset> archive = MakeDemoArchive(assets);
  if (!archive.ok()) return archive.status();
  assets.push_back(*std::move(archive));
  return assets;
}

}  // namespace kbot::demo
