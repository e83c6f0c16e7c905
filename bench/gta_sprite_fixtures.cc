#include "bench/gta_sprite_fixtures.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>

#include "formats/common/byte_writer.h"
#include "formats/gta/cmp.h"
#include "formats/gta/map_objects.h"
#include "formats/gta/style.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"

namespace kbot::bench {

namespace {

using gta::SpriteKind;

constexpr int kSides = 50, kLids = 150;  // as BenchStyle's, so the bench map renders
constexpr int kTileSlots = 4 * (kSides + kLids);
constexpr int kSpritePalettes = 128;
constexpr int kRemapSlots = kBenchCarRecords * gta::kCarRemaps + gta::kPedRemaps;
constexpr int kCluts = 1024;
constexpr int kPage = gta::kSpritePageSide;
constexpr size_t kGraphicsBytes = size_t(kBenchSpritePages) * gta::kSpritePageBytes;

// The kinds' counts, in the sprite numbers' order: 1,034 in all, as NYC's.
constexpr std::array<int, gta::kSpriteKindCount> kCounts = {
    16,   // arrow
    20,   // digits
    3,    // boat
    2,    // box
    3,    // bus
    27,   // car
    562,  // object
    295,  // ped
    2,    // speedo
    1,    // tank
    6,    // traffic lights
    2,    // train
    2,    // train doors
    26,   // bike
    1,    // tram
    0,    // wrecked bus
    7,    // wrecked car
    48,   // explosion
    6,    // tumbling car
    2,    // tumbling truck
    3,    // ferry
};

void Fail(const char* what) {
  std::fprintf(stderr, "gta_sprite_fixtures: %s\n", what);
  std::abort();
}

int Between(std::mt19937& rng, int lo, int hi) { return lo + int(rng() % uint32_t(hi - lo + 1)); }

void PutS16(std::vector<uint8_t>& out, int v) { AppendU16(out, uint16_t(int16_t(v))); }

struct SpriteSize {
  int w = 0, h = 0;
};

// Street furniture, crates and litter are mostly small; a few objects fill a
// quarter of a block.
int ObjectSide(std::mt19937& rng) {
  static constexpr int kObjectSides[] = {16, 16, 16, 16, 24, 24, 32, 32, 48, 64};
  return kObjectSides[rng() % 10];
}

SpriteSize SizeOf(SpriteKind kind, std::mt19937& rng) {
  switch (kind) {
    case SpriteKind::kArrow: return {24, 24};
    case SpriteKind::kDigits: return {10, 16};
    case SpriteKind::kBoat: return {40, 80};
    case SpriteKind::kBox: return {16, 16};
    case SpriteKind::kBus:
    case SpriteKind::kWreckedBus: return {32, 88};
    case SpriteKind::kCar:
    case SpriteKind::kWreckedCar: return {Between(rng, 24, 32), Between(rng, 40, 64)};
    case SpriteKind::kObject: return {ObjectSide(rng), ObjectSide(rng)};
    case SpriteKind::kPed: return {12, 16};
    case SpriteKind::kSpeedo: return {64, 64};
    case SpriteKind::kTank: return {48, 64};
    case SpriteKind::kTrafficLights: return {12, 24};
    case SpriteKind::kTrain:
    case SpriteKind::kTram: return {40, 128};
    case SpriteKind::kTrainDoors:
    case SpriteKind::kBike: return {16, 32};
    case SpriteKind::kExplosion: {
      const int side = Between(rng, 32, 64);
      return {side, side};
    }
    case SpriteKind::kTumblingCar: return {32, 56};
    case SpriteKind::kTumblingTruck: return {40, 80};
    case SpriteKind::kFerry: return {96, 200};
  }
  return {16, 16};
}

struct SpriteSpec {
  SpriteKind kind = SpriteKind::kArrow;
  int w = 0, h = 0;
  uint16_t palette = 0;
  std::vector<std::vector<uint8_t>> deltas;  // each delta's runs
  uint32_t offset = 0;                       // in the sprite graphics
  std::vector<uint32_t> delta_offsets;
};

// A door, a dent or a light: a rectangle of new pixels somewhere in the
// sprite, one run a row ({u16 skip, u8 length, bytes}; the cursor walks page
// rows, so the first skip is y0 * 256 + x0 and the next ones 256 - width).
std::vector<uint8_t> RectDelta(std::mt19937& rng, int w, int h) {
  const int dw = Between(rng, 3, std::min(8, w)), dh = Between(rng, 4, std::min(12, h));
  const int x0 = Between(rng, 0, w - dw), y0 = Between(rng, 0, h - dh);
  std::vector<uint8_t> runs;
  for (int y = 0; y < dh; ++y) {
    AppendU16(runs, uint16_t(y == 0 ? y0 * kPage + x0 : kPage - dw));
    runs.push_back(uint8_t(dw));
    for (int x = 0; x < dw; ++x) runs.push_back(uint8_t(1 + rng() % 255));
  }
  return runs;
}

std::vector<SpriteSpec> PlanSprites(std::mt19937& rng) {
  std::vector<SpriteSpec> sprites;
  for (int k = 0; k < gta::kSpriteKindCount; ++k) {
    for (int i = 0; i < kCounts[k]; ++i) {
      SpriteSpec s;
      s.kind = SpriteKind(k);
      const SpriteSize size = SizeOf(s.kind, rng);
      s.w = size.w, s.h = size.h;
      s.palette = uint16_t(rng() % kSpritePalettes);
      const int deltas = s.kind == SpriteKind::kCar   ? Between(rng, 4, 8)
                         : s.kind == SpriteKind::kBus ? 4
                                                      : 0;
      for (int d = 0; d < deltas; ++d) s.deltas.push_back(RectDelta(rng, s.w, s.h));
      sprites.push_back(std::move(s));
    }
  }
  return sprites;
}

// Shelf packing, tallest first, each sprite inside one page (its rows may
// not cross a page's edge). Returns the first byte after the last shelf.
size_t Pack(std::vector<SpriteSpec>& sprites) {
  std::vector<size_t> order(sprites.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return sprites[a].h > sprites[b].h; });
  int page = 0, x = 0, y = 0, shelf = 0;
  for (size_t i : order) {
    SpriteSpec& s = sprites[i];
    if (x + s.w > kPage) y += shelf, x = 0, shelf = 0;
    if (y + s.h > kPage) ++page, x = 0, y = 0, shelf = 0;
    s.offset = uint32_t(page) * uint32_t(gta::kSpritePageBytes) + uint32_t(y * kPage + x);
    x += s.w;
    shelf = std::max(shelf, s.h);
  }
  return size_t(page) * gta::kSpritePageBytes + size_t(y + shelf) * kPage;
}

// Pixels inside the ellipse the sprite's box holds are colours 1..255, the
// corners transparent (0), as drawn sprites are.
void DrawPixels(const SpriteSpec& s, std::mt19937& rng, std::vector<uint8_t>& graphics) {
  for (int y = 0; y < s.h; ++y) {
    for (int x = 0; x < s.w; ++x) {
      const double dx = (x + 0.5) / s.w * 2 - 1, dy = (y + 0.5) / s.h * 2 - 1;
      graphics[s.offset + size_t(y) * kPage + x] =
          dx * dx + dy * dy <= 1 ? uint8_t(1 + rng() % 255) : 0;
    }
  }
}

std::vector<uint8_t> Graphics(std::vector<SpriteSpec>& sprites, std::mt19937& rng) {
  std::vector<uint8_t> graphics(kGraphicsBytes, 0);
  size_t free = Pack(sprites);
  if (free > graphics.size()) Fail("the sprites do not fit in 16 pages");
  for (const SpriteSpec& s : sprites) DrawPixels(s, rng, graphics);
  for (SpriteSpec& s : sprites) {
    for (const std::vector<uint8_t>& d : s.deltas) {
      if (free + d.size() > graphics.size()) Fail("the deltas do not fit in 16 pages");
      std::copy(d.begin(), d.end(), graphics.begin() + free);
      s.delta_offsets.push_back(uint32_t(free));
      free += d.size();
    }
  }
  return graphics;
}

// 12 bytes and 6 a delta: w, h, delta count, flag, size, palette, offset.
std::vector<uint8_t> SpriteInfo(const std::vector<SpriteSpec>& sprites) {
  std::vector<uint8_t> out;
  for (const SpriteSpec& s : sprites) {
    for (int b : {s.w, s.h, int(s.deltas.size()), 0}) out.push_back(uint8_t(b));
    AppendU16(out, uint16_t(s.w * s.h));
    AppendU16(out, s.palette);
    AppendU32(out, s.offset);
    for (size_t d = 0; d < s.deltas.size(); ++d) {
      AppendU16(out, uint16_t(s.deltas[d].size()));
      AppendU32(out, s.delta_offsets[d]);
    }
  }
  return out;
}

struct CarPlan {
  uint8_t vtype = 4;
  SpriteKind kind = SpriteKind::kCar;
  int sprite = 0;  // within the kind
  int doors = 0;
};

// 25 cars (1 or 2 doors), the juggernaut's halves, 3 buses, 4 bikes, a
// tank, a train, a tram and a boat: 38 records and 45 doors, as NYC's.
std::vector<CarPlan> CarPlans() {
  std::vector<CarPlan> plans;
  for (int i = 0; i < 25; ++i) plans.push_back({4, SpriteKind::kCar, i, 1 + i % 2});
  plans.push_back({1, SpriteKind::kCar, 25, 2});
  plans.push_back({2, SpriteKind::kCar, 26, 0});
  for (int i = 0; i < 3; ++i) plans.push_back({0, SpriteKind::kBus, i, 2});
  for (int i = 0; i < 4; ++i) plans.push_back({3, SpriteKind::kBike, i, 0});
  plans.push_back({14, SpriteKind::kTank, 0, 0});
  plans.push_back({8, SpriteKind::kTrain, 0, 0});
  plans.push_back({9, SpriteKind::kTram, 0, 0});
  plans.push_back({13, SpriteKind::kBoat, 0, 0});
  return plans;
}

int FirstOf(SpriteKind kind) {
  return std::accumulate(kCounts.begin(), kCounts.begin() + int(kind), 0);
}

// The physics and the 16.16 values: plausible magnitudes, not tuned.
void AppendCarPhysics(std::vector<uint8_t>& out, std::mt19937& rng) {
  AppendU32(out, uint32_t(Between(rng, 1000, 9000)));  // moment
  for (int i = 0; i < 7; ++i) AppendU32(out, uint32_t(Between(rng, 1, 40) << 16 | rng() % 65536));
  for (int i = 0; i < 3; ++i) PutS16(out, Between(rng, -20, 20));
  for (int i = 0; i < 2; ++i) AppendU32(out, uint32_t(rng() % 0x20000));
  for (int i = 0; i < 6; ++i) out.push_back(uint8_t(rng() % 4));
}

// 174 fixed bytes and 8 a door, in car_info_struct's order.
void AppendCar(std::vector<uint8_t>& out, int record, const CarPlan& plan, const SpriteSpec& sprite,
               std::mt19937& rng) {
  for (int v : {sprite.w, sprite.h, sprite.w + 8, plan.sprite}) PutS16(out, v);
  for (int i = 0; i < 7; ++i) PutS16(out, Between(rng, 10, 3000));  // weight .. handling
  for (int r = 0; r < gta::kCarRemaps; ++r) {
    PutS16(out, Between(rng, 0, 359)), PutS16(out, Between(rng, -50, 50));
    PutS16(out, Between(rng, -50, 50));
  }
  for (int r = 0; r < gta::kCarRemaps; ++r) out.push_back(uint8_t(rng() % 32));
  for (int b : {int(plan.vtype), BenchCarModel(record), Between(rng, 10, 60), 1}) {
    out.push_back(uint8_t(b));
  }
  for (int i = 0; i < 4; ++i) AppendU16(out, uint16_t(Between(rng, 1, 50)));
  out.push_back(0), out.push_back(uint8_t(Between(rng, 0, 4)));  // centre of mass
  AppendCarPhysics(out, rng);
  PutS16(out, plan.doors);
  for (int d = 0; d < plan.doors; ++d) {
    for (int v : {sprite.h / 4 * (d % 2 ? 1 : -1), sprite.w / 2 * (d % 2 ? 1 : -1), 0, d}) {
      PutS16(out, v);
    }
  }
}

std::vector<uint8_t> Cars(const std::vector<SpriteSpec>& sprites, std::mt19937& rng) {
  const std::vector<CarPlan> plans = CarPlans();
  if (int(plans.size()) != kBenchCarRecords) Fail("car plans");
  std::vector<uint8_t> out;
  for (int i = 0; i < kBenchCarRecords; ++i) {
    const CarPlan& p = plans[size_t(i)];
    AppendCar(out, i, p, sprites[size_t(FirstOf(p.kind) + p.sprite)], rng);
  }
  return out;
}

// 102 types whose frames (1 to 10, the last one the rest) cover the 562
// object sprites; an animated type's width is its frame count. 20 bytes a
// type and no break-into lists, as NYC's 2,040 bytes.
std::vector<uint8_t> Objects(const std::vector<SpriteSpec>& sprites, std::mt19937& rng) {
  const int objects = kCounts[size_t(SpriteKind::kObject)];
  std::vector<uint8_t> out;
  int first = 0;
  for (int t = 0; t < kBenchObjectTypes; ++t) {
    const int frames = t + 1 < kBenchObjectTypes ? 1 + 7 * t % 10 : objects - first;
    if (frames < 1) Fail("object frames");
    const SpriteSpec& s = sprites[size_t(FirstOf(SpriteKind::kObject) + first)];
    AppendU32(out, uint32_t(frames > 1 ? frames : s.w));
    AppendU32(out, uint32_t(frames > 1 ? 2 : s.h));
    AppendU32(out, uint32_t(frames > 1 ? 0 : 16));
    AppendU16(out, uint16_t(first));
    AppendU16(out, uint16_t(Between(rng, 1, 500)));
    AppendU16(out, 0);
    out.push_back(uint8_t(t % 4));  // status
    out.push_back(0);               // breaks into nothing
    first += frames;
  }
  return out;
}

std::vector<uint8_t> SpriteNumbers() {
  std::vector<uint8_t> out;
  for (int count : kCounts) AppendU16(out, uint16_t(count));
  return out;
}

void Append(std::vector<uint8_t>& out, const std::vector<uint8_t>& more) {
  out.insert(out.end(), more.begin(), more.end());
}

// Tiles (one texel in 8 is 0), the CLUTs, and the palette index: every slot
// (tiles, sprite palettes, remaps) names one of the CLUTs.
std::vector<uint8_t> TilesAndPalettes(std::mt19937& rng, size_t& index_bytes) {
  std::vector<uint8_t> out(size_t(kSides + kLids) * gta::kTileBytes);
  for (uint8_t& t : out) t = rng() % 8 == 0 ? 0 : uint8_t(rng());
  const size_t tiles = out.size();
  out.resize(tiles + size_t(kCluts) * gta::kClutBytes);
  for (size_t i = tiles; i < out.size(); ++i) out[i] = uint8_t(rng());
  const size_t before = out.size();
  for (int e = 0; e < kTileSlots + kSpritePalettes + kRemapSlots; ++e) {
    AppendU16(out, uint16_t(rng() % kCluts));
  }
  index_bytes = out.size() - before;
  return out;
}

}  // namespace

int BenchCarModel(int record) { return 2 * record + 1; }

std::vector<uint8_t> BenchSpriteStyle() {
  std::mt19937 rng(7001);
  std::vector<SpriteSpec> sprites = PlanSprites(rng);
  const std::vector<uint8_t> graphics = Graphics(sprites, rng);
  const std::vector<uint8_t> info = SpriteInfo(sprites);
  const std::vector<uint8_t> cars = Cars(sprites, rng);
  const std::vector<uint8_t> objects = Objects(sprites, rng);
  const std::vector<uint8_t> numbers = SpriteNumbers();
  size_t index_bytes = 0;
  const std::vector<uint8_t> tiles_and_palettes = TilesAndPalettes(rng, index_bytes);

  std::vector<uint8_t> out;
  for (size_t v : {size_t(gta::kStyleVersion), size_t(kSides) * gta::kTileBytes,
                   size_t(kLids) * gta::kTileBytes, size_t(0), size_t(0),
                   size_t(kCluts) * gta::kClutBytes, size_t(kTileSlots) * gta::kClutBytes,
                   size_t(kSpritePalettes) * gta::kClutBytes,
                   size_t(kRemapSlots) * gta::kClutBytes, size_t(0), index_bytes,
                   objects.size(), cars.size(), info.size(), graphics.size(), numbers.size()}) {
    AppendU32(out, uint32_t(v));
  }
  // Tiles (200: a multiple of 4, so no padding), no animations, the CLUTs
  // (1,024: 16 whole pages), the index; then the sprite-side sections.
  for (const std::vector<uint8_t>* section :
       {&tiles_and_palettes, &objects, &cars, &info, &graphics, &numbers}) {
    Append(out, *section);
  }
  return out;
}

std::vector<uint8_t> BenchMapObjectRecords() {
  std::mt19937 rng(4242);
  std::vector<uint8_t> out;
  const uint32_t world = uint32_t(gta::kMapSide) * gta::kTileSide;
  for (int i = 0; i < kBenchMapObjects; ++i) {
    const bool car = i % 3 == 0;
    AppendU16(out, uint16_t(rng() % world));
    AppendU16(out, uint16_t(rng() % world));
    // Street level is the lid of layer 4 (z counts down from the top).
    AppendU16(out, uint16_t(car ? 4 * 64 + rng() % 64 : 2 * 64 + rng() % 192));
    out.push_back(uint8_t(car ? BenchCarModel(int(rng() % kBenchCarRecords))
                              : int(rng() % kBenchObjectTypes)));
    out.push_back(uint8_t(car ? gta::kCarRemapFlag + int(rng() % 13) : 0));
    AppendU16(out, uint16_t(rng() % gta::kFullTurn));
    AppendU16(out, 0);
    AppendU16(out, 0);
  }
  return out;
}

}  // namespace kbot::bench
