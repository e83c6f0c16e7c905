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
  // Palette entry e, as stored (0..63 a component).
  void SetColor(int e, uint8_t r, uint8_t g, uint8_t b);
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

// The sample the format and tool tests share: 2 side, 2 lid and 1 aux tiles
// (padded to 8; lid 1's texel (5, 6) is 1, aux 0's (63, 63) 2, in the
// padding's strip); one animation (lid 0, speed 4, aux 0); palette colours 1
// (63, 0, 32), 2 (10, 20, 30), 5 (1, 2, 3), 9 (33, 0, 0); 130 identity remap
// tables but table 3 (1 -> 2), 7 (1 -> 5), 126 (1 -> 9), 129 (2 -> 5); lid
// remaps {0, 3, 0, 0} and {0, 7, 3, 200}; car model 3 (sprite 0, remap8 3,
// 7, 0 ...); car sprite 0, 2 x 2 at 0 (1 0 / 2 1) with a delta setting (1, 0)
// to 2; pedestrian sprite 0, 2 x 1 at 2 (1 2). 67,386 bytes.
GryFile GrySample();

}  // namespace kbot::testing
