// The MCP tool font_render: a line of text drawn with a GTA1 bitmap font
// (.FON). `kbot gta font` calls the same functions. The picture comes back as
// image_result.h says: inline, or a resource_link (?export=font) plus a
// preview.
#pragma once

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/tool.h"
#include "tools/gaf_tools.h"
#include "tools/image_result.h"

namespace kbot::tools {

struct FontRequest {
  std::string text;
  std::string kind = "text";  // text | icon | digit: the code of glyph 0
  int scale = 1;              // 1..8
  // How far ' ' advances when the font has no glyph for it; default: half
  // the font's height. Negative: report ' ' as missing.
  std::optional<int> space_width;
};

// font_render: the text on one line, pixel 0 transparent.
// structuredContent: {"path", "text", "kind", "scale", "width", "height",
//   "glyphs": {"count", "height", "first_code"}, "drawn",
//   "missing": [{"position", "code", "reason"}], "warnings", "bytes"}; the
// tool adds ImageDeliveryProperties().
// Text with no glyph at all is an error.
absl::StatusOr<ToolImage> FontRender(const Asset& asset, const FontRequest& request);

// The picture for a font_render call's (valid) arguments in `context`.
absl::StatusOr<ToolImage> DrawFontRender(const contexts::Context& context, const json& arguments);
// The export name of font_render's resource URIs.
inline constexpr const char* kFontRenderExport = "font";

// The handler's work once the context is known (arguments already valid).
ToolResult RunFontRender(const contexts::Context& context, const json& arguments,
                              const Limits& limits = Limits());

Tool FontRenderTool();

}  // namespace kbot::tools
