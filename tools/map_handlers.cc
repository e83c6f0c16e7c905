#include "tools/map_handlers.h"

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "formats/gta/cmp.h"
#include "formats/gta/map_render.h"
#include "formats/gta/style.h"
#include "formats/image/png_encode.h"
#include "tools/tool_support.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {


json SizesJson(const gta::CmpHeader& h) {
  return {{"route", h.route_size},
          {"object", h.object_size},
          {"column", h.column_size},
          {"block", h.block_size},
          {"nav", h.nav_size}};
}

json DistrictsJson(const gta::CityMap& map) {
  json out = json::array();
  for (size_t i = 0; i < map.nav().size(); ++i) {
    const gta::NavRecord& n = map.nav()[i];
    out.push_back({{"index", i}, {"name", n.name}, {"x", n.x}, {"y", n.y}, {"w", n.w},
                   {"h", n.h}, {"sample", n.sample}, {"empty", n.empty}});
  }
  return out;
}

json ServicesJson(const gta::CityMap& map) {
  json out = json::object();
  for (int c = 0; c < gta::kServiceCategories; ++c) {
    json slots = json::array();
    for (const gta::ServiceLocation& s : map.locations()[c]) {
      if (!s.empty()) slots.push_back({{"x", s.x}, {"y", s.y}, {"z", s.z}});
    }
    out[std::string(gta::ServiceCategoryName(c))] = std::move(slots);
  }
  return out;
}

json BlockJson(int z, uint16_t index, const gta::MapBlock& b) {
  return {{"z", z},
          {"index", index},
          {"type", std::string(gta::BlockTypeName(b.type))},
          {"lid", b.lid},
          {"left", b.left_face},
          {"right", b.right_face},
          {"top", b.top_face},
          {"bottom", b.bottom_face},
          {"slope", b.slope},
          {"rotation", b.lid_rotation},
          {"flat", b.flat},
          {"directions", {{"up", b.up}, {"down", b.down}, {"left", b.left}, {"right", b.right}}},
          {"lid_remap", b.lid_remap},
          {"flip_top_bottom", b.flip_top_bottom},
          {"flip_left_right", b.flip_left_right},
          {"railway", b.railway},
          {"traffic", std::string(gta::TrafficHintName(b.traffic_hint))},
          {"type_map", b.type_map},
          {"type_map_ext", b.type_map_ext}};
}

json CellJson(const gta::CityMap& map, const MapCell& cell) {
  const gta::MapColumn column = map.Column(cell.x, cell.y);
  json blocks = json::array();
  for (int z = column.height; z < gta::kMapLayers; ++z) {
    blocks.push_back(BlockJson(z, column.blocks[z], map.Block(cell.x, cell.y, z)));
  }
  const std::optional<size_t> district = map.FindDistrict(cell.x, cell.y);
  const std::optional<int> ground = map.GroundZ(cell.x, cell.y);
  return {{"x", cell.x},
          {"y", cell.y},
          {"district", district ? json(map.nav()[*district].name) : json(nullptr)},
          {"district_index", district ? json(*district) : json(nullptr)},
          {"height", column.height},
          {"ground_z", ground ? json(*ground) : json(nullptr)},
          {"blocks", std::move(blocks)}};
}

json MapDescribeInput() {
  const json coordinate = {{"type", "integer"}, {"minimum", 0}, {"maximum", gta::kMapSide - 1}};
  json x = coordinate, y = coordinate;
  x["description"] = "A cell's column (0-255, west to east); give y too";
  y["description"] = "A cell's row (0-255, north to south); give x too";
  return InputSchema({{"context", ContextProperty()},
                      {"path", PathProperty("The city map, e.g. GTADATA/NYC.CMP")},
                      {"x", x},
                      {"y", y}},
                     {"path"});
}

json MapDescribeOutput() {
  const json count = {{"type", "integer"}, {"minimum", 0}};
  json district = OutputSchema({{"index", count},
                                {"name", {{"type", "string"}}},
                                {"x", count},
                                {"y", count},
                                {"w", count},
                                {"h", count},
                                {"sample", count},
                                {"empty", {{"type", "boolean"}}}},
                               {"index", "name", "x", "y", "w", "h", "sample", "empty"});
  json block = OutputSchema({{"z", count},
                             {"type", {{"type", "string"}}},
                             {"lid", count},
                             {"left", count},
                             {"right", count},
                             {"top", count},
                             {"bottom", count},
                             {"slope", count},
                             {"rotation", count},
                             {"flat", {{"type", "boolean"}}}},
                            {"z", "type", "lid", "left", "right", "top", "bottom", "slope",
                             "rotation", "flat"});
  json cell = OutputSchema({{"x", count},
                            {"y", count},
                            {"district", NullableString()},
                            {"blocks", {{"type", "array"}, {"items", block}}}},
                           {"x", "y", "district", "blocks"});
  json sizes = OutputSchema(
      {{"route", count}, {"object", count}, {"column", count}, {"block", count}, {"nav", count}},
      {"route", "object", "column", "block", "nav"});
  return OutputSchema({{"path", {{"type", "string"}}},
                       {"version", count},
                       {"style", count},
                       {"sample", count},
                       {"sizes", sizes},
                       {"blocks", count},
                       {"objects", count},
                       {"warnings", StringArraySchema()},
                       {"districts", {{"type", "array"}, {"items", district}}},
                       {"services", {{"type", "object"}}},
                       {"cell", cell}},
                      {"path", "version", "style", "sample", "sizes", "blocks", "objects",
                       "warnings", "districts", "services"});
}

// The style a map names: STYLE%03d.G24 beside it.
std::string DefaultStylePath(const std::string& map_path, int style_number) {
  const size_t slash = map_path.rfind('/');
  const std::string folder = slash == std::string::npos ? "" : map_path.substr(0, slash + 1);
  return absl::StrFormat("%sSTYLE%03d.G24", folder, style_number);
}

json MapRenderInput() {
  const json cell = {{"type", "integer"}, {"minimum", 0}, {"maximum", gta::kMapSide - 1}};
  const json span = {{"type", "integer"}, {"minimum", 1}, {"maximum", gta::kMapSide}};
  json x = cell, y = cell, w = span, h = span;
  x["description"] = "First column of cells to draw (default 0)";
  y["description"] = "First row of cells to draw (default 0)";
  w["description"] = "Columns of cells (default: to the east edge)";
  h["description"] = "Rows of cells (default: to the south edge)";
  return InputSchema(
      {{"context", ContextProperty()},
       {"path", PathProperty("The city map, e.g. GTADATA/NYC.CMP")},
       {"style", PathProperty("The style to draw with (default: the map's STYLE%03d.G24 beside it)")},
       {"x", x},
       {"y", y},
       {"w", w},
       {"h", h},
       {"scale",
        {{"type", "integer"},
         {"minimum", 1},
         {"maximum", gta::kMaxPixelsPerCell},
         {"description", "Pixels per cell (default 8: the whole map is 2048 x 2048; 64: the tiles' own size)"}}}},
      {"path"});
}

json MapRenderOutput() {
  const json count = {{"type", "integer"}, {"minimum", 0}};
  return OutputSchema({{"path", {{"type", "string"}}},
                       {"style", {{"type", "string"}}},
                       {"x", count},
                       {"y", count},
                       {"w", count},
                       {"h", count},
                       {"pixels_per_cell", count},
                       {"width", count},
                       {"height", count},
                       {"bytes", count},
                       {"warnings", StringArraySchema()},
                       {"delivery", {{"enum", {"inline", "resource_link"}}}},
                       {"resource_uri", NullableString()},
                       {"preview", {{"type", {"object", "null"}}}}},
                      {"path", "style", "x", "y", "w", "h", "pixels_per_cell", "width", "height",
                       "warnings", "delivery"});
}

absl::StatusOr<MapRenderRequest> MapRenderRequestFrom(const json& arguments) {
  MapRenderRequest r;
  r.x = arguments.value("x", 0);
  r.y = arguments.value("y", 0);
  r.w = arguments.value("w", gta::kMapSide - r.x);
  r.h = arguments.value("h", gta::kMapSide - r.y);
  r.pixels_per_cell = arguments.value("scale", 8);
  if (arguments.contains("style")) r.style = arguments["style"].get<std::string>();
  if (r.x + r.w > gta::kMapSide || r.y + r.h > gta::kMapSide) {
    return absl::InvalidArgumentError(absl::StrCat("cells ", r.x, "..", r.x + r.w - 1, " x ", r.y,
                                                   "..", r.y + r.h - 1,
                                                   " run past the 256 x 256 map"));
  }
  return r;
}

std::string MapRenderUri(const contexts::Context& context, const json& s) {
  QueryParams query = {{"export", "map"}};
  for (const char* key : {"x", "y", "w", "h"}) query.emplace_back(key, std::to_string(s[key].get<int>()));
  query.emplace_back("scale", std::to_string(s["pixels_per_cell"].get<int>()));
  query.emplace_back("style", s["style"].get<std::string>());
  return MakeResourceUri(context.name, s["path"].get<std::string>(), query);
}

}  // namespace

absl::StatusOr<json> MapDescribe(const Asset& asset, const std::optional<MapCell>& cell) {
  if (absl::Status s = RequireKind(asset, {FileKind::kCityMap}); !s.ok()) return s;
  absl::StatusOr<gta::CityMap> map = gta::ReadCityMap(asset.bytes, asset.path);
  if (!map.ok()) return map.status();
  json block_types = json::object();
  for (int t = 0; t < gta::kBlockTypeCount; ++t) {
    block_types[std::string(gta::BlockTypeName(uint8_t(t)))] = map->type_counts()[t];
  }
  json out = {{"path", asset.path},
              {"version", map->header().version},
              {"style", map->header().style},
              {"sample", map->header().sample},
              {"sizes", SizesJson(map->header())},
              {"blocks", map->blocks().size()},
              {"block_types", std::move(block_types)},
              {"columns", map->distinct_columns()},
              {"objects", map->objects().size()},
              {"warnings", map->warnings()},
              {"districts", DistrictsJson(*map)},
              {"services", ServicesJson(*map)}};
  if (cell) out["cell"] = CellJson(*map, *cell);
  return out;
}

ToolResult RunMapDescribe(const contexts::Context& context, const json& arguments) {
  if (arguments.contains("x") != arguments.contains("y")) {
    return ErrorResult(absl::InvalidArgumentError("give both x and y for a cell, or neither"));
  }
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return ErrorResult(opened.status());
  std::optional<MapCell> cell;
  if (arguments.contains("x")) cell = MapCell{arguments["x"].get<int>(), arguments["y"].get<int>()};
  absl::StatusOr<json> out = MapDescribe(opened->asset, cell);
  if (!out.ok()) return ErrorResult(InContext(context, out.status()));
  ToolResult result;
  result.structured = *std::move(out);
  return result;
}

Tool MapDescribeTool() {
  return {"map_describe",
          "Describe a GTA1 city map",
          "What a GTA1 city map (.CMP) holds: its header (version, style STYLE%03d.G24, sound "
          "sample), section sizes, block descriptors and their types, objects, the districts "
          "(nav records: names and rectangles; placeholders marked empty), the service "
          "locations by category, and the game's own limits as warnings. With x and y "
          "(0-255): that cell's column from the top block down, every block decoded (type, "
          "faces, slope, lid rotation, flips, remap, directions), its ground layer and "
          "district. Layers count from the top: z 0 is the highest, street level is usually "
          "the lid of z 4.",
          MapDescribeInput(),
          MapDescribeOutput(),
          {},
          InContextHandler([](const contexts::Context& c, const ToolCall& call) {
            return RunMapDescribe(c, call.arguments);
          })};
}

absl::StatusOr<MapRenderResult> RenderMapAsset(const contexts::Context& context,
                                               const std::string& map_path,
                                               const MapRenderRequest& request) {
  absl::StatusOr<ContextAsset> map_file = OpenContextAsset(context, map_path);
  if (!map_file.ok()) return map_file.status();
  if (absl::Status s = RequireKind(map_file->asset, {FileKind::kCityMap}); !s.ok()) return s;
  absl::StatusOr<gta::CityMap> map = gta::ReadCityMap(map_file->asset.bytes, map_file->asset.path);
  if (!map.ok()) return map.status();
  const std::string style_path =
      request.style ? *request.style : DefaultStylePath(map_file->asset.path, map->header().style);
  absl::StatusOr<ContextAsset> style_file = OpenContextAsset(context, style_path);
  if (!style_file.ok()) {
    return absl::Status(style_file.status().code(),
                        absl::StrCat(map_file->asset.path, ": its style: ",
                                     style_file.status().message(),
                                     request.style ? "" : " (give one with `style`)"));
  }
  if (absl::Status s = RequireKind(style_file->asset, {FileKind::kStyle}); !s.ok()) {
    return absl::Status(s.code(), absl::StrCat(map_file->asset.path, ": its style: ", s.message()));
  }
  absl::StatusOr<gta::Style> style = gta::ReadStyle(style_file->asset.bytes, style_file->asset.path);
  if (!style.ok()) return style.status();
  gta::MapRenderOptions options;
  options.rect = {request.x, request.y, request.w, request.h};
  options.pixels_per_cell = request.pixels_per_cell;
  absl::StatusOr<gta::MapRender> render = gta::RenderMap(*map, *style, options);
  if (!render.ok()) return render.status();
  absl::StatusOr<image::EncodedImage> png = image::EncodeRgbaPng(render->picture);
  if (!png.ok()) return png.status();
  MapRenderResult out;
  out.structured = {{"path", map_file->asset.path},
                    {"style", style_file->asset.path},
                    {"x", request.x},
                    {"y", request.y},
                    {"w", request.w},
                    {"h", request.h},
                    {"pixels_per_cell", request.pixels_per_cell},
                    {"width", render->picture.width},
                    {"height", render->picture.height},
                    {"bytes", png->size()},
                    {"warnings", render->warnings}};
  out.png = *std::move(png);
  return out;
}

ToolResult RunMapRender(const contexts::Context& context, const json& arguments,
                        const Limits& limits) {
  absl::StatusOr<MapRenderRequest> request = MapRenderRequestFrom(arguments);
  if (!request.ok()) return ErrorResult(request.status());
  absl::StatusOr<MapRenderResult> rendered =
      RenderMapAsset(context, arguments.value("path", ""), *request);
  if (!rendered.ok()) return ErrorResult(InContext(context, rendered.status()));
  ToolResult result;
  result.structured = std::move(rendered->structured);
  result.structured["resource_uri"] = nullptr;
  result.structured["preview"] = nullptr;
  if (Base64Size(rendered->png.size()) <= limits.max_inline_image_base64) {
    result.structured["delivery"] = "inline";
    result.content.push_back(ImageBlock(rendered->png, "image/png"));
    return result;
  }
  // Too large for one result: a link that renders it again, and the same
  // cells at the largest smaller scale that fits, so the assistant sees the map.
  const std::string uri = MapRenderUri(context, result.structured);
  result.structured["delivery"] = "resource_link";
  result.structured["resource_uri"] = uri;
  result.content.push_back(PictureLinkBlock(
      uri, absl::StrCat(result.structured["path"].get<std::string>(), " (map render)"),
      "image/png", rendered->png.size(), "render", limits.max_inline_image_base64));
  MapRenderRequest smaller = *request;
  smaller.style = result.structured["style"].get<std::string>();
  for (smaller.pixels_per_cell = request->pixels_per_cell / 2; smaller.pixels_per_cell >= 1;
       smaller.pixels_per_cell /= 2) {
    absl::StatusOr<MapRenderResult> preview =
        RenderMapAsset(context, result.structured["path"].get<std::string>(), smaller);
    if (!preview.ok()) break;
    if (Base64Size(preview->png.size()) <= limits.max_inline_image_base64) {
      result.structured["preview"] = {{"width", preview->structured["width"]},
                                      {"height", preview->structured["height"]},
                                      {"pixels_per_cell", smaller.pixels_per_cell}};
      result.content.push_back(ImageBlock(preview->png, "image/png"));
      break;
    }
  }
  return result;
}

absl::StatusOr<ResourceBytes> RenderMapResource(const contexts::Context& context,
                                                     const ResourceUri& uri) {
  json arguments = json::object();
  for (const auto& [key, value] : uri.query) {
    if (key == "export") continue;
    if (key == "style") {
      arguments["style"] = value;
      continue;
    }
    int n = 0;
    if ((key != "x" && key != "y" && key != "w" && key != "h" && key != "scale") ||
        !absl::SimpleAtoi(value, &n)) {
      return absl::InvalidArgumentError(absl::StrCat("map render: ", key, "=", value, " is not valid"));
    }
    arguments[key] = n;
  }
  absl::StatusOr<MapRenderRequest> request = MapRenderRequestFrom(arguments);
  if (!request.ok()) return request.status();
  if (request->x < 0 || request->y < 0 || request->w < 1 || request->h < 1) {
    return absl::InvalidArgumentError("map render: x, y >= 0 and w, h >= 1");
  }
  absl::StatusOr<MapRenderResult> rendered = RenderMapAsset(context, uri.path, *request);
  if (!rendered.ok()) return rendered.status();
  return ResourceBytes{std::move(rendered->png), "image/png"};
}

Tool MapRenderTool() {
  return {"map_render",
          "Draw a GTA1 city map from above",
          "A top-down PNG of a GTA1 city map (.CMP), or of a rectangle of its cells: each cell "
          "shows the lid of its topmost block, drawn with the map's own style (STYLE%03d.G24 "
          "beside the map, or `style`) with its lid rotation, flips and palette remap; flat "
          "blocks let the lid below show through their transparent texels; empty cells are "
          "transparent. scale is pixels per cell (default 8: the whole map is 2048 x 2048). "
          "Large renders come back as a resource_link plus a smaller preview.",
          MapRenderInput(),
          MapRenderOutput(),
          {},
          InContextHandler([](const contexts::Context& c, const ToolCall& call) {
            return RunMapRender(c, call.arguments, call.limits);
          })};
}

}  // namespace kbot::tools
