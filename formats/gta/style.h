// G24 styles: GTA1's tile, palette and sprite sets (STYLE001.G24 ...
// STYLE003.G24). Layout: docs/formats/gta1.md, "Styles (.G24)"; the loader is
// Style_Load 0x47cf10. Little-endian throughout. The 8-bit styles (.GRY,
// version 325) read into the same Style: style_gry.h says how they differ.
//
//   Header     sixteen u32 (64 bytes): version (336, checked), side size, lid
//              size, aux size, anim size, CLUT size, tile CLUT size, sprite
//              CLUT size, new-car CLUT size, font CLUT size, palette index
//              size, object info size, car size, sprite info size, sprite
//              graphics size, sprite numbers size. The four "<kind> CLUT size"
//              fields split the CLUT section between its users; they describe
//              no section of their own and are reported as read.
//
//   Sections, in this order, right after the header:
//
//   Tiles      side, lid, aux tiles, 64 x 64 one-byte texels each. Each of
//              the three sizes is a multiple of 4096 (one tile; checked, as the
//              loader does), their sum at most 0x190000 bytes (400 tiles). In
//              the file the block is padded to a multiple of 4 tiles (16 KB),
//              not to 64 KB as an older note says (docs/formats/gta1.md,
//              "Tiles"). Tiles are laid out in 64 KB pages of 16 tiles, a 4 x 4
//              grid with a 256-byte row stride: tile n (sides first, then
//              lids, then aux) texel (u, v) is at
//                (n >> 4) * 0x10000 + ((n >> 2) & 3) * 0x4000 + v * 256
//                  + (n & 3) * 64 + u
//              so four consecutive tiles share a 16 KB strip, which is why
//              16 KB padding is enough for every texel to be in the file.
//              Side tile t is tile t, lid L is tile sides + L, aux tile a is
//              tile sides + lids + a.
//   Animations anim size bytes: a count byte (at most 128), then per
//              animation {u8 block, u8 which (0 side, 1 lid), u8 speed (game
//              frames per step), u8 n, u8 frame[n]}; frames are aux tile
//              numbers. A cycle is n + 1 steps: the n aux tiles, then the tile
//              itself (Style_UpdateAnims 0x47d610).
//   CLUTs      CLUT size bytes of palettes (1024 bytes' worth each: the number
//              of CLUTs is CLUT size / 1024, which must divide exactly),
//              stored in 64 KB pages of 64 palettes: row e (256 bytes) of a
//              page holds colour e of each of the page's 64 palettes as B, G,
//              R, 0, so palette p colour e is at
//                (p >> 6) * 0x10000 + (p & 63) * 4 + e * 256.
//              A palette in a partly used page still spans all 256 rows of the
//              page, so the section takes CLUT size rounded up to a whole
//              64 KB page in the file ("rounded up to 64 KB pages"; the 16 KB
//              padding is the tile block's only: docs/formats/gta1.md, "CLUTs
//              and the palette index").
//   Palette    palette index size bytes: u16 per logical palette, naming a
//   index      CLUT (an odd size is an error). Tile n uses index[4n + r]:
//              r = direction for sides (see SidePaletteSlot), remap 0..3
//              for lids, remap (0 unless said) for aux tiles. Sprite, car
//              remap and font palettes follow (sprite_draw.h).
//   Object info, cars, sprite info, sprite graphics, sprite numbers:
//              kept as raw bytes here; style_sprites.h and style_cars.h read
//              them.
//
//   File size  exactly 64 + padded tiles + anim + padded CLUTs + the six
//              remaining sizes. A file shorter than a section is an error
//              naming the section and its offsets; bytes past the last
//              section are a warning.
//
//   Flat       a block's "flat" bit (map type bit 7) makes texel 0 of its
//              faces transparent: see FlatTexelDrawn.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"
#include "formats/palette/palette.h"

namespace kbot::gta {

inline constexpr uint32_t kStyleVersion = 336;     // .G24
inline constexpr uint32_t kGryStyleVersion = 325;  // .GRY (style_gry.h)
inline constexpr size_t kStyleHeaderSize = 64;  // sixteen u32
inline constexpr int kTileSide = 64;
inline constexpr size_t kTileBytes = 64 * 64;         // 4096
inline constexpr size_t kTilePadding = 4 * kTileBytes;  // 16 KB (docs/formats/gta1.md, "Tiles")
inline constexpr size_t kTilePageBytes = 0x10000;       // 16 tiles
inline constexpr size_t kMaxTileBytes = 0x190000;
inline constexpr size_t kClutBytes = 1024;        // one palette's share
inline constexpr size_t kClutPageBytes = 0x10000;  // 64 palettes
inline constexpr size_t kMaxAnimations = 128;

// The header, field by field, as stored.
struct StyleHeader {
  uint32_t version = 0;
  uint32_t side_size = 0;
  uint32_t lid_size = 0;
  uint32_t aux_size = 0;
  uint32_t anim_size = 0;
  uint32_t clut_size = 0;
  uint32_t tile_clut_size = 0;
  uint32_t sprite_clut_size = 0;
  uint32_t new_car_clut_size = 0;
  uint32_t font_clut_size = 0;
  uint32_t palette_index_size = 0;
  uint32_t object_info_size = 0;
  uint32_t car_size = 0;
  uint32_t sprite_info_size = 0;
  uint32_t sprite_graphics_size = 0;
  uint32_t sprite_numbers_size = 0;
  // The 8-bit styles' own words (0 in a G24): the palette, remap tables and
  // lid remap index sizes, where a G24 has its CLUT and palette index sizes.
  uint32_t palette_size = 0;
  uint32_t remap_size = 0;
  uint32_t remap_index_size = 0;
};

// 24-bit (.G24: CLUTs through a palette index) or 8-bit (.GRY: one palette
// and remap tables).
enum class StyleDepth : uint8_t { k24Bit, k8Bit };

// Where a section lies in the file. `size` is the header's size; `stored`
// the bytes it takes in the file (larger for the padded tiles and CLUTs).
struct StyleSection {
  std::string name;  // "tiles", "animations", "CLUTs", "palette index", ...
  uint64_t offset = 0;
  uint64_t size = 0;
  uint64_t stored = 0;
};

struct StyleAnimation {
  uint8_t block = 0;  // the side or lid tile number animated
  uint8_t which = 0;  // 0 side, 1 lid (other values are kept, with a warning)
  uint8_t speed = 0;  // game frames per step
  std::vector<uint8_t> frames;  // aux tile numbers; the cycle ends on the tile itself
};

// Which face direction a side tile is drawn for (the palette slot r).
enum class SideDirection : uint8_t { kTop = 0, kBottom = 1, kLeft = 2, kRight = 3 };

// One tile's 64 x 64 texels, row-major (v major): texel (u, v) at v * 64 + u.
using TileTexels = std::array<uint8_t, kTileBytes>;

struct Style {
  StyleDepth depth = StyleDepth::k24Bit;
  StyleHeader header;
  std::vector<StyleSection> sections;  // file order, every section (even empty)

  int side_tiles = 0;
  int lid_tiles = 0;
  int aux_tiles = 0;
  std::vector<uint8_t> tiles;  // the tile block as stored, padding included

  std::vector<StyleAnimation> animations;

  int clut_count = 0;          // CLUT size / 1024
  std::vector<uint8_t> cluts;  // the CLUT section as stored, padding included

  std::vector<uint16_t> palette_index;

  // 8-bit styles only (empty in a G24): the one palette (scaled to 8 bits a
  // component), the remap tables (256 bytes each: table t maps texel e to
  // palette entry remap_tables[256 t + e]) and the lid remap index (4 table
  // numbers a lid tile, remap r at 4 lid + r).
  palette::Palette base_palette;
  std::vector<uint8_t> remap_tables;
  std::vector<uint8_t> remap_index;

  // Raw bytes, read by ReadStyleSprites (style_sprites.h) and ReadStyleCars
  // (style_cars.h).
  std::vector<uint8_t> object_info;
  std::vector<uint8_t> cars;
  std::vector<uint8_t> sprite_info;
  std::vector<uint8_t> sprite_graphics;
  std::vector<uint8_t> sprite_numbers;

  std::vector<std::string> warnings;
  std::string name;  // the file name given to ReadStyle, for error messages

  int tile_count() const { return side_tiles + lid_tiles + aux_tiles; }
  bool eight_bit() const { return depth == StyleDepth::k8Bit; }
  int remap_table_count() const { return int(remap_tables.size() / 256); }

  // Tile numbers of the three kinds (no range check: see the accessors).
  int SideTile(int side) const { return side; }
  int LidTile(int lid) const { return side_tiles + lid; }
  int AuxTile(int aux) const { return side_tiles + lid_tiles + aux; }

  // Texel (u, v) of tile n, through the page formula; error for a tile or
  // texel out of range.
  absl::StatusOr<uint8_t> Texel(int tile, int u, int v) const;
  // Tile n's 64 x 64 texels, unpacked from its page.
  absl::StatusOr<TileTexels> Tile(int tile) const;

  // CLUT c as a palette (the file's B, G, R, 0 words, byte 3 ignored).
  // Error for c outside 0 .. clut_count - 1.
  absl::StatusOr<palette::Palette> Clut(int clut) const;

  // The CLUT a logical palette (an entry of the palette index) names; errors
  // for an entry past the index, or a CLUT past clut_count.
  absl::StatusOr<int> ClutOfPalette(int logical) const;

  // Tile palettes, resolved through the palette index to a CLUT. Errors (not
  // crashes) for a tile number out of its kind's range, an index entry past
  // the table, or a CLUT past the CLUT count.
  absl::StatusOr<palette::Palette> SidePalette(int side, SideDirection direction) const;
  absl::StatusOr<palette::Palette> LidPalette(int lid, int remap) const;
  absl::StatusOr<palette::Palette> AuxPalette(int aux, int remap = 0) const;

  // 8-bit styles: the palette seen through remap table t (0: the palette as
  // it is, for "no remap"); error for a table past the ones stored.
  absl::StatusOr<palette::Palette> TablePalette(int table) const;
  // 8-bit styles: the remap table tile n's remap r (0..3) is drawn through:
  // a lid's remaps 1..3 from the remap index; 0 for remap 0 and for side and
  // aux tiles (only lids have remaps in an 8-bit style). Errors for a tile
  // or remap out of range, or an entry past the remap index.
  absl::StatusOr<int> TileRemapTable(int tile, int remap) const;
};

// Byte offset of tile n texel (u, v) in the tile block: the page formula.
constexpr uint64_t TileTexelOffset(int tile, int u, int v) {
  const uint64_t n = uint64_t(tile);
  return (n >> 4) * 0x10000 + ((n >> 2) & 3) * 0x4000 + uint64_t(v) * 256 + (n & 3) * 64 +
         uint64_t(u);
}

// Byte offset of CLUT p colour e in the CLUT section (B at +0, G +1, R +2).
constexpr uint64_t ClutColorOffset(int clut, int color) {
  const uint64_t p = uint64_t(clut);
  return (p >> 6) * 0x10000 + (p & 63) * 4 + uint64_t(color) * 256;
}

// The palette-index slot of a tile's palette: 4 n + r. The one place the
// side-face choice lives: 4 t + d with d the face direction (top 0, bottom 1,
// left 2, right 3); other readers use remap 0 for every side
// (docs/formats/gta1.md, "CLUTs and the palette index").
constexpr int TilePaletteSlot(int tile, int r) { return 4 * tile + r; }
constexpr int SidePaletteSlot(int side, SideDirection d) {
  return TilePaletteSlot(side, int(d));
}

// Flat blocks (type map bit 7): texel 0 of their faces is not drawn; any
// other texel is. Solid faces draw every texel, 0 included.
inline constexpr uint8_t kFlatTransparentTexel = 0;
constexpr bool FlatTexelDrawn(uint8_t texel) { return texel != kFlatTransparentTexel; }

// Decodes a G24 style, or an 8-bit one (version 325: ReadGryStyle,
// style_gry.h). Errors name the file, the section and the offsets:
// a version other than 336, a tile size not a multiple of 4096, tiles past
// 0x190000 bytes, a CLUT size not a multiple of 1024, an odd palette index
// size, more than 128 animations or an animation past its section, a section
// past the end of the file. Trailing bytes are a warning.
absl::StatusOr<Style> ReadStyle(Bytes file, absl::string_view name);

}  // namespace kbot::gta
