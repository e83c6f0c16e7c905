// The tool picture_export: a GTA1 frontend picture (RAW 24-bit, or RAT 8-bit
// through its palette) or a PCX picture (TA's unitpics, loading screens:
// tools/pcx_picture.h) as a PNG (docs/json.md, section picture_export).
// `kbot gta picture` and `kbot pcx export` export the same. The picture comes
// back inline, or as a link (?export=picture) plus a preview
// (tools/image_result.h).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

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
  std::optional<int> width, height;    // RAW, RAT: both or neither; neither: by name
  // RAT: the palette's path; default beside it. PCX (8-bit): drawn with it
  // instead of its own trailer or the chain's.
  std::optional<std::string> palette;
};
// Refuses a width without a height and the reverse.
const RequestTable<PictureExportRequest>& PictureExportTable();
// The export name of picture_export's links.
inline constexpr const char* kPictureExportExport = "picture";

struct PictureExportSummary {
  std::string path;
  std::string format;  // raw | rat | pcx
  int width = 0, height = 0;
  std::string color;  // what the file holds: rgb (RAW, 24-bit PCX), indexed, rgba (32-bit PCX)
  // The palette's path: a RAT's; a PCX's when not its own trailer or the
  // built-in one. Null for a RAW.
  std::optional<std::string> palette;
  // PCX: "trailer", or the chain's source (palettepick/chain.h); null for
  // an RGB picture, a RAW and a RAT.
  std::optional<std::string> palette_source;
  size_t bytes = 0;  // the PNG's
  std::vector<std::string> warnings;
  static const ResultTable<PictureExportSummary>& Fields();
};

using PictureExportOutcome = PictureOutcome<PictureExportSummary>;

// The default palette path of a RAT: RatPaletteName in the picture's folder.
std::string DefaultRatPalettePath(const std::string& picture_path);

// A RAW (24-bit), a RAT (8-bit, through its palette, read with `read`) or a
// PCX (a palette given is read with `read`; `context`, when there is one,
// runs the palette chain for an 8-bit PCX without a trailer).
absl::StatusOr<PictureExportOutcome> ExportPicture(const Asset& asset,
                                                   const PictureExportRequest& request,
                                                   const ReadBytes& read,
                                                   const contexts::Context* context = nullptr);

// The PCX part of ExportPicture, whatever the file's name: a file of another
// kind is refused by name.
absl::StatusOr<PictureExportOutcome> ExportPcxPicture(const Asset& asset,
                                                      const PictureExportRequest& request,
                                                      const ReadBytes& read,
                                                      const contexts::Context* context = nullptr);

// The tool's work once the context is known: inline, or over the limit a
// link and a preview.
ToolResult RunPictureExport(const contexts::Context& context,
                            const PictureExportRequest& request, const Limits& limits = Limits());

Tool PictureExportTool();

}  // namespace kbot::tools
