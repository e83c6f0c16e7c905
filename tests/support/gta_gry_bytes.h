// An 8-bit GTA1 style (.GRY) laid out byte by byte from docs/formats/gta1.md,
// "8-bit styles (.GRY)", without any writer of the project. Tiles are zero
// but for the texels a test sets; the palette, remap tables, remap index and
// sprite-side sections are what the test puts in them.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace kbot::testing {

struct GryFile {
  int side_tiles = 2, lid_tiles = 2, aux_tiles = 1;  // 5 tiles: 3 tiles of padding
  std::vector<uint8_t> animations;
  std::vector<uint8_t> palette = std::vector<uint8_t>(768, 0);  // R, G, B, 0..63
  std::vector<uint8_t> remap_tables;                            // 256 bytes a table
  std::vector<uint8_t> remap_index;                             // 4 a lid
  std::vector<uint8_t> object_info, cars, sprite_info, sprite_graphics, sprite_numbers;
  // Header words written in place of the real sizes (index 0..12), when set.
  std::vector<std::pair<int, uint32_t>> header_overrides;

  // Tables 0..n-1, each the identity.
  void IdentityTables(int n);
  void SetTile(int tile, int u, int v, uint8_t texel);
  // Header, tiles padded to 4 tiles, animations, palette, remap tables,
  // remap index, object info, cars, sprite info, sprite graphics, sprite
  // numbers.
  std::vector<uint8_t> Bytes() const;

 private:
  std::vector<uint8_t> tiles_;
};

// One 8-bit sprite record: w, h, delta count, flag 0, size, offset, then
// (size, offset) per delta: the G24 record without its palette number.
void AppendGrySprite(std::vector<uint8_t>& out, uint8_t w, uint8_t h, uint32_t offset,
                     const std::vector<std::pair<uint16_t, uint32_t>>& deltas = {});

// A 174-byte car record with no doors: vtype 4 (car) at 106, `model` at 107,
// spr_num at 6, remap8 at 94; every other field 0.
std::vector<uint8_t> GryCar(uint8_t model, int16_t sprite, const std::array<uint8_t, 12>& remap8);

}  // namespace kbot::testing
