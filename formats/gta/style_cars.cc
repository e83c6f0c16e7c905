#include "formats/gta/style_cars.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "formats/common/byte_reader.h"

namespace kbot::gta {

namespace {

// Little readers over a ByteReader whose length was checked beforehand.
int16_t S16(ByteReader& r) {
  int16_t v = 0;
  r.I16(v);
  return v;
}
uint16_t U16(ByteReader& r) {
  uint16_t v = 0;
  r.U16(v);
  return v;
}
int32_t S32(ByteReader& r) {
  uint32_t v = 0;
  r.U32(v);
  return int32_t(v);
}
uint8_t U8(ByteReader& r) {
  uint8_t v = 0;
  r.U8(v);
  return v;
}

// The 174 fixed bytes, in the order DMA's car_info_struct gives them.
void ReadCarFixed(ByteReader& r, CarInfo& c) {
  c.width = S16(r), c.height = S16(r), c.depth = S16(r);
  c.sprite = S16(r);
  c.weight = S16(r), c.max_speed = S16(r), c.min_speed = S16(r);
  c.acceleration = S16(r), c.braking = S16(r), c.grip = S16(r), c.handling = S16(r);
  for (CarHls& hls : c.remap24) hls.h = S16(r), hls.l = S16(r), hls.s = S16(r);
  for (uint8_t& t : c.remap8) t = U8(r);
  c.vtype = U8(r), c.model = U8(r), c.turning = U8(r), c.damageable = U8(r);
  for (uint16_t& v : c.value) v = U16(r);
  c.cx = int8_t(U8(r)), c.cy = int8_t(U8(r));
  c.moment = S32(r);
  c.rbp_mass = S32(r), c.g1_thrust = S32(r);
  c.tyre_adhesion_x = S32(r), c.tyre_adhesion_y = S32(r);
  c.handbrake_friction = S32(r), c.footbrake_friction = S32(r), c.front_brake_bias = S32(r);
  c.turn_ratio = S16(r), c.drive_wheel_offset = S16(r), c.steering_wheel_offset = S16(r);
  c.back_end_slide = S32(r), c.handbrake_slide = S32(r);
  c.convertible = U8(r), c.engine = U8(r), c.radio = U8(r), c.horn = U8(r);
  c.sound_function = U8(r), c.fast_change = U8(r);
}

// One car at r; "" or why the walk must stop there.
std::string ReadCar(ByteReader& r, CarInfo& c) {
  if (!r.Has(kCarFixedSize)) {
    return absl::StrCat("its ", kCarFixedSize, " fixed bytes are cut short by the end of the ",
                        "section (", r.remaining(), " byte(s) left)");
  }
  ReadCarFixed(r, c);
  const int16_t doors = S16(r);
  if (doors < 0 || doors > kMaxCarDoors) {
    return absl::StrCat("model ", int(c.model), " lists ", doors, " doors, outside 0..",
                        kMaxCarDoors);
  }
  if (!r.Has(size_t(doors) * kCarDoorSize)) {
    return absl::StrCat("model ", int(c.model), " lists ", doors,
                        " doors, but the section ends first");
  }
  c.doors.resize(doors);
  for (CarDoor& d : c.doors) d.rpy = S16(r), d.rpx = S16(r), d.object = S16(r), d.delta = S16(r);
  return "";
}

std::string ReadObject(ByteReader& r, ObjectInfo& o) {
  if (!r.Has(kObjectFixedSize)) {
    return absl::StrCat("its ", kObjectFixedSize, " fixed bytes are cut short by the end of the ",
                        "section (", r.remaining(), " byte(s) left)");
  }
  o.width = uint32_t(S32(r)), o.height = uint32_t(S32(r)), o.depth = uint32_t(S32(r));
  o.sprite = U16(r), o.weight = U16(r), o.aux = U16(r);
  o.status = int8_t(U8(r));
  const uint8_t into = U8(r);
  if (!r.Has(size_t(into) * 2)) {
    return absl::StrCat("it breaks into ", int(into), " types, but the section ends first");
  }
  o.into.resize(into);
  for (uint16_t& t : o.into) t = U16(r);
  return "";
}

// Walks a section of variable-length records, keeping each read whole.
template <typename Record, typename ReadFn>
void Walk(const std::vector<uint8_t>& bytes, uint64_t base, absl::string_view what, ReadFn read,
          std::vector<Record>& out, std::vector<std::string>& warnings) {
  ByteReader r(bytes);
  while (r.remaining() > 0) {
    Record rec;
    rec.index = int(out.size());
    rec.record_offset = base + r.pos();
    const std::string why = read(r, rec);
    if (!why.empty()) {
      warnings.push_back(absl::StrCat(what, ": record ", out.size(), " at ",
                                      Hex(rec.record_offset), ": ", why, "; ", out.size(),
                                      " record(s) read"));
      return;
    }
    out.push_back(std::move(rec));
  }
}

}  // namespace

absl::string_view VehicleTypeName(uint8_t vtype) {
  switch (vtype) {
    case 0: return "bus";
    case 1: return "juggernaut front";
    case 2: return "juggernaut back";
    case 3: return "motorcycle";
    case 4: return "car";
    case 8: return "train";
    case 9: return "tram";
    case 13: return "boat";
    case 14: return "tank";
    default: return "";
  }
}

SpriteKind CarSpriteKind(uint8_t vtype) {
  switch (vtype) {
    case 0: return SpriteKind::kBus;
    case 3: return SpriteKind::kBike;
    case 8: return SpriteKind::kTrain;
    case 9: return SpriteKind::kTram;
    case 13: return SpriteKind::kBoat;
    case 14: return SpriteKind::kTank;
    default: return SpriteKind::kCar;
  }
}

absl::string_view ObjectStatusName(int8_t status) {
  switch (status) {
    case 0: return "normal";
    case 1: return "ignorable";
    case 2: return "smashable";
    case 3: return "invisible";
    default: return "";
  }
}

const CarInfo* StyleCars::FindModel(int model) const {
  for (const CarInfo& c : cars) {
    if (c.model == model) return &c;
  }
  return nullptr;
}

StyleCars ReadStyleCars(const Style& style) {
  StyleCars out;
  Walk(style.cars, StyleSectionOffset(style, "cars"), "car info", ReadCar, out.cars, out.warnings);
  Walk(style.object_info, StyleSectionOffset(style, "object info"), "object info", ReadObject,
       out.objects, out.warnings);
  return out;
}

}  // namespace kbot::gta
