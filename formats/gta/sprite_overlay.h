// Sprites drawn over a map render (map_render.h): the map's parked cars and
// objects, or a mission's. Sources for the angle and the anchor:
// docs/formats/gta1.md, "Drawing objects on the map".
//
//   Place      a sprite's centre goes at its world position (x, y), in the
//              render's pixels: ((x - rect.x * 64) * p / 64, (y - rect.y *
//              64) * p / 64) for p pixels a cell. z only orders the drawing:
//              the lowest objects first (the largest z, which counts down
//              from the top), file order among equals.
//   Size       the sprite is scaled by p / 64 (64 is the game's own size).
//   Angle      SpriteTurnDegrees below is the one place the game's rotation
//              becomes a turn of the picture.
//   Pixels     nearest neighbour from the sprite's picture (sprite_draw.h);
//              its transparent pixels leave the map as it was.
//   Bad ones   a sprite that cannot be drawn (a problem record, a palette the
//              style cannot resolve) is skipped with a warning naming it; the
//              first kMaxRenderWarnings are kept, the rest counted.
#pragma once

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "base/progress.h"
#include "formats/gta/map_objects.h"
#include "formats/gta/map_render.h"

namespace kbot::gta {

// The clockwise turn, in degrees, of a sprite's picture for the game's
// rotation (0..1023 a full turn).
double SpriteTurnDegrees(int rotation);

struct OverlayResult {
  int drawn = 0;   // sprites with a pixel in the picture
  int failed = 0;  // sprites that could not be drawn (each in warnings)
  std::vector<std::string> warnings;  // sprites not drawn, and why
};

// Draws the sprites over `picture`, a render of `rect` at `pixels_per_cell`.
// CancelledError when progress asks to stop (told after each sprite).
absl::StatusOr<OverlayResult> DrawSpritesOnMap(const Style& style, const StyleSprites& sprites,
                                               std::vector<PlacedSprite> placed,
                                               const MapRect& rect, int pixels_per_cell,
                                               image::RgbaPicture& picture,
                                               Progress* progress = nullptr);

}  // namespace kbot::gta
