#include "formats/gta/sprite_draw.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/gta/style_gry.h"

namespace kbot::gta {

namespace {

absl::Status BadRemap(absl::string_view detail) {
  return absl::InvalidArgumentError(detail);
}

// The remap number against its kind's range, whatever the style's depth.
absl::Status CheckRemapNumber(const SpriteRemap& remap) {
  if (remap.kind == SpriteRemap::Kind::kCar && (remap.remap < 0 || remap.remap > kCarRemaps)) {
    return BadRemap(absl::StrCat("car remap ", remap.remap, " is outside 0..", kCarRemaps,
                                 " (0 = the car's own palette)"));
  }
  if (remap.kind == SpriteRemap::Kind::kPed && (remap.remap < 0 || remap.remap >= kPedRemaps)) {
    return BadRemap(
        absl::StrCat("pedestrian remap ", remap.remap, " is outside 0..", kPedRemaps - 1));
  }
  return absl::OkStatus();
}

}  // namespace

SpriteRemap CarRemap(const CarInfo& car, int remap) {
  SpriteRemap out{SpriteRemap::Kind::kCar, car.index, remap};
  out.car_tables = car.remap8;
  return out;
}

absl::StatusOr<int> SpriteRemapTable(const Style& style, const SpriteRemap& remap) {
  if (absl::Status s = CheckRemapNumber(remap); !s.ok()) return s;
  switch (remap.kind) {
    case SpriteRemap::Kind::kOwn:
      return 0;
    case SpriteRemap::Kind::kCar:
      return remap.remap == 0 ? 0 : int(remap.car_tables[size_t(remap.remap - 1)]);
    case SpriteRemap::Kind::kPed:
      if (kGryFirstPedTable + remap.remap >= style.remap_table_count()) {
        return BadRemap(absl::StrCat("pedestrian remap ", remap.remap, " is table ",
                                     kGryFirstPedTable + remap.remap, ", past the style's ",
                                     style.remap_table_count(), " remap tables"));
      }
      return kGryFirstPedTable + remap.remap;
  }
  return BadRemap("unknown remap kind");
}

absl::StatusOr<int> SpritePaletteSlot(const Style& style, const SpriteRecord& sprite,
                                      const SpriteRemap& remap) {
  const int tiles = int(style.header.tile_clut_size / kClutBytes);
  const int sprites = int(style.header.sprite_clut_size / kClutBytes);
  const int remaps = int(style.header.new_car_clut_size / kClutBytes);
  if (absl::Status s = CheckRemapNumber(remap); !s.ok()) return s;
  switch (remap.kind) {
    case SpriteRemap::Kind::kOwn:
      return tiles + sprite.palette;
    case SpriteRemap::Kind::kCar: {
      if (remap.remap == 0) return tiles + sprite.palette;
      const int64_t at = int64_t(remap.car) * kCarRemaps + remap.remap - 1;
      if (remap.car < 0 || at >= remaps - kPedRemaps) {
        return BadRemap(absl::StrCat("car record ", remap.car, " remap ", remap.remap,
                                     " is past the style's car remaps (", remaps,
                                     " remap palettes, the last ", kPedRemaps,
                                     " for pedestrians)"));
      }
      return tiles + sprites + int(at);
    }
    case SpriteRemap::Kind::kPed:
      if (remaps < kPedRemaps) {
        return BadRemap(absl::StrCat("the style has ", remaps, " remap palettes, fewer than the ",
                                     kPedRemaps, " pedestrian remaps"));
      }
      return tiles + sprites + remaps - kPedRemaps + remap.remap;
  }
  return BadRemap("unknown remap kind");
}

namespace {

// The palette the sprite takes, with where it came from recorded in `out`.
absl::StatusOr<palette::Palette> SpritePalette(const Style& style, const SpriteRecord& sprite,
                                               const SpriteRemap& remap, DrawnSprite& out) {
  if (style.eight_bit()) {
    absl::StatusOr<int> table = SpriteRemapTable(style, remap);
    if (!table.ok()) return table.status();
    out.table = *table;
    return style.TablePalette(*table);
  }
  absl::StatusOr<int> slot = SpritePaletteSlot(style, sprite, remap);
  if (!slot.ok()) return slot.status();
  absl::StatusOr<int> clut = style.ClutOfPalette(*slot);
  if (!clut.ok()) return clut.status();
  out.slot = *slot;
  out.clut = *clut;
  return style.Clut(*clut);
}

}  // namespace

absl::StatusOr<DrawnSprite> DrawSprite(const Style& style, const SpriteRecord& sprite,
                                       const SpriteRemap& remap, const std::vector<int>& deltas) {
  DrawnSprite out{image::RgbaPicture(0, 0)};
  absl::StatusOr<palette::Palette> pal = SpritePalette(style, sprite, remap, out);
  if (!pal.ok()) return pal.status();
  absl::StatusOr<std::vector<uint8_t>> pixels = SpritePixels(style, sprite, deltas);
  if (!pixels.ok()) return pixels.status();
  out.picture = image::RgbaPicture(sprite.width, sprite.height);
  for (size_t i = 0; i < pixels->size(); ++i) {
    const uint8_t e = (*pixels)[i];
    if (e == kSpriteTransparentIndex) continue;
    const palette::Rgb& c = pal->colors[e];
    uint8_t* px = out.picture.rgba.data() + 4 * i;
    px[0] = c.r, px[1] = c.g, px[2] = c.b, px[3] = 255;
  }
  return out;
}

}  // namespace kbot::gta
