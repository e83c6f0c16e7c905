#include "formats/gta/cmp.h"

#include <algorithm>
#include <limits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace kbot::gta {

namespace {

constexpr uint32_t kNoPos = std::numeric_limits<uint32_t>::max();

int Clamp255(int v) { return v < 0 ? 0 : (v > kMapSide - 1 ? kMapSide - 1 : v); }

absl::Status Error(absl::string_view name, absl::string_view structure, uint64_t at,
                   absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(name, ": ", structure, " at ", Hex(at), ": ", what));
}

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

absl::StatusOr<CityMap> ReadCityMap(Bytes file, absl::string_view name) {
  CityMap map{CityMap::Unfilled{}};
  CmpHeader& hd = map.header_;
  ByteReader r(file);
  if (file.size() < kCmpHeaderSize) {
    return Error(name, "header", 0,
                 absl::StrCat("truncated: the file has ", file.size(), " bytes, the header needs ",
                              kCmpHeaderSize));
  }
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
    return Error(name, "header", 0,
                 absl::StrCat("version ", hd.version, ", expected ", kCmpVersion));
  }
  const uint64_t expected = uint64_t(kCmpHeaderSize) + kCmpBaseSize + hd.column_size +
                            hd.block_size + hd.object_size + hd.route_size + kCmpLocationsSize +
                            hd.nav_size;
  if (expected != file.size()) {
    return Error(name, "file size", 0,
                 absl::StrCat("expected ", expected, " bytes (28 header + 0x40000 base + ",
                              hd.column_size, " columns + ", hd.block_size, " blocks + ",
                              hd.object_size, " objects + ", hd.route_size,
                              " routes + 0x6c locations + ", hd.nav_size, " nav), actual ",
                              file.size()));
  }
  if (hd.block_size % kCmpBlockSize != 0) {
    return Error(name, "header: block size", 20,
                 absl::StrCat(hd.block_size, " bytes is not a multiple of 8"));
  }
  if (hd.object_size % kCmpObjectSize != 0) {
    return Error(name, "header: object size", 12,
                 absl::StrCat(hd.object_size, " bytes is not a multiple of 14"));
  }
  if (hd.nav_size % kCmpNavRecordSize != 0) {
    return Error(name, "header: nav size", 24,
                 absl::StrCat(hd.nav_size, " bytes is not a multiple of 35"));
  }

  // The sizes add up to the file, so every Take below succeeds; the checks
  // stay so that a later change cannot turn into an out-of-bounds read.
  Bytes base, columns, blocks, objects, routes, locations, nav;
  const size_t base_at = r.pos();
  const size_t columns_at = base_at + kCmpBaseSize;
  if (!r.Take(kCmpBaseSize, base) || !r.Take(hd.column_size, columns) ||
      !r.Take(hd.block_size, blocks) || !r.Take(hd.object_size, objects) ||
      !r.Take(hd.route_size, routes) || !r.Take(kCmpLocationsSize, locations) ||
      !r.Take(hd.nav_size, nav)) {
    return Error(name, "sections", r.pos(), "truncated");
  }
  const size_t blocks_at = columns_at + hd.column_size;

  // Blocks.
  const size_t block_count = hd.block_size / kCmpBlockSize;
  map.blocks_.reserve(block_count);
  {
    ByteReader br(blocks);
    for (size_t i = 0; i < block_count; ++i) {
      uint16_t type_map;
      uint8_t ext, f[5];
      if (!br.U16(type_map) || !br.U8(ext) || !br.U8(f[0]) || !br.U8(f[1]) || !br.U8(f[2]) ||
          !br.U8(f[3]) || !br.U8(f[4])) {
        return Error(name, absl::StrCat("block ", i), blocks_at + br.pos(), "truncated");
      }
      const MapBlock b = DecodeMapBlock(type_map, ext, f[0], f[1], f[2], f[3], f[4]);
      ++map.type_counts_[b.type];
      map.blocks_.push_back(b);
    }
  }

  // Base and columns: each distinct column offset is checked and decoded once
  // into the table; cells keep where their column sits in it.
  map.cell_column_.resize(size_t(kMapSide) * kMapSide);
  std::vector<uint32_t> pos_of(hd.column_size, kNoPos);  // column byte offset -> table position
  map.column_table_.reserve(hd.column_size / 2 + 16);
  ByteReader base_reader(base);
  ByteReader cr(columns);
  for (size_t cell = 0; cell < map.cell_column_.size(); ++cell) {
    uint32_t off;
    if (!base_reader.U32(off)) {
      return Error(name, absl::StrCat("base: ", Cell(cell)), base_at + base_reader.pos(),
                   "truncated");
    }
    if (off >= hd.column_size || hd.column_size - off < 2) {
      return Error(name, absl::StrCat("base: ", Cell(cell)), base_at + cell * 4,
                   absl::StrCat("column offset ", Hex(off), " is outside the column data (",
                                hd.column_size, " bytes)"));
    }
    if (pos_of[off] != kNoPos) {
      map.cell_column_[cell] = pos_of[off];
      continue;
    }
    const auto where = [&] { return absl::StrCat("column ", Hex(off), " of ", Cell(cell)); };
    int16_t h;
    cr.Seek(off);
    if (!cr.I16(h)) return Error(name, where(), columns_at + off, "truncated");
    if (h < 0 || h > kMapLayers) {
      return Error(name, where(), columns_at + off,
                   absl::StrCat("height ", h, " is outside 0..6"));
    }
    const size_t n = size_t(kMapLayers - h);
    if (!cr.Has(2 * n)) {
      return Error(name, where(), columns_at + off,
                   absl::StrCat("height ", h, " needs ", n, " block indices; the column data ends ",
                                cr.remaining(), " bytes after the height"));
    }
    map.column_table_.push_back(uint16_t(off));
    map.column_table_.push_back(uint16_t(off >> 16));
    const uint32_t p = uint32_t(map.column_table_.size());
    map.column_table_.push_back(uint16_t(h));
    for (int z = h; z < kMapLayers; ++z) {
      uint16_t index;
      cr.U16(index);  // Has() above
      if (index >= block_count) {
        return Error(name, absl::StrCat(Cell(cell), " z ", z), columns_at + cr.pos() - 2,
                     absl::StrCat("block index ", index, " is past the ", block_count,
                                  " blocks (column ", Hex(off), ")"));
      }
      map.column_table_.push_back(index);
    }
    pos_of[off] = p;
    map.cell_column_[cell] = p;
    ++map.distinct_columns_;
  }
  map.column_table_.shrink_to_fit();

  // Objects: 14 raw bytes each (the spec does not define the fields).
  const size_t objects_at = blocks_at + hd.block_size;
  map.objects_.resize(hd.object_size / kCmpObjectSize);
  {
    ByteReader orr(objects);
    for (size_t i = 0; i < map.objects_.size(); ++i) {
      Bytes rec;
      if (!orr.Take(kCmpObjectSize, rec)) {
        return Error(name, absl::StrCat("object ", i), objects_at + orr.pos(), "truncated");
      }
      std::copy(rec.begin(), rec.end(), map.objects_[i].begin());
    }
  }
  map.routes_.assign(routes.begin(), routes.end());

  // Service locations: category-major, 6 slots of (x, y, z).
  const size_t locations_at = objects_at + hd.object_size + hd.route_size;
  {
    ByteReader lr(locations);
    for (auto& category : map.locations_) {
      for (ServiceLocation& l : category) {
        if (!lr.U8(l.x) || !lr.U8(l.y) || !lr.U8(l.z)) {
          return Error(name, "service locations", locations_at + lr.pos(), "truncated");
        }
      }
    }
  }

  // Nav records.
  const size_t nav_at = locations_at + kCmpLocationsSize;
  map.nav_.resize(hd.nav_size / kCmpNavRecordSize);
  {
    ByteReader nr(nav);
    for (size_t i = 0; i < map.nav_.size(); ++i) {
      NavRecord& n = map.nav_[i];
      Bytes text;
      if (!nr.U8(n.x) || !nr.U8(n.y) || !nr.U8(n.w) || !nr.U8(n.h) || !nr.U8(n.sample) ||
          !nr.Take(30, text)) {
        return Error(name, absl::StrCat("nav record ", i), nav_at + nr.pos(), "truncated");
      }
      const auto nul = std::find(text.begin(), text.end(), uint8_t{0});
      n.name.assign(text.begin(), nul);
      n.empty = n.w == 0 || n.h == 0;
    }
  }

  // The game's own limits (Map_Load 0x438200): warnings, not errors.
  if (hd.object_size > kGameMaxObjectBytes) {
    map.warnings_.push_back(absl::StrCat(
        name, ": objects: ", hd.object_size, " bytes (", map.objects_.size(),
        " objects), over the game's limit of ", kGameMaxObjectBytes,
        " bytes (0xadd4): the game would refuse this map"));
  }
  if (hd.nav_size > kGameMaxNavBytes) {
    map.warnings_.push_back(absl::StrCat(name, ": nav data: ", hd.nav_size, " bytes (",
                                         map.nav_.size(), " records), over the game's limit of ",
                                         kGameMaxNavBytes,
                                         " bytes (0x578): the game would refuse this map"));
  }
  return map;
}

}  // namespace kbot::gta
