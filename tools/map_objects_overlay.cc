#include "tools/map_objects_overlay.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "formats/gta/map_objects.h"
#include "formats/gta/sprite_overlay.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

// A sprite is at most 255 pixels on a side: an object this far outside the
// rectangle (in world pixels) can still show a corner inside it.
constexpr int kSpriteReach = 256;

bool Near(const gta::MapObject& o, const gta::MapRect& r) {
  const int side = gta::kTileSide;
  return o.x + kSpriteReach >= r.x * side && o.x < (r.x + r.w) * side + kSpriteReach &&
         o.y + kSpriteReach >= r.y * side && o.y < (r.y + r.h) * side + kSpriteReach;
}

std::vector<gta::MapObject> ObjectsNear(const gta::CityMap& map, const gta::MapRect& rect) {
  std::vector<gta::MapObject> near;
  for (const gta::MapObject& o : gta::DecodeMapObjects(map)) {
    if (Near(o, rect)) near.push_back(o);
  }
  return near;
}

// The first kMaxRenderWarnings of `lines`, then a count of the rest.
void AddCapped(const std::vector<std::string>& lines, std::vector<std::string>& warnings) {
  for (size_t i = 0; i < lines.size() && i < gta::kMaxRenderWarnings; ++i) {
    warnings.push_back(lines[i]);
  }
  if (lines.size() > gta::kMaxRenderWarnings) {
    warnings.push_back(absl::StrCat("... and ", lines.size() - gta::kMaxRenderWarnings,
                                    " more objects not drawn"));
  }
}

}  // namespace

const ResultTable<OverlayCount>& OverlayCount::Fields() {
  static const ResultTable<OverlayCount> table = ResultTable<OverlayCount>()
      .Add("drawn", &OverlayCount::drawn, CountSchema())
      .Add("skipped", &OverlayCount::skipped, CountSchema());
  return table;
}

size_t MapObjectsNear(const gta::CityMap& map, const gta::MapRect& rect) {
  return ObjectsNear(map, rect).size();
}

absl::StatusOr<OverlayCount> DrawMapObjects(const gta::CityMap& map, const gta::Style& style,
                                            const gta::MapRect& rect, int pixels_per_cell,
                                            image::RgbaPicture& picture, Progress& progress,
                                            std::vector<std::string>& warnings) {
  const std::vector<gta::MapObject> near = ObjectsNear(map, rect);
  absl::StatusOr<gta::StyleSprites> sprites = gta::ReadStyleSprites(style);
  if (!sprites.ok()) {
    warnings.push_back(absl::StrCat("objects not drawn: ", sprites.status().message()));
    return OverlayCount{0, int(near.size())};
  }
  const gta::StyleCars cars = gta::ReadStyleCars(style);
  gta::PlacedSprites placed = gta::PlaceMapObjects(near, *sprites, cars);
  AddCapped(placed.warnings, warnings);
  const int unplaced = int(placed.warnings.size());
  absl::StatusOr<gta::OverlayResult> drawn = gta::DrawSpritesOnMap(
      style, *sprites, std::move(placed.sprites), rect, pixels_per_cell, picture, &progress);
  if (!drawn.ok()) return drawn.status();
  warnings.insert(warnings.end(), drawn->warnings.begin(), drawn->warnings.end());
  return OverlayCount{drawn->drawn, unplaced + drawn->failed};
}

}  // namespace kbot::tools
