// What RenderTnt draws over the terrain: void hatching and features on the
// full-resolution bands (so they shrink with the map), start markers on the
// finished picture (so they stay legible at any scale).
#include <algorithm>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "formats/image/digits.h"
#include "formats/tnt/render_internal.h"

namespace kbot::tnt::render_detail {

namespace {

// A sprite reaching farther than this from its cell is drawn as a marker (a
// real feature reaches a few cells; a wild offset would make every band scan
// the whole map for what might touch it).
constexpr int64_t kMaxSpriteReach = 1024;
// The marker of a feature without a sprite: a 6 x 6 box outline centred on
// the cell, pixels 5..10 of its 16.
constexpr int kMarkerFrom = 5, kMarkerTo = 11;
// A start marker: the number in digits.h's font at 2x, inside a 1-pixel
// outline and a 1-pixel margin (10 x 14 pixels for one digit).
constexpr int kDigitScale = 2;
constexpr int kStartPad = 2;

void PutIndex(const Surface& s, const palette::Palette& palette, int x, int y, uint8_t index) {
  uint8_t* p = s.At(x, y);
  if (s.bpp == 1) {
    *p = index;
    return;
  }
  const palette::Rgb& c = palette.colors[index];
  p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = 255;
}

bool Usable(const FeatureSprite& s) {
  const image::IndexedPicture& p = s.picture;
  return p.width > 0 && p.height > 0 && p.index.size() == p.pixels() &&
         p.opaque.size() == p.pixels();
}

}  // namespace

void DrawVoidMarks(const TntMap& map, const Surface& band, const Ink& ink) {
  for (int cy = band.y0 / kCellPixels; cy * kCellPixels < band.y1(); ++cy) {
    for (int cx = band.x0 / kCellPixels; cx * kCellPixels < band.x1(); ++cx) {
      if (!map.IsVoid(size_t(cy) * map.width + size_t(cx))) continue;
      const int top = std::max(band.y0, cy * kCellPixels);
      const int bottom = std::min(band.y1(), (cy + 1) * kCellPixels);
      const int left = std::max(band.x0, cx * kCellPixels);
      const int right = std::min(band.x1(), (cx + 1) * kCellPixels);
      for (int y = top; y < bottom; ++y) {
        for (int x = left; x < right; ++x) {
          const int lx = x - cx * kCellPixels, ly = y - cy * kCellPixels;
          // Both diagonals every 8 pixels: a lattice of diamonds.
          if ((lx + ly) % 8 == 0 || (lx - ly + kCellPixels) % 8 == 0) Put(band, x, y, ink);
        }
      }
    }
  }
}

// The anchor: the frame's origin (x_offset, y_offset inside the frame) lands
// on the centre of the feature's footprint, whose top-left cell is the cell
// the feature is placed on; so the frame's top-left is that centre minus the
// offsets.
FeatureLayer::FeatureLayer(const TntMap& map, const RenderOptions& options,
                           const palette::Palette& palette, const Ink& marker,
                           std::vector<std::string>& warnings)
    : map_(map), palette_(palette), marker_(marker) {
  const Entry box{nullptr, kMarkerFrom, kMarkerFrom, kMarkerTo, kMarkerTo};
  min_left_ = min_top_ = kMarkerFrom;
  max_right_ = max_bottom_ = kMarkerTo;
  entries_.assign(map.feature_names.size(), box);
  for (size_t e = 0; e < entries_.size() && e < options.feature_sprites.size(); ++e) {
    if (!options.feature_sprites[e]) continue;
    const FeatureSprite& s = *options.feature_sprites[e];
    const std::string what = absl::StrCat("feature ", e, " (", map.feature_names[e].name, ")");
    if (!Usable(s)) {
      warnings.push_back(absl::StrCat(what, ": its sprite is a ", s.picture.width, " x ",
                                      s.picture.height, " picture with ", s.picture.index.size(),
                                      " pixels; drawn as a marker"));
      continue;
    }
    const int64_t left = int64_t(s.footprint_x) * kCellPixels / 2 - s.x_offset;
    const int64_t top = int64_t(s.footprint_z) * kCellPixels / 2 - s.y_offset;
    const int64_t right = left + s.picture.width, bottom = top + s.picture.height;
    if (std::max({std::abs(left), std::abs(top), std::abs(right), std::abs(bottom)}) >
        kMaxSpriteReach) {
      warnings.push_back(absl::StrCat(what, ": its sprite reaches past ", kMaxSpriteReach,
                                      " pixels from its cell; drawn as a marker"));
      continue;
    }
    entries_[e] = Entry{&s, int(left), int(top), int(right), int(bottom)};
    min_left_ = std::min(min_left_, int(left));
    min_top_ = std::min(min_top_, int(top));
    max_right_ = std::max(max_right_, int(right));
    max_bottom_ = std::max(max_bottom_, int(bottom));
  }
}

void FeatureLayer::DrawEntry(const Surface& band, const Entry& entry, int cell_x,
                             int cell_y) const {
  const int x0 = cell_x + entry.left, y0 = cell_y + entry.top;
  const int x1 = cell_x + entry.right, y1 = cell_y + entry.bottom;
  const int left = std::max(x0, band.x0), right = std::min(x1, band.x1());
  const int top = std::max(y0, band.y0), bottom = std::min(y1, band.y1());
  for (int y = top; y < bottom; ++y) {
    for (int x = left; x < right; ++x) {
      if (entry.sprite == nullptr) {
        if (x == x0 || x == x1 - 1 || y == y0 || y == y1 - 1) Put(band, x, y, marker_);
        continue;
      }
      const image::IndexedPicture& p = entry.sprite->picture;
      const size_t i = size_t(y - y0) * size_t(p.width) + size_t(x - x0);
      if (p.opaque[i]) PutIndex(band, palette_, x, y, p.index[i]);
    }
  }
}

// Every cell whose placement can touch the band, in row-major order (so the
// lower of two overlapping features is drawn over the upper, in every band
// alike).
void FeatureLayer::Draw(const Surface& band) const {
  if (entries_.empty()) return;
  const int cy0 = std::max(0, int(FloorDiv(band.y0 - max_bottom_, kCellPixels)));
  const int cy1 =
      std::min(int(map_.height) - 1, int(FloorDiv(band.y1() - 1 - min_top_, kCellPixels)));
  const int cx0 = std::max(0, int(FloorDiv(band.x0 - max_right_, kCellPixels)));
  const int cx1 =
      std::min(int(map_.width) - 1, int(FloorDiv(band.x1() - 1 - min_left_, kCellPixels)));
  for (int cy = cy0; cy <= cy1; ++cy) {
    for (int cx = cx0; cx <= cx1; ++cx) {
      const size_t cell = size_t(cy) * map_.width + size_t(cx);
      if (!map_.HasFeature(cell)) continue;
      DrawEntry(band, entries_[map_.features[cell]], cx * kCellPixels, cy * kCellPixels);
    }
  }
}

// Each marker centred on its start position's output pixel (the map pixel
// times scale / 16, from the region's corner), clipped to the picture.
void DrawStartMarkers(const RenderOptions& options, const PixelRect& region, const Surface& out,
                      const Inks& inks) {
  for (const StartMarker& start : options.starts) {
    const int64_t cx = FloorDiv((int64_t(start.x) - region.x) * options.scale, kCellPixels);
    const int64_t cy = FloorDiv((int64_t(start.z) - region.y) * options.scale, kCellPixels);
    const int w = image::NumberWidth(start.number, kDigitScale) + 2 * kStartPad;
    const int h = image::kDigitHeight * kDigitScale + 2 * kStartPad;
    if (cx + w < 0 || cy + h < 0 || cx - w > out.x1() || cy - h > out.y1()) continue;
    const int left = int(cx) - w / 2, top = int(cy) - h / 2;
    for (int y = std::max(top, 0); y < std::min(top + h, out.y1()); ++y) {
      for (int x = std::max(left, 0); x < std::min(left + w, out.x1()); ++x) {
        const bool edge = x == left || x == left + w - 1 || y == top || y == top + h - 1;
        Put(out, x, y, edge ? inks.start_line : inks.start_fill);
      }
    }
    image::DrawNumber(start.number, left + kStartPad, top + kStartPad, kDigitScale,
                      [&](int x, int y) {
                        if (out.Contains(x, y)) Put(out, x, y, inks.start_line);
                      });
  }
}

}  // namespace kbot::tnt::render_detail
