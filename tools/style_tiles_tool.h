// The tool style_tiles: a PNG sheet of a GTA1 style's tiles of one kind
// (docs/json.md, section style_tiles). `kbot gta tiles` draws the same. The
// sheet comes back inline, or as a link (?export=tiles) plus a preview
// (tools/image_result.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/image_result.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct StyleTilesRequest : AssetRequest {
  std::string kind = "lid";              // side | lid | aux
  int first = 0;
  std::optional<int> count;              // default: the rest of the kind, at most 64
  std::optional<int> remap;              // lid/aux: 0..3 (default 0)
  std::optional<std::string> direction;  // side: top|bottom|left|right (default top)
  int columns = 8;
  // Pixels per texel, 1-4; default: the largest that keeps the sheet at most
  // 512 px wide (1 for a full row of 8 tiles).
  std::optional<int> scale;
};
// Refuses a remap for side tiles and a direction for lid/aux tiles.
const RequestTable<StyleTilesRequest>& StyleTilesTable();
inline constexpr int kDefaultTileCount = 64;
inline constexpr int kTileGap = 2;  // transparent pixels between tiles
// The export name of style_tiles' links.
inline constexpr const char* kStyleTilesExport = "tiles";

struct SheetTileInfo {
  int tile = 0;               // its number in the kind
  std::optional<int> clut;    // null: its palette could not be resolved (or an 8-bit style)
  std::optional<int> table;   // 8-bit styles: the remap table drawn through
  static const ResultTable<SheetTileInfo>& Fields();
};

// What was drawn; "remap" (lid/aux) or "direction" (side), not both.
struct StyleTilesSummary {
  std::string path, kind;
  int first = 0, count = 0, total = 0;  // total: tiles of the kind
  std::optional<int> remap;
  std::optional<std::string> direction;
  int columns = 0, rows = 0, scale = 0, width = 0, height = 0;
  std::vector<SheetTileInfo> tiles;
  std::vector<std::string> warnings;
  size_t bytes = 0;  // the PNG's
  static const ResultTable<StyleTilesSummary>& Fields();
};

using StyleTilesOutcome = PictureOutcome<StyleTilesSummary>;

// The sheet: `columns` a row, kTileGap pixels apart. A tile whose palette
// cannot be resolved is transparent and named in warnings.
// `progress` is told each tile drawn, then each band of rows encoded.
absl::StatusOr<StyleTilesOutcome> DrawStyleTiles(const Asset& asset,
                                                 const StyleTilesRequest& request,
                                                 Progress& progress = NoProgress());

// The tool's work once the context is known: inline, or over the limit a
// link and a preview.
ToolResult RunStyleTiles(const contexts::Context& context, const StyleTilesRequest& request,
                         const Limits& limits = Limits(), Progress& progress = NoProgress());

Tool StyleTilesTool();

}  // namespace kbot::tools
