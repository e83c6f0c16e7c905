// libFuzzer target: any bytes as a style (G24 or 8-bit) and as a FON font (text, icon
// and digit first codes), then every tile, CLUT and tile-palette accessor of
// the style, its sprites, cars and objects (style_sprites.h, style_cars.h),
// a few sprites drawn in every kind of palette with their deltas
// (sprite_draw.h), and a few map objects placed and drawn over a small map
// picture (map_objects.h, sprite_overlay.h); and a layout of every byte
// through the font. The readers must return a value or an error for every
// input: never crash or read out of bounds. Styles cap their tiles at
// 0x190000 bytes and CLUT counts come from the file's own size; the sprites
// drawn are the first and last kEndSprites, and the deltas applied share a
// budget of kDeltaBudget bytes, so the work stays bounded by the input.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "formats/gta/font.h"
#include "formats/gta/map_objects.h"
#include "formats/gta/sprite_draw.h"
#include "formats/gta/sprite_overlay.h"
#include "formats/gta/style.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_sprites.h"

namespace {

using namespace kbot::gta;

constexpr size_t kEndSprites = 8;
constexpr size_t kDeltaBudget = size_t(1) << 18;  // delta bytes applied per input

void Accessors(const Style& style) {
  for (int t = -1; t <= style.tile_count(); ++t) {
    (void)style.Tile(t);
    (void)style.Texel(t, 63, 63);
  }
  for (int c = -1; c <= style.clut_count; ++c) (void)style.Clut(c);
  for (int i = -1; i <= int(style.palette_index.size()); ++i) (void)style.ClutOfPalette(i);
  for (int s = -1; s <= style.side_tiles; ++s) {
    for (int d = 0; d <= 4; ++d) (void)style.SidePalette(s, SideDirection(d));
  }
  for (int l = -1; l <= style.lid_tiles; ++l) {
    for (int r = -1; r <= 4; ++r) (void)style.LidPalette(l, r);
  }
  for (int a = -1; a <= style.aux_tiles; ++a) {
    for (int r = -1; r <= 4; ++r) (void)style.AuxPalette(a, r);
  }
  for (int t = -1; t <= style.remap_table_count(); ++t) (void)style.TablePalette(t);
  for (int t = -1; t <= style.tile_count(); ++t) {
    for (int r = -1; r <= 4; ++r) (void)style.TileRemapTable(t, r);
  }
}

// The first and the last kEndSprites sprite numbers.
std::vector<size_t> EndSprites(size_t n) {
  std::vector<size_t> out;
  for (size_t i = 0; i < n && i < kEndSprites; ++i) out.push_back(i);
  for (size_t i = n > 2 * kEndSprites ? n - kEndSprites : kEndSprites; i < n; ++i) {
    out.push_back(i);
  }
  return out;
}

// One sprite in its own palette, a car remap (of a car record that exists,
// and of one past them), a pedestrian remap and out-of-range remaps; then
// each delta alone, all of them, and delta numbers past the list.
void DrawOne(const Style& style, const SpriteRecord& s, int cars, size_t& budget) {
  const int n = s.number;
  // An 8-bit style's car remaps name tables: some past any style's.
  SpriteRemap tables{SpriteRemap::Kind::kCar, 0, n % 13};
  for (size_t r = 0; r < tables.car_tables.size(); ++r) tables.car_tables[r] = uint8_t(n * 37 + r);
  for (SpriteRemap remap : {SpriteRemap{}, SpriteRemap{SpriteRemap::Kind::kCar, n % (cars + 1),
                                                       n % 14 - 1},
                            SpriteRemap{SpriteRemap::Kind::kCar, cars, 1}, tables,
                            SpriteRemap{SpriteRemap::Kind::kPed, 0, n % 66 - 1}}) {
    (void)SpritePaletteSlot(style, s, remap);
    (void)SpriteRemapTable(style, remap);
    (void)DrawSprite(style, s, remap, {});
  }
  std::vector<int> all;
  for (size_t d = 0; d < s.deltas.size(); ++d) {
    if (2 * size_t(s.deltas[d].size) > budget) break;
    budget -= 2 * size_t(s.deltas[d].size);
    all.push_back(int(d));
    (void)SpritePixels(style, s, {int(d)});
  }
  (void)DrawSprite(style, s, {}, all);
  (void)SpritePixels(style, s, {-1});
  (void)SpritePixels(style, s, {int(s.deltas.size())});
}

// Cars of the first records' models (remaps 0..12 and one past), objects of
// the first types, a type and a model no record has, at places inside,
// across and outside the 4 x 4 cells at (1, 1), each turned.
std::vector<MapObject> SyntheticObjects(const StyleCars& cars) {
  std::vector<MapObject> out;
  auto add = [&](uint8_t type, uint8_t remap) {
    const int i = int(out.size());
    MapObject o;
    o.index = i;
    o.x = uint16_t(40 + 37 * i), o.y = uint16_t(300 - 23 * i), o.z = uint16_t(64 * (i % 6));
    o.type = type, o.remap = remap, o.rotation = uint16_t(i * 300);
    out.push_back(o);
  };
  for (size_t c = 0; c < cars.cars.size() && c < 4; ++c) {
    add(cars.cars[c].model, uint8_t(kCarRemapFlag + c * 4));
  }
  for (int t = 0; t < 4; ++t) add(uint8_t(t), uint8_t(t));
  add(255, 0);
  add(255, 255);
  out.push_back(out.front());
  out.back().x = 65535, out.back().y = 0;
  return out;
}

void DrawOnMap(const Style& style, const StyleSprites& sprites, const StyleCars& cars) {
  const PlacedSprites placed = PlaceMapObjects(SyntheticObjects(cars), sprites, cars);
  const MapRect rect{1, 1, 4, 4};
  for (int pixels_per_cell : {8, 64}) {
    kbot::image::RgbaPicture picture(rect.w * pixels_per_cell, rect.h * pixels_per_cell);
    (void)DrawSpritesOnMap(style, sprites, placed.sprites, rect, pixels_per_cell, picture);
  }
}

void Sprites(const Style& style) {
  absl::StatusOr<StyleSprites> sprites = ReadStyleSprites(style);
  const StyleCars cars = ReadStyleCars(style);
  if (!sprites.ok()) return;
  for (int k = -1; k <= kSpriteKindCount; ++k) {
    const SpriteKind kind = SpriteKind(k < 0 || k == kSpriteKindCount ? 0 : k);
    (void)SpriteKindName(kind);
    (void)sprites->Number(kind, -1);
    (void)sprites->Number(kind, 0);
    (void)sprites->Number(kind, sprites->StoredOf(kind));
  }
  for (const CarInfo& car : cars.cars) (void)CarSprite(car, *sprites);
  for (const ObjectInfo& object : cars.objects) (void)ObjectSprite(object, *sprites);
  size_t budget = kDeltaBudget;
  for (size_t i : EndSprites(sprites->sprites.size())) {
    DrawOne(style, sprites->sprites[i], int(cars.cars.size()), budget);
  }
  DrawOnMap(style, *sprites, cars);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const kbot::Bytes bytes(data, size);

  absl::StatusOr<Style> style = ReadStyle(bytes, "fuzz.g24");
  if (style.ok()) {
    Accessors(*style);
    Sprites(*style);
  }

  std::string all(256, '\0');
  for (int i = 0; i < 256; ++i) all[i] = char(i);
  for (FontKind kind : {FontKind::kText, FontKind::kIcon, FontKind::kDigit}) {
    absl::StatusOr<Font> font = ReadFont(bytes, "fuzz.fon", kind);
    if (!font.ok()) continue;
    (void)LayOutText(*font, all, {.spacing = 1, .space_advance = 3});
    (void)MeasureText(*font, all);
  }
  return 0;
}
