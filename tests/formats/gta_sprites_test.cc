// GTA1 style sprites: sprite numbers, sprite info, sprite graphics, deltas and
// the sprite palettes, on a style built byte by byte from docs/formats/gta1.md,
// "Sprites", with every offset and pixel below worked by hand.
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "formats/common/byte_writer.h"
#include "formats/gta/sprite_draw.h"
#include "formats/gta/style_sprites.h"
#include "tests/support/gta_style_bytes.h"

namespace kbot::gta {
namespace {

using testing::AppendSprite;
using testing::SpriteNumbers;
using testing::StyleFile;

// Palettes: T = 8 tile palettes (2 tiles x 4), S = 2 sprite palettes, N = 76
// remaps (12 for the one car, then 64 for pedestrians): 86 index entries.
//   slot 8  (sprite palette 0) -> CLUT 1    slot 10 (car 0 remap 1) -> CLUT 3
//   slot 9  (sprite palette 1) -> CLUT 2    slot 11 (car 0 remap 2) -> CLUT 2
//   slot 27 (ped remap 5 = 8 + 2 + 76 - 64 + 5) -> CLUT 3; all others CLUT 0.
// Sprites (arrow 1, car 2, object 1, ped 1), graphics 65,794 bytes (page 0
// and two rows of page 1, the second row cut after 2 bytes):
//   0 arrow   2 x 2, palette 0, (0, 0) page 0:   1 2 / 0 1
//   1 car 0   4 x 3, palette 0, (10, 5) page 0:  1 1 1 1 / 2 2 2 2 / 1 0 0 1,
//             delta 0 (9 bytes at 0x8000): skip 1, [7 8], skip 253, [9]
//             delta 1 (4 bytes at 0x8010): skip 515 = (3, 2), [10]
//   2 car 1   2 x 2, palette 1, (0, 0) page 1:   1 2 / 2 1
//   3 object  3 x 1, palette 1, (250, 0) page 0: 1 1 2
//   4 ped     1 x 1, palette 0, (255, 255) page 0: 2
struct Fixture {
  StyleFile style;

  Fixture() {
    style.sprite_clut_size = 2 * 1024;
    style.new_car_clut_size = 76 * 1024;
    style.palette_index.assign(86, 0);
    style.palette_index[8] = 1, style.palette_index[9] = 2;
    style.palette_index[10] = 3, style.palette_index[11] = 2;
    style.palette_index[27] = 3;
    style.SetColor(1, 1, 10, 20, 30), style.SetColor(1, 2, 40, 50, 60);
    style.SetColor(1, 7, 70, 80, 90), style.SetColor(1, 8, 100, 110, 120);
    style.SetColor(1, 9, 130, 140, 150), style.SetColor(1, 10, 1, 2, 3);
    style.SetColor(2, 1, 200, 0, 0), style.SetColor(2, 2, 0, 200, 0);
    style.SetColor(3, 1, 0, 0, 200), style.SetColor(3, 2, 9, 9, 9);
    style.sprite_numbers = SpriteNumbers({{0, 1}, {5, 2}, {6, 1}, {7, 1}});
    AppendSprite(style.sprite_info, 2, 2, 0, 0);
    AppendSprite(style.sprite_info, 4, 3, 0, 5 * 256 + 10, {{9, 0x8000}, {4, 0x8010}});
    AppendSprite(style.sprite_info, 2, 2, 1, 0x10000);
    AppendSprite(style.sprite_info, 3, 1, 1, 250);
    AppendSprite(style.sprite_info, 1, 1, 0, 0xffff);
    auto& g = style.sprite_graphics;
    g.assign(0x10000 + 258, 0);
    g[0] = 1, g[1] = 2, g[256] = 0, g[257] = 1;
    for (int x = 0; x < 4; ++x) g[1290 + x] = 1, g[1290 + 256 + x] = 2;
    g[1290 + 512] = 1, g[1290 + 512 + 3] = 1;
    const std::vector<uint8_t> d0 = {0x01, 0x00, 0x02, 7, 8, 0xfd, 0x00, 0x01, 9};
    const std::vector<uint8_t> d1 = {0x03, 0x02, 0x01, 10};
    std::copy(d0.begin(), d0.end(), g.begin() + 0x8000);
    std::copy(d1.begin(), d1.end(), g.begin() + 0x8010);
    g[0x10000] = 1, g[0x10001] = 2, g[0x10100] = 2, g[0x10101] = 1;
    g[250] = 1, g[251] = 1, g[252] = 2;
    g[0xffff] = 2;
  }

  Style Read() const {
    absl::StatusOr<Style> s = ReadStyle(style.Bytes(), "STYLE009.G24");
    EXPECT_TRUE(s.ok()) << s.status();
    return *std::move(s);
  }
};

// The header is 64 bytes, 2 tiles pad to 16 KB, 4 CLUTs to one 64 KB page,
// the index is 172 bytes; object info and cars are empty here.
constexpr uint64_t kSpriteInfoOffset = 64 + 0x4000 + 0x10000 + 172;

StyleSprites Sprites(const Style& style) {
  absl::StatusOr<StyleSprites> s = ReadStyleSprites(style);
  EXPECT_TRUE(s.ok()) << s.status();
  return *std::move(s);
}

std::vector<uint8_t> Rgba(const DrawnSprite& d, int x, int y) {
  const uint8_t* p = d.picture.rgba.data() + 4 * (size_t(y) * d.picture.width + x);
  return {p[0], p[1], p[2], p[3]};
}

TEST(GtaSprites, CountsGiveEachKindItsFirstSprite) {
  const Style style = Fixture().Read();
  const StyleSprites s = Sprites(style);
  EXPECT_TRUE(s.warnings.empty()) << s.warnings[0];
  EXPECT_EQ(s.CountOf(SpriteKind::kCar), 2);
  EXPECT_EQ(s.FirstOf(SpriteKind::kArrow), 0);
  EXPECT_EQ(s.FirstOf(SpriteKind::kCar), 1);
  EXPECT_EQ(s.FirstOf(SpriteKind::kObject), 3);
  EXPECT_EQ(s.FirstOf(SpriteKind::kPed), 4);
  EXPECT_EQ(s.FirstOf(SpriteKind::kFerry), 5);
  EXPECT_EQ(*s.Number(SpriteKind::kCar, 1), 2);
  EXPECT_FALSE(s.Number(SpriteKind::kCar, 2).ok());
  EXPECT_FALSE(s.Number(SpriteKind::kTank, 0).ok());
}

TEST(GtaSprites, ReadsEveryRecordField) {
  const Style style = Fixture().Read();
  const StyleSprites s = Sprites(style);
  ASSERT_EQ(s.sprites.size(), 5u);
  const SpriteRecord& car = s.sprites[1];
  EXPECT_EQ(car.number, 1);
  EXPECT_EQ(car.kind, SpriteKind::kCar);
  EXPECT_EQ(car.number_in_kind, 0);
  EXPECT_EQ(car.record_offset, kSpriteInfoOffset + 12);
  EXPECT_EQ(car.width, 4);
  EXPECT_EQ(car.height, 3);
  EXPECT_EQ(car.size, 12);
  EXPECT_EQ(car.offset, 1290u);
  EXPECT_EQ(car.page(), 0);
  EXPECT_EQ(car.page_x(), 10);
  EXPECT_EQ(car.page_y(), 5);
  ASSERT_EQ(car.deltas.size(), 2u);
  EXPECT_EQ(car.deltas[1].size, 4);
  EXPECT_EQ(car.deltas[1].offset, 0x8010u);
  const SpriteRecord& second = s.sprites[2];
  EXPECT_EQ(second.record_offset, kSpriteInfoOffset + 12 + 24);
  EXPECT_EQ(second.page(), 1);
  EXPECT_EQ(second.palette, 1);
  EXPECT_EQ(s.sprites[4].kind, SpriteKind::kPed);
  EXPECT_EQ(s.sprites[3].number_in_kind, 0);
}

TEST(GtaSprites, PixelsComeFromThePageWithTheDeltasApplied) {
  const Style style = Fixture().Read();
  const StyleSprites s = Sprites(style);
  EXPECT_EQ(*SpritePixels(style, s.sprites[0], {}), (std::vector<uint8_t>{1, 2, 0, 1}));
  EXPECT_EQ(*SpritePixels(style, s.sprites[1], {}),
            (std::vector<uint8_t>{1, 1, 1, 1, 2, 2, 2, 2, 1, 0, 0, 1}));
  EXPECT_EQ(*SpritePixels(style, s.sprites[1], {0}),
            (std::vector<uint8_t>{1, 7, 8, 1, 9, 2, 2, 2, 1, 0, 0, 1}));
  EXPECT_EQ(*SpritePixels(style, s.sprites[1], {0, 1}),
            (std::vector<uint8_t>{1, 7, 8, 1, 9, 2, 2, 2, 1, 0, 0, 10}));
  EXPECT_EQ(*SpritePixels(style, s.sprites[2], {}), (std::vector<uint8_t>{1, 2, 2, 1}));
  EXPECT_EQ(*SpritePixels(style, s.sprites[3], {}), (std::vector<uint8_t>{1, 1, 2}));
  EXPECT_EQ(*SpritePixels(style, s.sprites[4], {}), (std::vector<uint8_t>{2}));
  absl::StatusOr<std::vector<uint8_t>> bad = SpritePixels(style, s.sprites[1], {2});
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(absl::StrContains(bad.status().message(), "delta 2 is past its 2 delta(s)"))
      << bad.status();
}

TEST(GtaSprites, OwnPaletteFollowsTheTilePalettes) {
  const Style style = Fixture().Read();
  const StyleSprites s = Sprites(style);
  absl::StatusOr<DrawnSprite> d = DrawSprite(style, s.sprites[1], {}, {0});
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->slot, 8);
  EXPECT_EQ(d->clut, 1);
  EXPECT_EQ(Rgba(*d, 0, 0), (std::vector<uint8_t>{10, 20, 30, 255}));
  EXPECT_EQ(Rgba(*d, 1, 0), (std::vector<uint8_t>{70, 80, 90, 255}));
  EXPECT_EQ(Rgba(*d, 0, 1), (std::vector<uint8_t>{130, 140, 150, 255}));
  EXPECT_EQ(Rgba(*d, 1, 1), (std::vector<uint8_t>{40, 50, 60, 255}));
  EXPECT_EQ(Rgba(*d, 1, 2), (std::vector<uint8_t>{0, 0, 0, 0}));  // colour 0
  absl::StatusOr<DrawnSprite> second = DrawSprite(style, s.sprites[2], {}, {});
  EXPECT_EQ(second->slot, 9);
  EXPECT_EQ(Rgba(*second, 0, 0), (std::vector<uint8_t>{200, 0, 0, 255}));
}

TEST(GtaSprites, CarRemapsFollowTheSpritePalettesTwelveACar) {
  const Style style = Fixture().Read();
  const StyleSprites s = Sprites(style);
  using Kind = SpriteRemap::Kind;
  absl::StatusOr<DrawnSprite> r1 = DrawSprite(style, s.sprites[1], {Kind::kCar, 0, 1}, {});
  ASSERT_TRUE(r1.ok()) << r1.status();
  EXPECT_EQ(r1->slot, 10);
  EXPECT_EQ(Rgba(*r1, 0, 0), (std::vector<uint8_t>{0, 0, 200, 255}));
  absl::StatusOr<DrawnSprite> r2 = DrawSprite(style, s.sprites[1], {Kind::kCar, 0, 2}, {});
  EXPECT_EQ(r2->slot, 11);
  EXPECT_EQ(Rgba(*r2, 0, 0), (std::vector<uint8_t>{200, 0, 0, 255}));
  EXPECT_EQ(DrawSprite(style, s.sprites[1], {Kind::kCar, 0, 0}, {})->slot, 8);
  absl::StatusOr<DrawnSprite> r13 = DrawSprite(style, s.sprites[1], {Kind::kCar, 0, 13}, {});
  ASSERT_FALSE(r13.ok());
  EXPECT_EQ(r13.status().message(), "car remap 13 is outside 0..12 (0 = the car's own palette)");
  // Car record 1 has no remaps: 12 * 1 + 0 = 12 is past the 76 - 64.
  absl::StatusOr<DrawnSprite> other = DrawSprite(style, s.sprites[1], {Kind::kCar, 1, 1}, {});
  ASSERT_FALSE(other.ok());
  EXPECT_TRUE(absl::StrContains(other.status().message(), "past the style's car remaps"));
}

TEST(GtaSprites, PedestrianRemapsAreTheLastSixtyFour) {
  const Style style = Fixture().Read();
  const StyleSprites s = Sprites(style);
  absl::StatusOr<DrawnSprite> d =
      DrawSprite(style, s.sprites[4], {SpriteRemap::Kind::kPed, 0, 5}, {});
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(d->slot, 27);
  EXPECT_EQ(Rgba(*d, 0, 0), (std::vector<uint8_t>{9, 9, 9, 255}));
  EXPECT_FALSE(DrawSprite(style, s.sprites[4], {SpriteRemap::Kind::kPed, 0, 64}, {}).ok());
}

// --- Hostile and odd styles: one bad record never fails the others.

TEST(GtaSprites, ASpritePastItsPageIsMarkedAndTheOthersDraw) {
  Fixture f;
  // Sprite 3 (the object) made 10 wide at x 250: 260 > 256.
  f.style.sprite_info[12 + 24 + 12 + 0] = 10;
  f.style.sprite_info[12 + 24 + 12 + 4] = 10;  // size 10 x 1
  const Style style = f.Read();
  const StyleSprites s = Sprites(style);
  EXPECT_EQ(s.sprites[3].problem, "its 10 x 1 pixels at (250, 0) run past the edge of page 0");
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_EQ(s.warnings[0], "sprite 3 (object 0) at 0x1411c: its 10 x 1 pixels at (250, 0) run "
                           "past the edge of page 0");
  EXPECT_EQ(kSpriteInfoOffset + 48, 0x1411cu);
  absl::StatusOr<DrawnSprite> bad = DrawSprite(style, s.sprites[3], {}, {});
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(absl::StrContains(bad.status().message(), "STYLE009.G24: sprite 3 (object 0): "));
  EXPECT_TRUE(DrawSprite(style, s.sprites[1], {}, {}).ok());
}

TEST(GtaSprites, ASpritePastTheGraphicsIsMarked) {
  Fixture f;
  // Sprite 2 at page 1 row 1: its second row would need 0x10102 bytes.
  f.style.sprite_info[36 + 8] = 0x00, f.style.sprite_info[36 + 9] = 0x01;  // offset 0x10100
  const StyleSprites s = Sprites(f.Read());
  EXPECT_EQ(s.sprites[2].problem,
            "its pixels end at 0x10202, past the sprite graphics' 65794 bytes");
}

TEST(GtaSprites, ASizeOtherThanWidthTimesHeightIsMarked) {
  Fixture f;
  f.style.sprite_info.clear();
  AppendSprite(f.style.sprite_info, 2, 2, 0, 0, {}, 5);
  f.style.sprite_numbers = SpriteNumbers({{0, 1}});
  const StyleSprites s = Sprites(f.Read());
  EXPECT_EQ(s.sprites[0].problem, "size 5 is not width x height (2 x 2)");
}

TEST(GtaSprites, CountsThatOverflowTheRecordsAreAWarning) {
  Fixture f;
  f.style.sprite_numbers = SpriteNumbers({{0, 1}, {5, 0xffff}, {6, 0xffff}, {20, 0xffff}});
  const StyleSprites s = Sprites(f.Read());
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_EQ(s.warnings[0], "the sprite numbers count 196606 sprites, the sprite info holds 5");
  EXPECT_EQ(s.StoredOf(SpriteKind::kCar), 4);
  EXPECT_EQ(s.StoredOf(SpriteKind::kObject), 0);
  EXPECT_EQ(s.FirstOf(SpriteKind::kFerry), 1 + 2 * 0xffff);
  absl::StatusOr<int> n = s.Number(SpriteKind::kObject, 0);
  ASSERT_FALSE(n.ok());
  EXPECT_EQ(n.status().message(), "object sprite 0 is past the kind's 0 sprite(s) (65535 counted)");
}

TEST(GtaSprites, ADeltaThatLandsOutsideTheSpriteIsRefused) {
  Fixture f;
  f.style.sprite_graphics[0x8010] = 0x04;  // delta 1: skip 4 = (4, 0) in a 4-wide sprite
  f.style.sprite_graphics[0x8011] = 0x00;
  const Style style = f.Read();
  const StyleSprites s = Sprites(style);
  absl::StatusOr<std::vector<uint8_t>> p = SpritePixels(style, s.sprites[1], {1});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(), "STYLE009.G24: sprite 1 (car 0) delta 1: a run of 1 at (4, 0) "
                                  "lands outside the 4 x 3 sprite");
  EXPECT_TRUE(SpritePixels(style, s.sprites[1], {0}).ok());
}

TEST(GtaSprites, ADeltaRunPastItsBytesIsRefused) {
  Fixture f;
  f.style.sprite_graphics[0x8012] = 0x05;  // delta 1: a run of 5 in a 4-byte delta
  const Style style = f.Read();
  const StyleSprites s = Sprites(style);
  absl::StatusOr<std::vector<uint8_t>> p = SpritePixels(style, s.sprites[1], {1});
  ASSERT_FALSE(p.ok());
  EXPECT_TRUE(absl::StrContains(p.status().message(), "runs past the delta's 4 bytes"))
      << p.status();
}

TEST(GtaSprites, ADeltaPastTheGraphicsIsMarked) {
  Fixture f;
  f.style.sprite_info.clear();
  AppendSprite(f.style.sprite_info, 2, 2, 0, 0, {{0x20, 0x10100}});
  f.style.sprite_numbers = SpriteNumbers({{0, 1}});
  const Style style = f.Read();
  const StyleSprites s = Sprites(style);
  EXPECT_EQ(s.sprites[0].deltas[0].problem,
            "its 32 bytes at 0x10100 run past the sprite graphics' 65794 bytes");
  EXPECT_TRUE(SpritePixels(style, s.sprites[0], {}).ok());
  EXPECT_FALSE(SpritePixels(style, s.sprites[0], {0}).ok());
}

TEST(GtaSprites, ARecordCutShortEndsTheWalkWithAWarning) {
  Fixture f;
  for (uint8_t b : {2, 2, 3, 0, 4, 0, 0}) f.style.sprite_info.push_back(b);
  const StyleSprites s = Sprites(f.Read());
  EXPECT_EQ(s.sprites.size(), 5u);
  ASSERT_EQ(s.warnings.size(), 1u);
  EXPECT_EQ(s.warnings[0], "sprite info: record 5 at 0x14134: its 12 bytes are cut short by "
                           "the end of the section (7 byte(s) left); 5 sprite(s) read");
}

TEST(GtaSprites, ADeltaListCutShortEndsTheWalk) {
  Fixture f;
  f.style.sprite_info.clear();
  AppendSprite(f.style.sprite_info, 2, 2, 0, 0);
  AppendSprite(f.style.sprite_info, 2, 2, 0, 0, {{1, 0}, {1, 0}});
  f.style.sprite_info.resize(f.style.sprite_info.size() - 3);
  const StyleSprites s = Sprites(f.Read());
  EXPECT_EQ(s.sprites.size(), 1u);
  EXPECT_TRUE(absl::StrContains(s.warnings[0], "it lists 2 deltas, but the section ends after 1"));
}

TEST(GtaSprites, SpriteNumbersOfTheWrongSizeAreAnError) {
  Fixture f;
  f.style.sprite_numbers.resize(40);
  absl::StatusOr<StyleSprites> s = ReadStyleSprites(f.Read());
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().message(),
            "STYLE009.G24: sprite numbers: 40 bytes, expected 42 (21 u16 counts)");
}

TEST(GtaSprites, KindNamesRoundTrip) {
  for (int k = 0; k < kSpriteKindCount; ++k) {
    EXPECT_EQ(SpriteKindFromName(SpriteKindName(SpriteKind(k))), SpriteKind(k));
  }
  EXPECT_EQ(SpriteKindName(SpriteKind::kWreckedBus), "wrecked_bus");
  EXPECT_EQ(SpriteKindFromName("Peds"), SpriteKind::kPed);
  EXPECT_EQ(SpriteKindFromName("plane"), std::nullopt);
}

}  // namespace
}  // namespace kbot::gta
