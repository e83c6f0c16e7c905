#include "demo/demo_gta_sprites.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "demo/demo_gta_sprite_art.h"
#include "formats/common/byte_writer.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"

namespace kbot::demo {

namespace {

constexpr int kGraphicsRows = 64;  // the tallest sprite, the bus

// The sprite palettes' fixed ramps (demo_gta_sprite_art.h), dark and light
// ends; the paint ramp is each palette's own.
struct RampEnds {
  DemoRgb dark, light;
};
constexpr std::array<RampEnds, kSprBody> kFixedRamps = {{
    {{10, 10, 12}, {240, 240, 240}},   // grey
    {{20, 35, 60}, {150, 200, 235}},   // glass
    {{120, 90, 10}, {255, 245, 150}},  // lamp
    {{80, 5, 5}, {255, 70, 60}},       // tail light
    {{15, 50, 10}, {130, 200, 80}},    // leaves
    {{90, 55, 35}, {250, 205, 170}},   // skin
    {{30, 18, 10}, {150, 100, 60}},    // hair
    {{15, 25, 60}, {110, 140, 200}},   // denim
}};
// The paint of each CLUT (demo_gta_sprites.h, "Palettes").
constexpr std::array<RampEnds, 15> kPaints = {{
    {{120, 110, 85}, {250, 245, 225}},  // 0 ivory: the Cafe Racer's own
    {{0, 60, 70}, {70, 190, 185}},      // 1 teal: the bus's own
    {{100, 8, 8}, {235, 45, 40}},       // 2 red: phone box, pedestrians, arrow
    {{110, 15, 10}, {250, 70, 50}},     // 3 red
    {{10, 20, 90}, {70, 120, 250}},     // 4 blue
    {{10, 70, 25}, {80, 210, 100}},     // 5 green
    {{120, 100, 0}, {255, 235, 60}},    // 6 yellow
    {{130, 130, 135}, {255, 255, 255}}, // 7 white
    {{5, 5, 8}, {80, 80, 90}},          // 8 black
    {{120, 45, 0}, {255, 150, 40}},     // 9 orange
    {{50, 10, 80}, {180, 90, 230}},     // 10 purple
    {{0, 80, 90}, {80, 230, 240}},      // 11 cyan
    {{60, 35, 15}, {170, 110, 60}},     // 12 brown
    {{120, 40, 70}, {255, 150, 200}},   // 13 pink
    {{80, 85, 95}, {215, 220, 230}},    // 14 silver
}};
constexpr int kFirstRemapClut = 3;

DemoRgb Mix(const RampEnds& ramp, int level) {
  auto mix = [&](int a, int b) { return uint8_t(a + (b - a) * level / 15); };
  return {mix(ramp.dark.r, ramp.light.r), mix(ramp.dark.g, ramp.light.g),
          mix(ramp.dark.b, ramp.light.b)};
}

DemoClut SpriteClut(const RampEnds& paint) {
  DemoClut clut{};
  for (int e = 1; e < 256; ++e) {
    const int ramp = e / 16, level = e % 16;
    if (ramp < kSprBody) clut[e] = Mix(kFixedRamps[size_t(ramp)], level);
    else if (ramp == kSprBody) clut[e] = Mix(paint, level);
    else clut[e] = {uint8_t(e), 0, uint8_t(e)};  // unused: a dim magenta, as the tiles'
  }
  return clut;
}

// A delta's runs: each row's stretches of pixels that differ from the
// sprite's, the cursor walking 256-byte page rows from the top-left corner.
std::vector<uint8_t> DeltaRuns(const SpriteArt& art, const std::vector<uint8_t>& changed) {
  std::vector<uint8_t> out;
  int cursor = 0;
  for (int y = 0; y < art.height; ++y) {
    for (int x = 0; x < art.width;) {
      const size_t at = size_t(y) * art.width + x;
      if (changed[at] == art.pixels[at]) {
        ++x;
        continue;
      }
      int n = 0;
      while (x + n < art.width && n < 255 && changed[at + n] != art.pixels[at + n]) ++n;
      const int pos = y * gta::kSpritePageSide + x;
      AppendU16(out, uint16_t(pos - cursor));
      out.push_back(uint8_t(n));
      out.insert(out.end(), changed.begin() + long(at), changed.begin() + long(at + n));
      cursor = pos + n;
      x += n;
    }
  }
  return out;
}

struct DemoSprite {
  SpriteArt art;
  uint16_t palette;  // sprite palette
};

// In record order: the kinds' counts below must match.
std::vector<DemoSprite> Sprites() {
  return {{ArrowArt(), 2},    {BusArt(), 1},    {CarArt(), 0},     {PhoneBoxArt(), 2},
          {BinArt(), 2},      {TreeArt(), 2},   {PedArt(0), 2},    {PedArt(1), 2}};
}

std::vector<uint8_t> SpriteNumbers() {
  std::array<uint16_t, gta::kSpriteKindCount> counts{};
  counts[size_t(gta::SpriteKind::kArrow)] = 1;
  counts[size_t(gta::SpriteKind::kBus)] = 1;
  counts[size_t(gta::SpriteKind::kCar)] = 1;
  counts[size_t(gta::SpriteKind::kObject)] = 3;
  counts[size_t(gta::SpriteKind::kPed)] = 2;
  std::vector<uint8_t> out;
  for (uint16_t n : counts) AppendU16(out, n);
  return out;
}

// The sprites side by side on page 0, each record after its pixels are
// placed, the deltas' runs after the sprites' rows.
void AddSprites(DemoSpriteSide& out) {
  const size_t rows_bytes = size_t(kGraphicsRows) * gta::kSpritePageSide;
  out.sprite_graphics.assign(rows_bytes, 0);
  std::vector<uint8_t> runs;
  int x0 = 0;
  for (const DemoSprite& s : Sprites()) {
    const SpriteArt& a = s.art;
    for (int y = 0; y < a.height; ++y) {
      std::copy_n(a.pixels.begin() + long(y) * a.width, a.width,
                  out.sprite_graphics.begin() + long(y) * gta::kSpritePageSide + x0);
    }
    std::vector<uint8_t>& r = out.sprite_info;
    r.insert(r.end(), {uint8_t(a.width), uint8_t(a.height), uint8_t(a.with_delta.size()), 0});
    AppendU16(r, uint16_t(a.width * a.height));
    AppendU16(r, s.palette);
    AppendU32(r, uint32_t(x0));  // page 0, row 0
    for (const std::vector<uint8_t>& changed : a.with_delta) {
      const std::vector<uint8_t> delta = DeltaRuns(a, changed);
      AppendU16(r, uint16_t(delta.size()));
      AppendU32(r, uint32_t(rows_bytes + runs.size()));
      runs.insert(runs.end(), delta.begin(), delta.end());
    }
    x0 += a.width;
  }
  out.sprite_graphics.insert(out.sprite_graphics.end(), runs.begin(), runs.end());
  out.sprite_numbers = SpriteNumbers();
}

int32_t Fixed(double v) { return int32_t(std::lround(v * 65536)); }

// The car info layout of docs/formats/gta1.md, "Car info", field by field.
void AppendCar(std::vector<uint8_t>& out, const gta::CarInfo& c) {
  for (int16_t v : {c.width, c.height, c.depth, c.sprite, c.weight, c.max_speed, c.min_speed,
                    c.acceleration, c.braking, c.grip, c.handling}) {
    AppendU16(out, uint16_t(v));
  }
  for (const gta::CarHls& hls : c.remap24) {
    for (int16_t v : {hls.h, hls.l, hls.s}) AppendU16(out, uint16_t(v));
  }
  out.insert(out.end(), c.remap8.begin(), c.remap8.end());
  out.insert(out.end(), {c.vtype, c.model, c.turning, c.damageable});
  for (uint16_t v : c.value) AppendU16(out, v);
  out.insert(out.end(), {uint8_t(c.cx), uint8_t(c.cy)});
  for (int32_t v : {c.moment, c.rbp_mass, c.g1_thrust, c.tyre_adhesion_x, c.tyre_adhesion_y,
                    c.handbrake_friction, c.footbrake_friction, c.front_brake_bias}) {
    AppendU32(out, uint32_t(v));
  }
  for (int16_t v : {c.turn_ratio, c.drive_wheel_offset, c.steering_wheel_offset}) {
    AppendU16(out, uint16_t(v));
  }
  AppendU32(out, uint32_t(c.back_end_slide));
  AppendU32(out, uint32_t(c.handbrake_slide));
  out.insert(out.end(), {c.convertible, c.engine, c.radio, c.horn, c.sound_function,
                         c.fast_change});
  AppendU16(out, uint16_t(c.doors.size()));
  for (const gta::CarDoor& d : c.doors) {
    for (int16_t v : {d.rpy, d.rpx, d.object, d.delta}) AppendU16(out, uint16_t(v));
  }
}

// The 24-bit remaps as hue, lightness and saturation shifts of the own
// paint, in the order of the remap CLUTs 3..14.
constexpr std::array<gta::CarHls, gta::kCarRemaps> kRemapHls = {{
    {0, 0, 60}, {220, -10, 60}, {130, -5, 50}, {55, 10, 70}, {0, 40, -100}, {0, -60, -100},
    {30, 0, 70}, {280, -10, 40}, {185, 5, 60}, {25, -30, 30}, {330, 20, 40}, {210, 10, -80}}};

gta::CarInfo CafeRacer() {
  gta::CarInfo c;
  c.width = 16, c.height = 38, c.depth = 14, c.sprite = 0;
  c.weight = 1100, c.max_speed = 56, c.min_speed = -14, c.acceleration = 10, c.braking = 16;
  c.grip = 14, c.handling = 12;
  c.remap24 = kRemapHls;
  for (int r = 0; r < gta::kCarRemaps; ++r) c.remap8[size_t(r)] = uint8_t(r + 1);
  c.vtype = 4, c.model = 1, c.turning = 18, c.damageable = 1;
  c.value = {14, 12, 10, 6};
  c.cx = 0, c.cy = 2, c.moment = 42000;
  c.rbp_mass = Fixed(1.3), c.g1_thrust = Fixed(0.42), c.tyre_adhesion_x = Fixed(0.62);
  c.tyre_adhesion_y = Fixed(0.78), c.handbrake_friction = Fixed(0.55);
  c.footbrake_friction = Fixed(0.72), c.front_brake_bias = Fixed(0.6);
  c.turn_ratio = 72, c.drive_wheel_offset = -11, c.steering_wheel_offset = 11;
  c.back_end_slide = Fixed(0.42), c.handbrake_slide = Fixed(0.3);
  c.engine = 2, c.radio = 1, c.horn = 1;
  // Facing south, the car's left is the picture's right.
  c.doors = {{-1, 10, 0, 0}, {-1, -10, 0, 1}};
  return c;
}

gta::CarInfo Bus() {
  gta::CarInfo c;
  c.width = 24, c.height = 62, c.depth = 28, c.sprite = 0;
  c.weight = 4200, c.max_speed = 38, c.min_speed = -8, c.acceleration = 4, c.braking = 9;
  c.grip = 12, c.handling = 6;
  for (int r = 0; r < gta::kCarRemaps; ++r) {  // red, blue, green, yellow, three times
    c.remap24[size_t(r)] = kRemapHls[size_t(r % 4)];
    c.remap8[size_t(r)] = uint8_t(1 + r % 4);
  }
  c.vtype = 0, c.model = 5, c.turning = 10, c.damageable = 1;
  c.value = {25, 18, 12, 5};
  c.moment = 260000;
  c.rbp_mass = Fixed(4.2), c.g1_thrust = Fixed(0.55), c.tyre_adhesion_x = Fixed(0.5);
  c.tyre_adhesion_y = Fixed(0.7), c.handbrake_friction = Fixed(0.4);
  c.footbrake_friction = Fixed(0.6), c.front_brake_bias = Fixed(0.55);
  c.turn_ratio = 48, c.drive_wheel_offset = -20, c.steering_wheel_offset = 20;
  c.back_end_slide = Fixed(0.2), c.handbrake_slide = Fixed(0.15);
  c.engine = 5, c.horn = 3;
  c.doors = {{10, 15, 0, 0}};
  return c;
}

void AppendObject(std::vector<uint8_t>& out, uint32_t w, uint32_t h, uint32_t d, uint16_t sprite,
                  uint16_t weight, int8_t status, const std::vector<uint16_t>& into) {
  for (uint32_t v : {w, h, d}) AppendU32(out, v);
  for (uint16_t v : {sprite, weight, uint16_t(0)}) AppendU16(out, v);  // aux 0
  out.push_back(uint8_t(status));
  out.push_back(uint8_t(into.size()));
  for (uint16_t t : into) AppendU16(out, t);
}

void AddCarsAndObjects(DemoSpriteSide& out) {
  AppendCar(out.cars, CafeRacer());
  AppendCar(out.cars, Bus());
  constexpr int8_t kNormal = 0, kSmashable = 2;
  AppendObject(out.object_info, 16, 16, 40, 0, 500, kNormal, {});     // phone box
  AppendObject(out.object_info, 10, 10, 16, 1, 20, kSmashable, {3});  // litter bin
  AppendObject(out.object_info, 40, 40, 128, 2, 5000, kNormal, {});   // tree
  AppendObject(out.object_info, 10, 10, 8, 1, 20, kNormal, {});       // knocked-over bin
}

void AddPalettes(DemoSpriteSide& out) {
  for (const RampEnds& paint : kPaints) out.cluts.push_back(SpriteClut(paint));
  out.palette_index = {0, 1, 2};  // the sprite palettes
  out.sprite_palettes = 3;
  for (int r = 1; r <= gta::kCarRemaps; ++r) {  // the Cafe Racer's
    out.palette_index.push_back(uint16_t(kFirstRemapClut - 1 + r));
  }
  for (int r = 0; r < gta::kCarRemaps; ++r) {  // the bus's
    out.palette_index.push_back(uint16_t(kFirstRemapClut + r % 4));
  }
  for (int r = 0; r < gta::kPedRemaps; ++r) {
    out.palette_index.push_back(uint16_t(kFirstRemapClut + r % 4));
  }
  out.remap_palettes = 2 * gta::kCarRemaps + gta::kPedRemaps;
}

}  // namespace

DemoSpriteSide MakeDemoSpriteSide() {
  DemoSpriteSide out;
  AddSprites(out);
  AddCarsAndObjects(out);
  AddPalettes(out);
  return out;
}

}  // namespace kbot::demo
