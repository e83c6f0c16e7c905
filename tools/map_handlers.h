// The MCP tool map_describe: what a GTA1 city map (*.CMP) holds, and for one
// cell its column block by block. `kbot gta map` prints the same JSON.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/resource_uri.h"
#include "tools/tool.h"
#include "tools/gaf_tools.h"

namespace kbot::tools {

struct MapCell {
  int x = 0, y = 0;  // 0..255
};

// map_describe's structuredContent (CONTRACT.md):
//   {"path", "version", "style", "sample",
//    "sizes": {"route", "object", "column", "block", "nav"} (bytes),
//    "blocks" (descriptors), "block_types" ({type name: descriptors}),
//    "columns" (distinct), "objects", "warnings" (the game's limits),
//    "districts": [{"index", "name", "x", "y", "w", "h", "sample", "empty"}],
//    "services": {"police", "hospital", "unknown2", "unknown3", "fire",
//                 "unknown5": [{"x", "y", "z"}] (non-empty slots)},
//    "cell" (with `cell` only): {"x", "y", "district" (name or null),
//      "district_index", "ground_z", "height",
//      "blocks": [{"z", "index", "type", "lid", "left", "right", "top",
//                  "bottom", "slope", "rotation", "flat", ...}] top first}}
absl::StatusOr<json> MapDescribe(const Asset& asset, const std::optional<MapCell>& cell);

// The handler's work once the context is known (arguments already valid).
ToolResult RunMapDescribe(const contexts::Context& context, const json& arguments);

Tool MapDescribeTool();

// map_render: a top-down PNG of a rectangle of a city map, each cell showing
// the lid of its topmost block drawn with the map's own style.
struct MapRenderRequest {
  int x = 0, y = 0, w = 256, h = 256;  // cells
  int pixels_per_cell = 8;              // 1..64 (64: the tiles' own size)
  // The style's path in the context; default STYLE%03d.G24 (the map's style
  // number) in the map's folder.
  std::optional<std::string> style;
};

struct MapRenderResult {
  std::vector<uint8_t> png;
  // {"path", "style", "x", "y", "w", "h", "pixels_per_cell", "width",
  //  "height", "bytes", "warnings"}
  json structured;
};

absl::StatusOr<MapRenderResult> RenderMapAsset(const contexts::Context& context,
                                               const std::string& map_path,
                                               const MapRenderRequest& request);

ToolResult RunMapRender(const contexts::Context& context, const json& arguments,
                             const Limits& limits);
Tool MapRenderTool();

// resources/read of kbot://CONTEXT/MAP.CMP?export=map&x=..&y=..&w=..&h=..&scale=..
// [&style=..]: the render a map_render resource_link points at.
absl::StatusOr<ResourceBytes> RenderMapResource(const contexts::Context& context,
                                                     const ResourceUri& uri);

}  // namespace kbot::tools
