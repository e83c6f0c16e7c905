// The demo's GTA1 sprite side and map objects (demo/demo_gta.h,
// demo_gta_sprites.h) read back with the readers: every
// sprite's place, size, palette and deltas as laid out; every sprite drawn in
// its own palette and every car remap (and pedestrian remap); the two cars and
// four object types; the map's eight objects, each with its sprite and on the
// ground it is meant for, drawn over a render of the town. Not one warning from
// any reader. (The missions: demo_gta_mission_test.cc.)
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "demo/demo_gta.h"
#include "formats/gta/cmp.h"
#include "formats/gta/fxt.h"
#include "formats/gta/map_objects.h"
#include "formats/gta/map_render.h"
#include "formats/gta/sprite_draw.h"
#include "formats/gta/sprite_overlay.h"
#include "formats/gta/style.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"

namespace kbot::demo {
namespace {

const DemoAsset& Asset(const std::string& path) {
  static const std::vector<DemoAsset> assets = *MakeDemoGtaAssets();
  for (const DemoAsset& a : assets) {
    if (a.path == path) return a;
  }
  ADD_FAILURE() << "no demo GTA1 file " << path;
  static const DemoAsset none;
  return none;
}

struct Demo {
  gta::Style style;
  gta::StyleSprites sprites;
  gta::StyleCars cars;
  gta::CityMap map;
};

const Demo& TheDemo() {
  static const Demo demo = [] {
    Demo d;
    absl::StatusOr<gta::Style> style =
        gta::ReadStyle(Asset("GTADATA/STYLE001.G24").bytes, "STYLE001.G24");
    EXPECT_TRUE(style.ok()) << style.status();
    d.style = *std::move(style);
    absl::StatusOr<gta::StyleSprites> sprites = gta::ReadStyleSprites(d.style);
    EXPECT_TRUE(sprites.ok()) << sprites.status();
    d.sprites = *std::move(sprites);
    d.cars = gta::ReadStyleCars(d.style);
    absl::StatusOr<gta::CityMap> map =
        gta::ReadCityMap(Asset("GTADATA/DEMO.CMP").bytes, "DEMO.CMP");
    EXPECT_TRUE(map.ok()) << map.status();
    d.map = *std::move(map);
    return d;
  }();
  return demo;
}

palette::Rgb PixelOf(const image::RgbaPicture& p, int x, int y) {
  const uint8_t* px = p.rgba.data() + 4 * (size_t(y) * p.width + x);
  EXPECT_EQ(px[3], 255) << "(" << x << ", " << y << ") is transparent";
  return {px[0], px[1], px[2]};
}

// Whether some opaque pixel of x0..x1, y0..y1 (both included) is `like`.
bool AnyPixel(const image::RgbaPicture& p, int x0, int y0, int x1, int y1,
              const std::function<bool(const palette::Rgb&)>& like) {
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) {
      const uint8_t* px = p.rgba.data() + 4 * (size_t(y) * p.width + x);
      if (px[3] == 255 && like({px[0], px[1], px[2]})) return true;
    }
  }
  return false;
}

bool Headlight(const palette::Rgb& c) { return c.r > 200 && c.g > 200 && c.b < 180; }
bool TailLight(const palette::Rgb& c) { return c.r > 150 && c.r > 2 * c.g && c.r > 2 * c.b; }

gta::DrawnSprite Draw(int sprite, gta::SpriteRemap remap = {}, std::vector<int> deltas = {}) {
  const Demo& d = TheDemo();
  absl::StatusOr<gta::DrawnSprite> drawn =
      gta::DrawSprite(d.style, d.sprites.sprites[size_t(sprite)], remap, deltas);
  EXPECT_TRUE(drawn.ok()) << "sprite " << sprite << ": " << drawn.status();
  return drawn.ok() ? *std::move(drawn) : gta::DrawnSprite{};
}

TEST(DemoGta, StyleHeaderSizesAndPalettes) {
  const gta::Style& s = TheDemo().style;
  EXPECT_EQ(s.warnings, std::vector<std::string>{});
  EXPECT_EQ(s.header.clut_size, 23u * 1024);  // 8 tile CLUTs + 15 sprite CLUTs
  EXPECT_EQ(s.header.tile_clut_size, 48u * 1024);  // 4 entries a tile, 12 tiles
  EXPECT_EQ(s.header.sprite_clut_size, 3u * 1024);
  EXPECT_EQ(s.header.new_car_clut_size, (12u * 2 + 64) * 1024);
  EXPECT_EQ(s.header.font_clut_size, 0u);
  EXPECT_EQ(s.header.palette_index_size, 2u * (48 + 3 + 88));
  EXPECT_EQ(s.header.object_info_size, 4u * 20 + 2);  // one breaks into one type
  EXPECT_EQ(s.header.car_size, 2u * 174 + 3 * 8);     // 2 doors + 1 door
  EXPECT_EQ(s.header.sprite_info_size, 8u * 12 + 4 * 6);  // 4 deltas in all
  EXPECT_EQ(s.header.sprite_numbers_size, 42u);
  EXPECT_GT(s.header.sprite_graphics_size, 64u * 256);  // 64 rows, then the deltas
  EXPECT_LT(s.header.sprite_graphics_size, 64u * 256 + 1024);
  EXPECT_EQ(s.clut_count, 23);
  EXPECT_LT(Asset("GTADATA/STYLE001.G24").bytes.size(), 400u * 1024);
}

TEST(DemoGta, SpritesAreWhereTheyAreLaidOut) {
  const gta::StyleSprites& sp = TheDemo().sprites;
  EXPECT_EQ(sp.warnings, std::vector<std::string>{});
  using K = gta::SpriteKind;
  for (int k = 0; k < gta::kSpriteKindCount; ++k) {
    const K kind = K(k);
    const int want = kind == K::kArrow || kind == K::kBus || kind == K::kCar ? 1
                     : kind == K::kObject                                   ? 3
                     : kind == K::kPed                                      ? 2
                                                                            : 0;
    EXPECT_EQ(sp.CountOf(kind), want) << gta::SpriteKindName(kind);
  }
  EXPECT_EQ(sp.FirstOf(K::kBus), 1);
  EXPECT_EQ(sp.FirstOf(K::kCar), 2);
  EXPECT_EQ(sp.FirstOf(K::kObject), 3);
  EXPECT_EQ(sp.FirstOf(K::kPed), 6);
  // number: kind, width, height, palette, x on page 0 row 0, delta count
  const std::vector<std::tuple<K, int, int, int, int, int>> want = {
      {K::kArrow, 16, 16, 2, 0, 0},    {K::kBus, 28, 64, 1, 16, 1},
      {K::kCar, 24, 40, 0, 44, 3},     {K::kObject, 16, 16, 2, 68, 0},
      {K::kObject, 10, 10, 2, 84, 0},  {K::kObject, 40, 40, 2, 94, 0},
      {K::kPed, 12, 16, 2, 134, 0},    {K::kPed, 12, 16, 2, 146, 0}};
  ASSERT_EQ(sp.sprites.size(), want.size());
  for (size_t n = 0; n < want.size(); ++n) {
    const gta::SpriteRecord& r = sp.sprites[n];
    const auto& [kind, w, h, pal, x, deltas] = want[n];
    SCOPED_TRACE(n);
    EXPECT_EQ(r.problem, "");
    EXPECT_EQ(r.kind, kind);
    EXPECT_EQ(r.width, w);
    EXPECT_EQ(r.height, h);
    EXPECT_EQ(r.size, w * h);
    EXPECT_EQ(r.palette, pal);
    EXPECT_EQ(r.offset, uint32_t(x));
    ASSERT_EQ(r.deltas.size(), size_t(deltas));
    for (const gta::SpriteDelta& dl : r.deltas) {
      EXPECT_EQ(dl.problem, "");
      EXPECT_GE(dl.offset, 64u * 256);  // after the sprites' rows
    }
  }
}

TEST(DemoGta, EverySpriteDrawsInEveryPaletteAndRemap) {
  const Demo& d = TheDemo();
  for (size_t n = 0; n < d.sprites.sprites.size(); ++n) {
    SCOPED_TRACE(n);
    const gta::SpriteRecord& r = d.sprites.sprites[n];
    const gta::DrawnSprite own = Draw(int(n));
    EXPECT_EQ(own.slot, 48 + r.palette);
    EXPECT_EQ(own.clut, 8 + r.palette);
    int opaque = 0;
    for (size_t i = 3; i < own.picture.rgba.size(); i += 4) opaque += own.picture.rgba[i] == 255;
    EXPECT_GT(opaque, int(own.picture.pixels()) / 3);
    EXPECT_LT(opaque, int(own.picture.pixels()));  // a transparent margin somewhere
    for (int car = 0; car < 2; ++car) {
      for (int remap = 0; remap <= gta::kCarRemaps; ++remap) {
        Draw(int(n), {gta::SpriteRemap::Kind::kCar, car, remap});
      }
    }
    for (int remap = 0; remap < gta::kPedRemaps; ++remap) {
      Draw(int(n), {gta::SpriteRemap::Kind::kPed, 0, remap});
    }
    std::vector<int> all;
    for (size_t dl = 0; dl < r.deltas.size(); ++dl) {
      Draw(int(n), {}, {int(dl)});
      all.push_back(int(dl));
    }
    Draw(int(n), {}, all);
  }
}

TEST(DemoGta, TheCafeRacerHasTwelveColoursAndFacesSouth) {
  constexpr int kCar = 2;
  std::set<std::tuple<int, int, int>> roofs;
  std::vector<palette::Rgb> roof(13);
  for (int remap = 0; remap <= gta::kCarRemaps; ++remap) {
    const gta::DrawnSprite s = Draw(kCar, {gta::SpriteRemap::Kind::kCar, 0, remap});
    EXPECT_EQ(s.slot, remap == 0 ? 48 : 48 + 3 + remap - 1);
    EXPECT_EQ(s.clut, remap == 0 ? 8 : 10 + remap);
    roof[size_t(remap)] = PixelOf(s.picture, 11, 16);
    roofs.insert({roof[size_t(remap)].r, roof[size_t(remap)].g, roof[size_t(remap)].b});
    // Only the paint changes: the windscreen and the tyres stay.
    const gta::DrawnSprite own = Draw(kCar);
    EXPECT_EQ(PixelOf(s.picture, 11, 23).b, PixelOf(own.picture, 11, 23).b);
    EXPECT_EQ(PixelOf(s.picture, 2, 30).r, PixelOf(own.picture, 2, 30).r);
  }
  EXPECT_EQ(roofs.size(), 13u);  // its own and 12 remaps, all different
  EXPECT_GT(roof[1].r, 2 * roof[1].g);  // 1 red
  EXPECT_GT(roof[2].b, 2 * roof[2].r);  // 2 blue
  EXPECT_GT(roof[3].g, roof[3].r + 50);  // 3 green
  EXPECT_GT(roof[3].g, roof[3].b + 50);
  // Headlights (yellow) at the bottom, tail lights (red) at the top: the
  // front is to the south, as the game's art is.
  const gta::DrawnSprite own = Draw(kCar);
  const palette::Rgb head = PixelOf(own.picture, 6, 38), tail = PixelOf(own.picture, 6, 1);
  EXPECT_GT(head.r, 200);
  EXPECT_GT(head.g, 200);
  EXPECT_GT(tail.r, 2 * tail.g);
  EXPECT_EQ(own.picture.rgba[3], 0);  // the corner (0, 0) is transparent
}

TEST(DemoGta, TheBusAndPedestrianRemaps) {
  constexpr int kBus = 1, kPed = 6;
  std::vector<palette::Rgb> bus;
  for (int remap = 0; remap <= gta::kCarRemaps; ++remap) {
    bus.push_back(PixelOf(Draw(kBus, {gta::SpriteRemap::Kind::kCar, 1, remap}).picture, 13, 20));
  }
  std::set<std::tuple<int, int, int>> distinct;
  for (const palette::Rgb& c : bus) distinct.insert({c.r, c.g, c.b});
  EXPECT_EQ(distinct.size(), 5u);  // its own, then red, blue, green, yellow three times
  EXPECT_EQ(bus[1], bus[5]);
  EXPECT_EQ(bus[4], bus[12]);
  std::set<int> ped_cluts;
  for (int remap = 0; remap < gta::kPedRemaps; ++remap) {
    const gta::DrawnSprite s = Draw(kPed, {gta::SpriteRemap::Kind::kPed, 0, remap});
    EXPECT_EQ(s.slot, 48 + 3 + 88 - 64 + remap);
    ped_cluts.insert(s.clut);
  }
  EXPECT_EQ(ped_cluts, (std::set<int>{11, 12, 13, 14}));
}

// The pixels a delta changes, as (x, y).
std::vector<std::pair<int, int>> Changed(int sprite, int delta) {
  const gta::DrawnSprite plain = Draw(sprite), patched = Draw(sprite, {}, {delta});
  std::vector<std::pair<int, int>> out;
  for (int y = 0; y < plain.picture.height; ++y) {
    for (int x = 0; x < plain.picture.width; ++x) {
      const auto at = long(4 * (size_t(y) * plain.picture.width + x));
      const auto from = plain.picture.rgba.begin() + at;
      if (!std::equal(from, from + 4, patched.picture.rgba.begin() + at)) {
        out.push_back({x, y});
      }
    }
  }
  return out;
}

TEST(DemoGta, DeltasOpenTheDoorsOnTheirSides) {
  constexpr int kBus = 1, kCar = 2;
  // Facing south, the car's left door is on the picture's right.
  const auto left = Changed(kCar, 0), right = Changed(kCar, 1), dent = Changed(kCar, 2);
  EXPECT_GT(left.size(), 10u);
  EXPECT_EQ(left.size(), right.size());  // mirror images
  for (auto [x, y] : left) EXPECT_GE(x, 17) << x << ", " << y;
  for (auto [x, y] : right) EXPECT_LE(x, 6) << x << ", " << y;
  EXPECT_GT(dent.size(), 10u);
  for (auto [x, y] : dent) EXPECT_GE(y, 30) << "the dent is at the front (the bottom)";
  const auto door = Changed(kBus, 0);
  EXPECT_GT(door.size(), 10u);
  for (auto [x, y] : door) EXPECT_GE(x, 23) << x << ", " << y;
}

TEST(DemoGta, CarsAndObjects) {
  const Demo& d = TheDemo();
  EXPECT_EQ(d.cars.warnings, std::vector<std::string>{});
  ASSERT_EQ(d.cars.cars.size(), 2u);
  // Spot checks on the raw bytes at the spec's offsets: vehicle type at 106,
  // model at 107, door count at 172; record 1 starts after 174 + 2 doors.
  const std::vector<uint8_t>& raw = d.style.cars;
  EXPECT_EQ(raw[106], 4);
  EXPECT_EQ(raw[107], 1);
  EXPECT_EQ(raw[172], 2);
  EXPECT_EQ(raw[190 + 106], 0);
  EXPECT_EQ(raw[190 + 107], 5);
  EXPECT_EQ(raw[190 + 172], 1);

  const gta::CarInfo& racer = d.cars.cars[0];
  EXPECT_EQ(racer.model, 1);
  EXPECT_EQ(racer.vtype, 4);
  EXPECT_EQ(racer.sprite, 0);
  EXPECT_EQ(std::tie(racer.width, racer.height, racer.depth), std::make_tuple(16, 38, 14));
  EXPECT_EQ(racer.weight, 1100);
  EXPECT_EQ(racer.max_speed, 56);
  EXPECT_EQ(racer.rbp_mass, 85197);  // 1.3 in 16.16
  EXPECT_EQ(racer.tyre_adhesion_y, 51118);  // 0.78
  EXPECT_EQ(racer.remap8[0], 1);
  EXPECT_EQ(racer.remap8[11], 12);
  EXPECT_EQ(racer.remap24[2].h, 130);  // green
  EXPECT_EQ(racer.value[0], 14);
  ASSERT_EQ(racer.doors.size(), 2u);
  EXPECT_EQ(racer.doors[0].delta, 0);
  EXPECT_EQ(racer.doors[0].rpx, 10);
  EXPECT_EQ(racer.doors[1].delta, 1);
  EXPECT_EQ(racer.doors[1].rpx, -10);
  EXPECT_EQ(*gta::CarSprite(racer, d.sprites), 2);

  const gta::CarInfo& bus = d.cars.cars[1];
  EXPECT_EQ(bus.model, 5);
  EXPECT_EQ(bus.vtype, 0);
  EXPECT_EQ(std::tie(bus.width, bus.height), std::make_tuple(24, 62));
  ASSERT_EQ(bus.doors.size(), 1u);
  EXPECT_EQ(bus.doors[0].delta, 0);
  EXPECT_EQ(*gta::CarSprite(bus, d.sprites), 1);
  EXPECT_EQ(d.cars.FindModel(5), &bus);

  // type: sprite (object-relative), status, breaks into
  const std::vector<std::tuple<int, int, std::vector<uint16_t>>> objects = {
      {0, 0, {}}, {1, 2, {3}}, {2, 0, {}}, {1, 0, {}}};
  ASSERT_EQ(d.cars.objects.size(), objects.size());
  for (size_t t = 0; t < objects.size(); ++t) {
    const auto& [sprite, status, into] = objects[t];
    EXPECT_EQ(d.cars.objects[t].sprite, sprite) << t;
    EXPECT_EQ(d.cars.objects[t].status, status) << t;
    EXPECT_EQ(d.cars.objects[t].into, into) << t;
    EXPECT_EQ(*gta::ObjectSprite(d.cars.objects[t], d.sprites), 3 + sprite) << t;
  }
  EXPECT_EQ(d.cars.objects[2].width, 40u);  // the tree
}

TEST(DemoGta, TheTextsNameBothModels) {
  absl::StatusOr<gta::Fxt> fxt = gta::ReadFxt(Asset("GTADATA/ENGLISH.FXT").bytes, "ENGLISH.FXT");
  ASSERT_TRUE(fxt.ok()) << fxt.status();
  std::map<std::string, std::string> texts;
  for (const gta::FxtRecord& r : fxt->records) texts.insert({r.key, r.text});
  EXPECT_EQ(texts["car1"], "Caf\xc3\xa9 Racer");
  EXPECT_EQ(texts["car5"], "City Bus");
}

TEST(DemoGta, MapObjectsStandWhereTheyBelong) {
  const Demo& d = TheDemo();
  EXPECT_EQ(d.map.warnings(), std::vector<std::string>{});
  const std::vector<gta::MapObject> objects = gta::DecodeMapObjects(d.map);
  // x, y, type, remap, rotation; all at street level, z = 4 * 64.
  const std::vector<std::tuple<int, int, int, int, int>> want = {
      {224, 496, 1, 128, 256}, {496, 736, 1, 131, 512}, {672, 464, 5, 128, 768},
      {528, 528, 0, 0, 0},     {360, 436, 1, 0, 0},     {600, 524, 1, 0, 0},
      {800, 160, 2, 0, 0},     {672, 864, 2, 0, 300}};
  ASSERT_EQ(objects.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    const gta::MapObject& o = objects[i];
    SCOPED_TRACE(i);
    EXPECT_EQ(std::make_tuple(int(o.x), int(o.y), int(o.type), int(o.remap), int(o.rotation)),
              want[i]);
    EXPECT_EQ(o.z, 256);
    EXPECT_EQ(std::tie(o.pitch, o.roll), std::make_tuple(0, 0));
    // Cars on the road, the rest on the pavement: the block at street level.
    const gta::MapBlock& ground = d.map.Block(o.x / 64, o.y / 64, 4);
    EXPECT_EQ(ground.type, o.is_car() ? gta::kBlockRoad : gta::kBlockPavement);
  }
  const gta::PlacedSprites placed = gta::PlaceMapObjects(objects, d.sprites, d.cars);
  EXPECT_EQ(placed.warnings, std::vector<std::string>{});
  std::vector<int> numbers, remaps;
  for (const gta::PlacedSprite& p : placed.sprites) {
    numbers.push_back(p.sprite);
    remaps.push_back(p.remap.remap);
  }
  EXPECT_EQ(numbers, (std::vector<int>{2, 2, 1, 3, 4, 4, 5, 5}));
  EXPECT_EQ(remaps, (std::vector<int>{0, 3, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(placed.sprites[2].remap.car, 1);  // the bus's record
}

TEST(DemoGta, ObjectsDrawOverTheTown) {
  const Demo& d = TheDemo();
  constexpr int kCell = 32;
  const gta::MapRect town{0, 0, 16, 16};
  absl::StatusOr<gta::MapRender> render =
      gta::RenderMap(d.map, d.style, {.rect = town, .pixels_per_cell = kCell});
  ASSERT_TRUE(render.ok()) << render.status();
  EXPECT_EQ(render->warnings, std::vector<std::string>{});
  image::RgbaPicture picture = render->picture;
  const gta::PlacedSprites placed =
      gta::PlaceMapObjects(gta::DecodeMapObjects(d.map), d.sprites, d.cars);
  absl::StatusOr<gta::OverlayResult> overlay =
      gta::DrawSpritesOnMap(d.style, d.sprites, placed.sprites, town, kCell, picture);
  ASSERT_TRUE(overlay.ok()) << overlay.status();
  EXPECT_EQ(overlay->drawn, 8);
  EXPECT_EQ(overlay->warnings, std::vector<std::string>{});
  // The green Cafe Racer's roof at its centre (496, 736) -> (248, 368).
  const palette::Rgb green = PixelOf(picture, 248, 368);
  EXPECT_GT(green.g, green.r + 50);
  // The east-facing Cafe Racer is turned: its headlights are to the east of
  // its centre (224, 496) -> (112, 248), its tail lights to the west; the
  // north-facing one has them to the north and the south of (248, 368).
  EXPECT_TRUE(AnyPixel(picture, 112 + 6, 248 - 5, 112 + 10, 248 + 5, Headlight));
  EXPECT_FALSE(AnyPixel(picture, 112 - 10, 248 - 5, 112 - 6, 248 + 5, Headlight));
  EXPECT_TRUE(AnyPixel(picture, 112 - 10, 248 - 5, 112 - 6, 248 + 5, TailLight));
  EXPECT_TRUE(AnyPixel(picture, 248 - 5, 368 - 10, 248 + 5, 368 - 6, Headlight));
  EXPECT_TRUE(AnyPixel(picture, 248 - 5, 368 + 6, 248 + 5, 368 + 10, TailLight));
  // The bus faces west: (672, 464) -> (336, 232), 64 long -> 32 pixels.
  EXPECT_TRUE(AnyPixel(picture, 336 - 16, 232 - 6, 336 - 12, 232 + 6, Headlight));
  EXPECT_TRUE(AnyPixel(picture, 336 + 12, 232 - 6, 336 + 16, 232 + 6, TailLight));
}

}  // namespace
}  // namespace kbot::demo
