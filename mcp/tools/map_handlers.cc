#include "mcp/tools/map_handlers.h"

#include "absl/status/status.h"
#include "formats/gta/cmp.h"
#include "mcp/tools/tool_support.h"

namespace kbot::tools {

namespace {

using mcp::ToolCall;
using mcp::ToolResult;

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

ToolResult RunMapDescribeTool(const ToolCall& call) {
  absl::StatusOr<const contexts::Context*> context =
      call.workspace.Find(ContextArgument(call.arguments));
  if (!context.ok()) return ErrorResult(context.status());
  return RunMapDescribe(**context, call.arguments);
}

}  // namespace

absl::StatusOr<json> MapDescribe(const Asset& asset, const std::optional<MapCell>& cell) {
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

mcp::Tool MapDescribeTool() {
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
          RunMapDescribeTool};
}

}  // namespace kbot::tools
