#include "tools/font_render_tool.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_format.h"
#include "formats/gta/font.h"
#include "formats/gta/text_render.h"
#include "tools/file_kind.h"
#include "tools/font_coverage.h"

namespace kbot::tools {

namespace {

constexpr int kMaxFontScale = 8;
constexpr int kMaxTextBytes = 1024;

// The schema allows only text, icon and digit.
gta::FontKind FontKindOf(const std::string& kind) {
  if (kind == "icon") return gta::FontKind::kIcon;
  if (kind == "digit") return gta::FontKind::kDigit;
  return gta::FontKind::kText;
}

absl::Status NothingToDraw(const Asset& asset, const FontRenderRequest& request,
                           const gta::TextLayout& layout) {
  std::string why = absl::StrCat("nothing to draw: the font has no glyph for any of the ",
                                 request.text.size(), " character(s)");
  if (!layout.missing.empty()) {
    absl::StrAppend(&why, " (code 0x", absl::Hex(layout.missing[0].code, absl::kZeroPad2), ": ",
                    layout.missing[0].reason, ")");
  }
  return AssetError(asset, absl::StatusCode::kInvalidArgument, why);
}

// What of the text was drawn in the other case and what not at all; the
// font's own warnings first.
void DescribeCoverage(const gta::Font& font, const CaseFit& fit, const gta::TextLayout& layout,
                      const std::string& text, FontRenderSummary& s) {
  s.case_changed = fit.to_capitals + fit.to_lower;
  for (const gta::MissingCode& m : DistinctMissing(layout.missing, kMaxMissingListed)) {
    s.missing.push_back({m.position, m.code, m.reason});
  }
  const MissingSummary missing = SummariseMissing(text, layout.missing);
  s.missing_count = missing.count;
  s.missing_summary = missing.summary;
  s.warnings = font.warnings;
  for (std::string& line : CaseWarnings(font, fit)) s.warnings.push_back(std::move(line));
}

}  // namespace

const RequestTable<FontRenderRequest>& FontRenderTable() {
  static const RequestTable<FontRenderRequest> table = [] {
    using R = FontRenderRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The .FON font")
        .Add("text", &R::text,
             {{"type", "string"},
              {"minLength", 1},
              {"maxLength", kMaxTextBytes},
              {"description", "One line"}},
             true)
        .Add("kind", &R::kind,
             EnumParam({"text", "icon", "digit"},
                       "The first glyph's code: text 0x21, icon 1, digit 0"))
        .Add("scale", &R::scale,
             IntegerParam(1, kMaxFontScale, "Pixels per font pixel"))
        .Add("space_width", &R::space_width,
             IntegerParam(0, 255,
                          "Default: half the height"));
    return t;
  }();
  return table;
}

const ResultTable<FontGlyphs>& FontGlyphs::Fields() {
  using S = FontGlyphs;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("count", &S::count, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("first_code", &S::first_code, CountSchema());
  return table;
}

const ResultTable<MissingGlyph>& MissingGlyph::Fields() {
  using S = MissingGlyph;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("position", &S::position, CountSchema())
      .Add("code", &S::code, CountSchema())
      .Add("reason", &S::reason, StringSchema());
  return table;
}

const ResultTable<FontRenderSummary>& FontRenderSummary::Fields() {
  using S = FontRenderSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("text", &S::text, StringSchema(), false)
      .Add("kind", &S::kind, StringSchema(), false)
      .Add("scale", &S::scale, CountSchema(), false)
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .Add("glyphs", &S::glyphs, ObjectSchema<FontGlyphs>())
      .Add("drawn", &S::drawn, CountSchema(), false)
      .Add("case_changed", &S::case_changed, CountSchema(), false)
      .Add("missing", &S::missing, ArraySchema<MissingGlyph>())
      .Add("missing_count", &S::missing_count, CountSchema(), false)
      .Add("missing_summary", &S::missing_summary, StringSchema(), false)
      .Add("warnings", &S::warnings, StringArraySchema())
      .Add("bytes", &S::bytes, CountSchema());
  return table;
}

absl::StatusOr<FontRenderOutcome> RenderFont(const Asset& asset,
                                             const FontRenderRequest& request) {
  if (absl::Status s = RequireKind(asset, {FileKind::kFont}); !s.ok()) return s;
  absl::StatusOr<gta::Font> font =
      gta::ReadFont(asset.bytes, asset.path, FontKindOf(request.kind));
  if (!font.ok()) return font.status();
  gta::LayoutOptions options;
  options.space_advance = request.space_width.value_or(std::max(1, font->height / 2));
  const CaseFit fit = FitCase(*font, request.text);
  const gta::TextLayout layout = gta::LayOutText(*font, fit.text, options);
  if (layout.width <= 0 || layout.height <= 0) return NothingToDraw(asset, request, layout);
  absl::StatusOr<gta::TextPicture> text = gta::DrawText(*font, layout, request.scale);
  if (!text.ok()) return text.status();
  FontRenderOutcome out;
  FontRenderSummary& s = out.summary;
  s.path = asset.path;
  s.text = request.text;
  s.kind = request.kind;
  s.scale = request.scale;
  s.width = text->picture.width;
  s.height = text->picture.height;
  s.glyphs = {font->glyphs.size(), font->height, font->first_code};
  s.drawn = text->drawn;
  DescribeCoverage(*font, fit, layout, request.text, s);
  absl::StatusOr<EncodedPicture> image = EncodePicture(std::move(text->picture));
  if (!image.ok()) return image.status();
  out.image = *std::move(image);
  s.bytes = out.image.png.size();
  return out;
}

namespace {

// The tool and its kbot:// export draw through this.
const DrawingTool<FontRenderRequest, FontRenderSummary>& FontRenderPicture() {
  static const DrawingTool<FontRenderRequest, FontRenderSummary> tool{
      kFontRenderExport, FontRenderTable(),
      [](const contexts::Context&, const Asset& asset, const FontRenderRequest& request) {
        return RenderFont(asset, request);
      },
      // 'PATH drawing "TEXT" (N letters in the other case; N characters it lacks)'.
      [](const FontRenderSummary& s) {
        std::vector<std::string> notes;
        if (s.case_changed > 0) {
          notes.push_back(absl::StrCat(s.case_changed, " letter(s) in the case the font has"));
        }
        if (s.missing_count > 0) {
          notes.push_back(absl::StrCat(s.missing_count, " character(s) it lacks, not drawn"));
        }
        return absl::StrCat(s.path, " drawing \"", s.text, "\"",
                            notes.empty() ? "" : absl::StrCat(" (", absl::StrJoin(notes, "; "), ")"));
      }};
  return tool;
}

}  // namespace

ToolResult RunFontRender(const contexts::Context& context, const FontRenderRequest& request,
                         const Limits& limits) {
  return FontRenderPicture().Run(context, request, limits);
}

Tool FontRenderTool() {
  return FontRenderPicture().Make(
      {"font_render", "Draw text with a GTA1 font",
      "Draws a line of text with a GTA1 font; says which characters it lacks."});
}

}  // namespace kbot::tools
