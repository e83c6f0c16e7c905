// A G24 style laid out byte by byte from docs/formats/gta1.md, "Styles
// (.G24)", without any writer of the project: the tests check the readers
// against the spec. Tiles are zero; CLUTs, the palette index and the five
// sprite-side sections are what the test puts in them.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace kbot::testing {

struct StyleFile {
  int side_tiles = 1, lid_tiles = 1, aux_tiles = 0;
  int clut_count = 4;  // physical CLUTs, stored in 64 KB pages of 64
  // The header's split of the logical palettes (bytes, 1024 a palette).
  uint32_t tile_clut_size = 8 * 1024, sprite_clut_size = 0, new_car_clut_size = 0,
           font_clut_size = 0;
  std::vector<uint16_t> palette_index;
  std::vector<uint8_t> object_info, cars, sprite_info, sprite_graphics, sprite_numbers;

  // Colour `e` of CLUT `clut` (B, G, R, 0 at the page formula).
  void SetColor(int clut, int e, uint8_t r, uint8_t g, uint8_t b);
  // Header, tiles (padded to 16 KB), no animations, CLUTs (padded to 64 KB),
  // palette index, object info, cars, sprite info, sprite graphics, sprite
  // numbers.
  std::vector<uint8_t> Bytes() const;

 private:
  std::vector<uint8_t> cluts_;
};

// Sprite-side records, each field appended as the layout gives it.
// Sprite numbers: 21 u16 counts, the rest zero.
std::vector<uint8_t> SpriteNumbers(const std::vector<std::pair<int, uint16_t>>& kind_counts);
// One G24 sprite record: w, h, delta count, flag 0, size, palette, offset,
// then (size, offset) per delta.
void AppendSprite(std::vector<uint8_t>& out, uint8_t w, uint8_t h, uint16_t palette,
                  uint32_t offset, const std::vector<std::pair<uint16_t, uint32_t>>& deltas = {},
                  std::optional<uint16_t> size = std::nullopt);

}  // namespace kbot::testing
