// GTA1 map object positions: decoding the 14-byte records of a map built byte
// by byte (docs/formats/gta1.md, "Object positions"), finding each one's
// sprite in a byte-built style, and drawing them over a map picture.
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "formats/common/byte_writer.h"
#include "formats/gta/map_objects.h"
#include "formats/gta/sprite_overlay.h"
#include "tests/support/gta_bytes.h"
#include "tests/support/gta_style_bytes.h"

namespace kbot::gta {
namespace {

void AddObject(testing::CmpFile& cmp, uint16_t x, uint16_t y, uint16_t z, uint8_t type,
               uint8_t remap, uint16_t rotation, uint16_t pitch = 0, uint16_t roll = 0) {
  for (uint16_t v : {x, y, z}) AppendU16(cmp.objects, v);
  cmp.objects.push_back(type);
  cmp.objects.push_back(remap);
  for (uint16_t v : {rotation, pitch, roll}) AppendU16(cmp.objects, v);
}

CityMap Map(const testing::CmpFile& cmp) {
  absl::StatusOr<CityMap> m = ReadCityMap(cmp.Bytes(), "TEST.CMP");
  EXPECT_TRUE(m.ok()) << m.status();
  return *std::move(m);
}

// A style with a car sprite (2 wide, 3 high: its top row colour 1, the rest
// colour 2) and two object sprites (2 x 2: 3 4 / 5 6, and 1 x 1: 7), all
// palette 0 -> CLUT 1 where colour e is (e, 10 e, 100); car record 0 is model
// 9 (a car, spr_num 0); object type 0 uses object sprite 1, type 1 sprite 0.
// Car remap 2 (slot 8 + 1 + 1) -> CLUT 2, where colour e is (200, e, 0).
struct World {
  testing::StyleFile file;
  Style style;
  StyleSprites sprites;
  StyleCars cars;

  World() {
    file.sprite_clut_size = 1024;
    file.new_car_clut_size = 76 * 1024;
    file.palette_index.assign(8 + 1 + 76, 0);
    file.palette_index[8] = 1, file.palette_index[10] = 2;
    for (int e = 1; e < 8; ++e) file.SetColor(1, e, uint8_t(e), uint8_t(10 * e), 100);
    for (int e = 1; e < 8; ++e) file.SetColor(2, e, 200, uint8_t(e), 0);
    file.sprite_numbers = testing::SpriteNumbers({{5, 1}, {6, 2}});
    testing::AppendSprite(file.sprite_info, 2, 3, 0, 0);
    testing::AppendSprite(file.sprite_info, 2, 2, 0, 0x10);
    testing::AppendSprite(file.sprite_info, 1, 1, 0, 0x20);
    file.sprite_graphics.assign(0x300, 0);
    auto& g = file.sprite_graphics;
    g[0] = 1, g[1] = 1, g[256] = 2, g[257] = 2, g[512] = 2, g[513] = 2;
    g[0x10] = 3, g[0x11] = 4, g[0x110] = 5, g[0x111] = 6;
    g[0x20] = 7;
    // Car record: 174 bytes, spr_num 0 at 6, vtype 4 at 106, model 9 at 107.
    file.cars.assign(174, 0);
    file.cars[106] = 4, file.cars[107] = 9;
    // Object info: type 0 -> spr_num 1, type 1 -> spr_num 0.
    for (uint16_t spr : {1, 0}) {
      for (int i = 0; i < 3; ++i) AppendU32(file.object_info, 64);
      AppendU16(file.object_info, spr);
      for (int i = 0; i < 6; ++i) file.object_info.push_back(0);
    }
    absl::StatusOr<Style> s = ReadStyle(file.Bytes(), "STYLE009.G24");
    EXPECT_TRUE(s.ok()) << s.status();
    style = *std::move(s);
    sprites = *ReadStyleSprites(style);
    cars = ReadStyleCars(style);
  }
};

TEST(GtaMapObjects, DecodesEveryField) {
  testing::CmpFile cmp;
  AddObject(cmp, 0x1234, 0x0102, 256, 7, 0, 768, 5, 6);
  AddObject(cmp, 100, 200, 192, 9, 130, 1023);
  const std::vector<MapObject> o = DecodeMapObjects(Map(cmp));
  ASSERT_EQ(o.size(), 2u);
  EXPECT_EQ(o[0].index, 0);
  EXPECT_EQ(o[0].x, 0x1234);
  EXPECT_EQ(o[0].y, 0x0102);
  EXPECT_EQ(o[0].z, 256);
  EXPECT_EQ(o[0].type, 7);
  EXPECT_EQ(o[0].remap, 0);
  EXPECT_EQ(o[0].rotation, 768);
  EXPECT_EQ(o[0].pitch, 5);
  EXPECT_EQ(o[0].roll, 6);
  EXPECT_FALSE(o[0].is_car());
  EXPECT_TRUE(o[1].is_car());
  EXPECT_EQ(o[1].car_remap(), 2);
  EXPECT_EQ(o[1].rotation, 1023);
}

TEST(GtaMapObjects, EachObjectFindsItsSprite) {
  const World w;
  ASSERT_TRUE(w.cars.warnings.empty()) << w.cars.warnings[0];
  std::vector<MapObject> o(4);
  o[0] = {0, 96, 96, 256, 0, 0, 0};      // object type 0 -> object sprite 1 -> sprite 2
  o[1] = {1, 32, 32, 256, 9, 130, 512};  // car model 9, remap 2 -> sprite 0
  o[2] = {2, 32, 32, 256, 8, 128, 0};    // car model 8: no such car
  o[3] = {3, 32, 32, 256, 5, 0, 0};      // object type 5: past the 2 types
  const PlacedSprites p = PlaceMapObjects(o, w.sprites, w.cars);
  ASSERT_EQ(p.sprites.size(), 2u);
  EXPECT_EQ(p.sprites[0].sprite, 2);
  EXPECT_EQ(p.sprites[0].remap.kind, SpriteRemap::Kind::kOwn);
  EXPECT_EQ(p.sprites[1].sprite, 0);
  EXPECT_EQ(p.sprites[1].remap.kind, SpriteRemap::Kind::kCar);
  EXPECT_EQ(p.sprites[1].remap.car, 0);
  EXPECT_EQ(p.sprites[1].remap.remap, 2);
  EXPECT_EQ(p.sprites[1].rotation, 512);
  ASSERT_EQ(p.warnings.size(), 2u);
  EXPECT_EQ(p.warnings[0], "object 2 at (32, 32, 256) not drawn: no car record has model 8");
  EXPECT_EQ(p.warnings[1],
            "object 3 at (32, 32, 256) not drawn: type 5 is past the style's 2 object types");
}

std::vector<uint8_t> At(const image::RgbaPicture& p, int x, int y) {
  const uint8_t* px = p.rgba.data() + 4 * (size_t(y) * p.width + x);
  return {px[0], px[1], px[2], px[3]};
}

TEST(GtaMapObjects, TurnsFollowTheGamesAngle) {
  // Art faces south; 0 south, 256 east, 512 north, 768 west, anticlockwise.
  EXPECT_DOUBLE_EQ(SpriteTurnDegrees(0), 0.0);
  EXPECT_DOUBLE_EQ(SpriteTurnDegrees(256), 270.0);
  EXPECT_DOUBLE_EQ(SpriteTurnDegrees(512), 180.0);
  EXPECT_DOUBLE_EQ(SpriteTurnDegrees(768), 90.0);
  EXPECT_DOUBLE_EQ(SpriteTurnDegrees(1024 + 256), 270.0);
}

TEST(GtaMapObjects, ASpriteIsCentredOnItsPlaceAtFullSize) {
  const World w;
  image::RgbaPicture picture(128, 128);
  // Sprite 1, object sprite 0 (3 4 / 5 6), unturned (rotation 0), centred at (64, 64).
  std::vector<PlacedSprite> placed = {{64, 64, 256, 1, {}, 0, "o"}};
  absl::StatusOr<OverlayResult> r =
      DrawSpritesOnMap(w.style, w.sprites, placed, MapRect{0, 0, 2, 2}, 64, picture);
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->drawn, 1);
  EXPECT_EQ(At(picture, 63, 63), (std::vector<uint8_t>{3, 30, 100, 255}));
  EXPECT_EQ(At(picture, 64, 63), (std::vector<uint8_t>{4, 40, 100, 255}));
  EXPECT_EQ(At(picture, 63, 64), (std::vector<uint8_t>{5, 50, 100, 255}));
  EXPECT_EQ(At(picture, 64, 64), (std::vector<uint8_t>{6, 60, 100, 255}));
  EXPECT_EQ(At(picture, 62, 63), (std::vector<uint8_t>{0, 0, 0, 0}));
  EXPECT_EQ(At(picture, 65, 65), (std::vector<uint8_t>{0, 0, 0, 0}));
}

TEST(GtaMapObjects, AQuarterTurnIsClockwise) {
  const World w;
  image::RgbaPicture picture(128, 128);
  std::vector<PlacedSprite> placed = {{64, 64, 256, 1, {}, 768, "o"}};  // west: 90 degrees
  ASSERT_TRUE(DrawSpritesOnMap(w.style, w.sprites, placed, {0, 0, 2, 2}, 64, picture).ok());
  // 3 4 / 5 6 turned clockwise is 5 3 / 6 4.
  EXPECT_EQ(At(picture, 63, 63)[0], 5);
  EXPECT_EQ(At(picture, 64, 63)[0], 3);
  EXPECT_EQ(At(picture, 63, 64)[0], 6);
  EXPECT_EQ(At(picture, 64, 64)[0], 4);
}

TEST(GtaMapObjects, ScaleAndRectMoveTheSprite) {
  const World w;
  // Cells 1..2 at 32 pixels a cell: world (96, 96) is picture (16, 16); the
  // 2 x 2 sprite becomes 1 x 1: picture pixel (15, 15), whose centre reads
  // the sprite's top-left (3).
  image::RgbaPicture picture(64, 64);
  std::vector<PlacedSprite> placed = {{96, 96, 256, 1, {}, 0, "o"}};
  ASSERT_TRUE(DrawSpritesOnMap(w.style, w.sprites, placed, {1, 1, 2, 2}, 32, picture).ok());
  EXPECT_EQ(At(picture, 15, 15)[0], 3);
  EXPECT_EQ(At(picture, 16, 16)[3], 0);
  int opaque = 0;
  for (size_t i = 3; i < picture.rgba.size(); i += 4) opaque += picture.rgba[i] != 0;
  EXPECT_EQ(opaque, 1);
}

TEST(GtaMapObjects, LowerObjectsAreDrawnFirstAndCarRemapsApply) {
  const World w;
  image::RgbaPicture picture(128, 128);
  // Both at (64, 64): the car (z 192, higher) over the object (z 256).
  std::vector<PlacedSprite> placed = {
      {64, 64, 192, 0, {SpriteRemap::Kind::kCar, 0, 2}, 0, "car"},
      {64, 64, 256, 1, {}, 0, "object"}};
  ASSERT_TRUE(DrawSpritesOnMap(w.style, w.sprites, placed, {0, 0, 2, 2}, 64, picture).ok());
  // The car is 2 x 3 centred at 64, 64: rows 62.5.. -> pixel rows 63 .. 65
  // (row 62 is its top row: v = (62.5 - 64) + 1.5 = 0).
  EXPECT_EQ(At(picture, 63, 62), (std::vector<uint8_t>{200, 1, 0, 255}));
  EXPECT_EQ(At(picture, 63, 63), (std::vector<uint8_t>{200, 2, 0, 255}));
  EXPECT_EQ(At(picture, 64, 64), (std::vector<uint8_t>{200, 2, 0, 255}));
}

TEST(GtaMapObjects, ASpriteThatCannotBeDrawnIsNamed) {
  const World w;
  image::RgbaPicture picture(8, 8);
  std::vector<PlacedSprite> placed = {{4, 4, 0, 99, {}, 0, "object 7 (type 1)"},
                                      {4, 4, 0, 0, {SpriteRemap::Kind::kCar, 5, 1}, 0, "car"}};
  absl::StatusOr<OverlayResult> r =
      DrawSpritesOnMap(w.style, w.sprites, placed, {0, 0, 1, 1}, 8, picture);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->drawn, 0);
  EXPECT_EQ(r->failed, 2);
  ASSERT_EQ(r->warnings.size(), 2u);
  EXPECT_EQ(r->warnings[0], "object 7 (type 1) not drawn: sprite 99 is past the style's 3 sprites");
  EXPECT_TRUE(absl::StrContains(r->warnings[1], "car not drawn: car record 5 remap 1"));
}

TEST(GtaMapObjects, TheOverlayStopsWhenAsked) {
  struct Stop : Progress {
    bool Report(uint64_t, uint64_t) override { return false; }
  } stop;
  const World w;
  image::RgbaPicture picture(8, 8);
  std::vector<PlacedSprite> placed = {{4, 4, 0, 2, {}, 0, "o"}};
  absl::StatusOr<OverlayResult> r =
      DrawSpritesOnMap(w.style, w.sprites, placed, {0, 0, 1, 1}, 8, picture, &stop);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kCancelled);
}

}  // namespace
}  // namespace kbot::gta
