// The tool map_render: a top-down PNG of a map. A GTA1 city map: a
// rectangle of cells, each showing the lid of its topmost block drawn with
// the map's own style (`kbot gta render`). A TA or TA: Kingdoms map (in a ta
// or takingdoms context): its terrain with overlays, tools/ta_map_render.h
// (`kbot tnt render`). docs/json.md, section map_render.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "contexts/workspace.h"
#include "formats/image/picture.h"
#include "tools/map_mission_overlay.h"
#include "tools/map_objects_overlay.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct MapRenderRequest : AssetRequest {
  // GTA1: the style's path in the context; default STYLE%03d.G24 (the map's
  // style number) in the map's folder, or STYLE%03d.GRY when only that is there.
  std::optional<std::string> style;
  // The rectangle to draw, in `unit`s. GTA1: with none of the four given the
  // render covers the map's occupied area (gta::OccupiedRect); with any
  // given, x and y default to 0 and w and h run to the east and south edges.
  // TA: the whole map by default, likewise.
  std::optional<int> x, y;
  std::optional<int> w;
  std::optional<int> h;
  // "cell", "tile" or "pixel"; default GTA1 cell, TA tile (32 px). GTA1
  // takes cells only.
  std::optional<std::string> unit;
  // Pixels a cell. GTA1: 1-64, default 8 (the whole map 2048 x 2048; 64 the
  // tiles' own size). TA: 2-16, default 16 (the map's own pixels; 8 is 1/2).
  std::optional<int> scale;
  // What to draw over the map. GTA1: "objects", the map's parked cars and
  // street objects with their sprites (tools/map_objects_overlay.h). TA:
  // "starts", "features", "water", "height", "void" (formats/tnt/render.h).
  std::vector<std::string> overlays;
  // TA: the OTA schema whose start positions "starts" draws.
  int schema = 0;
  // GTA1: also draw this mission of the MISSION.INI beside the map
  // (tools/map_mission_overlay.h).
  std::optional<int> mission;
  // A file in the output folder the picture is also written to
  // (tools/output_target.h); served only with `kbot mcp --output`.
  std::optional<std::string> target;

  bool NoRegion() const { return !x && !y && !w && !h; }
  int Left() const { return x.value_or(0); }
  int Top() const { return y.value_or(0); }
  // GTA1's defaults: to the edge of the 256 x 256 map; 8 px a cell.
  int Width() const { return w.value_or(256 - Left()); }
  int Height() const { return h.value_or(256 - Top()); }
  int GtaScale() const { return scale.value_or(8); }
  bool Overlay(absl::string_view name) const {
    return std::find(overlays.begin(), overlays.end(), name) != overlays.end();
  }
};
const RequestTable<MapRenderRequest>& MapRenderTable();

// A rectangle of cells.
struct MapCells {
  int x = 0, y = 0, w = 0, h = 0;
  static const ResultTable<MapCells>& Fields();
};

// What was drawn: `kbot gta render --json`.
struct MapRenderSummary {
  std::string path, style;
  int x = 0, y = 0, w = 0, h = 0, pixels_per_cell = 0;
  // Where x, y, w, h came from: "occupied" (no region given: the map's
  // occupied area), "request", or "whole map" (no region given and no cell
  // occupied: the whole map, all transparent, and a warning says so).
  std::string region;
  std::optional<MapCells> occupied;  // the occupied area; null when none is
  int width = 0, height = 0;  // the picture's
  std::optional<OverlayCount> objects;  // with the "objects" overlay
  std::optional<MissionOverlay> mission;  // with `mission`
  size_t bytes = 0;           // the PNG's
  std::vector<std::string> warnings;
  static const ResultTable<MapRenderSummary>& Fields();
};

struct MapRenderOutcome {
  MapRenderSummary summary;
  std::vector<uint8_t> png;
  image::RgbaPicture picture;  // what png holds, for the preview
};

// GTA1's checks of the shared request: cells only, no overlay but
// "objects", inside the 256 x 256 map. The caller's mistakes (a usage error for `kbot gta render`).
absl::Status CheckGtaRequest(const MapRenderRequest& request);

// `request` drawn in `context` (the map and its style read from it); an
// error names the context. `progress` is told each row drawn, then each band
// of rows encoded.
absl::StatusOr<MapRenderOutcome> RenderMapAsset(const contexts::Context& context,
                                                const MapRenderRequest& request,
                                                Progress& progress = NoProgress());

// The tool's work once the context is known: the picture inline, or over the
// caps a link that draws it again and a preview averaged down to a whole
// number of pixels a cell; with a target, also written into `output`.
ToolResult RunMapRender(const contexts::Context& context, const MapRenderRequest& request,
                        const Limits& limits, Progress& progress = NoProgress(),
                        contexts::ConfinedFolder* output = nullptr);

Tool MapRenderTool();

}  // namespace kbot::tools
