// The tools map_minimap and map_heightmap: a TA or TA: Kingdoms map's stored
// minimap (the part of it showing the map, by the rule of docs/formats/
// tnt.md) and its heightmap (one grey pixel a cell, the raw heights unless
// `stretch`), as PNGs (docs/json.md, sections map_minimap, map_heightmap).
// `kbot tnt minimap` and `kbot tnt heightmap` write the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct MapMinimapRequest : AssetRequest {
  bool large = false;  // TA: Kingdoms: the large minimap instead of the small
  std::optional<std::string> target;
};
const RequestTable<MapMinimapRequest>& MapMinimapTable();

struct MapHeightmapRequest : AssetRequest {
  bool stretch = false;  // the map's lowest..highest spread over 0..255
  std::optional<std::string> target;
};
const RequestTable<MapHeightmapRequest>& MapHeightmapTable();

// What either drew: `kbot tnt minimap|heightmap --json`.
struct MapPictureSummary {
  std::string path;
  int width = 0, height = 0;  // the picture's
  size_t bytes = 0;
  // Heightmap: the lowest and highest heights (map_describe gives a
  // minimap's stored size).
  std::optional<int> lowest, highest;
  std::vector<std::string> warnings;
  static const ResultTable<MapPictureSummary>& Fields();
};

struct MapPictureOutcome {
  MapPictureSummary summary;
  std::vector<uint8_t> png;
};

absl::StatusOr<MapPictureOutcome> DrawMinimap(const contexts::Context& context,
                                              const MapMinimapRequest& request);
absl::StatusOr<MapPictureOutcome> DrawHeightmap(const contexts::Context& context,
                                                const MapHeightmapRequest& request);

Tool MapMinimapTool();
Tool MapHeightmapTool();

}  // namespace kbot::tools
