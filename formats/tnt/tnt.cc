// ReadTnt: the header, then each section the header points at, checked
// against the file before it is read (tnt_internal.h's SectionBytes). The
// feature table and the minimaps, laid out alike by both games, are read in
// tnt_features.cc and tnt_minimap.cc.
#include "formats/tnt/tnt.h"

#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/tnt/tnt_internal.h"

namespace kbot::tnt {

namespace {

using internal::Section;
using internal::SectionBytes;
using internal::Tally;

// Where the header keeps each field (docs/formats/tnt.md, "Header").
constexpr size_t kVersionAt = 0x00, kWidthAt = 0x04, kHeightAt = 0x08;
constexpr size_t kTaTileIndexAt = 0x0C, kTaAttributesAt = 0x10, kTaTilesAt = 0x14,
                 kTaTileCountAt = 0x18, kTaFeatureCountAt = 0x1C, kTaFeatureTableAt = 0x20,
                 kTaSeaLevelAt = 0x24, kTaMinimapAt = 0x28, kTaFlagsAt = 0x2C;
constexpr size_t kTakSeaLevelAt = 0x0C, kTakHeightsAt = 0x10, kTakSpotsAt = 0x14,
                 kTakFeatureTableAt = 0x18, kTakFeatureCountAt = 0x1C, kTakSheetAt = 0x20,
                 kTakColumnAt = 0x24, kTakRowAt = 0x28, kTakSmallMinimapAt = 0x2C,
                 kTakLargeMinimapAt = 0x30;
// An attribute cell: u8 height, u16 feature, u8 unused.
constexpr size_t kAttributeBytes = 4;

size_t HeaderSize(const TntMap& map) {
  return map.game == Game::kTa ? kTaHeaderSize : kKingdomsHeaderSize;
}

// A header field; only called once the file is known to hold the header.
uint32_t Field(Bytes file, size_t at) { return LoadU32(file.data() + at); }

std::string CellsShape(const TntMap& map, size_t item_bytes) {
  return absl::StrCat(map.width, " x ", map.height, " cells of ", item_bytes, " byte(s)");
}

std::string TilesShape(const TntMap& map, size_t item_bytes) {
  return absl::StrCat(map.tiles_across(), " x ", map.tiles_down(), " tile positions of ",
                      item_bytes, " byte(s)");
}

std::string Tiles(int n) { return absl::StrCat(n, n == 1 ? " tile" : " tiles"); }

absl::Status CheckSide(absl::string_view file, absl::string_view side, size_t at, uint32_t cells) {
  if (cells == 0) {
    return ErrorAt(file, "header", at,
                   absl::StrCat("the map's ", side, " is 0 cells: a map has at least one cell"));
  }
  if (cells > kMaxCellsASide) {
    return ErrorAt(file, "header", at,
                   absl::StrCat("the map's ", side, " of ", cells, " cells is over the limit of ",
                                kMaxCellsASide, " cells a side"));
  }
  return absl::OkStatus();
}

// Version, width and height: which game, and a size kbot reads.
absl::StatusOr<TntMap> ReadSize(Bytes file, absl::string_view name) {
  if (file.size() < kWidthAt) {
    return ErrorIn(name, "", absl::StrCat("too short for a TNT header (", file.size(), " bytes)"));
  }
  TntMap map;
  map.version = Field(file, kVersionAt);
  if (map.version != kVersionTa && map.version != kVersionKingdoms) {
    return ErrorAt(name, "header", kVersionAt,
                   absl::StrCat("version ", Hex(map.version),
                                " is not a TNT kbot reads (0x2000 is TA's, 0x4000 TA: Kingdoms')"));
  }
  map.game = map.version == kVersionTa ? Game::kTa : Game::kKingdoms;
  if (file.size() < HeaderSize(map)) {
    return ErrorIn(name, "",
                   absl::StrCat("too short for the ", HeaderSize(map), "-byte ",
                                map.game == Game::kTa ? "TA" : "TA: Kingdoms", " TNT header (",
                                file.size(), " bytes)"));
  }
  map.width = Field(file, kWidthAt);
  map.height = Field(file, kHeightAt);
  if (absl::Status s = CheckSide(name, "width", kWidthAt, map.width); !s.ok()) return s;
  if (absl::Status s = CheckSide(name, "height", kHeightAt, map.height); !s.ok()) return s;
  if (map.width % 2 != 0) {
    map.warnings.push_back(absl::StrCat("the width of ", map.width, " cells is odd: the map is ",
                                        Tiles(map.tiles_across()),
                                        " across and its last column of cells has none"));
  }
  if (map.height % 2 != 0) {
    map.warnings.push_back(absl::StrCat("the height of ", map.height, " cells is odd: the map is ",
                                        Tiles(map.tiles_down()),
                                        " down and its last row of cells has none"));
  }
  return map;
}

// TA's tile index map, and the tile set it indexes.
absl::Status ReadTaTiles(Bytes file, absl::string_view name, TntMap& map) {
  const Section index{"tile index map", kTaTileIndexAt, Field(file, kTaTileIndexAt),
                      map.tile_positions(), 2, TilesShape(map, 2)};
  absl::StatusOr<Bytes> index_bytes = SectionBytes(file, name, kTaHeaderSize, index);
  if (!index_bytes.ok()) return index_bytes.status();
  map.tile_count = Field(file, kTaTileCountAt);
  const Section tiles{"tile graphics", kTaTilesAt, Field(file, kTaTilesAt), map.tile_count,
                      kTileBytes, absl::StrCat(map.tile_count, " tiles of 32 x 32 bytes")};
  absl::StatusOr<Bytes> tile_bytes = SectionBytes(file, name, kTaHeaderSize, tiles);
  if (!tile_bytes.ok()) return tile_bytes.status();
  map.tile_pixels.assign(tile_bytes->begin(), tile_bytes->end());

  map.tile_index.resize(map.tile_positions());
  const size_t across = size_t(map.tiles_across());
  Tally past;
  for (size_t i = 0; i < map.tile_index.size(); ++i) {
    const uint16_t t = LoadU16(index_bytes->data() + 2 * i);
    map.tile_index[i] = t;
    if (t >= map.tile_count && past.First()) {
      past.first = absl::StrCat("tile position (", i % across, ", ", i / across, "): tile index ",
                                t, " is past the ", map.tile_count, "-tile set");
    }
  }
  past.Report(map.warnings);
  return absl::OkStatus();
}

// TA's attribute cells: a height and a feature word each. A word that is
// neither an index into the table nor a known sentinel is a warning.
absl::Status ReadTaCells(Bytes file, absl::string_view name, uint32_t feature_count,
                         TntMap& map) {
  const Section cells{"attribute cells", kTaAttributesAt, Field(file, kTaAttributesAt),
                      map.cells(), kAttributeBytes, CellsShape(map, kAttributeBytes)};
  absl::StatusOr<Bytes> bytes = SectionBytes(file, name, kTaHeaderSize, cells);
  if (!bytes.ok()) return bytes.status();
  map.heights.resize(map.cells());
  map.features.resize(map.cells());
  Tally past, unknown;
  const auto at = [&](size_t i) { return absl::StrCat("cell (", i % map.width, ", ", i / map.width, ")"); };
  for (size_t i = 0; i < map.cells(); ++i) {
    const uint8_t* cell = bytes->data() + kAttributeBytes * i;
    const uint16_t feature = LoadU16(cell + 1);
    map.heights[i] = cell[0];
    map.features[i] = feature;
    if (feature < feature_count || feature == kNoFeature || feature == kVoid) continue;
    if (feature == kUnknownSentinel) {
      if (unknown.First()) {
        unknown.first = absl::StrCat(at(i), ": feature word 0xfffe, a sentinel seen on a few "
                                            "early maps whose meaning is unknown");
      }
    } else if (past.First()) {
      past.first = absl::StrCat(at(i), ": feature index ", feature, " is past the ",
                                feature_count, "-entry feature table");
    }
  }
  past.Report(map.warnings);
  unknown.Report(map.warnings);
  return absl::OkStatus();
}

absl::Status ReadTa(Bytes file, absl::string_view name, TntMap& map) {
  map.sea_level = Field(file, kTaSeaLevelAt);
  map.flags = Field(file, kTaFlagsAt);
  const uint32_t feature_count = Field(file, kTaFeatureCountAt);
  if (absl::Status s = ReadTaTiles(file, name, map); !s.ok()) return s;
  if (absl::Status s = ReadTaCells(file, name, feature_count, map); !s.ok()) return s;
  if (absl::Status s = internal::ReadFeatureTable(file, name, kTaHeaderSize, kTaFeatureTableAt,
                                                  Field(file, kTaFeatureTableAt), feature_count,
                                                  map);
      !s.ok()) {
    return s;
  }
  map.minimap = internal::ReadMinimap(file, "minimap", kTaHeaderSize, kTaMinimapAt,
                                      Field(file, kTaMinimapAt), map.warnings);
  if (map.minimap) internal::MeasureTaRegion(map, *map.minimap, map.warnings);
  return absl::OkStatus();
}

// How wide the items of the TA: Kingdoms array the header's field at
// `header_at` points at are: the shipped maps and every public reader store
// feature spots as u16 and tile columns and rows as u8 (`shipped`); the
// first format notes said u32. A section whose next section (or the file's
// end) starts exactly `count` u32s after it is read as u32; any other as
// shipped (docs/formats/tnt.md, "Array widths").
uint64_t KingdomsItemBytes(Bytes file, size_t header_at, uint64_t count, uint64_t shipped) {
  const uint32_t offset = Field(file, header_at);
  uint64_t next = file.size();
  for (size_t at = kTakHeightsAt; at <= kTakLargeMinimapAt; at += 4) {
    if (at == kTakFeatureCountAt) continue;  // a count, not an offset
    const uint32_t o = Field(file, at);
    if (o > offset && o < next) next = o;
  }
  return count > 0 && offset < next && next - offset == 4 * count ? 4 : shipped;
}

// Items of 1, 2 or 4 bytes, little-endian, widened.
uint32_t LoadItem(const uint8_t* p, uint64_t item_bytes) {
  return item_bytes == 4 ? LoadU32(p) : item_bytes == 2 ? LoadU16(p) : *p;
}

// A TA: Kingdoms array a tile position: sheet ids (u32), columns and rows
// (u8 as shipped, u32 as first documented).
absl::Status ReadTileItems(Bytes file, absl::string_view name, absl::string_view what,
                           size_t header_at, uint64_t item_bytes, const TntMap& map,
                           std::vector<uint32_t>& out) {
  const Section s{what, header_at, Field(file, header_at), map.tile_positions(), item_bytes,
                  TilesShape(map, item_bytes)};
  absl::StatusOr<Bytes> bytes = SectionBytes(file, name, kKingdomsHeaderSize, s);
  if (!bytes.ok()) return bytes.status();
  out.resize(map.tile_positions());
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = LoadItem(bytes->data() + item_bytes * i, item_bytes);
  }
  return absl::OkStatus();
}

// TA: Kingdoms' heights (u8 a cell) and feature spots (u16 a cell as
// shipped, u32 as first documented). A spot at or past the table is "no
// feature", by any value: kept as stored, no warning (the describe tool
// counts them by value).
absl::Status ReadKingdomsCells(Bytes file, absl::string_view name, TntMap& map) {
  const Section heights{"heights", kTakHeightsAt, Field(file, kTakHeightsAt), map.cells(), 1,
                        CellsShape(map, 1)};
  absl::StatusOr<Bytes> height_bytes = SectionBytes(file, name, kKingdomsHeaderSize, heights);
  if (!height_bytes.ok()) return height_bytes.status();
  map.feature_spot_bytes = int(KingdomsItemBytes(file, kTakSpotsAt, map.cells(), 2));
  const uint64_t w = map.feature_spot_bytes;
  const Section spots{"feature spots", kTakSpotsAt, Field(file, kTakSpotsAt), map.cells(), w,
                      CellsShape(map, w)};
  absl::StatusOr<Bytes> spot_bytes = SectionBytes(file, name, kKingdomsHeaderSize, spots);
  if (!spot_bytes.ok()) return spot_bytes.status();
  map.heights.assign(height_bytes->begin(), height_bytes->end());
  map.features.resize(map.cells());
  for (size_t i = 0; i < map.features.size(); ++i) {
    map.features[i] = LoadItem(spot_bytes->data() + w * i, w);
  }
  return absl::OkStatus();
}

absl::Status ReadKingdoms(Bytes file, absl::string_view name, TntMap& map) {
  map.sea_level = Field(file, kTakSeaLevelAt);
  if (absl::Status s = ReadKingdomsCells(file, name, map); !s.ok()) return s;
  if (absl::Status s = internal::ReadFeatureTable(file, name, kKingdomsHeaderSize,
                                                  kTakFeatureTableAt,
                                                  Field(file, kTakFeatureTableAt),
                                                  Field(file, kTakFeatureCountAt), map);
      !s.ok()) {
    return s;
  }
  const struct {
    absl::string_view what;
    size_t at;
    std::vector<uint32_t>* out;
  } arrays[] = {{"tile sheet ids", kTakSheetAt, &map.tile_sheet},
                {"tile columns", kTakColumnAt, &map.tile_column},
                {"tile rows", kTakRowAt, &map.tile_row}};
  map.tile_coordinate_bytes = int(KingdomsItemBytes(file, kTakColumnAt, map.tile_positions(), 1));
  for (const auto& a : arrays) {
    const uint64_t w = a.at == kTakSheetAt ? 4 : map.tile_coordinate_bytes;
    if (absl::Status s = ReadTileItems(file, name, a.what, a.at, w, map, *a.out); !s.ok()) {
      return s;
    }
  }
  map.minimap = internal::ReadMinimap(file, "small minimap", kKingdomsHeaderSize,
                                      kTakSmallMinimapAt, Field(file, kTakSmallMinimapAt),
                                      map.warnings);
  if (map.minimap) internal::MeasureKingdomsRegion("small minimap", *map.minimap, map.warnings);
  map.large_minimap = internal::ReadMinimap(file, "large minimap", kKingdomsHeaderSize,
                                            kTakLargeMinimapAt, Field(file, kTakLargeMinimapAt),
                                            map.warnings);
  if (map.large_minimap) {
    internal::MeasureKingdomsRegion("large minimap", *map.large_minimap, map.warnings);
  }
  return absl::OkStatus();
}

}  // namespace

namespace internal {

void Tally::Report(std::vector<std::string>& warnings) const {
  if (count_ == 0) return;
  warnings.push_back(count_ == 1 ? first : absl::StrCat(first, " (and ", count_ - 1, " more)"));
}

absl::StatusOr<Bytes> SectionBytes(Bytes file, absl::string_view name, size_t header_size,
                                   const Section& s) {
  if (s.count == 0) return Bytes();
  if (s.offset < header_size) {
    return ErrorAt(name, "header", s.header_at,
                   absl::StrCat("the ", s.name, " (", s.shape, ") start at ", Hex(s.offset),
                                ", inside the ", header_size, "-byte header"));
  }
  // count <= 2^32 and item_bytes <= 1024: the product fits 64 bits.
  const uint64_t total = s.count * s.item_bytes;
  if (s.offset > file.size() || total > file.size() - s.offset) {
    return ErrorAt(name, s.name, s.offset,
                   absl::StrCat(s.shape, " (", total, " bytes, from the header's offset at ",
                                Hex(s.header_at), ") run past the end of the ", file.size(),
                                "-byte file"));
  }
  return file.subspan(s.offset, size_t(total));
}

}  // namespace internal

absl::StatusOr<TntMap> ReadTnt(Bytes bytes, absl::string_view file) {
  absl::StatusOr<TntMap> map = ReadSize(bytes, file);
  if (!map.ok()) return map.status();
  const absl::Status s = map->game == Game::kTa ? ReadTa(bytes, file, *map)
                                                 : ReadKingdoms(bytes, file, *map);
  if (!s.ok()) return s;
  return map;
}

}  // namespace kbot::tnt
