// Total Annihilation and TA: Kingdoms maps (*.tnt): terrain tiles, heights,
// feature placements, minimaps. The rules, field by field, and where each
// comes from: docs/formats/tnt.md.
//
//   header (little-endian):  0 u32 version: 0x2000 TA, 0x4000 TA: Kingdoms
//                            4 u32 width, 8 u32 height: in cells (16 x 16 px)
//   TA (0x2000), to 0x40:    0x0C tile index map (u16 a tile position)
//                            0x10 attribute cells (u8 height, u16 feature, u8)
//                            0x14 tile graphics (32 x 32 indices each)
//                            0x18 tile count, 0x1C feature count
//                            0x20 feature table (u32 index, 128-byte name)
//                            0x24 sea level, 0x28 minimap (u32 w, u32 h, pixels)
//                            0x2C flags, 0x30 16 zero bytes
//   TA: Kingdoms (0x4000):   0x0C sea level, 0x10 heights (u8 a cell),
//                            0x14 feature spots (u16 a cell), 0x18 feature
//                            table, 0x1C feature count, 0x20 tile sheet ids
//                            (u32 a tile position), 0x24 tile columns, 0x28
//                            tile rows (u8 a tile position each), 0x2C small
//                            minimap, 0x30 large; the header ends at 0x34.
//                            The shipped maps' widths; the first format notes
//                            said u32 for spots, columns and rows, and a
//                            section spaced for u32s is read so.
//
// A tile is 2 x 2 cells; a map of W x H cells is W/2 x H/2 tiles and W*16 x
// H*16 pixels. Every offset and count is checked against the file before it
// is read; what is odd but readable (a tile index past the tile set, a
// feature index past the table, a minimap of a strange size) is a warning
// with its place, never an error for the whole map.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"

namespace kbot::tnt {

inline constexpr uint32_t kVersionTa = 0x2000;
inline constexpr uint32_t kVersionKingdoms = 0x4000;
// The headers' sizes: a section (of at least one item) whose offset lies
// inside the header is an error, a minimap's is a minimap absent.
inline constexpr size_t kTaHeaderSize = 0x40;
inline constexpr size_t kKingdomsHeaderSize = 0x34;
// A feature table entry: u32 index, then a NUL-padded name.
inline constexpr size_t kFeatureEntryBytes = 132;
inline constexpr size_t kFeatureNameBytes = 128;
inline constexpr int kCellPixels = 16;
inline constexpr int kTilePixels = 32;
inline constexpr size_t kTileBytes = size_t(kTilePixels) * kTilePixels;
// The largest map read, a side in cells (4096 cells = 65,536 pixels).
inline constexpr uint32_t kMaxCellsASide = 4096;
// TA's feature sentinels in the attribute cell's 16-bit feature word.
inline constexpr uint32_t kNoFeature = 0xFFFF;
inline constexpr uint32_t kVoid = 0xFFFC;
inline constexpr uint32_t kUnknownSentinel = 0xFFFE;  // a few early maps
// The palette index the game's minimaps pad with.
inline constexpr uint8_t kMinimapPadding = 0x64;
// A minimap side outside 1..1024 is treated as absent.
inline constexpr uint32_t kMaxMinimapSide = 1024;
// The side of the game's own TA minimaps (252 x 252, some 252 x 256); the
// longest side of a TA minimap's region.
inline constexpr int kMinimapSide = 252;

enum class Game { kTa, kKingdoms };

// A stored minimap: mm_width x mm_height palette indices, and the top-left
// region that shows the map (the rest is padding), by the rule of
// docs/formats/tnt.md (TA: from the map's size; TA: Kingdoms: scanned).
struct Minimap {
  uint64_t offset = 0;  // of its u32 width in the file
  int width = 0, height = 0;
  std::vector<uint8_t> pixels;  // width * height, row-major
  int region_width = 0, region_height = 0;
};

// One entry of the feature name table.
struct FeatureName {
  uint32_t index = 0;  // as stored (usually its position)
  std::string name;    // up to the first NUL, at most 128 bytes
};

struct TntMap {
  Game game = Game::kTa;
  uint32_t version = 0;
  uint32_t width = 0, height = 0;  // cells, as the header says
  uint32_t sea_level = 0;
  uint32_t flags = 0;  // TA only

  int tiles_across() const { return int(width / 2); }
  int tiles_down() const { return int(height / 2); }
  int pixel_width() const { return int(width) * kCellPixels; }
  int pixel_height() const { return int(height) * kCellPixels; }
  size_t cells() const { return size_t(width) * height; }
  size_t tile_positions() const { return size_t(tiles_across()) * tiles_down(); }

  // Per cell, row-major (width * height each).
  std::vector<uint8_t> heights;
  // TA: the 16-bit feature word widened (sentinels kept as 0xFFFF, 0xFFFC,
  // 0xFFFE); TA: Kingdoms: the 32-bit feature spot.
  std::vector<uint32_t> features;
  std::vector<FeatureName> feature_names;

  // TA: per tile position, which tile is drawn; then the tile set,
  // tile_count tiles of kTileBytes palette indices each.
  std::vector<uint16_t> tile_index;
  uint32_t tile_count = 0;
  std::vector<uint8_t> tile_pixels;

  // TA: Kingdoms: per tile position, the JPEG sheet's id and the tile's
  // column and row inside it (in tiles).
  // TA: Kingdoms: how wide the stored feature spots (2 as shipped, 4 as
  // first documented) and tile columns and rows (1, or 4) were; 0 for TA.
  int feature_spot_bytes = 0, tile_coordinate_bytes = 0;
  std::vector<uint32_t> tile_sheet, tile_column, tile_row;

  std::optional<Minimap> minimap;        // TA's, or TA: Kingdoms' small one
  std::optional<Minimap> large_minimap;  // TA: Kingdoms only

  // What was odd but read: "cell (12, 40): feature index 97 is past the
  // 12-entry feature table".
  std::vector<std::string> warnings;

  // Is the cell's feature word a placement of a table entry (not a sentinel,
  // not past the table)?
  bool HasFeature(size_t cell) const { return features[cell] < feature_names.size(); }
  bool IsVoid(size_t cell) const { return game == Game::kTa && features[cell] == kVoid; }
};

// The map `bytes` hold; `file` names it in errors and warnings. An error
// only when the map cannot be read at all (not a TNT, a header or a section
// outside the file, a size over kMaxCellsASide).
absl::StatusOr<TntMap> ReadTnt(Bytes bytes, absl::string_view file);

// TA's minimap region (docs/formats/tnt.md): the visible map is width*16 - 32
// by height*16 - 128 pixels (the full size when that is not positive); its
// longer side becomes min(252, the stored side) and the shorter keeps the
// aspect ratio, rounded down; never more than the stored size.
struct RegionSize {
  int width = 0, height = 0;
};
RegionSize TaMinimapRegion(uint32_t width_cells, uint32_t height_cells, int stored_width,
                           int stored_height);

}  // namespace kbot::tnt
