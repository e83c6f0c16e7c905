#include "demo/demo_units.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "demo/demo_unit_parts.h"
#include "formats/gaf/gaf_writer.h"

namespace kbot::demo {

namespace {

// Indices of palettes/aramon.pcx (demo_assets.cc, AramonPalette), never 5:
// TA: Kingdoms draws a texel of index 5 as a hole.
constexpr uint8_t kKnightTexSilver = 48, kKnightTexSilverDark = 51, kKnightTexBlue = 210,
                  kKnightTexBlueDeep = 211, kKnightTexCloth = 209, kKnightTexGold = 192,
                  kKnightTexGoldDark = 197, kKnightTexTrim = 194, kKnightTexWhite = 80;

constexpr int kKnightTexSide = 32;

// A raw 32 x 32 frame, as TA and TA: Kingdoms store textures, every pixel
// set by `paint(x, y)`.
template <typename Paint>
gaf::SequenceToWrite KnightTexture(const char* name, Paint paint) {
  gaf::FrameToWrite f;
  f.width = f.height = kKnightTexSide;
  f.transparency = 9;  // the stored key of TA: Kingdoms' atlases; no pixel uses it
  f.storage_byte = 0;
  f.index.resize(size_t(kKnightTexSide) * kKnightTexSide);
  f.opaque.assign(f.index.size(), 1);
  for (int y = 0; y < kKnightTexSide; ++y) {
    for (int x = 0; x < kKnightTexSide; ++x) f.index[size_t(y) * kKnightTexSide + x] = paint(x, y);
  }
  return {name, 0, 0, {std::move(f)}};
}

// The shield's emblem: a gold cross outlined in dark gold on Aramon blue,
// rimmed in silver on the top and sides (the point below continues the
// field: demo_unit_model.cc).
uint8_t KnightShieldTexel(int x, int y) {
  const int edge = std::min({x, kKnightTexSide - 1 - x, y});
  if (edge == 0) return kKnightTexSilverDark;
  if (edge == 1) return kKnightTexSilver;
  auto cross = [](int cx, int cy) {
    return (cx >= 14 && cx <= 17 && cy >= 5 && cy <= 28) ||
           (cy >= 10 && cy <= 13 && cx >= 6 && cx <= 25);
  };
  if (cross(x, y)) return kKnightTexGold;
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      if (cross(x + dx, y + dy)) return kKnightTexGoldDark;
    }
  }
  return y > 22 ? kKnightTexBlueDeep : kKnightTexBlue;
}

// The tabard: blue cloth with a gold hem at the sides and bottom, a dark
// collar, and a gold crown on the chest set with a white jewel.
uint8_t KnightTabardTexel(int x, int y) {
  if (y <= 1) return kKnightTexGoldDark;
  if (x <= 1 || x >= kKnightTexSide - 2 || y >= kKnightTexSide - 2) return kKnightTexTrim;
  const bool band = y >= 16 && y <= 19 && x >= 9 && x <= 22;
  const bool prong =
      y >= 10 && y <= 15 && ((x >= 9 && x <= 11) || (x >= 15 && x <= 16) || (x >= 20 && x <= 22));
  const bool tip = y == 9 && (x == 10 || x == 15 || x == 16 || x == 21);
  if (band && (x == 15 || x == 16) && (y == 17 || y == 18)) return kKnightTexWhite;
  if (band || prong || tip) return kKnightTexGold;
  return kKnightTexCloth;
}

absl::StatusOr<std::vector<uint8_t>> KnightTextures() {
  return gaf::WriteGaf({KnightTexture(kKnightShieldTexture, KnightShieldTexel),
                        KnightTexture(kKnightTabardTexture, KnightTabardTexel)});
}

}  // namespace

absl::StatusOr<std::vector<DemoAsset>> MakeDemoUnitAssets() {
  absl::StatusOr<std::vector<uint8_t>> textures = KnightTextures();
  if (!textures.ok()) {
    return absl::InternalError(
        absl::StrCat("demo textures/aramon.gaf: ", textures.status().message()));
  }
  std::vector<DemoAsset> assets;
  assets.push_back({"objects3d/ARAKNIGHT.3do", KnightModel3do()});
  assets.push_back({"scripts/ARAKNIGHT.cob", KnightScriptCob()});
  assets.push_back({"textures/aramon.gaf", *std::move(textures)});
  return assets;
}

}  // namespace kbot::demo
