// 8-bit GTA1 styles (.GRY): testing::GrySample, a style built byte by byte
// from docs/formats/gta1.md, "8-bit styles (.GRY)", with every offset and
// colour worked by hand: 5 tiles padded to 8, one palette, 130 remap tables,
// a lid remap index, a car whose remap8 names tables, a car sprite with a
// delta and a pedestrian sprite.
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "formats/gta/sprite_draw.h"
#include "formats/gta/style.h"
#include "formats/gta/style_cars.h"
#include "formats/gta/style_gry.h"
#include "formats/gta/style_sprites.h"
#include "formats/identify/identify.h"
#include "tests/support/gta_gry_bytes.h"

namespace kbot::gta {
namespace {

using testing::GryFile;

// The sample's layout and values: tests/support/gta_gry_bytes.h, GrySample.
GryFile Fixture() { return testing::GrySample(); }

Style Read(const GryFile& f) {
  absl::StatusOr<Style> s = ReadStyle(f.Bytes(), "STYLE001.GRY");
  EXPECT_TRUE(s.ok()) << s.status();
  return *std::move(s);
}

void ExpectColor(const palette::Palette& p, int e, uint8_t r, uint8_t g, uint8_t b) {
  EXPECT_EQ(p.colors[e].r, r) << "colour " << e;
  EXPECT_EQ(p.colors[e].g, g) << "colour " << e;
  EXPECT_EQ(p.colors[e].b, b) << "colour " << e;
}

TEST(GtaGryStyle, ReadsTheHeaderAndSectionsInOrder) {
  const std::vector<uint8_t> bytes = Fixture().Bytes();
  ASSERT_EQ(bytes.size(), 67386u);
  const Style s = Read(Fixture());
  EXPECT_TRUE(s.eight_bit());
  EXPECT_EQ(s.header.version, 325u);
  EXPECT_EQ(s.header.palette_size, 768u);
  EXPECT_EQ(s.header.remap_size, 33280u);
  EXPECT_EQ(s.header.remap_index_size, 8u);
  EXPECT_EQ(s.header.car_size, 174u);
  EXPECT_EQ(s.side_tiles, 2);
  EXPECT_EQ(s.lid_tiles, 2);
  EXPECT_EQ(s.aux_tiles, 1);
  EXPECT_EQ(s.clut_count, 0);
  EXPECT_EQ(s.remap_table_count(), 130);
  const std::vector<std::tuple<std::string, uint64_t, uint64_t, uint64_t>> want = {
      {"tiles", 52, 20480, 32768},         {"animations", 32820, 6, 6},
      {"palette", 32826, 768, 768},        {"remap tables", 33594, 33280, 33280},
      {"remap index", 66874, 8, 8},        {"object info", 66882, 0, 0},
      {"cars", 66882, 174, 174},           {"sprite info", 67056, 26, 26},
      {"sprite graphics", 67082, 262, 262}, {"sprite numbers", 67344, 42, 42}};
  ASSERT_EQ(s.sections.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(s.sections[i].name, std::get<0>(want[i]));
    EXPECT_EQ(s.sections[i].offset, std::get<1>(want[i])) << s.sections[i].name;
    EXPECT_EQ(s.sections[i].size, std::get<2>(want[i])) << s.sections[i].name;
    EXPECT_EQ(s.sections[i].stored, std::get<3>(want[i])) << s.sections[i].name;
  }
  ASSERT_EQ(s.animations.size(), 1u);
  EXPECT_EQ(s.animations[0].which, 1);
  EXPECT_EQ(s.animations[0].speed, 4);
  EXPECT_EQ(*s.Texel(3, 5, 6), 1);
  EXPECT_EQ(*s.Texel(4, 63, 63), 2);  // read from the padding's strip
  EXPECT_TRUE(s.warnings.empty()) << s.warnings[0];
}

TEST(GtaGryStyle, ScalesTheSixBitPalette) {
  const Style s = Read(Fixture());
  ExpectColor(s.base_palette, 1, 255, 0, 130);
  ExpectColor(s.base_palette, 2, 40, 81, 121);
  ExpectColor(s.base_palette, 5, 4, 8, 12);
  ExpectColor(s.base_palette, 0, 0, 0, 0);
}

TEST(GtaGryStyle, APaletteOverSixBitsIsReadAsItIsWithAWarning) {
  GryFile f = Fixture();
  f.SetColor(1, 64, 0, 200);
  const Style s = Read(f);
  ExpectColor(s.base_palette, 1, 64, 0, 200);
  ExpectColor(s.base_palette, 2, 10, 20, 30);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_TRUE(absl::StrContains(s.warnings[0], "a value of 200, over the 6-bit 63")) << s.warnings[0];
}

TEST(GtaGryStyle, RemapTablesRecolourThePalette) {
  const Style s = Read(Fixture());
  ExpectColor(*s.TablePalette(0), 1, 255, 0, 130);  // 0: no remap
  ExpectColor(*s.TablePalette(3), 1, 40, 81, 121);  // 1 -> 2
  ExpectColor(*s.TablePalette(3), 2, 40, 81, 121);
  ExpectColor(*s.TablePalette(7), 1, 4, 8, 12);     // 1 -> 5
  const absl::Status past = s.TablePalette(130).status();
  EXPECT_TRUE(absl::StrContains(past.message(), "remap table 130 is past the 130 stored"))
      << past;
  EXPECT_FALSE(s.TablePalette(-1).ok());
}

TEST(GtaGryStyle, LidsTakeTheirRemapsFromTheIndexSidesAndAuxTilesNone) {
  const Style s = Read(Fixture());
  EXPECT_EQ(*s.TileRemapTable(3, 1), 7);  // lid 1 remap 1
  EXPECT_EQ(*s.TileRemapTable(3, 2), 3);
  EXPECT_EQ(*s.TileRemapTable(2, 1), 3);  // lid 0 remap 1
  EXPECT_EQ(*s.TileRemapTable(3, 0), 0);
  EXPECT_EQ(*s.TileRemapTable(0, 3), 0);  // side
  EXPECT_EQ(*s.TileRemapTable(4, 2), 0);  // aux
  ExpectColor(*s.LidPalette(1, 1), 1, 4, 8, 12);
  ExpectColor(*s.LidPalette(1, 2), 1, 40, 81, 121);
  ExpectColor(*s.LidPalette(1, 0), 1, 255, 0, 130);
  ExpectColor(*s.SidePalette(1, SideDirection::kRight), 1, 255, 0, 130);
  ExpectColor(*s.AuxPalette(0, 3), 1, 255, 0, 130);
  const absl::Status past = s.LidPalette(1, 3).status();
  EXPECT_TRUE(absl::StrContains(past.message(), "remap table 200 is past the 130")) << past;
  EXPECT_FALSE(s.LidPalette(2, 0).ok());
  EXPECT_FALSE(s.LidPalette(0, 4).ok());
}

TEST(GtaGryStyle, AShortRemapIndexFailsOnlyTheLidsItLacks) {
  GryFile f = Fixture();
  f.remap_index = {0, 3, 0, 0, 9};  // lid 0, then a ragged byte
  const Style s = Read(f);
  ASSERT_EQ(s.warnings.size(), 2u);
  EXPECT_TRUE(absl::StrContains(s.warnings[0], "not whole 4-byte entries; the last 1 ignored"))
      << s.warnings[0];
  EXPECT_TRUE(absl::StrContains(s.warnings[1], "entries for 1 lid tile(s), fewer than the 2"))
      << s.warnings[1];
  EXPECT_EQ(*s.TileRemapTable(2, 1), 3);
  EXPECT_EQ(*s.TileRemapTable(3, 0), 0);  // remap 0 needs no entry
  const absl::Status past = s.TileRemapTable(3, 1).status();
  EXPECT_TRUE(absl::StrContains(past.message(), "entry 5 is past the remap index's 4")) << past;
}

TEST(GtaGryStyle, SpriteRecordsHaveNoPaletteNumber) {
  const Style s = Read(Fixture());
  absl::StatusOr<StyleSprites> sprites = ReadStyleSprites(s);
  ASSERT_TRUE(sprites.ok()) << sprites.status();
  ASSERT_EQ(sprites->sprites.size(), 2u);
  const SpriteRecord& car = sprites->sprites[0];
  EXPECT_EQ(car.kind, SpriteKind::kCar);
  EXPECT_EQ(car.width, 2);
  EXPECT_EQ(car.height, 2);
  EXPECT_EQ(car.palette, 0);
  EXPECT_EQ(car.offset, 0u);
  ASSERT_EQ(car.deltas.size(), 1u);
  EXPECT_EQ(car.deltas[0].size, 4);
  EXPECT_EQ(car.deltas[0].offset, 258u);
  const SpriteRecord& ped = sprites->sprites[1];
  EXPECT_EQ(ped.kind, SpriteKind::kPed);
  EXPECT_EQ(ped.record_offset, 67056u + 16);
  EXPECT_EQ(ped.offset, 2u);
  EXPECT_TRUE(sprites->warnings.empty()) << sprites->warnings[0];
}

TEST(GtaGryStyle, ARecordCutShortNamesTheTenByteRecord) {
  GryFile f = Fixture();
  f.sprite_info.resize(f.sprite_info.size() - 3);
  absl::StatusOr<StyleSprites> sprites = ReadStyleSprites(Read(f));
  ASSERT_TRUE(sprites.ok());
  EXPECT_EQ(sprites->sprites.size(), 1u);
  ASSERT_FALSE(sprites->warnings.empty());
  EXPECT_TRUE(absl::StrContains(sprites->warnings[0], "its 10 bytes are cut short"))
      << sprites->warnings[0];
}

// The pixels of a drawn sprite as (r, g, b, a) per pixel, row-major.
std::vector<std::array<uint8_t, 4>> Pixels(const DrawnSprite& d) {
  std::vector<std::array<uint8_t, 4>> out;
  for (size_t i = 0; i < d.picture.rgba.size(); i += 4) {
    out.push_back({d.picture.rgba[i], d.picture.rgba[i + 1], d.picture.rgba[i + 2],
                   d.picture.rgba[i + 3]});
  }
  return out;
}

using Px = std::array<uint8_t, 4>;
constexpr Px kNone{0, 0, 0, 0}, kOne{255, 0, 130, 255}, kTwo{40, 81, 121, 255},
    kFive{4, 8, 12, 255}, kNine{134, 0, 0, 255};

TEST(GtaGryStyle, DrawsACarInItsOwnColoursAndThroughItsRemapTables) {
  const Style s = Read(Fixture());
  const StyleSprites sprites = *ReadStyleSprites(s);
  const StyleCars cars = ReadStyleCars(s);
  ASSERT_EQ(cars.cars.size(), 1u);
  const SpriteRecord& car = sprites.sprites[0];
  absl::StatusOr<DrawnSprite> own = DrawSprite(s, car, {}, {});
  ASSERT_TRUE(own.ok()) << own.status();
  EXPECT_EQ(own->table, 0);
  EXPECT_EQ(own->clut, -1);
  EXPECT_EQ(Pixels(*own), (std::vector<Px>{kOne, kNone, kTwo, kOne}));
  absl::StatusOr<DrawnSprite> r1 = DrawSprite(s, car, CarRemap(cars.cars[0], 1), {});
  EXPECT_EQ(r1->table, 3);
  EXPECT_EQ(Pixels(*r1), (std::vector<Px>{kTwo, kNone, kTwo, kTwo}));
  absl::StatusOr<DrawnSprite> r2 = DrawSprite(s, car, CarRemap(cars.cars[0], 2), {});
  EXPECT_EQ(r2->table, 7);
  EXPECT_EQ(Pixels(*r2), (std::vector<Px>{kFive, kNone, kTwo, kFive}));
  EXPECT_EQ(DrawSprite(s, car, CarRemap(cars.cars[0], 3), {})->table, 0);
  absl::StatusOr<DrawnSprite> dented = DrawSprite(s, car, {}, {0});
  EXPECT_EQ(Pixels(*dented), (std::vector<Px>{kOne, kTwo, kTwo, kOne}));
  const absl::Status r13 = DrawSprite(s, car, CarRemap(cars.cars[0], 13), {}).status();
  EXPECT_TRUE(absl::StrContains(r13.message(), "car remap 13 is outside 0..12")) << r13;
}

TEST(GtaGryStyle, PedestrianRemapRIsTable125PlusR) {
  const Style s = Read(Fixture());
  const StyleSprites sprites = *ReadStyleSprites(s);
  const SpriteRecord& ped = sprites.sprites[1];
  using Kind = SpriteRemap::Kind;
  EXPECT_EQ(Pixels(*DrawSprite(s, ped, {}, {})), (std::vector<Px>{kOne, kTwo}));
  absl::StatusOr<DrawnSprite> r1 = DrawSprite(s, ped, {Kind::kPed, 0, 1}, {});
  EXPECT_EQ(r1->table, 126);
  EXPECT_EQ(Pixels(*r1), (std::vector<Px>{kNine, kTwo}));
  absl::StatusOr<DrawnSprite> r4 = DrawSprite(s, ped, {Kind::kPed, 0, 4}, {});
  EXPECT_EQ(r4->table, 129);
  EXPECT_EQ(Pixels(*r4), (std::vector<Px>{kOne, kFive}));
  const absl::Status r5 = DrawSprite(s, ped, {Kind::kPed, 0, 5}, {}).status();
  EXPECT_TRUE(absl::StrContains(r5.message(),
                                "pedestrian remap 5 is table 130, past the style's 130"))
      << r5;
}

void ExpectError(const GryFile& f, absl::string_view fragment, size_t drop = 0) {
  std::vector<uint8_t> bytes = f.Bytes();
  bytes.resize(bytes.size() - drop);
  absl::StatusOr<Style> s = ReadStyle(bytes, "STYLE001.GRY");
  ASSERT_FALSE(s.ok()) << fragment;
  EXPECT_TRUE(absl::StrContains(s.status().message(), fragment)) << s.status();
  EXPECT_TRUE(absl::StrContains(s.status().message(), "STYLE001.GRY")) << s.status();
}

TEST(GtaGryStyle, MalformedFilesAreErrorsNamingWhatAndWhere) {
  std::vector<uint8_t> short_header = Fixture().Bytes();
  short_header.resize(40);
  absl::StatusOr<Style> s = ReadStyle(short_header, "STYLE001.GRY");
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(absl::StrContains(s.status().message(), "shorter than the 52-byte")) << s.status();

  GryFile palette = Fixture();
  palette.header_overrides = {{5, 700}};
  ExpectError(palette, "palette size 700, expected 768");
  GryFile remaps = Fixture();
  remaps.header_overrides = {{6, 300}};
  ExpectError(remaps, "remap table size 300 is not a multiple of 256");
  GryFile tiles = Fixture();
  tiles.header_overrides = {{2, 5000}};
  ExpectError(tiles, "lid size 5000 is not a multiple of 4096");
  ExpectError(Fixture(), "sprite numbers", 1);  // cut one byte short
  GryFile animations = Fixture();
  animations.animations = {1, 0, 1, 4, 3, 0};  // 3 frames, 1 stored
  ExpectError(animations, "3 frames run past the animation section's end");
}

TEST(GtaGryStyle, IdentifyTellsAnEightBitStyle) {
  const std::vector<uint8_t> bytes = Fixture().Bytes();
  const identify::FileIdentity id = identify::IdentifyFile(bytes);
  EXPECT_EQ(id.kind, identify::FileKind::kStyle);
  EXPECT_EQ(id.what, "a GTA1 8-bit style (version 325)");
  std::vector<uint8_t> other = bytes;
  other[21] = 0;  // a palette size of 0, not 768 (0x300): not an 8-bit style
  EXPECT_NE(identify::IdentifyFile(other).kind, identify::FileKind::kStyle);
}

}  // namespace
}  // namespace kbot::gta
