// The MCP tool picture_export: a GTA1 frontend picture (RAW 24-bit, or RAT
// 8-bit through its palette) as a PNG. `kbot gta picture` calls the same
// functions. The picture comes back as image_result.h says: inline, or a
// resource_link (?export=picture) plus a preview.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "contexts/vfs.h"
#include "contexts/workspace.h"
#include "tools/tool.h"
#include "tools/gaf_tools.h"
#include "tools/image_result.h"

namespace kbot::tools {

// Reads a file next to the asset (a RAT's palette): a context's VFS, or a
// folder on disk for the CLI.
using ReadBytes = std::function<absl::StatusOr<contexts::Blob>(const std::string& path)>;

struct PictureRequest {
  std::optional<int> width, height;   // both or neither; neither: by name
  std::optional<std::string> palette; // RAT: the palette's path; default beside it
};

// The default palette path of a RAT: RatPaletteName in the picture's folder.
std::string DefaultRatPalettePath(const std::string& picture_path);

// picture_export: a RAW (24-bit) or RAT (8-bit, through its palette) picture.
// structuredContent: {"path", "format" ("raw"|"rat"), "width", "height",
//   "palette" (the RAT's palette path, null for RAW), "bytes"}; the tool adds
//   ImageDeliveryProperties().
absl::StatusOr<ToolImage> PictureExport(const Asset& asset, const PictureRequest& request,
                                       const ReadBytes& read);

// The picture for a picture_export call's (valid) arguments in `context`.
absl::StatusOr<ToolImage> DrawPictureExport(const contexts::Context& context,
                                            const json& arguments);
// The export name of picture_export's resource URIs.
inline constexpr const char* kPictureExportExport = "picture";

// The handler's work once the context is known (arguments already valid).
ToolResult RunPictureExport(const contexts::Context& context, const json& arguments,
                                 const Limits& limits = Limits());

Tool PictureExportTool();

}  // namespace kbot::tools
