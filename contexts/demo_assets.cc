#include "contexts/demo_assets.h"

#include <cmath>
#include <numbers>

#include "formats/gaf/gaf_writer.h"
#include "formats/palette/palette.h"

namespace kbot::contexts {

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
  return assets;
}

}  // namespace kbot::contexts
