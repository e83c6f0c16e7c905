#include "formats/gta/cmp.h"

#include <algorithm>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"

namespace kbot::gta {

namespace {

constexpr uint32_t kNoPos = std::numeric_limits<uint32_t>::max();

int Clamp255(int v) { return v < 0 ? 0 : (v > kMapSide - 1 ? kMapSide - 1 : v); }

std::string Cell(size_t cell) {
  return absl::StrCat("cell (", cell % kMapSide, ", ", cell / kMapSide, ")");
}

}  // namespace

absl::string_view BlockTypeName(uint8_t type) {
  static constexpr absl::string_view kNames[] = {"air",   "water",    "road",     "pavement",
                                                 "field", "building", "unknown6", "unknown7"};
  return type < std::size(kNames) ? kNames[type] : "unknown";
}

absl::string_view TrafficHintName(uint8_t hint) {
  static constexpr absl::string_view kNames[] = {
      "none",           "traffic_light",    "unused2", "unused3",
      "train_turn_end", "train_turn_start", "station", "station"};
  return hint < std::size(kNames) ? kNames[hint] : "unknown";
}

absl::string_view ServiceCategoryName(int category) {
  static constexpr absl::string_view kNames[] = {"police",   "hospital", "unknown2",
                                                 "unknown3", "fire",     "unknown5"};
  return category >= 0 && category < kServiceCategories ? kNames[category] : "unknown";
}

MapBlock DecodeMapBlock(uint16_t type_map, uint8_t type_map_ext, uint8_t left, uint8_t right,
                        uint8_t top, uint8_t bottom, uint8_t lid) {
  MapBlock b;
  b.type_map = type_map;
  b.type_map_ext = type_map_ext;
  b.up = type_map & 0x1;
  b.down = type_map & 0x2;
  b.left = type_map & 0x4;
  b.right = type_map & 0x8;
  b.type = uint8_t((type_map >> 4) & 0x7);
  b.flat = type_map & 0x80;
  b.slope = uint8_t((type_map >> 8) & 0x3f);
  b.lid_rotation = uint8_t(type_map >> 14);
  b.traffic_hint = uint8_t(type_map_ext & 0x7);
  b.lid_remap = uint8_t((type_map_ext >> 3) & 0x3);
  b.flip_top_bottom = type_map_ext & 0x20;
  b.flip_left_right = type_map_ext & 0x40;
  b.railway = type_map_ext & 0x80;
  b.left_face = left;
  b.right_face = right;
  b.top_face = top;
  b.bottom_face = bottom;
  b.lid = lid;
  return b;
}

bool NavRecord::Contains(int cx, int cy) const {
  if (empty) return false;
  return cx >= x && cx < int(x) + int(w) && cy >= y && cy < int(y) + int(h);
}

CityMap::CityMap()
    : cell_column_(size_t(kMapSide) * kMapSide, 2), column_table_{0, 0, uint16_t(kMapLayers)},
      distinct_columns_(1) {
  header_.version = kCmpVersion;
  header_.column_size = 2;
}

uint32_t CityMap::CellPos(int x, int y) const {
  return cell_column_[size_t(Clamp255(y)) * kMapSide + size_t(Clamp255(x))];
}

uint32_t CityMap::ColumnOffset(int x, int y) const {
  const uint32_t p = CellPos(x, y);
  return uint32_t(column_table_[p - 2]) | (uint32_t(column_table_[p - 1]) << 16);
}

MapColumn CityMap::Column(int x, int y) const {
  const uint32_t p = CellPos(x, y);
  MapColumn c;
  c.offset = uint32_t(column_table_[p - 2]) | (uint32_t(column_table_[p - 1]) << 16);
  c.height = column_table_[p];
  for (int z = c.height; z < kMapLayers; ++z) c.blocks[z] = column_table_[p + 1 + z - c.height];
  return c;
}

std::optional<uint16_t> CityMap::BlockIndex(int x, int y, int z) const {
  if (z < 0 || z >= kMapLayers) return std::nullopt;
  const uint32_t p = CellPos(x, y);
  const int h = column_table_[p];
  if (z < h) return std::nullopt;
  return column_table_[p + 1 + z - h];
}

const MapBlock& CityMap::AirBlock() {
  static const MapBlock kAir;
  return kAir;
}

const MapBlock& CityMap::Block(int x, int y, int z) const {
  const std::optional<uint16_t> index = BlockIndex(x, y, z);
  return index ? blocks_[*index] : AirBlock();
}

std::optional<int> CityMap::GroundZ(int x, int y) const {
  const uint32_t p = CellPos(x, y);
  const int h = column_table_[p];
  for (int z = h; z < kMapLayers; ++z) {
    if (blocks_[column_table_[p + 1 + z - h]].type != kBlockAir) return z;
  }
  return std::nullopt;
}

std::array<uint32_t, kBlockTypeCount> CityMap::PlacedTypeCounts() const {
  std::array<uint32_t, kBlockTypeCount> counts{};
  for (const uint32_t p : cell_column_) {
    const int h = column_table_[p];
    for (int k = 0; k < kMapLayers - h; ++k) ++counts[blocks_[column_table_[p + 1 + k]].type];
  }
  return counts;
}

std::optional<size_t> CityMap::FindDistrict(int x, int y) const {
  std::optional<size_t> best;
  uint32_t best_area = 0;
  for (size_t i = 0; i < nav_.size(); ++i) {
    const NavRecord& n = nav_[i];
    if (!n.Contains(x, y)) continue;
    const uint32_t area = uint32_t(n.w) * n.h;
    if (!best || area < best_area) best = i, best_area = area;
  }
  return best;
}

namespace {

using ServiceLocations = std::array<std::array<ServiceLocation, kServiceSlots>, kServiceCategories>;

// The header's fields, with the version checked.
absl::StatusOr<CmpHeader> ReadCmpHeader(Bytes file, absl::string_view name) {
  if (file.size() < kCmpHeaderSize) {
    return ErrorAt(name, "header", 0,
                   absl::StrCat("truncated: the file has ", file.size(),
                                " bytes, the header needs ", kCmpHeaderSize));
  }
  CmpHeader hd;
  ByteReader r(file);
  r.U32(hd.version);
  r.U8(hd.style);
  r.U8(hd.sample);
  r.U16(hd.reserved);
  r.U32(hd.route_size);
  r.U32(hd.object_size);
  r.U32(hd.column_size);
  r.U32(hd.block_size);
  r.U32(hd.nav_size);
  if (hd.version != kCmpVersion) {
    return ErrorAt(name, "header", 0,
                   absl::StrCat("version ", hd.version, ", expected ", kCmpVersion));
  }
  return hd;
}

// The header's sizes add up to the file, and hold whole records.
absl::Status CheckSizes(const CmpHeader& hd, size_t file_size, absl::string_view name) {
  const uint64_t expected = uint64_t(kCmpHeaderSize) + kCmpBaseSize + hd.column_size +
                            hd.block_size + hd.object_size + hd.route_size + kCmpLocationsSize +
                            hd.nav_size;
  if (expected != file_size) {
    return ErrorAt(name, "file size", 0,
                   absl::StrCat("expected ", expected, " bytes (28 header + 0x40000 base + ",
                                hd.column_size, " columns + ", hd.block_size, " blocks + ",
                                hd.object_size, " objects + ", hd.route_size,
                                " routes + 0x6c locations + ", hd.nav_size, " nav), actual ",
                                file_size));
  }
  if (hd.block_size % kCmpBlockSize != 0) {
    return ErrorAt(name, "header: block size", 20,
                   absl::StrCat(hd.block_size, " bytes is not a multiple of 8"));
  }
  if (hd.object_size % kCmpObjectSize != 0) {
    return ErrorAt(name, "header: object size", 12,
                   absl::StrCat(hd.object_size, " bytes is not a multiple of 14"));
  }
  if (hd.nav_size % kCmpNavRecordSize != 0) {
    return ErrorAt(name, "header: nav size", 24,
                   absl::StrCat(hd.nav_size, " bytes is not a multiple of 35"));
  }
  return absl::OkStatus();
}

// Each section's bytes and where they start in the file.
struct CmpSections {
  Bytes base, columns, blocks, objects, routes, locations, nav;
  size_t base_at = 0, columns_at = 0, blocks_at = 0, objects_at = 0, locations_at = 0,
         nav_at = 0;
};

absl::StatusOr<CmpSections> LocateSections(Bytes file, const CmpHeader& hd,
                                           absl::string_view name) {
  // The sizes add up to the file (CheckSizes), so every Take below succeeds;
  // the checks stay so that a later change cannot turn into an out-of-bounds
  // read.
  CmpSections s;
  ByteReader r(file, kCmpHeaderSize);
  if (!r.Take(kCmpBaseSize, s.base) || !r.Take(hd.column_size, s.columns) ||
      !r.Take(hd.block_size, s.blocks) || !r.Take(hd.object_size, s.objects) ||
      !r.Take(hd.route_size, s.routes) || !r.Take(kCmpLocationsSize, s.locations) ||
      !r.Take(hd.nav_size, s.nav)) {
    return ErrorAt(name, "sections", r.pos(), "truncated");
  }
  s.base_at = kCmpHeaderSize;
  s.columns_at = s.base_at + kCmpBaseSize;
  s.blocks_at = s.columns_at + hd.column_size;
  s.objects_at = s.blocks_at + hd.block_size;
  s.locations_at = s.objects_at + hd.object_size + hd.route_size;
  s.nav_at = s.locations_at + kCmpLocationsSize;
  return s;
}

absl::StatusOr<std::vector<MapBlock>> ReadBlocks(const CmpSections& s, absl::string_view name) {
  const size_t count = s.blocks.size() / kCmpBlockSize;
  std::vector<MapBlock> blocks;
  blocks.reserve(count);
  ByteReader r(s.blocks);
  for (size_t i = 0; i < count; ++i) {
    uint16_t type_map;
    uint8_t ext, f[5];
    if (!r.U16(type_map) || !r.U8(ext) || !r.U8(f[0]) || !r.U8(f[1]) || !r.U8(f[2]) ||
        !r.U8(f[3]) || !r.U8(f[4])) {
      return ErrorAt(name, absl::StrCat("block ", i), s.blocks_at + r.pos(), "truncated");
    }
    blocks.push_back(DecodeMapBlock(type_map, ext, f[0], f[1], f[2], f[3], f[4]));
  }
  return blocks;
}

// The base and the columns it points at, as CityMap keeps them.
struct ColumnTable {
  std::vector<uint32_t> cell_column;
  std::vector<uint16_t> words;
  size_t distinct = 0;
};

// Appends the column at byte `off` of the column data, which `cell` points at,
// to the table: [offset low, offset high, h, indices top first]. Returns the
// position of its h.
absl::StatusOr<uint32_t> ReadColumn(const CmpSections& s, uint32_t off, size_t cell,
                                    size_t block_count, absl::string_view name,
                                    std::vector<uint16_t>& words) {
  const std::string where = absl::StrCat("column ", Hex(off), " of ", Cell(cell));
  ByteReader r(s.columns, off);
  int16_t h;
  if (!r.I16(h)) return ErrorAt(name, where, s.columns_at + off, "truncated");
  if (h < 0 || h > kMapLayers) {
    return ErrorAt(name, where, s.columns_at + off,
                   absl::StrCat("height ", h, " is outside 0..6"));
  }
  const size_t n = size_t(kMapLayers - h);
  if (!r.Has(2 * n)) {
    return ErrorAt(name, where, s.columns_at + off,
                   absl::StrCat("height ", h, " needs ", n, " block indices; the column data ends ",
                                r.remaining(), " bytes after the height"));
  }
  words.push_back(uint16_t(off));
  words.push_back(uint16_t(off >> 16));
  const uint32_t p = uint32_t(words.size());
  words.push_back(uint16_t(h));
  for (int z = h; z < kMapLayers; ++z) {
    uint16_t index = 0;
    r.U16(index);  // Has() above
    if (index >= block_count) {
      return ErrorAt(name, absl::StrCat(Cell(cell), " z ", z), s.columns_at + r.pos() - 2,
                     absl::StrCat("block index ", index, " is past the ", block_count,
                                  " blocks (column ", Hex(off), ")"));
    }
    words.push_back(index);
  }
  return p;
}

// Each distinct column offset is checked and decoded once into the table;
// cells keep where their column sits in it.
absl::StatusOr<ColumnTable> ReadColumns(const CmpSections& s, size_t block_count,
                                        absl::string_view name) {
  const size_t column_size = s.columns.size();
  ColumnTable t;
  t.cell_column.resize(size_t(kMapSide) * kMapSide);
  std::vector<uint32_t> pos_of(column_size, kNoPos);  // column byte offset -> table position
  t.words.reserve(column_size / 2 + 16);
  ByteReader base(s.base);
  for (size_t cell = 0; cell < t.cell_column.size(); ++cell) {
    uint32_t off;
    if (!base.U32(off)) {
      return ErrorAt(name, absl::StrCat("base: ", Cell(cell)), s.base_at + base.pos(),
                     "truncated");
    }
    if (off >= column_size || column_size - off < 2) {
      return ErrorAt(name, absl::StrCat("base: ", Cell(cell)), s.base_at + cell * 4,
                     absl::StrCat("column offset ", Hex(off), " is outside the column data (",
                                  column_size, " bytes)"));
    }
    if (pos_of[off] == kNoPos) {
      absl::StatusOr<uint32_t> p = ReadColumn(s, off, cell, block_count, name, t.words);
      if (!p.ok()) return p.status();
      pos_of[off] = *p;
      ++t.distinct;
    }
    t.cell_column[cell] = pos_of[off];
  }
  t.words.shrink_to_fit();
  return t;
}

// 14 raw bytes each: the spec does not define the fields.
absl::StatusOr<std::vector<ObjectRecord>> ReadObjects(const CmpSections& s,
                                                      absl::string_view name) {
  std::vector<ObjectRecord> objects(s.objects.size() / kCmpObjectSize);
  ByteReader r(s.objects);
  for (size_t i = 0; i < objects.size(); ++i) {
    Bytes rec;
    if (!r.Take(kCmpObjectSize, rec)) {
      return ErrorAt(name, absl::StrCat("object ", i), s.objects_at + r.pos(), "truncated");
    }
    std::copy(rec.begin(), rec.end(), objects[i].begin());
  }
  return objects;
}

// Category-major, 6 slots of (x, y, z).
absl::StatusOr<ServiceLocations> ReadLocations(const CmpSections& s, absl::string_view name) {
  ServiceLocations locations{};
  ByteReader r(s.locations);
  for (auto& category : locations) {
    for (ServiceLocation& l : category) {
      if (!r.U8(l.x) || !r.U8(l.y) || !r.U8(l.z)) {
        return ErrorAt(name, "service locations", s.locations_at + r.pos(), "truncated");
      }
    }
  }
  return locations;
}

absl::StatusOr<std::vector<NavRecord>> ReadNav(const CmpSections& s, absl::string_view name) {
  std::vector<NavRecord> nav(s.nav.size() / kCmpNavRecordSize);
  ByteReader r(s.nav);
  for (size_t i = 0; i < nav.size(); ++i) {
    NavRecord& n = nav[i];
    Bytes text;
    if (!r.U8(n.x) || !r.U8(n.y) || !r.U8(n.w) || !r.U8(n.h) || !r.U8(n.sample) ||
        !r.Take(30, text)) {
      return ErrorAt(name, absl::StrCat("nav record ", i), s.nav_at + r.pos(), "truncated");
    }
    const auto nul = std::find(text.begin(), text.end(), uint8_t{0});
    n.name.assign(text.begin(), nul);
    n.empty = n.w == 0 || n.h == 0;
  }
  return nav;
}

// The game's own limits (Map_Load 0x438200): warnings, not errors.
std::vector<std::string> GameLimitWarnings(const CmpHeader& hd, size_t objects, size_t nav,
                                           absl::string_view name) {
  std::vector<std::string> warnings;
  if (hd.object_size > kGameMaxObjectBytes) {
    warnings.push_back(absl::StrCat(name, ": objects: ", hd.object_size, " bytes (", objects,
                                    " objects), over the game's limit of ", kGameMaxObjectBytes,
                                    " bytes (0xadd4): the game would refuse this map"));
  }
  if (hd.nav_size > kGameMaxNavBytes) {
    warnings.push_back(absl::StrCat(name, ": nav data: ", hd.nav_size, " bytes (", nav,
                                    " records), over the game's limit of ", kGameMaxNavBytes,
                                    " bytes (0x578): the game would refuse this map"));
  }
  return warnings;
}

}  // namespace

absl::StatusOr<CityMap> ReadCityMap(Bytes file, absl::string_view name) {
  absl::StatusOr<CmpHeader> header = ReadCmpHeader(file, name);
  if (!header.ok()) return header.status();
  if (absl::Status s = CheckSizes(*header, file.size(), name); !s.ok()) return s;
  absl::StatusOr<CmpSections> sections = LocateSections(file, *header, name);
  if (!sections.ok()) return sections.status();

  CityMap map{CityMap::Unfilled{}};
  map.header_ = *header;
  absl::StatusOr<std::vector<MapBlock>> blocks = ReadBlocks(*sections, name);
  if (!blocks.ok()) return blocks.status();
  map.blocks_ = *std::move(blocks);
  for (const MapBlock& b : map.blocks_) ++map.type_counts_[b.type];

  absl::StatusOr<ColumnTable> columns = ReadColumns(*sections, map.blocks_.size(), name);
  if (!columns.ok()) return columns.status();
  map.cell_column_ = std::move(columns->cell_column);
  map.column_table_ = std::move(columns->words);
  map.distinct_columns_ = columns->distinct;

  absl::StatusOr<std::vector<ObjectRecord>> objects = ReadObjects(*sections, name);
  if (!objects.ok()) return objects.status();
  map.objects_ = *std::move(objects);
  map.routes_.assign(sections->routes.begin(), sections->routes.end());

  absl::StatusOr<ServiceLocations> locations = ReadLocations(*sections, name);
  if (!locations.ok()) return locations.status();
  map.locations_ = *locations;
  absl::StatusOr<std::vector<NavRecord>> nav = ReadNav(*sections, name);
  if (!nav.ok()) return nav.status();
  map.nav_ = *std::move(nav);

  map.warnings_ = GameLimitWarnings(*header, map.objects_.size(), map.nav_.size(), name);
  return map;
}

}  // namespace kbot::gta
