// The tool sprite_sheet: a run of one kind's sprites of a GTA1 style on one
// numbered sheet, in a remap (docs/json.md, section sprite_sheet).
// `kbot gta sprite --sheet` draws the same.
#pragma once

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

struct SpriteSheetRequest : AssetRequest {
  std::string kind;
  std::optional<int> remap;  // as sprite_export's, for every sprite
  int first = 0;             // within the kind
  std::optional<int> count;  // default: the rest of the kind, at most 100
  std::optional<int> scale;  // default: the largest keeping the sheet within 1024 px
};
const RequestTable<SpriteSheetRequest>& SpriteSheetTable();
inline constexpr const char* kSpriteSheetExport = "sprites";
inline constexpr int kDefaultSheetSprites = 100;
inline constexpr int kSheetFitSide = 1024;

struct SpriteSheetSummary {
  std::string path, kind;
  int first = 0, count = 0, total = 0;  // total: sprites of the kind
  std::optional<int> next_first;        // the rest of the kind starts here
  std::optional<int> remap;
  int columns = 0, scale = 1;
  int width = 0, height = 0;
  std::vector<std::string> warnings;
  size_t bytes = 0;
  static const ResultTable<SpriteSheetSummary>& Fields();
};

using SpriteSheetOutcome = PictureOutcome<SpriteSheetSummary>;

// Each sprite centred in a cell as large as the largest, numbered below it
// with its number in the kind. A sprite that cannot be drawn leaves its cell
// empty, and one a remap cannot apply to is drawn in its own palette; both
// are named in warnings. `progress` is told each sprite drawn.
absl::StatusOr<SpriteSheetOutcome> DrawSpriteSheet(const Asset& asset,
                                                   const SpriteSheetRequest& request,
                                                   Progress& progress = NoProgress());

Tool SpriteSheetTool();

}  // namespace kbot::tools
