// The GAF tools: gaf_list, gaf_info, gaf_export and gaf_check. Each takes the
// asset's bytes and arguments and returns the JSON of docs/json.md (the MCP
// tool's structuredContent) and, for exports, the encoded image. The CLI and
// the MCP server both call these, so a command and a tool never disagree.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"
#include "base/progress.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/transparency.h"
#include "formats/palette/palette.h"
#include "nlohmann/json.hpp"

namespace kbot::tools {

using nlohmann::json;

// An asset to read: the name to report (a context path or a file name) and its
// bytes.
struct Asset {
  std::string path;
  Bytes bytes;
};

// The GAF structure of `asset`, after refusing a file of another kind (a
// city map, a palette, an archive...) by name.
absl::StatusOr<gaf::Gaf> ReadGafAsset(const Asset& asset);

absl::StatusOr<json> GafList(const Asset& asset);

// All sequences, or the one `sequence` names (an index or a name).
absl::StatusOr<json> GafInfo(const Asset& asset, const std::optional<std::string>& sequence);

// The palette an export draws with, and where it came from.
struct PaletteChoice {
  palette::Palette colors = palette::TaPalette();
  std::string source = "embedded";  // override, sidecar-pcx, ..., embedded
  std::optional<std::string> path;
};

enum class ExportFormat { kPng, kGif, kApng, kSheet };
absl::StatusOr<ExportFormat> ParseExportFormat(const std::string& text);

struct ExportRequest {
  std::optional<std::string> sequence;  // default: sequence 0
  std::optional<int> frame;             // png only; default 0
  ExportFormat format = ExportFormat::kPng;
  gaf::Transparency transparency;
  PaletteChoice palette;
  int scale = 1;  // 1-8, nearest neighbour
  // Animations report frames rendered, then encoded (2 x frames in all); a
  // stop makes the export return CancelledError.
  Progress* progress = nullptr;
};

struct ExportResult {
  json structured;
  std::vector<uint8_t> image;
  std::string mime_type;  // image/png or image/gif
};

absl::StatusOr<ExportResult> GafExport(const Asset& asset, const ExportRequest& request);

// Decodes every frame of every sequence by the game's rule. Never fails:
// problems are the report's warnings and errors.
json GafCheckFile(const Asset& asset);
// {"files": [...], "summary": {files, sequences, frames, pixels, warnings, errors}}
json GafCheckSummary(const std::vector<json>& files);

// JSON text that is always valid UTF-8: GAF names are bytes, and a name in
// Latin-1 must not make the output unparsable.
std::string DumpJson(const json& value, int indent = -1);

}  // namespace kbot::tools
