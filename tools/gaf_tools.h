// What the GAF tools share: reading an asset as a GAF, choosing a sequence,
// decoding every frame (gaf_info, gaf check), and encoding an export (the
// picture of gaf_export, tools/gaf_export_tool.h). The tools themselves, with
// their requests and results, are tools/gaf_list_tool.h, tools/gaf_info_tool.h
// and tools/gaf_export_tool.h; gaf check is here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"
#include "base/progress.h"
#include "formats/gaf/frame_decode.h"
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

// The sequence `sequence` names (an index or a name, case-insensitive);
// sequence 0 when none is named. An error when the file has none or the name
// matches none.
absl::StatusOr<size_t> SelectSequence(const gaf::Gaf& gaf, const Asset& asset,
                                      const std::optional<std::string>& sequence);

// What decoding every frame of some sequences found.
struct DecodeReport {
  gaf::Warnings warnings;
  std::vector<std::string> errors;
  uint64_t frames = 0;
  uint64_t pixels = 0;
};

// Checks every frame of sequences [first, last) as drawing it by the game's
// rule would (gaf::CheckFrame: the same errors and warnings, raw pixels never
// read): what gaf_info and gaf check report beyond the headers (short rows,
// data past the end, refused layers). `progress` is told each frame; false
// when it said stop.
bool DecodeFrames(const Asset& asset, const gaf::Gaf& gaf, size_t first, size_t last,
                  DecodeReport& report, Progress& progress = NoProgress());

// The palette an export draws with, and where it came from.
struct PaletteChoice {
  palette::Palette colors = palette::TaPalette();
  std::string source = "embedded";  // override, sidecar-pcx, ..., embedded
  std::optional<std::string> path;
};

enum class ExportFormat { kPng, kGif, kApng, kSheet };
absl::StatusOr<ExportFormat> ParseExportFormat(const std::string& text);
const char* ExportFormatName(ExportFormat format);  // png, gif, apng, sheet

struct ExportRequest {
  std::optional<std::string> sequence;  // default: sequence 0
  std::optional<int> frame;             // png only; default 0
  ExportFormat format = ExportFormat::kPng;
  gaf::Transparency transparency;
  PaletteChoice palette;
  int scale = 1;  // 1-8, nearest neighbour
  // No scale was given: a sheet is enlarged by the largest whole factor
  // (up to image::kMaxSheetScale) that keeps it at most kSheetWidth wide.
  bool fit_sheet = false;
  // Animations report frames rendered, then encoded (2 x frames in all); a
  // stop makes the export return CancelledError.
  Progress* progress = nullptr;
};

// How wide a sheet of small sprites is drawn when no scale is given: wide
// enough for a model to tell frames apart, and far under the inline cap.
inline constexpr int kSheetWidth = 512;
inline constexpr int kSheetMaxHeight = 1568;  // Limits' side cap

// An export's encoded picture and its size.
struct EncodedExport {
  std::vector<uint8_t> bytes;
  int width = 0, height = 0;
  size_t frames = 1;
  int scale = 1;  // the factor used (a fitted sheet's may differ from the request's)
};

// Sequence `s` of `gaf` (read from `asset`) drawn as `request` says: one
// frame as a PNG, or the sequence as an animation or a sheet.
absl::StatusOr<EncodedExport> EncodeExport(const Asset& asset, const gaf::Gaf& gaf, size_t s,
                                           const ExportRequest& request, gaf::Warnings* warnings);

// Decodes every frame of every sequence by the game's rule. Never fails:
// problems are the report's warnings and errors.
json GafCheckFile(const Asset& asset);
// The same with the structure already read (by pieces, for a large file):
// only the frames' data is read from `asset`.
json GafCheckFile(const Asset& asset, const gaf::Gaf& gaf);
// GafCheckFile's report for a file or folder that could not be read at all.
json GafCheckFailure(const std::string& path, const std::string& why);
// {"files": [...], "summary": {files, sequences, frames, pixels, warnings, errors}}
json GafCheckSummary(const std::vector<json>& files);

// JSON text that is always valid UTF-8: GAF names are bytes, and a name in
// Latin-1 must not make the output unparsable.
std::string DumpJson(const json& value, int indent = -1);

}  // namespace kbot::tools
