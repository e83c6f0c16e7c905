// map_render's GTA1 overlays: the map's own object positions (parked cars,
// street furniture) drawn with their sprites over a render, through
// formats/gta/map_objects.h and sprite_overlay.h (docs/json.md, section
// map_render).
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "formats/gta/cmp.h"
#include "formats/gta/map_render.h"
#include "formats/gta/style.h"
#include "formats/image/picture.h"
#include "tools/result_fields.h"

namespace kbot::tools {

// What an overlay drew: the sprites with a pixel in the picture, and the
// objects it could not draw (each named in the render's warnings).
struct OverlayCount {
  int drawn = 0;
  int skipped = 0;
  static const ResultTable<OverlayCount>& Fields();
};

// The map's objects whose place falls in `rect` (or near enough that part of
// a sprite may show) drawn over `picture`. A style whose sprites cannot be
// read draws none, with a warning; never an error but a cancellation.
absl::StatusOr<OverlayCount> DrawMapObjects(const gta::CityMap& map, const gta::Style& style,
                                            const gta::MapRect& rect, int pixels_per_cell,
                                            image::RgbaPicture& picture, Progress& progress,
                                            std::vector<std::string>& warnings);

// How many of the map's objects DrawMapObjects looks at for `rect`: the
// progress it reports counts these.
size_t MapObjectsNear(const gta::CityMap& map, const gta::MapRect& rect);

}  // namespace kbot::tools
