#include "tools/font_handlers.h"

#include <algorithm>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "formats/gta/font.h"
#include "formats/gta/text_render.h"
#include "tools/tool_support.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {


constexpr int kMaxFontScale = 8;
constexpr int kMaxTextBytes = 1024;

std::optional<gta::FontKind> ParseFontKind(const std::string& kind) {
  if (kind == "text") return gta::FontKind::kText;
  if (kind == "icon") return gta::FontKind::kIcon;
  if (kind == "digit") return gta::FontKind::kDigit;
  return std::nullopt;
}

json FontRenderInput() {
  return InputSchema(
      {{"context", ContextProperty()},
       {"path", PathProperty("The font, e.g. GTADATA/FONT1A.FON")},
       {"text",
        {{"type", "string"},
         {"minLength", 1},
         {"maxLength", kMaxTextBytes},
         {"description", "The text to draw (bytes as the game's strings are; one line)"}}},
       {"kind",
        {{"type", "string"},
         {"enum", {"text", "icon", "digit"}},
         {"description", "The font's kind, which fixes the code of its first glyph: text 0x21 "
                         "(default), icon 1, digit 0"}}},
       {"scale",
        {{"type", "integer"},
         {"minimum", 1},
         {"maximum", kMaxFontScale},
         {"description", "Pixels per font pixel, 1-8 (default 1)"}}},
       {"space_width",
        {{"type", "integer"},
         {"minimum", 0},
         {"maximum", 255},
         {"description", "How far a space advances when the font has no glyph for it "
                         "(default: half the font's height)"}}}},
      {"path", "text"});
}

json FontRenderOutput() {
  json missing = OutputSchema({{"position", CountSchema()}, {"code", CountSchema()}, {"reason", StringSchema()}},
                              {"position", "code", "reason"});
  json glyphs = OutputSchema({{"count", CountSchema()}, {"height", CountSchema()}, {"first_code", CountSchema()}},
                             {"count", "height", "first_code"});
  json properties = {{"path", StringSchema()},
                       {"text", StringSchema()},
                       {"kind", StringSchema()},
                       {"scale", CountSchema()},
                       {"width", CountSchema()},
                       {"height", CountSchema()},
                       {"glyphs", glyphs},
                       {"drawn", CountSchema()},
                       {"missing", {{"type", "array"}, {"items", missing}}},
                       {"warnings", StringArraySchema()}};
  properties.update(ImageDeliveryProperties());
  return OutputSchema(properties, {"path", "width", "height", "glyphs", "missing", "warnings",
                                   "bytes", "delivery"});
}

}  // namespace

absl::StatusOr<ToolImage> FontRender(const Asset& asset, const FontRequest& request) {
  if (absl::Status s = RequireKind(asset, {FileKind::kFont}); !s.ok()) return s;
  const std::optional<gta::FontKind> kind = ParseFontKind(request.kind);
  if (!kind) {
    return absl::InvalidArgumentError(
        absl::StrCat("kind \"", request.kind, "\": expected text, icon or digit"));
  }
  if (request.scale < 1 || request.scale > kMaxFontScale) {
    return absl::InvalidArgumentError("scale must be 1-8");
  }
  absl::StatusOr<gta::Font> font = gta::ReadFont(asset.bytes, asset.path, *kind);
  if (!font.ok()) return font.status();
  gta::LayoutOptions options;
  options.space_advance = request.space_width.value_or(std::max(1, font->height / 2));
  const gta::TextLayout layout = gta::LayOutText(*font, request.text, options);
  json missing = json::array();
  for (const gta::MissingCode& m : layout.missing) {
    missing.push_back({{"position", m.position}, {"code", m.code}, {"reason", m.reason}});
  }
  if (layout.width <= 0 || layout.height <= 0) {
    std::string why = absl::StrCat("nothing to draw: the font has no glyph for any of the ",
                                   request.text.size(), " character(s)");
    if (!layout.missing.empty()) {
      absl::StrAppend(&why, " (code 0x", absl::Hex(layout.missing[0].code, absl::kZeroPad2), ": ",
                      layout.missing[0].reason, ")");
    }
    return AssetError(asset, absl::StatusCode::kInvalidArgument, why);
  }
  absl::StatusOr<gta::TextPicture> text = gta::DrawText(*font, layout, request.scale);
  if (!text.ok()) return text.status();
  json out = {{"path", asset.path},
              {"text", request.text},
              {"kind", request.kind},
              {"scale", request.scale},
              {"width", text->picture.width},
              {"height", text->picture.height},
              {"glyphs",
               {{"count", font->glyphs.size()}, {"height", font->height}, {"first_code", font->first_code}}},
              {"drawn", text->drawn},
              {"missing", std::move(missing)},
              {"warnings", font->warnings}};
  return EncodeToolImage(std::move(out), std::move(text->picture));
}

absl::StatusOr<ToolImage> DrawFontRender(const contexts::Context& context, const json& arguments) {
  FontRequest request;
  request.text = arguments.value("text", "");
  request.kind = arguments.value("kind", "text");
  request.scale = arguments.value("scale", 1);
  if (arguments.contains("space_width")) request.space_width = arguments["space_width"].get<int>();
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return opened.status();
  absl::StatusOr<ToolImage> image = FontRender(opened->asset, request);
  if (!image.ok()) return InContext(context, image.status());
  return image;
}

ToolResult RunFontRender(const contexts::Context& context, const json& arguments,
                         const Limits& limits) {
  return ImageToolResult(DrawFontRender(context, arguments), context, arguments,
                         kFontRenderExport, limits);
}

Tool FontRenderTool() {
  return {"font_render",
          "Draw text with a GTA1 font",
          "A PNG of one line of text drawn with a GTA1 bitmap font (.FON) and its own palette, "
          "pixel 0 transparent. kind says which code the font's first glyph draws: text fonts "
          "start at '!' (0x21, default), icon fonts at 1, digit fonts at 0. Characters the font "
          "has no glyph for (accented letters need the exe's remap table) are listed in missing "
          "and take no room; a space advances space_width pixels (default half the height).",
          FontRenderInput(),
          FontRenderOutput(),
          {},
          InContextHandler([](const contexts::Context& c, const ToolCall& call) {
            return RunFontRender(c, call.arguments, call.limits);
          })};
}

}  // namespace kbot::tools
