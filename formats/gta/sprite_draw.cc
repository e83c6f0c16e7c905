#include "formats/gta/sprite_draw.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/gta/style_cars.h"

namespace kbot::gta {

namespace {

absl::Status BadRemap(absl::string_view detail) {
  return absl::InvalidArgumentError(detail);
}

}  // namespace

absl::StatusOr<int> SpritePaletteSlot(const Style& style, const SpriteRecord& sprite,
                                      const SpriteRemap& remap) {
  const int tiles = int(style.header.tile_clut_size / kClutBytes);
  const int sprites = int(style.header.sprite_clut_size / kClutBytes);
  const int remaps = int(style.header.new_car_clut_size / kClutBytes);
  switch (remap.kind) {
    case SpriteRemap::Kind::kOwn:
      return tiles + sprite.palette;
    case SpriteRemap::Kind::kCar: {
      if (remap.remap < 0 || remap.remap > kCarRemaps) {
        return BadRemap(absl::StrCat("car remap ", remap.remap, " is outside 0..", kCarRemaps,
                                     " (0 = the car's own palette)"));
      }
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
      if (remap.remap < 0 || remap.remap >= kPedRemaps) {
        return BadRemap(absl::StrCat("pedestrian remap ", remap.remap, " is outside 0..",
                                     kPedRemaps - 1));
      }
      if (remaps < kPedRemaps) {
        return BadRemap(absl::StrCat("the style has ", remaps, " remap palettes, fewer than the ",
                                     kPedRemaps, " pedestrian remaps"));
      }
      return tiles + sprites + remaps - kPedRemaps + remap.remap;
  }
  return BadRemap("unknown remap kind");
}

absl::StatusOr<DrawnSprite> DrawSprite(const Style& style, const SpriteRecord& sprite,
                                       const SpriteRemap& remap, const std::vector<int>& deltas) {
  absl::StatusOr<int> slot = SpritePaletteSlot(style, sprite, remap);
  if (!slot.ok()) return slot.status();
  absl::StatusOr<int> clut = style.ClutOfPalette(*slot);
  if (!clut.ok()) return clut.status();
  absl::StatusOr<palette::Palette> pal = style.Clut(*clut);
  if (!pal.ok()) return pal.status();
  absl::StatusOr<std::vector<uint8_t>> pixels = SpritePixels(style, sprite, deltas);
  if (!pixels.ok()) return pixels.status();
  DrawnSprite out{image::RgbaPicture(sprite.width, sprite.height), *slot, *clut};
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
