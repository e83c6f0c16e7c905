// Pictures of a TNT map (formats/tnt/tnt.h): the terrain from above, a
// region of it at a scale, with optional overlays; the heightmap; the stored
// minimap's content region. How each is drawn and why: docs/formats/tnt.md,
// "Drawing a map".
//
// A TA map draws as palette indices (the TA palette): shrinking averages the
// area's colours and takes the nearest palette colour, tints remap indices
// through a table, so the picture stays indexed and its PNG small. A TA:
// Kingdoms map draws in true colour from its JPEG tile sheets, which the
// caller supplies one tile at a time (only the tiles inside the region are
// asked for, each once).
//
// The region is drawn a tile row (32 pixel rows) at a time: terrain, tints,
// void marks and feature sprites at full resolution into that band, which is
// then averaged into the output rows under it. Memory beyond the output is
// one band (region width x 32 pixels) and a few rows of sums, whatever the
// map's size; time follows the region's pixels, not the map's.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/image/picture.h"
#include "formats/palette/palette.h"
#include "formats/tnt/tnt.h"

namespace kbot::tnt {

// A rectangle of the map's pixels: x across, y down.
struct PixelRect {
  int x = 0, y = 0, w = 0, h = 0;
};

// The largest scale, and the smallest: pixels a cell (16 = the map's own
// pixels, 2 = 1/8 of them).
inline constexpr int kFullScale = kCellPixels;
inline constexpr int kSmallestScale = 2;

// A feature's picture: frame 0 of the GAF sequence its definition names.
// The anchor: the frame's origin (x_offset, y_offset, a point inside the
// frame, as GAF stores it) lands on the centre of the feature's footprint,
// whose top-left cell is the cell the feature is placed on. So a feature at
// cell (cx, cy) has its frame's top-left at map pixel
// (cx * 16 + footprint_x * 8 - x_offset, cy * 16 + footprint_z * 8 - y_offset);
// only its opaque pixels are drawn. A picture whose planes do not match its
// size, or that reaches more than 1024 pixels from its cell, is drawn as the
// marker instead, with a warning.
struct FeatureSprite {
  image::IndexedPicture picture;
  int x_offset = 0, y_offset = 0;
  int footprint_x = 1, footprint_z = 1;  // cells
};

// A numbered start position, in map pixels (the OTA's XPos, ZPos). Drawn on
// the finished picture, centred on the position's output pixel: the number in
// digits.h's font at 2x (white) in a black box with a white outline, 10 x 14
// pixels for one digit, whatever the scale; clipped to the picture.
struct StartMarker {
  int number = 0;
  int x = 0, z = 0;
};

struct RenderOptions {
  // w 0: from x to the map's right edge; h 0: from y to the bottom (so all 0
  // is the whole map). Must lie inside the map.
  PixelRect region;
  // Pixels a cell, kSmallestScale..kFullScale. The output is
  // floor(region.w * scale / 16) x floor(region.h * scale / 16), at least 1
  // a side: the last few source pixels, less than one output pixel's worth,
  // are left out so that every output pixel is a whole average. Each output
  // pixel is the area average of the map pixels it covers (exact weights for
  // scales that do not divide 16, e.g. 3, 5, 6).
  int scale = kFullScale;
  bool water_tint = false;   // cells below sea level half way to blue (0, 48, 160)
  bool height_tint = false;  // 8 height bands, x0.63 (lowest) .. x1.28 (highest)
  bool void_marks = false;   // void cells (TA 0xFFFC) hatched with magenta diagonals
  // Draw features: each cell whose feature word is a table entry gets that
  // entry's sprite, or a 6 x 6 yellow box outline centred on the cell.
  // Features are drawn after the tints (untinted), in row-major cell order.
  bool feature_marks = false;
  // Per feature table entry (by position in TntMap::feature_names): its
  // sprite, or nullopt (a marker is drawn). May be shorter than the table.
  std::vector<std::optional<FeatureSprite>> feature_sprites;
  std::vector<StartMarker> starts;  // drawn last, at a legible size whatever the scale
  // TA: Kingdoms: the 32 x 32 RGB pixels (3 bytes each, row-major) of the
  // tile at (column, row) of sheet `sheet_id`, or nullptr when the sheet
  // cannot be found or read (the tile is drawn as a placeholder shaded by
  // height). Called only for tile positions inside the region, once each;
  // the pixels are copied at once, so the pointer need only last until the
  // next call.
  std::function<const uint8_t*(uint32_t sheet_id, uint32_t column, uint32_t row)> kingdoms_tile;
  // Told the output rows finished after each band (32 map pixel rows), and
  // (rows_total, rows_total) at the end (may be empty). Returning false stops
  // the render: RenderTnt returns CancelledError.
  std::function<bool(int rows_done, int rows_total)> progress;
};

struct MapPicture {
  PixelRect region;  // what was drawn, in map pixels
  int scale = kFullScale;
  // TA: indexed (with the palette given); TA: Kingdoms: RGBA.
  std::optional<image::IndexedPicture> indexed;
  std::optional<image::RgbaPicture> rgba;
  // Tiles drawn as placeholders (TA: a tile index past the tile set; TA:
  // Kingdoms: no pixels from kingdoms_tile; either: the half tile an odd
  // side leaves): grey (TA) or green (TA: Kingdoms), lighter for higher
  // cells (64 + height / 2), in an 8-pixel checker of +32.
  int placeholder_tiles = 0;
  std::vector<uint32_t> missing_sheets;    // TA: Kingdoms sheet ids not supplied, sorted
  std::vector<std::string> warnings;
};

// `map` drawn as `options` say; an InvalidArgument error for a region outside
// the map or empty, a scale out of range (the caller's mistakes), or a map
// whose arrays are shorter than its size says (a hand-made TntMap; ReadTnt's
// never are), never for the map's contents: tiles past the set, missing
// sheets and bad sprites are placeholders or markers and warnings.
absl::StatusOr<MapPicture> RenderTnt(const TntMap& map, const palette::Palette& palette,
                                     const RenderOptions& options);

// The heightmap: one grey level a cell (the raw height, 0..255), or with
// `stretch` the map's own lowest..highest spread over 0..255 (rounded); a
// flat map has nothing to spread and keeps its raw level. (GreyPicture:
// formats/image/picture.h, encoded as an 8-bit grey PNG by EncodeGreyPng.)
image::GreyPicture Heightmap(const TntMap& map, bool stretch);

// The minimap's content region (pixels outside it are padding), as palette
// indices (TA palette), every pixel opaque; an empty picture when the
// minimap holds fewer pixels than its size says.
image::IndexedPicture MinimapRegion(const Minimap& minimap);

}  // namespace kbot::tnt
