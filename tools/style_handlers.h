// The MCP tools for GTA1 styles (.G24): style_describe and style_tiles.
// `kbot gta style|tiles` call the same functions, so a command and a tool
// never disagree. style_tiles hands back its sheet as image_result.h says:
// inline, or a resource_link (?export=tiles) plus a preview.
#pragma once

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/tool.h"
#include "tools/gaf_tools.h"
#include "tools/image_result.h"

namespace kbot::tools {

// style_describe's structuredContent:
//   {"path", "header": {the sixteen u32 fields by name},
//    "sections": [{"name", "offset", "size", "stored"}],
//    "tiles": {"side", "lid", "aux", "total"},
//    "animations": [{"index", "block", "which" ("side"|"lid"|"unknown"),
//                    "which_value", "speed", "frames": [aux tile numbers]}],
//    "cluts", "palette_index": {"entries", "tile_entries"},
//    "undocumented": {"object_info", "cars", "sprite_info", "sprite_graphics",
//                     "sprite_numbers"} (bytes), "warnings"}
absl::StatusOr<json> StyleDescribe(const Asset& asset);

// Which tiles style_tiles draws, and how.
struct TilesRequest {
  std::string kind = "lid";          // side | lid | aux
  int first = 0;
  std::optional<int> count;          // default: the rest of the kind, at most 64
  std::optional<int> remap;          // lid/aux: 0..3 (default 0)
  std::optional<std::string> direction;  // side: top|bottom|left|right (default top)
  int columns = 8;
  int scale = 1;                     // 1..4
};
inline constexpr int kDefaultTileCount = 64;
inline constexpr int kTileGap = 2;  // transparent pixels between tiles

// The request from a tool's (valid) arguments; errors for a remap given for
// side tiles or a direction for lid/aux tiles.
absl::StatusOr<TilesRequest> TilesRequestFrom(const json& arguments);

// style_tiles: a sheet of tiles, `columns` a row, kTileGap pixels apart.
// structuredContent: {"path", "kind", "first", "count", "total" (tiles of the
// kind), "remap" (lid/aux) or "direction" (side), "columns", "rows",
// "scale", "width", "height", "tiles": [{"tile" (number in the kind),
// "clut" (or null)}], "warnings", "bytes" (the PNG's size)}; the tool adds
// ImageDeliveryProperties(). A tile whose palette cannot be resolved is
// transparent and named in warnings.
absl::StatusOr<ToolImage> StyleTiles(const Asset& asset, const TilesRequest& request);

// The sheet for a style_tiles call's (valid) arguments in `context`.
absl::StatusOr<ToolImage> DrawStyleTiles(const contexts::Context& context, const json& arguments);
// The export name of style_tiles' resource URIs.
inline constexpr const char* kStyleTilesExport = "tiles";

// The handlers' work once the context is known (arguments already valid).
// `limits` caps the inline image (default: the server's default).
ToolResult RunStyleDescribe(const contexts::Context& context, const json& arguments);
ToolResult RunStyleTiles(const contexts::Context& context, const json& arguments,
                              const Limits& limits = Limits());

Tool StyleDescribeTool();
Tool StyleTilesTool();

}  // namespace kbot::tools
