// The MCP tool map_describe: what a GTA1 city map (*.CMP) holds, and for one
// cell its column block by block. `kbot gta map` prints the same JSON.
#pragma once

#include <optional>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "mcp/tool.h"
#include "mcp/tools/gaf_tools.h"

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
mcp::ToolResult RunMapDescribe(const contexts::Context& context, const json& arguments);

mcp::Tool MapDescribeTool();

}  // namespace kbot::tools
