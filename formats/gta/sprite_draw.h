// Drawing a style's sprites: which palette a sprite takes, and its pixels as
// RGBA. Sources and the disputed points: docs/formats/gta1.md, "Sprite
// palettes and remaps".
//
//   Palette index  after the tile palettes (T = tile CLUT size / 1024
//                  entries) come the sprite palettes (S = sprite CLUT size /
//                  1024), then the remaps (N = new-car CLUT size / 1024): 12
//                  for each car record in order, then 64 for pedestrians.
//   Own palette    slot T + the sprite's palette number.
//   Car remap r    1..12: slot T + S + 12 * car record + (r - 1); 0 is the
//                  car's own palette (DMA: remaps 1-6 for spray shops, 7-12
//                  for random traffic "along with the default").
//   Ped remap r    0..63: slot T + S + N - 64 + r.
//   Transparency   colour 0 is never drawn, in every sprite and delta.
//
// An 8-bit style (style_gry.h) has no palette index: the sprite is drawn
// through a remap table over its one palette, table 0 for its own colours,
// the car record's remap8[r - 1] for car remap r, 125 + r for pedestrian
// remap r.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gta/style.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"
#include "formats/image/picture.h"

namespace kbot::gta {

inline constexpr uint8_t kSpriteTransparentIndex = 0;

struct SpriteRemap {
  enum class Kind : uint8_t { kOwn, kCar, kPed };
  Kind kind = Kind::kOwn;
  int car = 0;    // kCar: the car record (StyleCars::cars index) whose remaps are used
  int remap = 0;  // kCar: 1..12 (0 = own palette); kPed: 0..63
  // kCar in an 8-bit style: the car record's remap tables (CarInfo::remap8),
  // which CarRemap copies.
  std::array<uint8_t, kCarRemaps> car_tables{};
};

// Car remap r of a car record, with what both kinds of style need.
SpriteRemap CarRemap(const CarInfo& car, int remap);

// The palette-index slot the sprite is drawn with. Errors name the remap: a
// car remap outside 0..12, a ped remap outside 0..63, a slot past the remap
// block the header's new-car CLUT size gives.
absl::StatusOr<int> SpritePaletteSlot(const Style& style, const SpriteRecord& sprite,
                                      const SpriteRemap& remap);

struct DrawnSprite {
  image::RgbaPicture picture;  // width x height; colour 0 transparent
  int slot = -1;               // G24: palette index slot used
  int clut = -1;               // G24: the CLUT it names
  int table = -1;              // 8-bit: the remap table (0: the palette itself)
};

// 8-bit styles: the remap table the sprite is drawn through; errors as
// SpritePaletteSlot's.
absl::StatusOr<int> SpriteRemapTable(const Style& style, const SpriteRemap& remap);

// The sprite with the deltas applied (SpritePixels) through its palette.
absl::StatusOr<DrawnSprite> DrawSprite(const Style& style, const SpriteRecord& sprite,
                                       const SpriteRemap& remap, const std::vector<int>& deltas);

}  // namespace kbot::gta
