// The tool picture_export: a GTA1 frontend picture (RAW 24-bit, or RAT 8-bit
// through its palette) as a PNG (docs/json.md, section picture_export).
// `kbot gta picture` exports the same. The picture comes back inline, or as
// a link (?export=picture) plus a preview (tools/image_result.h).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "contexts/vfs.h"
#include "contexts/workspace.h"
#include "tools/image_result.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

// Reads a file next to the asset (a RAT's palette): a context's VFS, or a
// folder on disk for the CLI.
using ReadBytes = std::function<absl::StatusOr<contexts::Blob>(const std::string& path)>;
// Reads from `context`'s VFS (which must outlive it).
ReadBytes ContextReader(const contexts::Context& context);

struct PictureExportRequest : AssetRequest {
  std::optional<int> width, height;    // both or neither; neither: by name
  std::optional<std::string> palette;  // RAT: the palette's path; default beside it
};
// Refuses a width without a height and the reverse.
const RequestTable<PictureExportRequest>& PictureExportTable();
// The export name of picture_export's links.
inline constexpr const char* kPictureExportExport = "picture";

struct PictureExportSummary {
  std::string path;
  std::string format;  // raw | rat
  int width = 0, height = 0;
  std::optional<std::string> palette;  // the RAT's palette path; null for a RAW
  size_t bytes = 0;                    // the PNG's
  static const ResultTable<PictureExportSummary>& Fields();
};

using PictureExportOutcome = PictureOutcome<PictureExportSummary>;

// The default palette path of a RAT: RatPaletteName in the picture's folder.
std::string DefaultRatPalettePath(const std::string& picture_path);

// A RAW (24-bit) or RAT (8-bit, through its palette, read with `read`).
absl::StatusOr<PictureExportOutcome> ExportPicture(const Asset& asset,
                                                   const PictureExportRequest& request,
                                                   const ReadBytes& read);

// The tool's work once the context is known: inline, or over the limit a
// link and a preview.
ToolResult RunPictureExport(const contexts::Context& context,
                            const PictureExportRequest& request, const Limits& limits = Limits());

Tool PictureExportTool();

}  // namespace kbot::tools
