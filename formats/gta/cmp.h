// CMP: GTA1's city maps (NYC.CMP, SANB.CMP, MIAMI.CMP). Layout and rules:
// docs/formats/gta1.md, "City maps (.CMP)". Little-endian throughout.
//
//   Header     28 bytes: u32 version (331), u8 style number (STYLE%03d.G24),
//              u8 sample (sound bank) number, 2 reserved bytes, then five u32
//              sizes in bytes: routes, object positions, columns, blocks, nav.
//   Sections   in file order: base (256 x 256 u32 = 0x40000 bytes), columns,
//              blocks, object positions, routes, service locations (0x6c
//              bytes, not counted in the header), nav data. The file size is
//              exactly 28 + 0x40000 + the five sizes + 0x6c; anything else is
//              an error (NYC.CMP: 468,131 bytes).
//   Base       per cell, row by row (y major: cell (x, y) is entry y * 256 + x),
//              the byte offset of the cell's column in the column data. Cells
//              share columns: many point at the same offset.
//   Column     s16 h, the number of empty layers at the top (0..6; 6 = empty
//              column), then 6 - h u16 block indices for z = h .. 5, the TOP
//              block first (independent readers agree; an old document that
//              says the opposite is wrong: docs/formats/gta1.md, "Columns and
//              layers"). Layers count from the top: z = 0 is the highest,
//              z = 5 the lowest; street level is usually the lid of z = 4.
//   Block      8 bytes: u16 type map, u8 type map ext, u8 faces left, right,
//              top, bottom, lid (0 = no face). See MapBlock for every bit.
//   Objects    14 bytes each. The spec does not define the fields, so each
//              record is kept as its 14 raw bytes. The game refuses more than
//              0xadd4 bytes (a warning here, not an error).
//   Routes     not described by the spec: kept as raw bytes.
//   Locations  6 categories x 6 slots x (x, y, z) bytes, category-major:
//              police, hospital, unknown2, unknown3, fire, unknown5. An
//              all-zero triple is an empty slot.
//   Nav        35 bytes each: u8 x, y, w, h, sample, char name[30] NUL-padded:
//              the named districts. The rectangle is x .. x+w-1, y .. y+h-1;
//              records with w or h 0 are placeholders, kept and marked empty.
//              The game refuses more than 0x578 bytes (a warning here).
//
// Memory: the columns are decoded once into a deduplicated table (a column
// shared by many cells is stored once, as [offset, h, indices top first]),
// and each cell keeps one u32: where its column sits in that table. Nothing
// is allocated per cell. Block descriptors are decoded once at load (8 bytes
// each on disk, a MapBlock in memory).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"

namespace kbot::gta {

inline constexpr uint32_t kCmpVersion = 331;
inline constexpr int kMapSide = 256;   // cells per row and per column
inline constexpr int kMapLayers = 6;   // z = 0 (top) .. 5 (bottom)
inline constexpr size_t kCmpHeaderSize = 28;
inline constexpr size_t kCmpBaseSize = 256 * 256 * 4;  // 0x40000
inline constexpr size_t kCmpLocationsSize = 0x6c;
inline constexpr size_t kCmpBlockSize = 8;
inline constexpr size_t kCmpObjectSize = 14;
inline constexpr size_t kCmpNavRecordSize = 35;
// Map_Load (0x438200) fails past these; the reader only warns.
inline constexpr uint32_t kGameMaxObjectBytes = 0xadd4;
inline constexpr uint32_t kGameMaxNavBytes = 0x578;

struct CmpHeader {
  uint32_t version = 0;
  uint8_t style = 0;     // STYLE%03d.G24 (NYC: 1)
  uint8_t sample = 0;    // sound bank number
  uint16_t reserved = 0; // bytes 6-7, as stored
  uint32_t route_size = 0;
  uint32_t object_size = 0;
  uint32_t column_size = 0;
  uint32_t block_size = 0;
  uint32_t nav_size = 0;
};

// Type map bits 4-6. 6 and 7 are not defined by the game's data: the number is
// kept and named "unknown6" / "unknown7".
enum BlockType : uint8_t {
  kBlockAir = 0,
  kBlockWater = 1,
  kBlockRoad = 2,
  kBlockPavement = 3,
  kBlockField = 4,
  kBlockBuilding = 5,
};
inline constexpr int kBlockTypeCount = 8;  // every value of the 3 bits
// "air", "water", "road", "pavement", "field", "building", "unknown6",
// "unknown7"; "unknown" for anything past 7.
absl::string_view BlockTypeName(uint8_t type);

// Type map ext bits 0-2 (docs/formats/gta1.md, "Block descriptor"): 1 traffic
// light, 4 train turn end, 5 train turn start, 6 and 7 station; 0 none; 2 and
// 3 unused.
// "none", "traffic_light", "unused2", "unused3", "train_turn_end",
// "train_turn_start", "station" (6 and 7); "unknown" past 7.
absl::string_view TrafficHintName(uint8_t hint);

// One 8-byte block descriptor, every bit decoded; the raw words are kept.
struct MapBlock {
  uint16_t type_map = 0;  // raw u16 at +0
  uint8_t type_map_ext = 0;  // raw u8 at +2

  // Type map.
  bool up = false;     // bit 0: direction up (-y)
  bool down = false;   // bit 1: direction down (+y)
  bool left = false;   // bit 2: direction left (-x)
  bool right = false;  // bit 3: direction right (+x)
  uint8_t type = kBlockAir;  // bits 4-6: BlockType, 6 and 7 kept as numbers
  bool flat = false;         // bit 7: transparent (texel 0 not drawn), sides on one edge only
  uint8_t slope = 0;         // bits 8-13: 0 none; 1-8 two-block ramps, 9-40 eight-block
                             // ramps, 41-44 one-block ramps, 45-63 draw nothing
  uint8_t lid_rotation = 0;  // bits 14-15: 0..3, in 90 degree steps

  // Type map ext.
  uint8_t traffic_hint = 0;  // bits 0-2: see TrafficHintName
  uint8_t lid_remap = 0;     // bits 3-4: which of the lid's 4 palettes
  bool flip_top_bottom = false;  // bit 5: set = flipped
  bool flip_left_right = false;  // bit 6: set = flipped
  bool railway = false;          // bit 7

  // Faces: side tiles left, right, top, bottom and the lid tile; 0 = no face.
  uint8_t left_face = 0;
  uint8_t right_face = 0;
  uint8_t top_face = 0;
  uint8_t bottom_face = 0;
  uint8_t lid = 0;
};

// Decodes the two type-map words (exposed for the tests and the renderer).
MapBlock DecodeMapBlock(uint16_t type_map, uint8_t type_map_ext, uint8_t left, uint8_t right,
                        uint8_t top, uint8_t bottom, uint8_t lid);

// A cell's column, decoded from the shared column data.
struct MapColumn {
  uint32_t offset = 0;  // byte offset in the column data (the base entry)
  int height = 6;       // h: empty layers at the top, 0..6
  // blocks[z] is the block index for z = height .. 5; entries above height
  // are 0 and meaningless.
  std::array<uint16_t, kMapLayers> blocks{};
};

using ObjectRecord = std::array<uint8_t, kCmpObjectSize>;

// Service location categories, in file order.
enum ServiceCategory : uint8_t {
  kServicePolice = 0,
  kServiceHospital = 1,
  kServiceUnknown2 = 2,
  kServiceUnknown3 = 3,
  kServiceFire = 4,
  kServiceUnknown5 = 5,
};
inline constexpr int kServiceCategories = 6;
inline constexpr int kServiceSlots = 6;
// "police", "hospital", "unknown2", "unknown3", "fire", "unknown5".
absl::string_view ServiceCategoryName(int category);

struct ServiceLocation {
  uint8_t x = 0, y = 0, z = 0;
  bool empty() const { return x == 0 && y == 0 && z == 0; }
};

struct NavRecord {
  uint8_t x = 0, y = 0, w = 0, h = 0;
  uint8_t sample = 0;
  std::string name;  // up to the first NUL of the 30-byte field, bytes as stored
  bool empty = false;  // w or h is 0: a placeholder
  // True when (cx, cy) is inside x .. x+w-1, y .. y+h-1 (never for an empty
  // record). The rectangle may run past 255; it is not clipped.
  bool Contains(int cx, int cy) const;
};

class CityMap {
 public:
  // An empty map: version 331, every cell's column empty (h = 6), no blocks,
  // records or districts. Every accessor works on it.
  CityMap();

  const CmpHeader& header() const { return header_; }

  // The base entry of cell (x, y) (clamped to 0..255): the byte offset of its
  // column in the column data.
  uint32_t ColumnOffset(int x, int y) const;
  // How many distinct columns the base points at (shared columns count once).
  size_t distinct_columns() const { return distinct_columns_; }

  const std::vector<MapBlock>& blocks() const { return blocks_; }
  const std::vector<ObjectRecord>& objects() const { return objects_; }
  const std::vector<uint8_t>& routes() const { return routes_; }
  // locations()[category][slot]
  const std::array<std::array<ServiceLocation, kServiceSlots>, kServiceCategories>& locations()
      const {
    return locations_;
  }
  const std::vector<NavRecord>& nav() const { return nav_; }
  // The game's limits (objects over 0xadd4 bytes, nav data over 0x578), each
  // saying the game would refuse the map. Never errors.
  const std::vector<std::string>& warnings() const { return warnings_; }

  // Descriptor counts by type (index = type map bits 4-6, 0..7): each
  // descriptor counts once however many cells use it. This is what
  // map_describe reports next to "blocks" = blocks().size().
  const std::array<uint32_t, kBlockTypeCount>& type_counts() const { return type_counts_; }
  // The other way to count: every (x, y, z) with z >= h counts its block's
  // type once (the empty layers above h are not counted). Sums to the number
  // of placed blocks. Computed on each call (65,536 cells).
  std::array<uint32_t, kBlockTypeCount> PlacedTypeCounts() const;

  // The column of cell (x, y); x and y are clamped to 0..255 like the game's.
  MapColumn Column(int x, int y) const;

  // The block index at (x, y, z), as Map_GetBlock (0x437ae0) finds it: x and y
  // clamped to 0..255; nullopt for z outside 0..5 or z < h (air).
  std::optional<uint16_t> BlockIndex(int x, int y, int z) const;
  // The block at (x, y, z), same rules; where there is no block (z < h or z
  // outside 0..5) it is AirBlock(): an all-zero descriptor (type air, no
  // faces). A descriptor whose own type is air is returned as stored.
  const MapBlock& Block(int x, int y, int z) const;
  static const MapBlock& AirBlock();

  // The ground of cell (x, y) (clamped), per Map_GetGroundZ (0x4544e0): the
  // layer z (0 = top) of the first block from the top whose type is not air
  // (type map bits 4-6 != 0). nullopt when the column holds no such block
  // (h = 6, or every block's type is air). The game's world height for it is
  // GroundWorldZ(z) = z * 0x400000 + 0x3f0000 (16.16 pixels, growing down).
  std::optional<int> GroundZ(int x, int y) const;
  static constexpr uint32_t GroundWorldZ(int z) { return uint32_t(z) * 0x400000u + 0x3f0000u; }

  // The district (nav record index) holding cell (x, y), not clamped. GTA1's
  // districts nest (a small one inside a bigger one), so the rule is: of the
  // non-empty records whose rectangle contains the cell, the one with the
  // smallest area (w * h); on equal areas, the first in file order. nullopt
  // when none contains it.
  std::optional<size_t> FindDistrict(int x, int y) const;

 private:
  friend absl::StatusOr<CityMap> ReadCityMap(Bytes file, absl::string_view name);
  struct Unfilled {};
  explicit CityMap(Unfilled) {}  // for ReadCityMap, which fills every field

  // Column i of the table, at word p: table[p] and table[p + 1] the low and
  // high halves of its byte offset, table[p + 2] its h, then 6 - h block
  // indices, top first. cell_column_[y * 256 + x] is the p + 2 of its column.
  uint32_t CellPos(int x, int y) const;

  CmpHeader header_;
  std::vector<uint32_t> cell_column_;
  std::vector<uint16_t> column_table_;
  size_t distinct_columns_ = 0;
  std::vector<MapBlock> blocks_;
  std::vector<ObjectRecord> objects_;
  std::vector<uint8_t> routes_;
  std::array<std::array<ServiceLocation, kServiceSlots>, kServiceCategories> locations_{};
  std::vector<NavRecord> nav_;
  std::vector<std::string> warnings_;
  std::array<uint32_t, kBlockTypeCount> type_counts_{};
};

// Decodes a city map. Errors (InvalidArgument) name the file, the structure
// and the offset:
//   - a header shorter than 28 bytes (an empty file too);
//   - a version other than 331 (the message names it);
//   - a file size other than 28 + 0x40000 + the five sizes + 0x6c (expected
//     and actual both stated);
//   - a block size not a multiple of 8, an object size not a multiple of 14,
//     a nav size not a multiple of 35;
//   - a base offset outside the column data (naming the cell and offset);
//   - a column height h outside 0..6, or a column running past the column
//     data (naming the cell and the column's offset);
//   - a block index not below the block count (naming the cell, z and index).
// Every column and index is checked here, so the accessors above cannot read
// out of bounds.
absl::StatusOr<CityMap> ReadCityMap(Bytes file, absl::string_view name);

}  // namespace kbot::gta
