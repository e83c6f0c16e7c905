#include "formats/gta/sprite_overlay.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"

namespace kbot::gta {

namespace {

using Key = std::tuple<int, int, int, int>;  // sprite, remap kind, car, remap

// Each (sprite, remap) drawn once, however many objects use it.
class SpriteCache {
 public:
  SpriteCache(const Style& style, const StyleSprites& sprites) : style_(style), sprites_(sprites) {}

  absl::StatusOr<const image::RgbaPicture*> Get(const PlacedSprite& p) {
    const Key key{p.sprite, int(p.remap.kind), p.remap.car, p.remap.remap};
    auto it = drawn_.find(key);
    if (it == drawn_.end()) {
      absl::StatusOr<image::RgbaPicture> picture = Draw(p);
      it = drawn_.emplace(key, std::move(picture)).first;
    }
    if (!it->second.ok()) return it->second.status();
    return &*it->second;
  }

 private:
  absl::StatusOr<image::RgbaPicture> Draw(const PlacedSprite& p) const {
    if (p.sprite < 0 || size_t(p.sprite) >= sprites_.sprites.size()) {
      return absl::InvalidArgumentError(absl::StrCat("sprite ", p.sprite, " is past the style's ",
                                                     sprites_.sprites.size(), " sprites"));
    }
    absl::StatusOr<DrawnSprite> d = DrawSprite(style_, sprites_.sprites[p.sprite], p.remap, {});
    if (!d.ok()) return d.status();
    return std::move(d->picture);
  }

  const Style& style_;
  const StyleSprites& sprites_;
  std::map<Key, absl::StatusOr<image::RgbaPicture>> drawn_;
};

// Copies the sprite's opaque pixels, turned by `degrees` clockwise and scaled
// by `scale`, centred at (cx, cy): each picture pixel in the turned box reads
// the sprite pixel under its centre. True when any pixel was written.
bool Blit(const image::RgbaPicture& sprite, double cx, double cy, double scale, double degrees,
          image::RgbaPicture& picture) {
  const double a = degrees * std::numbers::pi / 180.0;
  const double c = std::cos(a), s = std::sin(a);
  const double hw = sprite.width * scale / 2, hh = sprite.height * scale / 2;
  const double reach = std::sqrt(hw * hw + hh * hh) + 1;
  const int x0 = std::max(0, int(std::floor(cx - reach)));
  const int x1 = std::min(picture.width - 1, int(std::ceil(cx + reach)));
  const int y0 = std::max(0, int(std::floor(cy - reach)));
  const int y1 = std::min(picture.height - 1, int(std::ceil(cy + reach)));
  bool wrote = false;
  for (int py = y0; py <= y1; ++py) {
    for (int px = x0; px <= x1; ++px) {
      const double dx = px + 0.5 - cx, dy = py + 0.5 - cy;
      const double u = (dx * c + dy * s) / scale + sprite.width / 2.0;
      const double v = (-dx * s + dy * c) / scale + sprite.height / 2.0;
      if (u < 0 || v < 0 || u >= sprite.width || v >= sprite.height) continue;
      const uint8_t* from = sprite.rgba.data() + 4 * (size_t(v) * sprite.width + size_t(u));
      if (from[3] == 0) continue;
      std::copy(from, from + 4, picture.rgba.data() + 4 * (size_t(py) * picture.width + px));
      wrote = true;
    }
  }
  return wrote;
}

void Warn(OverlayResult& out, size_t& dropped, std::string line) {
  if (out.warnings.size() < kMaxRenderWarnings) {
    out.warnings.push_back(std::move(line));
  } else {
    ++dropped;
  }
}

}  // namespace

double SpriteTurnDegrees(int rotation) {
  // A sprite's art faces south (the front of a car at the bottom of its
  // picture), and the game's angle turns anticlockwise as seen from above:
  // 0 faces south, 256 east, 512 north, 768 west. So the picture turns
  // clockwise by a full turn less the angle (docs/formats/gta1.md, "Drawing
  // objects on the map").
  const int r = ((rotation % kFullTurn) + kFullTurn) % kFullTurn;
  return r == 0 ? 0.0 : 360.0 - 360.0 * r / kFullTurn;
}

absl::StatusOr<OverlayResult> DrawSpritesOnMap(const Style& style, const StyleSprites& sprites,
                                               std::vector<PlacedSprite> placed,
                                               const MapRect& rect, int pixels_per_cell,
                                               image::RgbaPicture& picture, Progress* progress) {
  std::stable_sort(placed.begin(), placed.end(),
                   [](const PlacedSprite& a, const PlacedSprite& b) { return a.z > b.z; });
  SpriteCache cache(style, sprites);
  OverlayResult out;
  size_t dropped = 0;
  const double scale = double(pixels_per_cell) / kTileSide;
  for (size_t i = 0; i < placed.size(); ++i) {
    const PlacedSprite& p = placed[i];
    absl::StatusOr<const image::RgbaPicture*> sprite = cache.Get(p);
    if (!sprite.ok()) {
      Warn(out, dropped, absl::StrCat(p.what, " not drawn: ", sprite.status().message()));
      ++out.failed;
    } else {
      const double cx = (p.x - rect.x * double(kTileSide)) * scale;
      const double cy = (p.y - rect.y * double(kTileSide)) * scale;
      out.drawn += Blit(**sprite, cx, cy, scale, SpriteTurnDegrees(p.rotation), picture);
    }
    if (progress != nullptr && !progress->Report(i + 1, placed.size())) {
      return absl::CancelledError("the object overlay was cancelled");
    }
  }
  if (dropped > 0) out.warnings.push_back(absl::StrCat("... and ", dropped, " more not drawn"));
  return out;
}

}  // namespace kbot::gta
