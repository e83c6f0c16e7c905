// TA and TA: Kingdoms maps (TNT) built byte by byte from
// /work/shared/specs/ta-maps.md and docs/formats/tnt.md, without the reader:
// a spec of what the map holds goes in, the file's bytes come out, with the
// header's fields at their fixed offsets and the sections laid one after
// another behind the header. The layout tells where each section went, so a
// test can corrupt one. Used by the reader's tests, the render and tool
// tests, and the fuzz corpus writer (no dependency on kbot_tnt).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kbot::testing {

// A minimap as stored: u32 width, u32 height, then `pixels` exactly as given
// (a hostile spec may give fewer or more than width x height).
struct TntMinimapSpec {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> pixels;
};

// One TA attribute cell: u8 height, u16 feature (0xFFFF none, 0xFFFC void,
// 0xFFFE unknown, else an index into the feature table), u8 unused.
struct TaCellSpec {
  uint8_t height = 0;
  uint16_t feature = 0xFFFF;
};

struct TaMapSpec {
  uint32_t version = 0x2000;
  uint32_t width = 0, height = 0;    // cells
  std::vector<uint16_t> tile_index;  // (width/2) x (height/2), row-major
  std::vector<std::vector<uint8_t>> tiles;  // each 1024 bytes (32 x 32)
  std::vector<TaCellSpec> cells;            // width x height; empty: height 0, no feature
  std::vector<std::string> feature_names;   // entry i gets stored index i
  uint32_t sea_level = 0;
  std::optional<TntMinimapSpec> minimap;  // nullopt: offset 0
  uint32_t flags = 1;
};

// One TA: Kingdoms map: heights and feature spots per cell, sheet ids,
// columns and rows per tile position, and two minimaps.
struct TakMapSpec {
  uint32_t version = 0x4000;
  uint32_t width = 0, height = 0;      // cells
  uint32_t sea_level = 0;
  std::vector<uint8_t> heights;         // width x height; empty: zeros
  std::vector<uint32_t> feature_spots;  // width x height; empty: all 0xFFFFFFFF
  std::vector<std::string> feature_names;
  std::vector<uint32_t> tile_sheet, tile_column, tile_row;  // per tile position; empty: zeros
  std::optional<TntMinimapSpec> small_minimap, large_minimap;  // nullopt: offset 0
  // Feature spots as u16 and tile columns and rows as u8, as the shipped
  // maps store them; true: all three as u32, as the first format notes said.
  bool wide = false;
};

// Where each section was put (0 for one not written). TA: tile_index,
// attributes, tiles, features, minimap; TA: Kingdoms: heights, spots,
// features, sheets, columns, rows, minimap (small), large_minimap.
struct TntLayout {
  std::vector<uint8_t> bytes;
  size_t tile_index = 0, attributes = 0, tiles = 0, features = 0, minimap = 0;
  size_t heights = 0, spots = 0, sheets = 0, columns = 0, rows = 0, large_minimap = 0;
};

// Header (0x40 bytes), tile index map, attribute cells, tiles, feature table,
// minimap. tile_count and feature_count are the sizes of the vectors.
TntLayout LayOutTa(const TaMapSpec& spec);
// Header (0x34 bytes), heights, feature spots, feature table, sheet ids,
// columns, rows, small minimap, large minimap.
TntLayout LayOutTak(const TakMapSpec& spec);

// Little-endian stores into built bytes, to corrupt a field.
void PutU16(std::vector<uint8_t>& bytes, size_t at, uint16_t v);
void PutU32(std::vector<uint8_t>& bytes, size_t at, uint32_t v);

// The fixtures' tile k: pixel (x, y) = (k * 50 + x + 2 y) mod 256.
std::vector<uint8_t> TntFixtureTile(int k);
// Minimap pixel (x, y) of the fixtures: (x + 3 y) mod 100 (never 0x64).
uint8_t TntFixtureMinimapPixel(int x, int y);

// A 4 x 4-tile (8 x 8-cell) TA map. Tiles: 5 (TntFixtureTile(0..4)); tile
// position (tx, ty) draws tile (tx + ty) mod 5. Cell (x, y): height
// 10 x + y; feature 0xFFFF, but for (1, 0) feature 0 ("Tree1"), (2, 0)
// feature 1 ("Metal01"), (3, 0) feature 2 ("rock5"), (4, 0) 0xFFFC void,
// (5, 0) 0xFFFE, (6, 0) 7 (past the 3-entry table), and (0, 7) and (1, 7)
// void. Sea level 25, flags 1, a 252 x 252 minimap of
// TntFixtureMinimapPixel. It reads with two warnings (the 0xFFFE cell and
// the index past the table).
TaMapSpec SmallTaMap();

// An 8 x 8-cell TA: Kingdoms map. Heights: cell (x, y) = 8 y + x. Feature
// spots 0xFFFFFFFF (0xFFFF as u16), but (0, 0) 0 ("Pine"), (1, 0) 1 ("Boulder"), (2, 0) 7
// (past the 2-entry table). Tile position (tx, ty) (4 x 4): sheet
// 0x1000 + ty, column tx, row 3 - ty. Sea level 40. Small minimap 12 x 10 of
// TntFixtureMinimapPixel with the padding index 0x64 from column 9 and from
// row 7 (region 9 x 7); large minimap 20 x 16 with no padding (region all).
TakMapSpec SmallTakMap();

}  // namespace kbot::testing
