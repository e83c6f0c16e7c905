#include "tools/style_handlers.h"

#include <algorithm>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/gta/style.h"
#include "formats/gta/tile_sheet.h"
#include "tools/tool_support.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {


constexpr int kMaxTileScale = 4;

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
      {{"name", StringSchema()}, {"offset", CountSchema()}, {"size", CountSchema()}, {"stored", CountSchema()}},
      {"name", "offset", "size", "stored"});
  json animation = OutputSchema({{"index", CountSchema()},
                                 {"block", CountSchema()},
                                 {"which", {{"type", "string"}, {"enum", {"side", "lid", "unknown"}}}},
                                 {"which_value", CountSchema()},
                                 {"speed", CountSchema()},
                                 {"frames", {{"type", "array"}, {"items", CountSchema()}}}},
                                {"index", "block", "which", "speed", "frames"});
  json tiles = OutputSchema({{"side", CountSchema()}, {"lid", CountSchema()}, {"aux", CountSchema()}, {"total", CountSchema()}},
                            {"side", "lid", "aux"});
  json index = OutputSchema({{"entries", CountSchema()}, {"tile_entries", CountSchema()}}, {"entries"});
  return OutputSchema({{"path", StringSchema()},
                       {"header", {{"type", "object"}}},
                       {"sections", {{"type", "array"}, {"items", section}}},
                       {"tiles", tiles},
                       {"animations", {{"type", "array"}, {"items", animation}}},
                       {"cluts", CountSchema()},
                       {"palette_index", index},
                       {"undocumented", {{"type", "object"}}},
                       {"warnings", StringArraySchema()}},
                      {"path", "header", "sections", "tiles", "animations", "cluts",
                       "palette_index", "undocumented", "warnings"});
}

// ---------------------------------------------------------------- style_tiles

gta::TileKind KindOf(const std::string& kind) {
  if (kind == "side") return gta::TileKind::kSide;
  if (kind == "lid") return gta::TileKind::kLid;
  return gta::TileKind::kAux;
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
  json tile = OutputSchema({{"tile", CountSchema()}, {"clut", {{"type", {"integer", "null"}}}}},
                           {"tile", "clut"});
  json properties = {{"path", StringSchema()},
                       {"kind", {{"type", "string"}, {"enum", {"side", "lid", "aux"}}}},
                       {"first", CountSchema()},
                       {"count", CountSchema()},
                       {"total", CountSchema()},
                       {"remap", CountSchema()},
                       {"direction", StringSchema()},
                       {"columns", CountSchema()},
                       {"rows", CountSchema()},
                       {"scale", CountSchema()},
                       {"width", CountSchema()},
                       {"height", CountSchema()},
                       {"tiles", {{"type", "array"}, {"items", tile}}},
                       {"warnings", StringArraySchema()}};
  properties.update(ImageDeliveryProperties());
  return OutputSchema(properties, {"path", "kind", "first", "count", "columns", "width",
                                   "height", "tiles", "warnings", "bytes", "delivery"});
}

}  // namespace

absl::StatusOr<json> StyleDescribe(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, {FileKind::kStyle}); !s.ok()) return s;
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

absl::StatusOr<ToolImage> StyleTiles(const Asset& asset, const TilesRequest& request) {
  if (absl::Status s = RequireKind(asset, {FileKind::kStyle}); !s.ok()) return s;
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
  const gta::TileKind kind = KindOf(request.kind);
  const int total = gta::TileCount(*style, kind);
  if (request.first < 0 || request.first >= total) {
    return AssetError(asset, absl::StatusCode::kOutOfRange,
                 absl::StrCat("no ", request.kind, " tile ", request.first, ": the style has ",
                              total, " ", request.kind, " tile(s)"));
  }
  const int available = total - request.first;
  const int count = request.count.value_or(std::min(available, kDefaultTileCount));
  if (count < 1 || count > available) {
    return AssetError(asset, absl::StatusCode::kOutOfRange,
                 absl::StrCat(request.kind, " tiles ", request.first, "..", request.first + count - 1,
                              ": the style has ", total, " ", request.kind, " tile(s)"));
  }
  absl::StatusOr<gta::TileSheet> sheet = gta::DrawTileSheet(
      *style, {kind, request.first, count, remap, *direction, request.columns, request.scale,
               kTileGap});
  if (!sheet.ok()) return sheet.status();
  std::vector<std::string> warnings = style->warnings;
  warnings.insert(warnings.end(), sheet->warnings.begin(), sheet->warnings.end());
  json tiles = json::array();
  for (const gta::SheetTile& t : sheet->tiles) {
    tiles.push_back({{"tile", t.tile}, {"clut", t.clut ? json(*t.clut) : json(nullptr)}});
  }
  json out = {{"path", asset.path},
              {"kind", request.kind},
              {"first", request.first},
              {"count", count},
              {"total", total},
              {"columns", sheet->columns},
              {"rows", sheet->rows},
              {"scale", request.scale},
              {"width", sheet->picture.width},
              {"height", sheet->picture.height},
              {"tiles", std::move(tiles)},
              {"warnings", std::move(warnings)}};
  if (request.kind == "side") {
    out["direction"] = request.direction.value_or("top");
  } else {
    out["remap"] = remap;
  }
  return EncodeToolImage(std::move(out), std::move(sheet->picture));
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

absl::StatusOr<ToolImage> DrawStyleTiles(const contexts::Context& context, const json& arguments) {
  absl::StatusOr<TilesRequest> request = TilesRequestFrom(arguments);
  if (!request.ok()) return request.status();
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return opened.status();
  absl::StatusOr<ToolImage> image = StyleTiles(opened->asset, *request);
  if (!image.ok()) return InContext(context, image.status());
  return image;
}

ToolResult RunStyleTiles(const contexts::Context& context, const json& arguments,
                         const Limits& limits) {
  return ImageToolResult(DrawStyleTiles(context, arguments), context, arguments,
                         kStyleTilesExport, limits);
}

Tool StyleDescribeTool() {
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
          InContextHandler([](const contexts::Context& c, const ToolCall& call) {
            return RunStyleDescribe(c, call.arguments);
          })};
}

Tool StyleTilesTool() {
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
          InContextHandler([](const contexts::Context& c, const ToolCall& call) {
            return RunStyleTiles(c, call.arguments, call.limits);
          })};
}

}  // namespace kbot::tools
