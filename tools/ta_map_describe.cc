#include "tools/ta_map_describe.h"

#include <algorithm>
#include <map>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tacatalog/catalog.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

const ResultTable<TaMapExtent>& TaMapExtent::Fields() {
  static const ResultTable<TaMapExtent> table = ResultTable<TaMapExtent>()
      .Add("across", &TaMapExtent::across, CountSchema())
      .Add("down", &TaMapExtent::down, CountSchema());
  return table;
}

const ResultTable<TaHeightRange>& TaHeightRange::Fields() {
  static const ResultTable<TaHeightRange> table = ResultTable<TaHeightRange>()
      .Add("min", &TaHeightRange::min, CountSchema())
      .Add("max", &TaHeightRange::max, CountSchema());
  return table;
}

const ResultTable<TaMapFeatureItem>& TaMapFeatureItem::Fields() {
  using F = TaMapFeatureItem;
  static const ResultTable<F> table = ResultTable<F>()
      .Add("name", &F::name, StringSchema())
      .Add("placed", &F::placed, CountSchema())
      .Add("file", &F::file, NullableString())
      .Add("draws", &F::draws, NullableString());
  return table;
}

const ResultTable<TaMinimapItem>& TaMinimapItem::Fields() {
  using M = TaMinimapItem;
  static const ResultTable<M> table = ResultTable<M>()
      .Add("width", &M::width, CountSchema())
      .Add("height", &M::height, CountSchema())
      .Add("region_width", &M::region_width, CountSchema())
      .Add("region_height", &M::region_height, CountSchema());
  return table;
}

const ResultTable<TaCellItem>& TaCellItem::Fields() {
  using C = TaCellItem;
  static const ResultTable<C> table = ResultTable<C>()
      .Add("x", &C::x, CountSchema())
      .Add("y", &C::y, CountSchema())
      .Add("height", &C::height, CountSchema())
      .Add("under_water", &C::under_water, BooleanSchema())
      .Add("feature", &C::feature, NullableString())
      .Add("placement", &C::placement, StringSchema())
      .Add("feature_value", &C::feature_value, CountSchema())
      .Add("tile", &C::tile, {{"type", "object"}});
  return table;
}

const ResultTable<TaMapDescription>& TaMapDescription::Fields() {
  using D = TaMapDescription;
  static const ResultTable<D> table = ResultTable<D>()
      .Add("path", &D::path, StringSchema())
      .Add("game", &D::game, {{"type", "string"}, {"enum", {"ta", "takingdoms"}}})
      .Add("version", &D::version, CountSchema())
      .Add("tiles", &D::tiles, ObjectSchema<TaMapExtent>())
      .Add("cells", &D::cells, ObjectSchema<TaMapExtent>())
      .Add("width", &D::width, CountSchema())
      .Add("height", &D::height, CountSchema())
      .Add("sea_level", &D::sea_level, CountSchema())
      .Add("heights", &D::heights, ObjectSchema<TaHeightRange>())
      .Add("underwater_cells", &D::underwater_cells, CountSchema())
      .Add("tile_count", &D::tile_count, CountSchema())
      .Add("features", &D::features, ArraySchema<TaMapFeatureItem>())
      .Add("placements", &D::placements, {{"type", "object"}})
      .Add("minimap", &D::minimap, {{"type", {"object", "null"}}})
      .AddWhenSet("large_minimap", &D::large_minimap, ObjectSchema<TaMinimapItem>())
      .Add("ota", &D::ota, {{"type", {"object", "null"}}})
      .AddWhenSet("cell", &D::cell, ObjectSchema<TaCellItem>())
      .Add("warnings", &D::warnings, StringArraySchema());
  return table;
}

namespace {

std::optional<TaMinimapItem> MinimapItemOf(const std::optional<tnt::Minimap>& m) {
  if (!m) return std::nullopt;
  return TaMinimapItem{m->width, m->height, m->region_width, m->region_height};
}

// What draws a defined feature, as the game looks it up.
std::optional<std::string> FeatureDrawsOf(const tacatalog::Feature& f) {
  if (!f.object.empty()) return absl::StrCat("objects3d/", f.object, ".3do");
  if (!f.filename.empty()) {
    return absl::StrCat("anims/", f.filename, ".gaf", f.seqname.empty() ? "" : " ", f.seqname);
  }
  return std::nullopt;
}

std::vector<TaMapFeatureItem> FeatureItems(const std::vector<MapFeature>& features) {
  std::vector<TaMapFeatureItem> out;
  for (const MapFeature& f : features) {
    TaMapFeatureItem item{f.name, f.placed, std::nullopt, std::nullopt};
    if (f.definition != nullptr) {
      item.file = f.definition->file.path;
      item.draws = FeatureDrawsOf(*f.definition);
    }
    out.push_back(std::move(item));
  }
  return out;
}

// Heights, water, and the feature words by kind (TaMapDescription::placements).
void CountCells(const tnt::TntMap& map, TaMapDescription& out) {
  int lowest = 255, highest = 0;
  std::map<std::string, size_t> placements;
  for (size_t c = 0; c < map.cells(); ++c) {
    const int h = map.heights[c];
    lowest = std::min(lowest, h);
    highest = std::max(highest, h);
    if (uint32_t(h) < map.sea_level) ++out.underwater_cells;
    const uint32_t f = map.features[c];
    if (map.HasFeature(c)) {
      ++placements["feature"];
    } else if (map.IsVoid(c)) {
      ++placements["void"];
    } else if (map.game == tnt::Game::kTa && f == tnt::kNoFeature) {
      ++placements["none"];
    } else {
      ++placements[absl::StrFormat("0x%X", f)];
    }
  }
  out.heights = map.cells() == 0 ? TaHeightRange{} : TaHeightRange{lowest, highest};
  out.placements = json::object();
  for (const auto& [kind, count] : placements) out.placements[kind] = count;
}

size_t DistinctSheets(const tnt::TntMap& map) {
  return std::set<uint32_t>(map.tile_sheet.begin(), map.tile_sheet.end()).size();
}

std::string PlacementOf(const tnt::TntMap& map, size_t c) {
  const uint32_t f = map.features[c];
  if (map.HasFeature(c)) return "feature";
  if (map.IsVoid(c)) return "void";
  if (map.game == tnt::Game::kTa && f == tnt::kNoFeature) return "none";
  if (map.game == tnt::Game::kTa && f == tnt::kUnknownSentinel) return "unknown 0xFFFE";
  return map.game == tnt::Game::kTa ? "past the table" : "none";
}

absl::StatusOr<TaCellItem> CellOf(const tnt::TntMap& map, int x, int y) {
  if (x < 0 || y < 0 || uint32_t(x) >= map.width || uint32_t(y) >= map.height) {
    return absl::InvalidArgumentError(absl::StrCat("cell (", x, ", ", y, ") is outside the ",
                                                   map.width, " x ", map.height, "-cell map"));
  }
  const size_t c = size_t(y) * map.width + size_t(x);
  TaCellItem out;
  out.x = x;
  out.y = y;
  out.height = map.heights[c];
  out.under_water = uint32_t(out.height) < map.sea_level;
  out.feature_value = map.features[c];
  out.placement = PlacementOf(map, c);
  if (map.HasFeature(c)) out.feature = map.feature_names[map.features[c]].name;
  const size_t t = size_t(y / 2) * size_t(map.tiles_across()) + size_t(x / 2);
  if (x / 2 >= map.tiles_across() || y / 2 >= map.tiles_down()) {
    out.tile = nullptr;  // the odd last column or row of cells has no tile
  } else if (map.game == tnt::Game::kTa) {
    out.tile = {{"index", map.tile_index[t]}};
  } else {
    out.tile = {{"sheet", map.tile_sheet[t]}, {"column", map.tile_column[t]},
                {"row", map.tile_row[t]}};
  }
  return out;
}

}  // namespace

absl::StatusOr<TaMapDescription> DescribeTaMap(const OpenedTaMap& opened,
                                               const tacatalog::Catalog* catalog,
                                               const std::optional<std::pair<int, int>>& cell) {
  const tnt::TntMap& map = *opened.map;
  TaMapDescription out;
  out.path = opened.path;
  out.game = map.game == tnt::Game::kTa ? "ta" : "takingdoms";
  out.version = map.version;
  out.tiles = {map.tiles_across(), map.tiles_down()};
  out.cells = {int(map.width), int(map.height)};
  out.width = map.pixel_width();
  out.height = map.pixel_height();
  out.sea_level = int(map.sea_level);
  CountCells(map, out);
  out.tile_count = map.game == tnt::Game::kTa ? map.tile_count : DistinctSheets(map);
  out.features = FeatureItems(MapFeatures(map, catalog));
  out.minimap = MinimapItemOf(map.minimap);
  out.large_minimap = MinimapItemOf(map.large_minimap);
  if (opened.ota) out.ota = OtaItemOf(*opened.ota_path, *opened.ota);
  if (cell) {
    absl::StatusOr<TaCellItem> item = CellOf(map, cell->first, cell->second);
    if (!item.ok()) return item.status();
    out.cell = *std::move(item);
  }
  out.warnings = map.warnings;
  out.warnings.insert(out.warnings.end(), opened.warnings.begin(), opened.warnings.end());
  return out;
}

namespace {

// The context's catalog for matching features; a context whose catalog
// cannot be built describes its map with every feature undefined, and says so.
std::shared_ptr<const tacatalog::Catalog> FeatureCatalog(const contexts::Context& context,
                                                         std::vector<std::string>& warnings) {
  absl::StatusOr<std::shared_ptr<const tacatalog::Catalog>> catalog =
      tacatalog::CatalogOf(context);
  if (catalog.ok()) return *std::move(catalog);
  warnings.push_back(absl::StrCat("features not matched with definitions: ",
                                  catalog.status().message()));
  return nullptr;
}

}  // namespace

ToolResult RunTaMapDescribe(const contexts::Context& context, const MapDescribeRequest& request) {
  absl::StatusOr<OpenedTaMap> map = OpenTaMap(context, request.path);
  if (!map.ok()) return ErrorResult(map.status());
  std::vector<std::string> warnings;
  const std::shared_ptr<const tacatalog::Catalog> catalog = FeatureCatalog(context, warnings);
  absl::StatusOr<TaMapDescription> out = DescribeTaMap(*map, catalog.get(), request.Cell());
  if (out.ok()) out->warnings.insert(out->warnings.end(), warnings.begin(), warnings.end());
  return ResultInContext(context, out);
}

}  // namespace kbot::tools
