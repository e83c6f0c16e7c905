// The tool sprite_export: one sprite of a GTA1 style as a PNG, in a remap
// and with deltas drawn over it, enlarged for a reader (docs/json.md, section
// sprite_export). `kbot gta sprite` draws the same.
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

struct SpriteExportRequest : AssetRequest {
  std::string kind;
  int number = 0;              // within the kind
  std::optional<int> remap;    // vehicles 0-12, pedestrians 0-63; unset: own palette
  std::vector<int> deltas;     // applied in this order
  std::optional<int> scale;    // 1-8; default: the largest keeping it within 256 px
};
const RequestTable<SpriteExportRequest>& SpriteExportTable();
inline constexpr const char* kSpriteExport = "sprite";
inline constexpr int kMaxSpriteScale = 8;
inline constexpr int kSpriteFitSide = 256;  // the default scale's bound

// The largest scale in 1..kMaxSpriteScale keeping a w x h picture within
// kSpriteFitSide on its longer side (1 when even that is larger).
int FitSpriteScale(int width, int height);

struct SpriteExportSummary {
  std::string path, kind;
  int number = 0;                   // within the kind
  int width = 0, height = 0;        // the picture's: the sprite's own times scale
  std::optional<int> remap;
  std::optional<int> model;         // the car record's, for a vehicle
  std::optional<int> clut, table;   // the CLUT (G24) or remap table (8-bit) used
  int scale = 1;
  std::vector<std::string> warnings;
  size_t bytes = 0;
  static const ResultTable<SpriteExportSummary>& Fields();
};

using SpriteExportOutcome = PictureOutcome<SpriteExportSummary>;

absl::StatusOr<SpriteExportOutcome> ExportSprite(const Asset& asset,
                                                 const SpriteExportRequest& request);

Tool SpriteExportTool();

}  // namespace kbot::tools
