// The tool gaf_export: one frame (png) or a whole sequence (gif, apng, or a
// sheet of every frame) of a GAF/TAF as a picture, inline or, when too large,
// a kbot:// link that draws it again plus a first-frame preview (docs/json.md,
// section gaf_export). `kbot gaf export` and the explorer's /png/, /apng/,
// /gif/ and /sheet/ routes draw the same.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tools/gaf_tools.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct GafExportRequest : AssetRequest {
  std::optional<std::string> sequence;  // an index or a name; default 0
  std::optional<int> frame;             // png only; default 0
  std::string format = "png";           // png, gif, apng, sheet
  std::optional<std::string> palette;   // a path in the context; default: its chain
  // game, heuristic, none or an index; default: the context's game rule.
  std::optional<std::string> transparency;
  // 1-8; default 1, and for a sheet the largest factor (up to 32) that keeps
  // it at most 512 px wide.
  std::optional<int> scale;
  // A file in the output folder the picture is also written to
  // (tools/output_target.h); served only with `kbot mcp --output`.
  std::optional<std::string> target;
};
const RequestTable<GafExportRequest>& GafExportTable();

struct GafExportPalette {
  std::string source;  // override, sidecar-pcx, ..., embedded
  std::optional<std::string> path;
  static const ResultTable<GafExportPalette>& Fields();
};

// What was drawn: gaf_export's structuredContent before its delivery.
struct GafExportSummary {
  std::string path;
  size_t sequence = 0;
  std::string sequence_name;
  std::optional<int> frame;  // png only
  std::string format;
  int width = 0, height = 0;
  size_t frames = 0;
  std::string transparency;  // the rule's name
  int scale = 1;  // the factor used
  GafExportPalette palette;
  std::string mime_type;
  std::string color;  // indexed, rgba
  size_t bytes = 0;
  std::vector<std::string> warnings;
  static const ResultTable<GafExportSummary>& Fields();
};

struct ExportResult {
  GafExportSummary summary;
  std::vector<uint8_t> image;
  std::string mime_type;  // image/png or image/gif
  json Json() const { return GafExportSummary::Fields().ToJson(summary); }
};

// `asset` drawn as the resolved `request` says.
absl::StatusOr<ExportResult> GafExport(const Asset& asset, const ExportRequest& request);

// `request` for the asset at `asset_path` in `context`: the context's
// transparency default and its palette chain (palettepick/) applied;
// passed-over palettes add `warnings`.
absl::StatusOr<ExportRequest> ResolveGafExport(const contexts::Context& context,
                                               const std::string& asset_path,
                                               const GafExportRequest& request,
                                               std::vector<std::string>& warnings);

struct GafExportOutcome {
  ExportResult exported;  // the resolver's warnings after the picture's
  ExportRequest resolved;
};

// `request` resolved in `context` and drawn from `asset` (read from it).
// Errors do not name the context.
absl::StatusOr<GafExportOutcome> ExportGafAsset(const contexts::Context& context,
                                                const Asset& asset,
                                                const GafExportRequest& request,
                                                Progress* progress = nullptr);

// The tool's work once the context is known.
ToolResult RunGafExport(const contexts::Context& context, const GafExportRequest& request,
                        const ToolCall& call);

Tool GafExportTool();

}  // namespace kbot::tools
