// The 8-bit GTA1 styles (.GRY, version 325): the same tiles, animations and
// sprite-side sections as a G24, with one palette and remap tables where the
// G24 has CLUTs and a palette index. Layout and sources: docs/formats/gta1.md,
// "8-bit styles (.GRY)".
//
//   Header        thirteen u32 (52 bytes): version (325), side, lid, aux,
//                 anim, palette, remap tables, remap index, object info,
//                 cars, sprite info, sprite graphics, sprite numbers sizes.
//   Tiles         as in a G24, padded to a multiple of 4 tiles (16 KB) in the
//                 file though the sizes do not count the padding (OpenGTA's
//                 "aux block trail"; AmiGTA1 found STYLE001.GRY needs none,
//                 STYLE002 and STYLE003 2 and 3 tiles' worth).
//   Animations    as in a G24.
//   Palette       768 bytes: 256 x R, G, B, each 0..63 (VGA DAC values),
//                 scaled to 0..255 as (v << 2) | (v >> 4). A palette with a
//                 value over 63 is taken as 8-bit already, with a warning.
//   Remap tables  256 bytes each (256 in the game's styles): table t turns
//                 texel e into palette entry table[t][e]. Table 0 means "no
//                 remap" (DMA); kbot draws it as the palette itself.
//   Remap index   4 table numbers a lid tile: lid L remap r uses table
//                 index[4 L + r] (entry 0 is always 0). Sides and aux tiles
//                 have no remaps.
//   Sprite info   10 + 6 n bytes a record: the G24 record without its palette
//                 number (style_sprites.h).
//   Sprite colour sprite texel e -> table[t][e] -> palette, with t: 0 for the
//                 sprite's own colours, the car record's remap8[r - 1] for car
//                 remap r (1..12), 125 + r for pedestrian remap r (0..63).
//                 Colour 0 is transparent, as in a G24.
#pragma once

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"
#include "formats/gta/style.h"

namespace kbot::gta {

inline constexpr size_t kGryHeaderSize = 52;  // thirteen u32
inline constexpr size_t kGryPaletteBytes = 768;
inline constexpr size_t kRemapTableBytes = 256;
inline constexpr int kLidRemapEntries = 4;  // remap index entries a lid
// Pedestrian remap r is table kGryFirstPedTable + r: the 8-bit game's player
// remaps (GTA8.EXE, via FreeCrime's reverse/sprites.md) are the 24-bit ones
// plus 125 for every player listed.
inline constexpr int kGryFirstPedTable = 125;

// Decodes an 8-bit style into a Style with depth k8Bit. Errors name the file
// and the section: a version other than 325, a short header, tile sizes as
// for a G24, a palette other than 768 bytes, remap tables not a whole number
// of 256-byte tables, a section past the end of the file. A remap index that
// is not whole entries, a palette with values over 63 and trailing bytes are
// warnings.
absl::StatusOr<Style> ReadGryStyle(Bytes file, absl::string_view name);

}  // namespace kbot::gta
