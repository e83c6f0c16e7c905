#include "mcp/tools/gta_asset_handlers.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "formats/gta/font.h"
#include "formats/gta/picture.h"
#include "formats/gta/player.h"
#include "formats/gta/style.h"
#include "formats/image/png_encode.h"
#include "mcp/tools/tool_support.h"

namespace kbot::tools {

namespace {

using mcp::ToolCall;
using mcp::ToolResult;

constexpr int kMaxTileScale = 4;
constexpr int kMaxFontScale = 8;
constexpr int kMaxTextBytes = 1024;

absl::Status Named(const Asset& asset, absl::StatusCode code, const std::string& why) {
  return absl::Status(code, absl::StrCat(asset.path, ": ", why));
}

std::string Hex(const uint8_t* data, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) absl::StrAppendFormat(&out, "%02x", data[i]);
  return out;
}

// The PNG every image tool writes: RGBA, at the fast level png_encode.h
// recommends (its default).
absl::StatusOr<std::vector<uint8_t>> Png(const image::RgbaPicture& picture) {
  return image::EncodeRgbaPng(picture);
}

void PutPixel(image::RgbaPicture& p, int x, int y, const palette::Rgb& c, int scale) {
  for (int dy = 0; dy < scale; ++dy) {
    uint8_t* row = &p.rgba[(size_t(y * scale + dy) * size_t(p.width) + size_t(x * scale)) * 4];
    for (int dx = 0; dx < scale; ++dx) {
      row[dx * 4 + 0] = c.r;
      row[dx * 4 + 1] = c.g;
      row[dx * 4 + 2] = c.b;
      row[dx * 4 + 3] = 255;
    }
  }
}

// The result of an image tool: the JSON, and the PNG inline unless its base64
// passes the limit (then a text block says so; the JSON stays the same).
ToolResult ImageResult(GtaImage image, const mcp::Limits& limits, const char* narrower) {
  ToolResult result;
  result.structured = std::move(image.structured);
  if (Base64Size(image.png.size()) <= limits.max_inline_image_base64) {
    result.content.push_back(ImageBlock(image.png, "image/png"));
  } else {
    result.content.push_back(
        {{"type", "text"},
         {"text", absl::StrCat("the PNG (", image.png.size(), " bytes) is over the inline limit of ",
                               limits.max_inline_image_base64, " base64 characters: ", narrower)}});
  }
  return result;
}

const json kCount = {{"type", "integer"}, {"minimum", 0}};
const json kInteger = {{"type", "integer"}};
const json kString = {{"type", "string"}};

// ---------------------------------------------------------------- style_describe

json HeaderJson(const gta::StyleHeader& h) {
  return {{"version", h.version},
          {"side_size", h.side_size},
          {"lid_size", h.lid_size},
          {"aux_size", h.aux_size},
          {"anim_size", h.anim_size},
          {"clut_size", h.clut_size},
          {"tile_clut_size", h.tile_clut_size},
          {"sprite_clut_size", h.sprite_clut_size},
          {"new_car_clut_size", h.new_car_clut_size},
          {"font_clut_size", h.font_clut_size},
          {"palette_index_size", h.palette_index_size},
          {"object_info_size", h.object_info_size},
          {"car_size", h.car_size},
          {"sprite_info_size", h.sprite_info_size},
          {"sprite_graphics_size", h.sprite_graphics_size},
          {"sprite_numbers_size", h.sprite_numbers_size}};
}

const char* WhichName(uint8_t which) {
  return which == 0 ? "side" : which == 1 ? "lid" : "unknown";
}

json StyleDescribeInput() {
  return InputSchema({{"context", ContextProperty()},
                      {"path", PathProperty("The style, e.g. GTADATA/STYLE001.G24")}},
                     {"path"});
}

json StyleDescribeOutput() {
  json section = OutputSchema(
      {{"name", kString}, {"offset", kCount}, {"size", kCount}, {"stored", kCount}},
      {"name", "offset", "size", "stored"});
  json animation = OutputSchema({{"index", kCount},
                                 {"block", kCount},
                                 {"which", {{"type", "string"}, {"enum", {"side", "lid", "unknown"}}}},
                                 {"which_value", kCount},
                                 {"speed", kCount},
                                 {"frames", {{"type", "array"}, {"items", kCount}}}},
                                {"index", "block", "which", "speed", "frames"});
  json tiles = OutputSchema({{"side", kCount}, {"lid", kCount}, {"aux", kCount}, {"total", kCount}},
                            {"side", "lid", "aux"});
  json index = OutputSchema({{"entries", kCount}, {"tile_entries", kCount}}, {"entries"});
  return OutputSchema({{"path", kString},
                       {"header", {{"type", "object"}}},
                       {"sections", {{"type", "array"}, {"items", section}}},
                       {"tiles", tiles},
                       {"animations", {{"type", "array"}, {"items", animation}}},
                       {"cluts", kCount},
                       {"palette_index", index},
                       {"undocumented", {{"type", "object"}}},
                       {"warnings", StringArraySchema()}},
                      {"path", "header", "sections", "tiles", "animations", "cluts",
                       "palette_index", "undocumented", "warnings"});
}

// ---------------------------------------------------------------- style_tiles

struct KindRange {
  int count = 0;
  int base = 0;  // tile number of the kind's first tile
};

KindRange RangeOf(const gta::Style& style, const std::string& kind) {
  if (kind == "side") return {style.side_tiles, 0};
  if (kind == "lid") return {style.lid_tiles, style.side_tiles};
  return {style.aux_tiles, style.side_tiles + style.lid_tiles};
}

std::optional<gta::SideDirection> ParseDirection(const std::string& d) {
  if (d == "top") return gta::SideDirection::kTop;
  if (d == "bottom") return gta::SideDirection::kBottom;
  if (d == "left") return gta::SideDirection::kLeft;
  if (d == "right") return gta::SideDirection::kRight;
  return std::nullopt;
}

json StyleTilesInput() {
  return InputSchema(
      {{"context", ContextProperty()},
       {"path", PathProperty("The style, e.g. GTADATA/STYLE001.G24")},
       {"kind",
        {{"type", "string"},
         {"enum", {"side", "lid", "aux"}},
         {"description", "Which tiles: side (walls), lid (tops) or aux (animation frames and "
                         "extras); default lid"}}},
       {"first", {{"type", "integer"}, {"minimum", 0}, {"description", "First tile (default 0)"}}},
       {"count",
        {{"type", "integer"},
         {"minimum", 1},
         {"maximum", 400},
         {"description", "How many tiles (default: the rest of the kind, at most 64)"}}},
       {"remap",
        {{"type", "integer"},
         {"minimum", 0},
         {"maximum", 3},
         {"description", "Lid and aux tiles: the palette remap 0-3 (default 0)"}}},
       {"direction",
        {{"type", "string"},
         {"enum", {"top", "bottom", "left", "right"}},
         {"description", "Side tiles: the face direction whose palette is used (default top)"}}},
       {"columns",
        {{"type", "integer"}, {"minimum", 1}, {"maximum", 64}, {"description", "Tiles a row (default 8)"}}},
       {"scale",
        {{"type", "integer"},
         {"minimum", 1},
         {"maximum", kMaxTileScale},
         {"description", "Pixels per texel, 1-4 (default 1)"}}}},
      {"path"});
}

json StyleTilesOutput() {
  json tile = OutputSchema({{"tile", kCount}, {"clut", {{"type", {"integer", "null"}}}}},
                           {"tile", "clut"});
  return OutputSchema({{"path", kString},
                       {"kind", {{"type", "string"}, {"enum", {"side", "lid", "aux"}}}},
                       {"first", kCount},
                       {"count", kCount},
                       {"total", kCount},
                       {"remap", kCount},
                       {"direction", kString},
                       {"columns", kCount},
                       {"rows", kCount},
                       {"scale", kCount},
                       {"width", kCount},
                       {"height", kCount},
                       {"tiles", {{"type", "array"}, {"items", tile}}},
                       {"warnings", StringArraySchema()}},
                      {"path", "kind", "first", "count", "columns", "width", "height", "tiles",
                       "warnings"});
}

// ---------------------------------------------------------------- font_render

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
  json missing = OutputSchema({{"position", kCount}, {"code", kCount}, {"reason", kString}},
                              {"position", "code", "reason"});
  json glyphs = OutputSchema({{"count", kCount}, {"height", kCount}, {"first_code", kCount}},
                             {"count", "height", "first_code"});
  return OutputSchema({{"path", kString},
                       {"text", kString},
                       {"kind", kString},
                       {"scale", kCount},
                       {"width", kCount},
                       {"height", kCount},
                       {"glyphs", glyphs},
                       {"drawn", kCount},
                       {"missing", {{"type", "array"}, {"items", missing}}},
                       {"warnings", StringArraySchema()}},
                      {"path", "width", "height", "glyphs", "missing", "warnings"});
}

// ---------------------------------------------------------------- picture_export

bool IsRat(const std::string& path) {
  const std::string lower = absl::AsciiStrToLower(path);
  return lower.size() >= 4 && lower.compare(lower.size() - 4, 4, ".rat") == 0;
}

json PictureExportInput() {
  const json side = {{"type", "integer"}, {"minimum", 1}, {"maximum", 4096}};
  json width = side, height = side;
  width["description"] = "The picture's width, for a name the game's list does not know; give height too";
  height["description"] = "The picture's height; give width too";
  return InputSchema(
      {{"context", ContextProperty()},
       {"path", PathProperty("The picture, e.g. GTADATA/F_UPPER.RAW or GTADATA/CUT1.RAT")},
       {"width", width},
       {"height", height},
       {"palette",
        {{"type", "string"},
         {"description", "RAT only: the 768-byte RGB palette's path in the context (default: "
                         "CUTn.ACT for CUTn, else F_PAL.RAW, in the picture's folder)"}}}},
      {"path"});
}

json PictureExportOutput() {
  return OutputSchema({{"path", kString},
                       {"format", {{"type", "string"}, {"enum", {"raw", "rat"}}}},
                       {"width", kCount},
                       {"height", kCount},
                       {"palette", NullableString()}},
                      {"path", "format", "width", "height", "palette"});
}

// ---------------------------------------------------------------- player_describe

json PlayerDescribeInput() {
  return InputSchema({{"context", ContextProperty()},
                      {"path", PathProperty("The settings file, e.g. PLAYER_A.DAT")}},
                     {"path"});
}

json PlayerDescribeOutput() {
  json score = OutputSchema({{"rank", kCount}, {"score", kInteger}, {"name", kString}},
                            {"rank", "score", "name"});
  json level = OutputSchema(
      {{"level", kCount}, {"scores", {{"type", "array"}, {"items", score}}}}, {"level", "scores"});
  json player = OutputSchema({{"index", kCount}, {"name", NullableString()}}, {"index", "name"});
  return OutputSchema({{"path", kString},
                       {"settings", kString},
                       {"settings_bytes", {{"type", "array"}, {"items", kCount}}},
                       {"language_override", kCount},
                       {"language_raw", kString},
                       {"high_scores", {{"type", "array"}, {"items", level}}},
                       {"players", {{"type", "array"}, {"items", player}}},
                       {"current_player", kCount},
                       {"network_name", kString},
                       {"warnings", StringArraySchema()}},
                      {"path", "settings", "language_override", "high_scores", "players",
                       "current_player", "network_name", "warnings"});
}

// ---------------------------------------------------------------- handlers

template <typename Run>
ToolResult WithContext(const ToolCall& call, Run run) {
  absl::StatusOr<const contexts::Context*> context =
      call.workspace.Find(ContextArgument(call.arguments));
  if (!context.ok()) return ErrorResult(context.status());
  return run(**context);
}

ReadBytes ContextReader(const contexts::Context& context) {
  return [&context](const std::string& path) -> absl::StatusOr<contexts::Blob> {
    absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(path);
    if (!file.ok()) return file.status();
    return file->blob;
  };
}

}  // namespace

absl::StatusOr<json> StyleDescribe(const Asset& asset) {
  absl::StatusOr<gta::Style> style = gta::ReadStyle(asset.bytes, asset.path);
  if (!style.ok()) return style.status();
  json sections = json::array();
  for (const gta::StyleSection& s : style->sections) {
    sections.push_back({{"name", s.name}, {"offset", s.offset}, {"size", s.size}, {"stored", s.stored}});
  }
  json animations = json::array();
  for (size_t i = 0; i < style->animations.size(); ++i) {
    const gta::StyleAnimation& a = style->animations[i];
    animations.push_back({{"index", i},
                          {"block", a.block},
                          {"which", WhichName(a.which)},
                          {"which_value", a.which},
                          {"speed", a.speed},
                          {"frames", a.frames}});
  }
  return json{{"path", asset.path},
              {"header", HeaderJson(style->header)},
              {"sections", std::move(sections)},
              {"tiles",
               {{"side", style->side_tiles},
                {"lid", style->lid_tiles},
                {"aux", style->aux_tiles},
                {"total", style->tile_count()}}},
              {"animations", std::move(animations)},
              {"cluts", style->clut_count},
              {"palette_index",
               {{"entries", style->palette_index.size()}, {"tile_entries", 4 * style->tile_count()}}},
              {"undocumented",
               {{"object_info", style->object_info.size()},
                {"cars", style->cars.size()},
                {"sprite_info", style->sprite_info.size()},
                {"sprite_graphics", style->sprite_graphics.size()},
                {"sprite_numbers", style->sprite_numbers.size()}}},
              {"warnings", style->warnings}};
}

absl::StatusOr<TilesRequest> TilesRequestFrom(const json& arguments) {
  TilesRequest r;
  r.kind = arguments.value("kind", "lid");
  r.first = arguments.value("first", 0);
  if (arguments.contains("count")) r.count = arguments["count"].get<int>();
  if (arguments.contains("remap")) r.remap = arguments["remap"].get<int>();
  if (arguments.contains("direction")) r.direction = arguments["direction"].get<std::string>();
  r.columns = arguments.value("columns", 8);
  r.scale = arguments.value("scale", 1);
  if (r.kind == "side" && r.remap) {
    return absl::InvalidArgumentError("side tiles take a direction (top, bottom, left, right), not a remap");
  }
  if (r.kind != "side" && r.direction) {
    return absl::InvalidArgumentError("a direction is for side tiles; lid and aux tiles take a remap 0-3");
  }
  return r;
}

absl::StatusOr<GtaImage> StyleTiles(const Asset& asset, const TilesRequest& request) {
  if (request.kind != "side" && request.kind != "lid" && request.kind != "aux") {
    return absl::InvalidArgumentError(
        absl::StrCat("kind \"", request.kind, "\": expected side, lid or aux"));
  }
  if (request.scale < 1 || request.scale > kMaxTileScale || request.columns < 1) {
    return absl::InvalidArgumentError("scale must be 1-4 and columns at least 1");
  }
  std::optional<gta::SideDirection> direction = gta::SideDirection::kTop;
  if (request.direction) {
    direction = ParseDirection(*request.direction);
    if (!direction) {
      return absl::InvalidArgumentError(absl::StrCat("direction \"", *request.direction,
                                                     "\": expected top, bottom, left or right"));
    }
  }
  const int remap = request.remap.value_or(0);
  if (remap < 0 || remap > 3) return absl::InvalidArgumentError("remap must be 0-3");

  absl::StatusOr<gta::Style> style = gta::ReadStyle(asset.bytes, asset.path);
  if (!style.ok()) return style.status();
  const KindRange range = RangeOf(*style, request.kind);
  if (request.first < 0 || request.first >= range.count) {
    return Named(asset, absl::StatusCode::kOutOfRange,
                 absl::StrCat("no ", request.kind, " tile ", request.first, ": the style has ",
                              range.count, " ", request.kind, " tile(s)"));
  }
  const int available = range.count - request.first;
  const int count = request.count.value_or(std::min(available, kDefaultTileCount));
  if (count < 1 || count > available) {
    return Named(asset, absl::StatusCode::kOutOfRange,
                 absl::StrCat(request.kind, " tiles ", request.first, "..", request.first + count - 1,
                              ": the style has ", range.count, " ", request.kind, " tile(s)"));
  }
  const int columns = std::min(request.columns, count);
  const int rows = (count + columns - 1) / columns;
  const int side = gta::kTileSide * request.scale;
  const int width = columns * side + (columns - 1) * kTileGap;
  const int height = rows * side + (rows - 1) * kTileGap;
  image::RgbaPicture sheet(width, height);

  std::vector<std::string> warnings = style->warnings;
  json tiles = json::array();
  for (int i = 0; i < count; ++i) {
    const int t = request.first + i;
    const int tile = range.base + t;
    const int r = request.kind == "side" ? int(*direction) : remap;
    absl::StatusOr<int> clut = style->ClutOfPalette(gta::TilePaletteSlot(tile, r));
    absl::StatusOr<palette::Palette> pal =
        clut.ok() ? style->Clut(*clut) : absl::StatusOr<palette::Palette>(clut.status());
    absl::StatusOr<gta::TileTexels> texels = style->Tile(tile);
    tiles.push_back({{"tile", t}, {"clut", pal.ok() ? json(*clut) : json(nullptr)}});
    if (!texels.ok()) {
      warnings.push_back(absl::StrCat(request.kind, " tile ", t, " not drawn: ", texels.status().message()));
      continue;
    }
    if (!pal.ok()) {
      warnings.push_back(absl::StrCat(request.kind, " tile ", t, " drawn transparent: ",
                                      pal.status().message()));
      continue;
    }
    const int ox = (i % columns) * (side + kTileGap);
    const int oy = (i / columns) * (side + kTileGap);
    for (int v = 0; v < gta::kTileSide; ++v) {
      for (int u = 0; u < gta::kTileSide; ++u) {
        const palette::Rgb& c = pal->colors[(*texels)[size_t(v) * gta::kTileSide + size_t(u)]];
        for (int dy = 0; dy < request.scale; ++dy) {
          uint8_t* px = &sheet.rgba[(size_t(oy + v * request.scale + dy) * size_t(width) +
                                     size_t(ox + u * request.scale)) * 4];
          for (int dx = 0; dx < request.scale; ++dx, px += 4) {
            px[0] = c.r, px[1] = c.g, px[2] = c.b, px[3] = 255;
          }
        }
      }
    }
  }
  absl::StatusOr<std::vector<uint8_t>> png = Png(sheet);
  if (!png.ok()) return png.status();
  json out = {{"path", asset.path},
              {"kind", request.kind},
              {"first", request.first},
              {"count", count},
              {"total", range.count},
              {"columns", columns},
              {"rows", rows},
              {"scale", request.scale},
              {"width", width},
              {"height", height},
              {"tiles", std::move(tiles)},
              {"warnings", std::move(warnings)}};
  if (request.kind == "side") {
    out["direction"] = request.direction.value_or("top");
  } else {
    out["remap"] = remap;
  }
  return GtaImage{std::move(out), *std::move(png)};
}

absl::StatusOr<GtaImage> FontRender(const Asset& asset, const FontRequest& request) {
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
    return Named(asset, absl::StatusCode::kInvalidArgument, why);
  }
  const int scale = request.scale;
  image::RgbaPicture picture(layout.width * scale, layout.height * scale);
  int drawn = 0;
  for (const gta::PlacedGlyph& g : layout.glyphs) {
    if (g.glyph < 0) continue;
    const gta::FontGlyph& glyph = font->glyphs[size_t(g.glyph)];
    ++drawn;
    for (int y = 0; y < font->height; ++y) {
      for (int x = 0; x < glyph.width; ++x) {
        const uint8_t p = glyph.pixels[size_t(y) * size_t(glyph.width) + size_t(x)];
        if (p == gta::kFontTransparentPixel || g.x + x >= layout.width) continue;
        PutPixel(picture, g.x + x, y, font->palette.colors[p], scale);
      }
    }
  }
  absl::StatusOr<std::vector<uint8_t>> png = Png(picture);
  if (!png.ok()) return png.status();
  json out = {{"path", asset.path},
              {"text", request.text},
              {"kind", request.kind},
              {"scale", scale},
              {"width", picture.width},
              {"height", picture.height},
              {"glyphs",
               {{"count", font->glyphs.size()}, {"height", font->height}, {"first_code", font->first_code}}},
              {"drawn", drawn},
              {"missing", std::move(missing)},
              {"warnings", font->warnings}};
  return GtaImage{std::move(out), *std::move(png)};
}

std::string DefaultRatPalettePath(const std::string& picture_path) {
  const size_t slash = picture_path.find_last_of("/\\");
  const std::string folder = slash == std::string::npos ? "" : picture_path.substr(0, slash + 1);
  return folder + gta::RatPaletteName(picture_path);
}

absl::StatusOr<GtaImage> PictureExport(const Asset& asset, const PictureRequest& request,
                                       const ReadBytes& read) {
  if (request.width.has_value() != request.height.has_value()) {
    return absl::InvalidArgumentError("give both width and height, or neither");
  }
  std::optional<gta::PictureSize> size;
  if (request.width) size = gta::PictureSize{*request.width, *request.height};
  const bool rat = IsRat(asset.path);
  image::RgbaPicture picture;
  json palette_path = nullptr;
  if (rat) {
    absl::StatusOr<image::IndexedPicture> indexed = gta::ReadRatPicture(asset.bytes, asset.path, size);
    if (!indexed.ok()) return indexed.status();
    const std::string pal_path = request.palette.value_or(DefaultRatPalettePath(asset.path));
    absl::StatusOr<contexts::Blob> pal_bytes = read(pal_path);
    if (!pal_bytes.ok()) {
      return absl::Status(pal_bytes.status().code(),
                          absl::StrCat(asset.path, ": its palette: ", pal_bytes.status().message()));
    }
    absl::StatusOr<palette::Palette> pal = gta::ReadRgbPalette(pal_bytes->bytes(), pal_path);
    if (!pal.ok()) return pal.status();
    picture = gta::RatToRgba(*indexed, *pal);
    palette_path = pal_path;
  } else {
    if (request.palette) {
      return absl::InvalidArgumentError("a palette is for RAT pictures; a RAW holds its colours");
    }
    absl::StatusOr<image::RgbaPicture> raw = gta::ReadRawPicture(asset.bytes, asset.path, size);
    if (!raw.ok()) return raw.status();
    picture = *std::move(raw);
  }
  absl::StatusOr<std::vector<uint8_t>> png = Png(picture);
  if (!png.ok()) return png.status();
  json out = {{"path", asset.path},
              {"format", rat ? "rat" : "raw"},
              {"width", picture.width},
              {"height", picture.height},
              {"palette", palette_path}};
  return GtaImage{std::move(out), *std::move(png)};
}

absl::StatusOr<json> PlayerDescribe(const Asset& asset) {
  absl::StatusOr<gta::PlayerFile> p = gta::ReadPlayerFile(asset.bytes, asset.path);
  if (!p.ok()) return p.status();
  json levels = json::array();
  for (int l = 0; l < gta::kScoreLevels; ++l) {
    json scores = json::array();
    for (int r = 0; r < gta::kScoresPerLevel; ++r) {
      const gta::HighScore& s = p->high_scores[size_t(l)][size_t(r)];
      scores.push_back({{"rank", r}, {"score", s.score}, {"name", s.name}});
    }
    levels.push_back({{"level", l}, {"scores", std::move(scores)}});
  }
  json players = json::array();
  for (int i = 0; i < gta::kPlayerRecords; ++i) {
    const gta::PlayerRecord& r = p->players[size_t(i)];
    players.push_back({{"index", i}, {"name", r.name ? json(*r.name) : json(nullptr)}});
  }
  return json{{"path", asset.path},
              {"settings", Hex(p->settings.data(), p->settings.size())},
              {"settings_bytes", p->settings},
              {"language_override", p->language_override},
              {"language_raw", Hex(p->language_raw.data(), p->language_raw.size())},
              {"high_scores", std::move(levels)},
              {"players", std::move(players)},
              {"current_player", p->current_player},
              {"network_name", p->network_name},
              {"warnings", p->warnings}};
}

ToolResult RunStyleDescribe(const contexts::Context& context, const json& arguments) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return ErrorResult(opened.status());
  absl::StatusOr<json> out = StyleDescribe(opened->asset);
  if (!out.ok()) return ErrorResult(InContext(context, out.status()));
  ToolResult result;
  result.structured = *std::move(out);
  return result;
}

ToolResult RunStyleTiles(const contexts::Context& context, const json& arguments,
                         const mcp::Limits& limits) {
  absl::StatusOr<TilesRequest> request = TilesRequestFrom(arguments);
  if (!request.ok()) return ErrorResult(request.status());
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return ErrorResult(opened.status());
  absl::StatusOr<GtaImage> image = StyleTiles(opened->asset, *request);
  if (!image.ok()) return ErrorResult(InContext(context, image.status()));
  return ImageResult(*std::move(image), limits, "ask for fewer tiles (count) or a smaller scale");
}

ToolResult RunFontRender(const contexts::Context& context, const json& arguments,
                         const mcp::Limits& limits) {
  FontRequest request;
  request.text = arguments.value("text", "");
  request.kind = arguments.value("kind", "text");
  request.scale = arguments.value("scale", 1);
  if (arguments.contains("space_width")) request.space_width = arguments["space_width"].get<int>();
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return ErrorResult(opened.status());
  absl::StatusOr<GtaImage> image = FontRender(opened->asset, request);
  if (!image.ok()) return ErrorResult(InContext(context, image.status()));
  return ImageResult(*std::move(image), limits, "draw less text or a smaller scale");
}

ToolResult RunPictureExport(const contexts::Context& context, const json& arguments,
                            const mcp::Limits& limits) {
  PictureRequest request;
  if (arguments.contains("width")) request.width = arguments["width"].get<int>();
  if (arguments.contains("height")) request.height = arguments["height"].get<int>();
  if (arguments.contains("palette")) request.palette = arguments["palette"].get<std::string>();
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return ErrorResult(opened.status());
  absl::StatusOr<GtaImage> image = PictureExport(opened->asset, request, ContextReader(context));
  if (!image.ok()) return ErrorResult(InContext(context, image.status()));
  return ImageResult(*std::move(image), limits, "export it with `kbot gta picture` instead");
}

ToolResult RunPlayerDescribe(const contexts::Context& context, const json& arguments) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return ErrorResult(opened.status());
  absl::StatusOr<json> out = PlayerDescribe(opened->asset);
  if (!out.ok()) return ErrorResult(InContext(context, out.status()));
  ToolResult result;
  result.structured = *std::move(out);
  return result;
}

mcp::Tool StyleDescribeTool() {
  return {"style_describe",
          "Describe a GTA1 style",
          "What a GTA1 style (.G24, e.g. STYLE001.G24) holds: its 64-byte header field by field, "
          "where each section lies (offset, size, bytes stored with padding), the number of side "
          "(wall), lid (top) and aux tiles, the tile animations (block, side or lid, speed, aux "
          "frames), the CLUT (palette) count, the palette index entries, the undocumented "
          "sections (object info, cars, sprites) by size, and warnings. Draw the tiles with "
          "style_tiles.",
          StyleDescribeInput(),
          StyleDescribeOutput(),
          {},
          [](const ToolCall& call) {
            return WithContext(call, [&](const contexts::Context& c) {
              return RunStyleDescribe(c, call.arguments);
            });
          }};
}

mcp::Tool StyleTilesTool() {
  return {"style_tiles",
          "Draw a GTA1 style's tiles",
          "A PNG sheet of a GTA1 style's 64 x 64 tiles of one kind (side walls, lids, aux), "
          "columns a row (default 8) with a 2-pixel transparent gap, each drawn with its palette "
          "resolved through the palette index: lid and aux tiles with remap 0-3, side tiles with "
          "the palette of a face direction (top, bottom, left, right). first and count pick a "
          "range (default: from 0, at most 64). A tile whose palette cannot be resolved is "
          "transparent and named in warnings.",
          StyleTilesInput(),
          StyleTilesOutput(),
          {},
          [](const ToolCall& call) {
            return WithContext(call, [&](const contexts::Context& c) {
              return RunStyleTiles(c, call.arguments, call.limits);
            });
          }};
}

mcp::Tool FontRenderTool() {
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
          [](const ToolCall& call) {
            return WithContext(call, [&](const contexts::Context& c) {
              return RunFontRender(c, call.arguments, call.limits);
            });
          }};
}

mcp::Tool PictureExportTool() {
  return {"picture_export",
          "Export a GTA1 frontend picture",
          "A GTA1 frontend picture as a PNG: RAW (24-bit RGB, e.g. F_UPPER.RAW) or RAT (8-bit, "
          "drawn through its 768-byte palette: CUTn.ACT for CUTn.RAT, else F_PAL.RAW, looked up "
          "in the picture's folder unless palette is given). The files hold no size: the game's "
          "names (F_UPPER, F_LOWER0, CUT0, F_PLAY1, ...) have theirs; any other needs width and "
          "height.",
          PictureExportInput(),
          PictureExportOutput(),
          {},
          [](const ToolCall& call) {
            return WithContext(call, [&](const contexts::Context& c) {
              return RunPictureExport(c, call.arguments, call.limits);
            });
          }};
}

mcp::Tool PlayerDescribeTool() {
  return {"player_describe",
          "Describe GTA1's saved settings",
          "What GTA1's PLAYER_A.DAT holds: the settings bytes (undecoded, as hex), the language "
          "override, the high scores (6 levels x 3: score and name), the player records (named "
          "when they start with a name), the current player and the network name, with "
          "warnings for anything odd.",
          PlayerDescribeInput(),
          PlayerDescribeOutput(),
          {},
          [](const ToolCall& call) {
            return WithContext(call, [&](const contexts::Context& c) {
              return RunPlayerDescribe(c, call.arguments);
            });
          }};
}

}  // namespace kbot::tools
