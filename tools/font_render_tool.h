// The tool font_render: a line of text drawn with a GTA1 bitmap font (.FON)
// (docs/json.md, section font_render). `kbot gta font` draws the same. The
// picture comes back inline, or as a link (?export=font) plus a preview
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

struct FontRenderRequest : AssetRequest {
  std::string text;
  std::string kind = "text";  // text | icon | digit: the code of glyph 0
  int scale = 1;              // 1..8
  // How far ' ' advances when the font has no glyph for it; default: half
  // the font's height.
  std::optional<int> space_width;
};
const RequestTable<FontRenderRequest>& FontRenderTable();
// The export name of font_render's links.
inline constexpr const char* kFontRenderExport = "font";

struct FontGlyphs {
  size_t count = 0;
  int height = 0;
  int first_code = 0;
  static const ResultTable<FontGlyphs>& Fields();
};

// A byte of the text the font has no glyph for (each byte once, at its first
// position).
struct MissingGlyph {
  size_t position = 0;
  int code = 0;
  std::string reason;
  static const ResultTable<MissingGlyph>& Fields();
};

struct FontRenderSummary {
  std::string path, text, kind;
  int scale = 0, width = 0, height = 0;
  FontGlyphs glyphs;
  int drawn = 0;
  int case_changed = 0;  // letters drawn in the other case (tools/font_coverage.h)
  std::vector<MissingGlyph> missing;  // at most kMaxMissingListed
  size_t missing_count = 0;           // characters not drawn
  std::string missing_summary;        // them as ranges; "" when none
  std::vector<std::string> warnings;
  size_t bytes = 0;  // the PNG's
  static const ResultTable<FontRenderSummary>& Fields();
};

// The distinct bytes `missing` lists at most; the summary covers them all.
inline constexpr size_t kMaxMissingListed = 8;

using FontRenderOutcome = PictureOutcome<FontRenderSummary>;

// The text on one line, pixel 0 transparent, each letter the font lacks in
// its case drawn in the other case when the font has that. Text with no glyph
// at all is an error.
absl::StatusOr<FontRenderOutcome> RenderFont(const Asset& asset,
                                             const FontRenderRequest& request);

// The tool's work once the context is known: inline, or over the limit a
// link and a preview.
ToolResult RunFontRender(const contexts::Context& context, const FontRenderRequest& request,
                         const Limits& limits = Limits());

Tool FontRenderTool();

}  // namespace kbot::tools
