// The object positions of a GTA1 city map (CMP), decoded, and the sprite each
// one is drawn with. Layout and sources: docs/formats/gta1.md, "Object
// positions".
//
//   Record    14 bytes: u16 x, y, z (world pixels, 64 a block; z counts down
//             from the top of the map), u8 type, u8 remap, u16 rotation,
//             pitch, roll (1024 a full turn).
//   Cars      a remap of 128 or more marks a parked car: its type is then a
//             car model id (StyleCars::FindModel) and its remap is the byte
//             minus 128 (0 = the car's own palette, 1..12 its remaps).
//   Objects   otherwise type is an object info record, drawn with that
//             record's first sprite (the object kind's first sprite +
//             spr_num) through its own palette.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "formats/gta/cmp.h"
#include "formats/gta/sprite_draw.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"

namespace kbot::gta {

inline constexpr int kCarRemapFlag = 128;
inline constexpr int kFullTurn = 1024;

struct MapObject {
  int index = 0;  // record number in the map's object positions
  uint16_t x = 0, y = 0, z = 0;
  uint8_t type = 0;
  uint8_t remap = 0;  // as stored
  uint16_t rotation = 0, pitch = 0, roll = 0;

  bool is_car() const { return remap >= kCarRemapFlag; }
  int car_remap() const { return is_car() ? remap - kCarRemapFlag : 0; }
};

// Every record, in file order.
std::vector<MapObject> DecodeMapObjects(const CityMap& map);

// A sprite to be drawn at a place on the map (sprite_overlay.h).
struct PlacedSprite {
  int x = 0, y = 0, z = 0;  // world pixels; the sprite's centre goes at (x, y)
  int sprite = 0;           // absolute sprite number
  SpriteRemap remap;
  int rotation = 0;         // 0..1023, the game's angle (see sprite_overlay.h)
  std::string what;         // "object 3 (type 12)", for warnings
};

struct PlacedSprites {
  std::vector<PlacedSprite> sprites;
  std::vector<std::string> warnings;  // objects that name no sprite
};

// The sprite of each map object. An object whose type has no object info
// record, a car whose model no car record has, or whose sprite number is past
// its kind, is left out with a warning naming the object.
PlacedSprites PlaceMapObjects(const std::vector<MapObject>& objects, const StyleSprites& sprites,
                              const StyleCars& cars);

// The absolute sprite of a car record: its kind's first sprite + spr_num
// (CarSpriteKind). Error when that is past the kind's sprites.
absl::StatusOr<int> CarSprite(const CarInfo& car, const StyleSprites& sprites);
// The absolute first sprite of an object info record.
absl::StatusOr<int> ObjectSprite(const ObjectInfo& object, const StyleSprites& sprites);

}  // namespace kbot::gta
