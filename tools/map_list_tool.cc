#include "tools/map_list_tool.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "tools/ta_map.h"
#include "tools/tool_support.h"

namespace kbot::tools {

const RequestTable<MapListRequest>& MapListTable() {
  static const RequestTable<MapListRequest> table = [] {
    RequestTable<MapListRequest> t;
    AddContextParam(t);
    AddPageParams(t, "maps/a*");
    return t;
  }();
  return table;
}

const ResultTable<MapListItem>& MapListItem::Fields() {
  using M = MapListItem;
  static const ResultTable<M> table = ResultTable<M>()
      .Add("path", &M::path, StringSchema())
      .Add("source", &M::source, StringSchema())
      .Add("game", &M::game, NullableString())
      .Add("tiles", &M::tiles, {{"type", {"object", "null"}}})
      .Add("ota", &M::ota, NullableString())
      .Add("title", &M::title, StringSchema())
      .Add("planet", &M::planet, StringSchema())
      .Add("players", &M::players, NullableString())
      .Add("schemas", &M::schemas, CountSchema())
      .Add("error", &M::error, NullableString());
  return table;
}

const ResultTable<MapListResult>& MapListResult::Fields() {
  static const ResultTable<MapListResult> table = [] {
    ResultTable<MapListResult> t;
    t.Add("context", &MapListResult::context, StringSchema());
    AddPageFields<MapListResult, MapListItem>(t);
    return t;
  }();
  return table;
}

namespace {

// One map's row: its TNT's size, its OTA's words. A map that cannot be read
// is a row with its error, never a failed listing.
MapListItem ItemOf(const contexts::Context& context, const contexts::VfsEntry& entry) {
  MapListItem out;
  out.path = entry.path;
  out.source = entry.source;
  absl::StatusOr<OpenedTaMap> map = OpenTaMap(context, entry.path);
  if (!map.ok()) {
    out.error = std::string(map.status().message());
    return out;
  }
  out.game = map->map->game == tnt::Game::kTa ? "ta" : "takingdoms";
  out.tiles = TaMapExtent{map->map->tiles_across(), map->map->tiles_down()};
  out.ota = map->ota_path;
  if (map->ota) {
    out.title = map->ota->title;
    out.planet = map->ota->planet;
    out.players = map->ota->players_text;
    out.schemas = map->ota->schemas.size();
  } else if (map->ota_path && !map->warnings.empty()) {
    out.error = map->warnings.front();
  }
  return out;
}

}  // namespace

absl::StatusOr<MapListResult> ListMaps(const contexts::Context& context,
                                       const MapListRequest& request, Progress& progress) {
  absl::StatusOr<std::vector<contexts::VfsEntry>> entries = context.vfs->List(progress);
  if (!entries.ok()) return InContext(context, entries.status());
  PageRequest page = request;
  page.limit = PageLimitOr(request, kDefaultPageLimit);
  Pager<MapListItem> pager(page);
  for (const contexts::VfsEntry& e : *entries) {
    if (!absl::EndsWithIgnoreCase(e.path, ".tnt")) continue;
    pager.Offer(e.path, [&] { return ItemOf(context, e); });
  }
  MapListResult out;
  static_cast<Page<MapListItem>&>(out) = std::move(pager).Finish();
  out.context = context.name;
  return out;
}

Tool MapListTool() {
  return MakeContextTool<MapListRequest>(
      {"map_list", "List maps",
       "A context's TA/TA:K maps: title, planet, players, tiles."},
      MapListTable(), MapListResult::Fields().Schema(),
      [](const contexts::Context& context, const MapListRequest& request, const ToolCall& call) {
        return StructuredResult(ListMaps(context, request, call.progress));
      });
}

}  // namespace kbot::tools
