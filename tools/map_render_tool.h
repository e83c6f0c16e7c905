// The tool map_render: a top-down PNG of a rectangle of a GTA1 city map, each
// cell showing the lid of its topmost block drawn with the map's own style
// (docs/json.md, section map_render). `kbot gta render` draws the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct MapRenderRequest : AssetRequest {
  // The style's path in the context; default STYLE%03d.G24 (the map's style
  // number) in the map's folder.
  std::optional<std::string> style;
  int x = 0, y = 0;      // the first cell
  std::optional<int> w;  // cells; default: to the east edge
  std::optional<int> h;  // default: to the south edge
  // Pixels per cell: 8 draws the whole map 2048 x 2048, 64 the tiles' own size.
  int scale = 8;

  int Width() const { return w.value_or(256 - x); }
  int Height() const { return h.value_or(256 - y); }
};
const RequestTable<MapRenderRequest>& MapRenderTable();

// What was drawn: `kbot gta render --json`.
struct MapRenderSummary {
  std::string path, style;
  int x = 0, y = 0, w = 0, h = 0, pixels_per_cell = 0;
  int width = 0, height = 0;  // the picture's
  size_t bytes = 0;           // the PNG's
  std::vector<std::string> warnings;
  static const ResultTable<MapRenderSummary>& Fields();
};

struct MapRenderOutcome {
  MapRenderSummary summary;
  std::vector<uint8_t> png;
};

// `request` drawn in `context` (the map and its style read from it); an
// error names the context. `progress` is told each row drawn, then each band
// of rows encoded.
absl::StatusOr<MapRenderOutcome> RenderMapAsset(const contexts::Context& context,
                                                const MapRenderRequest& request,
                                                Progress& progress = NoProgress());

// The tool's work once the context is known: the picture inline, or over the
// inline limit a link that draws it again and a preview at a smaller scale.
ToolResult RunMapRender(const contexts::Context& context, const MapRenderRequest& request,
                        const Limits& limits, Progress& progress = NoProgress());

Tool MapRenderTool();

}  // namespace kbot::tools
