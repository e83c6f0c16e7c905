// libFuzzer target: any bytes through tnt::ReadTnt. It must return a map or
// an error for every input, never read past the bytes, never allocate more
// than the file can hold (every section is checked against the file's size
// first), and when it returns a map, every array has the size the map's
// width and height say, and each minimap its pixels and a region inside it.
#include <cstddef>
#include <cstdint>

#include "formats/tnt/tnt.h"

namespace {

using kbot::tnt::Minimap;
using kbot::tnt::TntMap;

void CheckMinimap(const Minimap& m) {
  if (m.width < 1 || m.height < 1 || m.width > int(kbot::tnt::kMaxMinimapSide) ||
      m.height > int(kbot::tnt::kMaxMinimapSide) ||
      m.pixels.size() != size_t(m.width) * size_t(m.height)) {
    __builtin_trap();
  }
  if (m.region_width < 0 || m.region_width > m.width || m.region_height < 0 ||
      m.region_height > m.height) {
    __builtin_trap();
  }
}

void Check(const TntMap& map) {
  using kbot::tnt::Game;
  if (map.width < 1 || map.height < 1 || map.width > kbot::tnt::kMaxCellsASide ||
      map.height > kbot::tnt::kMaxCellsASide) {
    __builtin_trap();
  }
  if (map.heights.size() != map.cells() || map.features.size() != map.cells()) __builtin_trap();
  const size_t positions = map.tile_positions();
  if (map.game == Game::kTa) {
    if (map.tile_index.size() != positions ||
        map.tile_pixels.size() != size_t(map.tile_count) * kbot::tnt::kTileBytes ||
        !map.tile_sheet.empty() || map.large_minimap.has_value()) {
      __builtin_trap();
    }
  } else if (map.tile_sheet.size() != positions || map.tile_column.size() != positions ||
             map.tile_row.size() != positions || !map.tile_index.empty()) {
    __builtin_trap();
  }
  for (const kbot::tnt::FeatureName& f : map.feature_names) {
    if (f.name.size() > kbot::tnt::kFeatureNameBytes) __builtin_trap();
  }
  if (map.minimap) CheckMinimap(*map.minimap);
  if (map.large_minimap) CheckMinimap(*map.large_minimap);
  size_t sum = 0;
  for (size_t i = 0; i < map.cells(); ++i) sum += map.HasFeature(i) + map.IsVoid(i);
  for (const std::string& w : map.warnings) sum += w.size();
  volatile size_t sink = sum;
  (void)sink;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  absl::StatusOr<TntMap> map = kbot::tnt::ReadTnt(kbot::Bytes(data, size), "fuzz.tnt");
  if (map.ok()) Check(*map);
  return 0;
}
