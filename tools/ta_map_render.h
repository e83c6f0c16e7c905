// map_render in a ta or takingdoms context: a TA or TA: Kingdoms map's
// terrain from above, a region of it at a scale, with overlays (start
// positions from the OTA, features drawn by their definitions' GAFs, water,
// height, void cells): formats/tnt/render.h draws it; this file finds what
// it draws with in the context (docs/json.md, section map_render).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/confined_folder.h"
#include "contexts/workspace.h"
#include "tools/map_render_tool.h"
#include "tools/result_fields.h"
#include "tools/tool.h"

namespace kbot::tools {

// What was drawn: `kbot tnt render --json`.
struct TaMapRenderSummary {
  std::string path;
  std::string game;  // "ta" or "takingdoms"
  std::string unit;  // of x, y, w, h
  int x = 0, y = 0, w = 0, h = 0;
  int pixels_per_cell = 16;
  int width = 0, height = 0;  // the picture's
  size_t bytes = 0;           // the PNG's
  int placeholder_tiles = 0;
  std::vector<uint32_t> missing_sheets;  // TA: Kingdoms tile sheets not found
  std::vector<std::string> warnings;
  static const ResultTable<TaMapRenderSummary>& Fields();
};

struct TaMapRenderOutcome {
  TaMapRenderSummary summary;
  std::vector<uint8_t> png;
};

// `request` drawn in `context`; `scale` (when set) replaces the request's, for
// a preview. `progress` is told each row drawn, then encoded.
absl::StatusOr<TaMapRenderOutcome> RenderTaMap(const contexts::Context& context,
                                               const MapRenderRequest& request,
                                               Progress& progress = NoProgress(),
                                               std::optional<int> scale = std::nullopt);

// map_render's work in a ta or takingdoms context: the picture inline, or
// over the caps a link that draws it again and a preview drawn at the
// largest scale that fits.
ToolResult RunTaMapRender(const contexts::Context& context, const MapRenderRequest& request,
                          const Limits& limits, Progress& progress,
                          contexts::ConfinedFolder* output);

}  // namespace kbot::tools
