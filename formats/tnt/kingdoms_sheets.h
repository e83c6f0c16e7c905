// TA: Kingdoms terrain tile sheets: where the JPEG a map's tile position
// names lives, and the 32 x 32 tile cut out of it. Why these rules, and the
// public readers they come from: docs/formats/tnt.md, "TA: Kingdoms tile
// sheets".
//
// A TA: Kingdoms map (version 0x4000) names, per tile position, a 32-bit sheet
// id and the column and row of a tile inside that sheet. The sheet is
// terrain/<id>.jpg at the root of the game's virtual file system (in the game,
// inside terrain.hpi), the id written as 8 hexadecimal digits, zero-padded
// (0x000a9eb4 -> terrain/000a9eb4.jpg). Column and row count 32-pixel tiles,
// not pixels: the tile's top-left pixel is (column * 32, row * 32). The
// shipped sheets are 512 x 512 (16 x 16 tiles), but nothing here assumes it:
// the tile must lie inside the decoded sheet, whatever its size.
#pragma once

#include <cstdint>
#include <string>

#include "formats/image/picture.h"

namespace kbot::tnt {

inline constexpr int kSheetTilePixels = 32;
inline constexpr size_t kSheetTileRgbBytes = size_t(kSheetTilePixels) * kSheetTilePixels * 3;

// The sheet's path in a game folder: "terrain/" + 8 lower-case hex digits +
// ".jpg". Game archives spell it in either case; a context's file system is
// case-insensitive, so this one spelling finds them all.
std::string KingdomsSheetPath(uint32_t sheet_id);

// How many whole tiles the sheet holds across and down (a part-tile at the
// right or bottom edge is not one).
int SheetColumns(const image::RgbaPicture& sheet);
int SheetRows(const image::RgbaPicture& sheet);

// Copies the tile at (column, row) of `sheet` into `out_rgb`: 32 rows of 32
// pixels, 3 bytes each (R, G, B; the sheet's alpha dropped). False, with
// `out_rgb` untouched, when the tile does not lie wholly inside the sheet or
// the sheet's pixel buffer is not width * height * 4 bytes.
bool ExtractTile(const image::RgbaPicture& sheet, uint32_t column, uint32_t row,
                 uint8_t out_rgb[kSheetTileRgbBytes]);

}  // namespace kbot::tnt
