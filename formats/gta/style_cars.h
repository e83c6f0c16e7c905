// The car info and object info sections of a G24 style: every vehicle's and
// every map object's facts. Layout and sources: docs/formats/gta1.md, "Car
// info" and "Object info".
//
//   Car info     records walked to the end of the section (no count in the
//                file): 174 fixed bytes, then 8 a door. Sizes are pixels (64
//                a block); the "float" physics values are 16.16 fixed point.
//                spr_num counts from the first sprite of the vehicle's kind
//                (CarSpriteKind). model is the id that maps (CMP objects),
//                missions and texts (key "car<model>") use, not the record's
//                index.
//   Object info  records of 20 bytes plus 2 for each object type this one
//                breaks into; spr_num counts from the first object sprite.
//
// A record cut short, or a door count that cannot be right (negative, over
// kMaxCarDoors), ends the walk with a warning: the records before it are
// kept. Values are reported as stored.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/gta/style.h"
#include "formats/gta/style_sprites.h"

namespace kbot::gta {

inline constexpr size_t kCarFixedSize = 174;
inline constexpr size_t kCarDoorSize = 8;
inline constexpr int kCarRemaps = 12;
inline constexpr int kMaxCarDoors = 8;  // the engine handles 4; more is surely not a door list
inline constexpr size_t kObjectFixedSize = 20;
inline constexpr int kPedRemaps = 64;

// An HLS colour shift, one of the 24-bit remaps (DMA: hue over 1000 means the
// remap comes from a picture file instead).
struct CarHls {
  int16_t h = 0, l = 0, s = 0;
};

struct CarDoor {
  int16_t rpy = 0;     // y first (docs/formats/gta1.md, "Car info")
  int16_t rpx = 0;     // relative to the car's centre, pixels
  int16_t object = 0;  // as stored; unused by the engine
  int16_t delta = 0;   // the sprite delta that draws this door open
};

struct CarInfo {
  int index = 0;               // record number in the section
  uint64_t record_offset = 0;  // in the file
  int16_t width = 0, height = 0, depth = 0;  // pixels
  int16_t sprite = 0;          // spr_num: relative to CarSpriteKind's first sprite
  int16_t weight = 0, max_speed = 0, min_speed = 0, acceleration = 0, braking = 0, grip = 0,
          handling = 0;
  std::array<CarHls, kCarRemaps> remap24{};
  std::array<uint8_t, kCarRemaps> remap8{};  // the 8-bit styles' remap tables
  uint8_t vtype = 0;
  uint8_t model = 0;
  uint8_t turning = 0;
  uint8_t damageable = 0;
  std::array<uint16_t, 4> value{};  // in $1000, one a crane
  int8_t cx = 0, cy = 0;             // centre of mass, pixels
  int32_t moment = 0;
  // 16.16 fixed point, as stored.
  int32_t rbp_mass = 0, g1_thrust = 0, tyre_adhesion_x = 0, tyre_adhesion_y = 0,
          handbrake_friction = 0, footbrake_friction = 0, front_brake_bias = 0;
  int16_t turn_ratio = 0, drive_wheel_offset = 0, steering_wheel_offset = 0;
  int32_t back_end_slide = 0, handbrake_slide = 0;  // 16.16
  uint8_t convertible = 0, engine = 0, radio = 0, horn = 0, sound_function = 0,
          fast_change = 0;
  std::vector<CarDoor> doors;
};

struct ObjectInfo {
  int index = 0;
  uint64_t record_offset = 0;
  // As stored (u32). DMA: the high half of a 16.16 value, stored as a plain
  // pixel count; for animated objects width is the frame count, height the
  // game frames a frame, depth the life (0 forever).
  uint32_t width = 0, height = 0, depth = 0;
  uint16_t sprite = 0;  // spr_num: relative to the first object sprite
  uint16_t weight = 0;
  uint16_t aux = 0;
  int8_t status = 0;    // 0 normal, 1 ignorable, 2 smashable, 3 invisible (DMA)
  std::vector<uint16_t> into;  // object types it breaks into
};

// "bus", "juggernaut front", "juggernaut back", "motorcycle", "car", "train",
// "tram", "boat", "tank"; "" for a vtype the sources do not name.
absl::string_view VehicleTypeName(uint8_t vtype);
// The sprite kind a vehicle's spr_num counts from: bus -> bus, motorcycle ->
// bike, train -> train, tram -> tram, boat -> boat, tank -> tank, cars and
// both juggernaut halves (and unnamed types) -> car.
SpriteKind CarSpriteKind(uint8_t vtype);
// "normal", "ignorable", "smashable", "invisible"; "" for another value.
absl::string_view ObjectStatusName(int8_t status);

struct StyleCars {
  std::vector<CarInfo> cars;
  std::vector<ObjectInfo> objects;
  std::vector<std::string> warnings;

  // The car whose model id is `model`; nullptr when none has it.
  const CarInfo* FindModel(int model) const;
};

// Reads the car info and object info sections. Never an error: what cannot
// be read is named in warnings and the records before it are kept.
StyleCars ReadStyleCars(const Style& style);

}  // namespace kbot::gta
