#include "tests/support/tnt_bytes.h"

#include <iterator>

namespace kbot::testing {

namespace {

constexpr size_t kTaHeader = 0x40, kTakHeader = 0x34;
constexpr size_t kNameBytes = 128;

void AppendU16(std::vector<uint8_t>& out, uint16_t v) {
  out.push_back(uint8_t(v));
  out.push_back(uint8_t(v >> 8));
}

void AppendU32(std::vector<uint8_t>& out, uint32_t v) {
  AppendU16(out, uint16_t(v));
  AppendU16(out, uint16_t(v >> 16));
}

// Entries of u32 index (the position) and a 128-byte name: the text, cut at
// 128, then NULs.
size_t AppendFeatures(std::vector<uint8_t>& out, const std::vector<std::string>& names) {
  const size_t at = out.size();
  for (size_t i = 0; i < names.size(); ++i) {
    AppendU32(out, uint32_t(i));
    std::string name = names[i].substr(0, kNameBytes);
    name.resize(kNameBytes, '\0');
    out.insert(out.end(), name.begin(), name.end());
  }
  return at;
}

size_t AppendMinimap(std::vector<uint8_t>& out, const std::optional<TntMinimapSpec>& m) {
  if (!m) return 0;
  const size_t at = out.size();
  AppendU32(out, m->width);
  AppendU32(out, m->height);
  out.insert(out.end(), m->pixels.begin(), m->pixels.end());
  return at;
}

size_t AppendWords(std::vector<uint8_t>& out, const std::vector<uint32_t>& words, size_t count,
                   uint32_t fill) {
  const size_t at = out.size();
  for (size_t i = 0; i < count; ++i) AppendU32(out, i < words.size() ? words[i] : fill);
  return at;
}

// `count` items of `width` bytes (1 or 2): `values` cut to that width, then
// `fill`. Returns where they start.
size_t AppendNarrow(std::vector<uint8_t>& out, const std::vector<uint32_t>& values, size_t count,
                    uint32_t fill, int width) {
  const size_t at = out.size();
  for (size_t i = 0; i < count; ++i) {
    const uint32_t v = i < values.size() ? values[i] : fill;
    if (width == 2) {
      AppendU16(out, uint16_t(v));
    } else {
      out.push_back(uint8_t(v));
    }
  }
  return at;
}

size_t Positions(uint32_t width, uint32_t height) { return size_t(width / 2) * (height / 2); }

}  // namespace

void PutU16(std::vector<uint8_t>& bytes, size_t at, uint16_t v) {
  bytes[at] = uint8_t(v);
  bytes[at + 1] = uint8_t(v >> 8);
}

void PutU32(std::vector<uint8_t>& bytes, size_t at, uint32_t v) {
  PutU16(bytes, at, uint16_t(v));
  PutU16(bytes, at + 2, uint16_t(v >> 16));
}

TntLayout LayOutTa(const TaMapSpec& spec) {
  TntLayout l;
  std::vector<uint8_t>& out = l.bytes;
  out.assign(kTaHeader, 0);
  l.tile_index = out.size();
  for (size_t i = 0; i < Positions(spec.width, spec.height); ++i) {
    AppendU16(out, i < spec.tile_index.size() ? spec.tile_index[i] : 0);
  }
  l.attributes = out.size();
  for (size_t i = 0; i < size_t(spec.width) * spec.height; ++i) {
    const TaCellSpec c = i < spec.cells.size() ? spec.cells[i] : TaCellSpec{};
    out.push_back(c.height);
    AppendU16(out, c.feature);
    out.push_back(0);
  }
  l.tiles = out.size();
  for (const std::vector<uint8_t>& tile : spec.tiles) out.insert(out.end(), tile.begin(), tile.end());
  l.features = AppendFeatures(out, spec.feature_names);
  l.minimap = AppendMinimap(out, spec.minimap);
  const uint32_t fields[] = {spec.version,
                             spec.width,
                             spec.height,
                             uint32_t(l.tile_index),
                             uint32_t(l.attributes),
                             uint32_t(l.tiles),
                             uint32_t(spec.tiles.size()),
                             uint32_t(spec.feature_names.size()),
                             uint32_t(l.features),
                             spec.sea_level,
                             uint32_t(l.minimap),
                             spec.flags};
  for (size_t i = 0; i < std::size(fields); ++i) PutU32(out, 4 * i, fields[i]);
  return l;
}

TntLayout LayOutTak(const TakMapSpec& spec) {
  TntLayout l;
  std::vector<uint8_t>& out = l.bytes;
  out.assign(kTakHeader, 0);
  const size_t cells = size_t(spec.width) * spec.height;
  const size_t positions = Positions(spec.width, spec.height);
  l.heights = out.size();
  for (size_t i = 0; i < cells; ++i) out.push_back(i < spec.heights.size() ? spec.heights[i] : 0);
  l.spots = spec.wide ? AppendWords(out, spec.feature_spots, cells, 0xFFFFFFFF)
                      : AppendNarrow(out, spec.feature_spots, cells, 0xFFFF, 2);
  l.features = AppendFeatures(out, spec.feature_names);
  l.sheets = AppendWords(out, spec.tile_sheet, positions, 0);
  l.columns = spec.wide ? AppendWords(out, spec.tile_column, positions, 0)
                        : AppendNarrow(out, spec.tile_column, positions, 0, 1);
  l.rows = spec.wide ? AppendWords(out, spec.tile_row, positions, 0)
                     : AppendNarrow(out, spec.tile_row, positions, 0, 1);
  l.minimap = AppendMinimap(out, spec.small_minimap);
  l.large_minimap = AppendMinimap(out, spec.large_minimap);
  const uint32_t fields[] = {spec.version,           spec.width,
                             spec.height,            spec.sea_level,
                             uint32_t(l.heights),    uint32_t(l.spots),
                             uint32_t(l.features),   uint32_t(spec.feature_names.size()),
                             uint32_t(l.sheets),     uint32_t(l.columns),
                             uint32_t(l.rows),       uint32_t(l.minimap),
                             uint32_t(l.large_minimap)};
  for (size_t i = 0; i < std::size(fields); ++i) PutU32(out, 4 * i, fields[i]);
  return l;
}

std::vector<uint8_t> TntFixtureTile(int k) {
  std::vector<uint8_t> tile(32 * 32);
  for (int y = 0; y < 32; ++y) {
    for (int x = 0; x < 32; ++x) tile[size_t(y) * 32 + x] = uint8_t(k * 50 + x + 2 * y);
  }
  return tile;
}

uint8_t TntFixtureMinimapPixel(int x, int y) { return uint8_t((x + 3 * y) % 100); }

TaMapSpec SmallTaMap() {
  TaMapSpec s;
  s.width = s.height = 8;
  for (int k = 0; k < 5; ++k) s.tiles.push_back(TntFixtureTile(k));
  for (int ty = 0; ty < 4; ++ty) {
    for (int tx = 0; tx < 4; ++tx) s.tile_index.push_back(uint16_t((tx + ty) % 5));
  }
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) s.cells.push_back({uint8_t(10 * x + y), 0xFFFF});
  }
  const uint16_t row0[] = {0xFFFF, 0, 1, 2, 0xFFFC, 0xFFFE, 7, 0xFFFF};
  for (int x = 0; x < 8; ++x) s.cells[size_t(x)].feature = row0[x];
  s.cells[7 * 8 + 0].feature = s.cells[7 * 8 + 1].feature = 0xFFFC;
  s.feature_names = {"Tree1", "Metal01", "rock5"};
  s.sea_level = 25;
  TntMinimapSpec m{252, 252, {}};
  for (int y = 0; y < 252; ++y) {
    for (int x = 0; x < 252; ++x) m.pixels.push_back(TntFixtureMinimapPixel(x, y));
  }
  s.minimap = m;
  return s;
}

TakMapSpec SmallTakMap() {
  TakMapSpec s;
  s.width = s.height = 8;
  s.sea_level = 40;
  for (int i = 0; i < 64; ++i) s.heights.push_back(uint8_t(i));
  s.feature_spots.assign(64, 0xFFFFFFFF);
  s.feature_spots[0] = 0;
  s.feature_spots[1] = 1;
  s.feature_spots[2] = 7;
  s.feature_names = {"Pine", "Boulder"};
  for (uint32_t ty = 0; ty < 4; ++ty) {
    for (uint32_t tx = 0; tx < 4; ++tx) {
      s.tile_sheet.push_back(0x1000 + ty);
      s.tile_column.push_back(tx);
      s.tile_row.push_back(3 - ty);
    }
  }
  TntMinimapSpec small{12, 10, {}}, large{20, 16, {}};
  for (int y = 0; y < 10; ++y) {
    for (int x = 0; x < 12; ++x) {
      small.pixels.push_back(x >= 9 || y >= 7 ? 0x64 : TntFixtureMinimapPixel(x, y));
    }
  }
  for (int y = 0; y < 16; ++y) {
    for (int x = 0; x < 20; ++x) large.pixels.push_back(TntFixtureMinimapPixel(x, y));
  }
  s.small_minimap = small;
  s.large_minimap = large;
  return s;
}

}  // namespace kbot::testing
