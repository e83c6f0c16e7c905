// A sheet of a style's 64 x 64 tiles of one kind, for a person to look at:
// the tiles first .. first + count - 1 of the kind, left to right and top to
// bottom, `columns` a row, `gap` transparent pixels apart, each texel a
// scale x scale block (image::ScaleNearest).
//
//   Palette     each tile is drawn with its palette resolved through the
//               palette index (style.h): slot 4 n + r, with r the remap for lid
//               and aux tiles and the face direction for side tiles.
//   Bad tiles   a tile whose texels are not all in the tile block is left
//               transparent and named in warnings ("... not drawn: ..."); so
//               is a tile whose palette cannot be resolved ("... drawn
//               transparent: ..."). Neither is an error.
//   Size        columns is at most count; rows = ceil(count / columns); the
//               sheet is columns * 64 * scale + (columns - 1) * gap wide and
//               rows * 64 * scale + (rows - 1) * gap high.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "base/progress.h"
#include "formats/gta/style.h"
#include "formats/image/picture.h"

namespace kbot::gta {

enum class TileKind : uint8_t { kSide, kLid, kAux };

// "side", "lid", "aux".
absl::string_view TileKindName(TileKind kind);
// How many tiles of the kind the style holds.
int TileCount(const Style& style, TileKind kind);
// The tile number (sides, then lids, then aux) of tile `number` of the kind.
int TileOf(const Style& style, TileKind kind, int number);

inline constexpr int kTileSheetGap = 2;

struct TileSheetOptions {
  TileKind kind = TileKind::kLid;
  int first = 0;
  int count = 1;
  int remap = 0;                                 // lid and aux tiles: 0..3
  SideDirection direction = SideDirection::kTop;  // side tiles
  int columns = 8;
  int scale = 1;  // 1..image::kMaxScale
  int gap = kTileSheetGap;
  // Told each tile drawn (of count); a stop makes DrawTileSheet return
  // CancelledError.
  Progress* progress = nullptr;
};

struct SheetTile {
  int tile = 0;              // its number in the kind
  std::optional<int> clut;   // the CLUT it was drawn with; nullopt when unresolved
  std::optional<int> table;  // 8-bit styles (no CLUTs): the remap table drawn through
};

struct TileSheet {
  image::RgbaPicture picture;
  int columns = 0;
  int rows = 0;
  std::vector<SheetTile> tiles;       // one a tile, in sheet order
  std::vector<std::string> warnings;  // "<kind> tile <t> not drawn: ...", "... drawn transparent: ..."
};

// Errors (nothing is drawn): first and count outside the kind's tiles,
// columns below 1, a gap below 0, a remap outside 0..3, a scale outside
// 1..image::kMaxScale.
absl::StatusOr<TileSheet> DrawTileSheet(const Style& style, const TileSheetOptions& options);

}  // namespace kbot::gta
