#include "tools/map_describe_tool.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/tnt/tnt.h"
#include "tacatalog/catalog.h"
#include "formats/gta/cmp.h"
#include "tools/file_kind.h"
#include "tools/parsed_asset.h"
#include "tools/ta_map_describe.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

absl::Status CellBothOrNeither(const MapDescribeRequest& r) {
  if (r.x.has_value() == r.y.has_value()) return absl::OkStatus();
  return absl::InvalidArgumentError("give both x and y for a cell, or neither");
}

MapSizes SizesOf(const gta::CmpHeader& h) {
  return {h.route_size, h.object_size, h.column_size, h.block_size, h.nav_size};
}

std::vector<MapDistrict> DistrictsOf(const gta::CityMap& map) {
  std::vector<MapDistrict> out;
  for (size_t i = 0; i < map.nav().size(); ++i) {
    const gta::NavRecord& n = map.nav()[i];
    out.push_back({i, n.name, n.x, n.y, n.w, n.h, n.sample, n.empty});
  }
  return out;
}

json ServicesOf(const gta::CityMap& map) {
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

MapBlockInfo BlockOf(int z, uint16_t index, const gta::MapBlock& b) {
  MapBlockInfo out;
  out.z = z;
  out.index = index;
  out.type = std::string(gta::BlockTypeName(b.type));
  out.lid = b.lid;
  out.left = b.left_face;
  out.right = b.right_face;
  out.top = b.top_face;
  out.bottom = b.bottom_face;
  out.slope = b.slope;
  out.rotation = b.lid_rotation;
  out.flat = b.flat;
  out.directions = {{"up", b.up}, {"down", b.down}, {"left", b.left}, {"right", b.right}};
  out.lid_remap = b.lid_remap;
  out.flip_top_bottom = b.flip_top_bottom;
  out.flip_left_right = b.flip_left_right;
  out.railway = b.railway;
  out.traffic = std::string(gta::TrafficHintName(b.traffic_hint));
  out.type_map = b.type_map;
  out.type_map_ext = b.type_map_ext;
  return out;
}

MapCellInfo CellOf(const gta::CityMap& map, int x, int y) {
  const gta::MapColumn column = map.Column(x, y);
  MapCellInfo out;
  out.x = x;
  out.y = y;
  out.height = column.height;
  for (int z = column.height; z < gta::kMapLayers; ++z) {
    out.blocks.push_back(BlockOf(z, column.blocks[z], map.Block(x, y, z)));
  }
  if (const std::optional<size_t> district = map.FindDistrict(x, y)) {
    out.district = map.nav()[*district].name;
    out.district_index = *district;
  }
  out.ground_z = map.GroundZ(x, y);
  return out;
}

// A TA map is up to 4096 cells a side; a GTA1 map's 256 is checked by the
// GTA1 describe (CheckGtaCell).
json CellCoordinate(const char* description) {
  return IntegerParam(0, int(tnt::kMaxCellsASide) - 1, description);
}



}  // namespace

const RequestTable<MapDescribeRequest>& MapDescribeTable() {
  static const RequestTable<MapDescribeRequest> table = [] {
    RequestTable<MapDescribeRequest> t;
    AddAssetParams(t, "GTA1 .CMP; TA .tnt, .ota or name")
        .Add("x", &MapDescribeRequest::x,
             CellCoordinate("A cell's column; with y"))
        .Add("y", &MapDescribeRequest::y,
             CellCoordinate("A cell's row; with x"))
        .AddCheck(CellBothOrNeither);
    return t;
  }();
  return table;
}

const ResultTable<MapSizes>& MapSizes::Fields() {
  static const ResultTable<MapSizes> table = ResultTable<MapSizes>()
      .Add("route", &MapSizes::route, CountSchema())
      .Add("object", &MapSizes::object, CountSchema())
      .Add("column", &MapSizes::column, CountSchema())
      .Add("block", &MapSizes::block, CountSchema())
      .Add("nav", &MapSizes::nav, CountSchema());
  return table;
}

const ResultTable<MapDistrict>& MapDistrict::Fields() {
  static const ResultTable<MapDistrict> table = ResultTable<MapDistrict>()
      .Add("index", &MapDistrict::index, CountSchema())
      .Add("name", &MapDistrict::name, StringSchema())
      .Add("x", &MapDistrict::x, CountSchema())
      .Add("y", &MapDistrict::y, CountSchema())
      .Add("w", &MapDistrict::w, CountSchema())
      .Add("h", &MapDistrict::h, CountSchema())
      .Add("sample", &MapDistrict::sample, CountSchema())
      .Add("empty", &MapDistrict::empty, BooleanSchema());
  return table;
}

const ResultTable<MapBlockInfo>& MapBlockInfo::Fields() {
  using B = MapBlockInfo;
  static const ResultTable<B> table = ResultTable<B>()
      .Add("z", &B::z, CountSchema())
      .Add("index", &B::index, CountSchema(), false)
      .Add("type", &B::type, StringSchema())
      .Add("lid", &B::lid, CountSchema())
      .Add("left", &B::left, CountSchema())
      .Add("right", &B::right, CountSchema())
      .Add("top", &B::top, CountSchema())
      .Add("bottom", &B::bottom, CountSchema())
      .Add("slope", &B::slope, CountSchema())
      .Add("rotation", &B::rotation, CountSchema())
      .Add("flat", &B::flat, BooleanSchema())
      .Add("directions", &B::directions, {{"type", "object"}}, false)
      .Add("lid_remap", &B::lid_remap, CountSchema(), false)
      .Add("flip_top_bottom", &B::flip_top_bottom, BooleanSchema(), false)
      .Add("flip_left_right", &B::flip_left_right, BooleanSchema(), false)
      .Add("railway", &B::railway, BooleanSchema(), false)
      .Add("traffic", &B::traffic, StringSchema(), false)
      .Add("type_map", &B::type_map, CountSchema(), false)
      .Add("type_map_ext", &B::type_map_ext, CountSchema(), false);
  return table;
}

const ResultTable<MapCellInfo>& MapCellInfo::Fields() {
  using C = MapCellInfo;
  static const ResultTable<C> table = ResultTable<C>()
      .Add("x", &C::x, CountSchema())
      .Add("y", &C::y, CountSchema())
      .Add("district", &C::district, NullableString())
      .Add("district_index", &C::district_index, {{"type", {"integer", "null"}}}, false)
      .Add("height", &C::height, CountSchema(), false)
      .Add("ground_z", &C::ground_z, {{"type", {"integer", "null"}}}, false)
      .Add("blocks", &C::blocks, ArraySchema<MapBlockInfo>());
  return table;
}

const ResultTable<MapDescription>& MapDescription::Fields() {
  using D = MapDescription;
  static const ResultTable<D> table = ResultTable<D>()
      .Add("path", &D::path, StringSchema())
      .Add("version", &D::version, CountSchema())
      .Add("style", &D::style, CountSchema())
      .Add("sample", &D::sample, CountSchema())
      .Add("sizes", &D::sizes, ObjectSchema<MapSizes>())
      .Add("blocks", &D::blocks, CountSchema())
      .Add("block_types", &D::block_types, {{"type", "object"}}, false)
      .Add("columns", &D::columns, CountSchema(), false)
      .Add("objects", &D::objects, CountSchema())
      .Add("warnings", &D::warnings, StringArraySchema())
      .Add("districts", &D::districts, ArraySchema<MapDistrict>())
      .Add("services", &D::services, {{"type", "object"}})
      .AddWhenSet("cell", &D::cell, ObjectSchema<MapCellInfo>());
  return table;
}

namespace {

absl::StatusOr<gta::CityMap> ReadCityMapAsset(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, {FileKind::kCityMap}); !s.ok()) return s;
  return gta::ReadCityMap(asset.bytes, asset.path);
}

// The map an unchanged file holds, kept (about the file's size: the map
// copies out its columns, blocks and objects).
const AssetParser<gta::CityMap>& CityMapParser() {
  static const AssetParser<gta::CityMap> parser{"cmp", ReadCityMapAsset, nullptr};
  return parser;
}

MapDescription MapDescriptionOf(const std::string& path, const gta::CityMap& map,
                                const std::optional<std::pair<int, int>>& cell) {
  MapDescription out;
  out.path = path;
  out.version = map.header().version;
  out.style = map.header().style;
  out.sample = map.header().sample;
  out.sizes = SizesOf(map.header());
  out.blocks = map.blocks().size();
  out.block_types = json::object();
  for (int t = 0; t < gta::kBlockTypeCount; ++t) {
    out.block_types[std::string(gta::BlockTypeName(uint8_t(t)))] = map.type_counts()[t];
  }
  out.columns = map.distinct_columns();
  out.objects = map.objects().size();
  out.warnings = map.warnings();
  out.districts = DistrictsOf(map);
  out.services = ServicesOf(map);
  if (cell) out.cell = CellOf(map, cell->first, cell->second);
  return out;
}

}  // namespace

absl::StatusOr<MapDescription> DescribeMap(const Asset& asset,
                                           const std::optional<std::pair<int, int>>& cell) {
  absl::StatusOr<gta::CityMap> map = ReadCityMapAsset(asset);
  if (!map.ok()) return map.status();
  return MapDescriptionOf(asset.path, *map, cell);
}

absl::Status CheckGtaCell(const std::optional<std::pair<int, int>>& cell) {
  if (!cell || (cell->first < gta::kMapSide && cell->second < gta::kMapSide)) {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat("cell (", cell->first, ", ", cell->second,
                                                 ") is outside the 256 x 256 GTA1 map"));
}

ToolResult RunMapDescribe(const contexts::Context& context, const MapDescribeRequest& request) {
  if (IsTaMapPath(context, request.path)) return RunTaMapDescribe(context, request);
  if (absl::Status s = CheckGtaCell(request.Cell()); !s.ok()) return ErrorResult(s);
  return RunParsedAssetTool(
      context, request, CityMapParser(),
      [&request](const ParsedAsset<gta::CityMap>& map) -> absl::StatusOr<MapDescription> {
        return MapDescriptionOf(map.path, *map.value, request.Cell());
      });
}

Tool MapDescribeTool() {
  return MakeContextTool<MapDescribeRequest>(
      {"map_describe", "Describe a map",
       "GTA1: blocks, districts, services. TA/TA:K: size, heights, features, OTA players, "
       "starts. x, y: one cell."},
      MapDescribeTable(),
      EitherShape(MapDescription::Fields().Schema(), TaMapDescription::Fields().Schema()),
      [](const contexts::Context& context, const MapDescribeRequest& request, const ToolCall&) {
        return RunMapDescribe(context, request);
      });
}

}  // namespace kbot::tools
