// GTA1 style car info and object info, built field by field from
// docs/formats/gta1.md, "Car info" and "Object info", with the offsets worked
// by hand.
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "formats/common/byte_writer.h"
#include "formats/gta/style_cars.h"
#include "tests/support/gta_style_bytes.h"

namespace kbot::gta {
namespace {

void S16(std::vector<uint8_t>& out, int16_t v) { AppendU16(out, uint16_t(v)); }
void S32(std::vector<uint8_t>& out, int32_t v) { AppendU32(out, uint32_t(v)); }

// One car: every field a value of its own, so a field read from the wrong
// place shows. 174 fixed bytes + 8 a door.
std::vector<uint8_t> Car(uint8_t model, int16_t doors) {
  std::vector<uint8_t> c;
  for (int16_t v : {40, 80, 10, 1, 100, 200, -20, 5, 6, 7, 8}) S16(c, v);  // 0..21
  for (int i = 0; i < 12; ++i) S16(c, int16_t(i * 10)), S16(c, int16_t(i)), S16(c, int16_t(-i));
  for (uint8_t i = 1; i <= 12; ++i) c.push_back(i);  // remap8, at 94
  for (uint8_t b : {uint8_t(4), model, uint8_t(3), uint8_t(1)}) c.push_back(b);  // at 106
  for (uint16_t v : {10, 20, 30, 40}) AppendU16(c, v);                            // at 110
  c.push_back(uint8_t(int8_t(-2))), c.push_back(3);                               // at 118
  S32(c, 123456);                                                                  // at 120
  for (int32_t v : {0x18000, 0x10000, 0x8000, 0x4000, 0x2000, 0x1000, 0x800}) S32(c, v);
  for (int16_t v : {9, -11, 12}) S16(c, v);  // at 152
  S32(c, 0x30000), S32(c, 0x20000);          // at 158
  for (uint8_t b : {1, 2, 3, 4, 5, 6}) c.push_back(b);  // at 166
  S16(c, doors);                                         // at 172
  for (int d = 0; d < doors && d < 2; ++d) {
    S16(c, int16_t(d ? 5 : -5)), S16(c, 7), S16(c, 0), S16(c, int16_t(d));
  }
  return c;
}

std::vector<uint8_t> Object(uint32_t w, uint32_t h, uint32_t d, std::vector<uint16_t> into) {
  std::vector<uint8_t> o;
  AppendU32(o, w), AppendU32(o, h), AppendU32(o, d);
  AppendU16(o, 2), AppendU16(o, 50), AppendU16(o, 7);
  o.push_back(2);
  o.push_back(uint8_t(into.size()));
  for (uint16_t t : into) AppendU16(o, t);
  return o;
}

Style Read(const testing::StyleFile& f) {
  absl::StatusOr<Style> s = ReadStyle(f.Bytes(), "STYLE009.G24");
  EXPECT_TRUE(s.ok()) << s.status();
  return *std::move(s);
}

testing::StyleFile WithCarsAndObjects() {
  testing::StyleFile f;
  f.palette_index.assign(8, 0);
  f.sprite_numbers = testing::SpriteNumbers({});
  f.cars = Car(17, 2);
  const std::vector<uint8_t> second = Car(42, 0);
  f.cars.insert(f.cars.end(), second.begin(), second.end());
  f.object_info = Object(64, 64, 32, {3, 4});
  const std::vector<uint8_t> anim = Object(8, 2, 0, {});
  f.object_info.insert(f.object_info.end(), anim.begin(), anim.end());
  return f;
}

// Header 64, tiles 0x4000, CLUTs 0x10000, index 16: object info at 0x14050,
// 44 bytes; the cars at 0x1407c.
constexpr uint64_t kObjectInfoOffset = 64 + 0x4000 + 0x10000 + 16;
constexpr uint64_t kCarsOffset = kObjectInfoOffset + 44;

TEST(GtaCars, ReadsEveryFieldOfACar) {
  const StyleCars s = ReadStyleCars(Read(WithCarsAndObjects()));
  EXPECT_TRUE(s.warnings.empty()) << s.warnings[0];
  ASSERT_EQ(s.cars.size(), 2u);
  const CarInfo& c = s.cars[0];
  EXPECT_EQ(c.record_offset, kCarsOffset);
  EXPECT_EQ(c.width, 40); EXPECT_EQ(c.height, 80); EXPECT_EQ(c.depth, 10);
  EXPECT_EQ(c.sprite, 1); EXPECT_EQ(c.weight, 100); EXPECT_EQ(c.max_speed, 200);
  EXPECT_EQ(c.min_speed, -20); EXPECT_EQ(c.acceleration, 5); EXPECT_EQ(c.braking, 6);
  EXPECT_EQ(c.grip, 7); EXPECT_EQ(c.handling, 8);
  EXPECT_EQ(c.remap24[11].h, 110); EXPECT_EQ(c.remap24[11].l, 11); EXPECT_EQ(c.remap24[11].s, -11);
  EXPECT_EQ(c.remap8[0], 1); EXPECT_EQ(c.remap8[11], 12);
  EXPECT_EQ(c.vtype, 4); EXPECT_EQ(c.model, 17); EXPECT_EQ(c.turning, 3);
  EXPECT_EQ(c.damageable, 1);
  EXPECT_EQ(c.value, (std::array<uint16_t, 4>{10, 20, 30, 40}));
  EXPECT_EQ(c.cx, -2); EXPECT_EQ(c.cy, 3); EXPECT_EQ(c.moment, 123456);
  EXPECT_EQ(c.rbp_mass, 0x18000); EXPECT_EQ(c.g1_thrust, 0x10000);
  EXPECT_EQ(c.tyre_adhesion_x, 0x8000); EXPECT_EQ(c.tyre_adhesion_y, 0x4000);
  EXPECT_EQ(c.handbrake_friction, 0x2000); EXPECT_EQ(c.footbrake_friction, 0x1000);
  EXPECT_EQ(c.front_brake_bias, 0x800);
  EXPECT_EQ(c.turn_ratio, 9); EXPECT_EQ(c.drive_wheel_offset, -11);
  EXPECT_EQ(c.steering_wheel_offset, 12);
  EXPECT_EQ(c.back_end_slide, 0x30000); EXPECT_EQ(c.handbrake_slide, 0x20000);
  EXPECT_EQ(c.convertible, 1); EXPECT_EQ(c.engine, 2); EXPECT_EQ(c.radio, 3);
  EXPECT_EQ(c.horn, 4); EXPECT_EQ(c.sound_function, 5); EXPECT_EQ(c.fast_change, 6);
  ASSERT_EQ(c.doors.size(), 2u);
  EXPECT_EQ(c.doors[0].rpy, -5); EXPECT_EQ(c.doors[0].rpx, 7); EXPECT_EQ(c.doors[0].delta, 0);
  EXPECT_EQ(c.doors[1].rpy, 5); EXPECT_EQ(c.doors[1].delta, 1);
  EXPECT_EQ(s.cars[1].record_offset, kCarsOffset + 174 + 16);
  EXPECT_EQ(s.cars[1].model, 42);
  EXPECT_EQ(s.FindModel(42), &s.cars[1]);
  EXPECT_EQ(s.FindModel(5), nullptr);
}

TEST(GtaCars, ReadsObjectsWithWhatTheyBreakInto) {
  const StyleCars s = ReadStyleCars(Read(WithCarsAndObjects()));
  ASSERT_EQ(s.objects.size(), 2u);
  const ObjectInfo& o = s.objects[0];
  EXPECT_EQ(o.record_offset, kObjectInfoOffset);
  EXPECT_EQ(o.width, 64u); EXPECT_EQ(o.height, 64u); EXPECT_EQ(o.depth, 32u);
  EXPECT_EQ(o.sprite, 2); EXPECT_EQ(o.weight, 50); EXPECT_EQ(o.aux, 7); EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.into, (std::vector<uint16_t>{3, 4}));
  EXPECT_EQ(s.objects[1].record_offset, kObjectInfoOffset + 24);
  EXPECT_EQ(s.objects[1].width, 8u);
  EXPECT_TRUE(s.objects[1].into.empty());
  EXPECT_EQ(ObjectStatusName(o.status), "smashable");
}

TEST(GtaCars, VehicleTypesNameTheirSpriteKind) {
  EXPECT_EQ(CarSpriteKind(0), SpriteKind::kBus);
  EXPECT_EQ(CarSpriteKind(1), SpriteKind::kCar);  // juggernaut front
  EXPECT_EQ(CarSpriteKind(3), SpriteKind::kBike);
  EXPECT_EQ(CarSpriteKind(4), SpriteKind::kCar);
  EXPECT_EQ(CarSpriteKind(13), SpriteKind::kBoat);
  EXPECT_EQ(CarSpriteKind(99), SpriteKind::kCar);
  EXPECT_EQ(VehicleTypeName(2), "juggernaut back");
  EXPECT_EQ(VehicleTypeName(99), "");
}

TEST(GtaCars, ADoorCountThatCannotBeRightEndsTheWalk) {
  testing::StyleFile f = WithCarsAndObjects();
  f.cars[174 + 16 + 172] = 0x2c, f.cars[174 + 16 + 173] = 0x01;  // second car: 300 doors
  const StyleCars s = ReadStyleCars(Read(f));
  EXPECT_EQ(s.cars.size(), 1u);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_EQ(s.warnings[0], "car info: record 1 at 0x1413a: model 42 lists 300 doors, outside "
                           "0..8; 1 record(s) read");
  EXPECT_EQ(kCarsOffset + 190, 0x1413au);
}

TEST(GtaCars, RecordsCutShortKeepTheOnesBefore) {
  testing::StyleFile f = WithCarsAndObjects();
  f.cars.resize(174 + 16 + 100);
  f.object_info.resize(24 + 20 - 1);
  const StyleCars s = ReadStyleCars(Read(f));
  EXPECT_EQ(s.cars.size(), 1u);
  EXPECT_EQ(s.objects.size(), 1u);
  ASSERT_EQ(s.warnings.size(), 2u);
  EXPECT_TRUE(absl::StrContains(s.warnings[0], "its 174 fixed bytes are cut short by the end of "
                                               "the section (100 byte(s) left)"))
      << s.warnings[0];
  EXPECT_TRUE(absl::StrContains(s.warnings[1], "object info: record 1"));
}

TEST(GtaCars, DoorsOrIntoPastTheSectionEndTheWalk) {
  testing::StyleFile f = WithCarsAndObjects();
  f.cars.resize(174 + 8);  // first car: 2 doors, 1 stored
  f.object_info = Object(1, 1, 1, {1, 2, 3});
  f.object_info.resize(f.object_info.size() - 1);
  const StyleCars s = ReadStyleCars(Read(f));
  EXPECT_TRUE(s.cars.empty());
  EXPECT_TRUE(s.objects.empty());
  ASSERT_EQ(s.warnings.size(), 2u);
  EXPECT_TRUE(absl::StrContains(s.warnings[0], "model 17 lists 2 doors, but the section ends"));
  EXPECT_TRUE(absl::StrContains(s.warnings[1], "breaks into 3 types, but the section ends"));
}

}  // namespace
}  // namespace kbot::gta
