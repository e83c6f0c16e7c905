// What the GTA1 sprite tools (sprite_list, sprite_export, sprite_sheet,
// car_list, car_describe) share: a style read with its sprites, cars and
// objects; the kinds as a parameter; which car owns a vehicle sprite; and how
// a `remap` argument applies to a sprite (docs/formats/gta1.md, "Sprite
// palettes and remaps").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gta/sprite_draw.h"
#include "formats/gta/style.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"
#include "tools/params.h"
#include "tools/tool_support.h"

namespace kbot::tools {

struct StyleSpriteSet {
  gta::Style style;
  gta::StyleSprites sprites;
  gta::StyleCars cars;
  // The style's, the sprites' and the cars' warnings, in that order.
  std::vector<std::string> warnings;
};

// The style `asset` holds (refusing a file of another kind by name), with
// its sprites and cars read.
absl::StatusOr<StyleSpriteSet> ReadSpriteSet(const Asset& asset);

// The `kind` parameter: a string, not an enum of the 21 names (tools/list is
// paid for in every conversation; sprite_list names the kinds a style has).
json KindParam();
// The kind `name` names (gta::SpriteKindFromName); InvalidArgument listing
// the 21 names for any other.
absl::StatusOr<gta::SpriteKind> KindNamed(const Asset& asset, const std::string& name);

// Whether sprites of the kind are vehicles (bus, car, bike, tank, boat,
// train, tram): a car record's sprite, with its remaps.
bool IsVehicleKind(gta::SpriteKind kind);
// The first car record whose sprite `sprite` is; nullptr when none is.
const gta::CarInfo* CarOfSprite(const StyleSpriteSet& set, const gta::SpriteRecord& sprite);

// The palette `remap` asks of `sprite`: unset, its own; for a vehicle 0
// (its own) or 1..12, the remaps of the car record it belongs to; for a
// pedestrian 0..63. An error says why another sprite or value takes none.
absl::StatusOr<gta::SpriteRemap> RemapFor(const StyleSpriteSet& set,
                                          const gta::SpriteRecord& sprite,
                                          std::optional<int> remap);
inline constexpr int kMaxRemapArgument = 63;  // the pedestrians' last

// Where a drawn sprite's colours came from, for the result: a G24's CLUT
// (`clut`) or an 8-bit style's remap table (`table`, 0 the palette itself);
// the other stays unset.
struct SpritePaletteUsed {
  std::optional<int> clut, table;
};
SpritePaletteUsed PaletteUsed(const gta::DrawnSprite& drawn);

// The sprite `number` of `kind` (its number within the kind); OutOfRange
// naming the path, the kind and how many it has.
absl::StatusOr<const gta::SpriteRecord*> SpriteOf(const Asset& asset, const StyleSpriteSet& set,
                                                  gta::SpriteKind kind, int number);

}  // namespace kbot::tools
