// libFuzzer target: any bytes through ReadCityMap; when a map loads, Block,
// Column, GroundZ and FindDistrict over a sample of cells (corners, edges,
// out-of-range coordinates that the reader clamps, and a stride across the
// map) and every layer including z outside 0..5. The reader must return a
// value or an error for every input and never read out of bounds.
#include <cstddef>
#include <cstdint>

#include "formats/gta/cmp.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace kbot::gta;
  absl::StatusOr<CityMap> map = ReadCityMap(kbot::Bytes(data, size), "fuzz.cmp");
  if (!map.ok()) return 0;
  static constexpr int kEdges[] = {-300, -1, 0, 1, 127, 254, 255, 256, 1000};
  unsigned sum = 0;
  const auto visit = [&](int x, int y) {
    for (int z = -1; z <= kMapLayers; ++z) sum += map->Block(x, y, z).type;
    sum += map->Column(x, y).height;
    sum += map->GroundZ(x, y).value_or(7);
    sum += unsigned(map->FindDistrict(x, y).value_or(0));
  };
  for (int y : kEdges)
    for (int x : kEdges) visit(x, y);
  for (int y = 0; y < kMapSide; y += 17)
    for (int x = 0; x < kMapSide; x += 13) visit(x, y);
  const auto placed = map->PlacedTypeCounts();
  for (uint32_t c : placed) sum += c;
  volatile unsigned sink = sum;
  (void)sink;
  return 0;
}
