// The colours RenderTnt makes up rather than reads: tints, placeholders, inks.
#include <algorithm>

#include "formats/tnt/render_internal.h"

namespace kbot::tnt::render_detail {

namespace {

// Height bands, lowest first: each channel times kBandMultiplier / 256. Band
// 4 is 1.0, so a map's middle heights keep their colours; 0.63x at the
// bottom, 1.28x at the top.
constexpr int kHeightBands = 8;
constexpr int kBandMultiplier[kHeightBands] = {160, 184, 208, 232, 256, 280, 304, 328};
// Under water a colour goes half way to this blue.
constexpr palette::Rgb kWaterBlue = {0, 48, 160};

uint8_t Tint(int v, int kind, int channel) {
  v = std::min(255, (v * kBandMultiplier[kind / 2] + 128) >> 8);
  if (kind % 2 == 1) {
    const int blue = channel == 0 ? kWaterBlue.r : channel == 1 ? kWaterBlue.g : kWaterBlue.b;
    v = (v + blue + 1) / 2;
  }
  return uint8_t(v);
}

Ink MakeInk(NearestColour& nearest, palette::Rgb rgb) { return Ink{rgb, nearest.Find(rgb)}; }

}  // namespace

TintTables::TintTables() {
  for (int kind = 0; kind < kShadeKinds; ++kind) {
    for (int c = 0; c < 3; ++c) {
      for (int v = 0; v < 256; ++v) {
        channel[size_t(kind)][size_t(c)][size_t(v)] = Tint(v, kind, c);
      }
    }
  }
}

int ShadeKind(const TntMap& map, const RenderOptions& options, size_t cell) {
  const int h = map.heights[cell];
  const int band = options.height_tint ? h * kHeightBands / 256 : kPlainKind / 2;
  const bool water = options.water_tint && uint32_t(h) < map.sea_level;
  return band * 2 + (water ? 1 : 0);
}

palette::Rgb PlaceholderRgb(int height, int x, int y, bool green) {
  const bool light = ((x >> 3) ^ (y >> 3)) & 1;
  const int level = 64 + height / 2 + (light ? 32 : 0);  // 64..223
  if (!green) return {uint8_t(level), uint8_t(level), uint8_t(level)};
  return {uint8_t(level * 3 / 4), uint8_t(level), uint8_t(level / 2)};
}

Inks::Inks(NearestColour& nearest)
    : void_mark(MakeInk(nearest, {255, 0, 255})),
      feature_marker(MakeInk(nearest, {255, 255, 0})),
      start_fill(MakeInk(nearest, {0, 0, 0})),
      start_line(MakeInk(nearest, {255, 255, 255})) {}

}  // namespace kbot::tnt::render_detail
