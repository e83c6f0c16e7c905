// What map_describe shows of an OTA (tools/ta_map_describe.h).
#include <utility>

#include "tools/catalog_support.h"
#include "tools/ta_map_describe.h"
#include "tools/tool_support.h"

namespace kbot::tools {

const ResultTable<OtaStartItem>& OtaStartItem::Fields() {
  static const ResultTable<OtaStartItem> table = ResultTable<OtaStartItem>()
      .Add("number", &OtaStartItem::number, CountSchema())
      .Add("x", &OtaStartItem::x, IntegerSchema())
      .Add("z", &OtaStartItem::z, IntegerSchema());
  return table;
}

const ResultTable<OtaSchemaItem>& OtaSchemaItem::Fields() {
  using S = OtaSchemaItem;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("index", &S::index, CountSchema())
      .Add("type", &S::type, StringSchema())
      .Add("surface_metal", &S::surface_metal, {{"type", {"number", "null"}}})
      .Add("moho_metal", &S::moho_metal, {{"type", {"number", "null"}}})
      .Add("starts", &S::starts, ArraySchema<OtaStartItem>())
      .Add("keys", &S::keys, {{"type", "object"}});
  return table;
}

const ResultTable<OtaItem>& OtaItem::Fields() {
  using O = OtaItem;
  const json number = {{"type", {"number", "null"}}};
  static const ResultTable<O> table = ResultTable<O>()
      .Add("path", &O::path, StringSchema())
      .Add("title", &O::title, StringSchema())
      .Add("description", &O::description, StringSchema())
      .Add("planet", &O::planet, StringSchema())
      .Add("players", &O::players, NullableString())
      .Add("min_players", &O::min_players, number)
      .Add("max_players", &O::max_players, number)
      .Add("size", &O::size, NullableString())
      .Add("min_wind", &O::min_wind, number)
      .Add("max_wind", &O::max_wind, number)
      .Add("tidal", &O::tidal, number)
      .Add("solar", &O::solar, number)
      .Add("gravity", &O::gravity, number)
      .Add("schemas", &O::schemas, ArraySchema<OtaSchemaItem>())
      .Add("warnings", &O::warnings, StringArraySchema());
  return table;
}

namespace {

json OptionalJson(const std::optional<int>& v) { return v ? json(*v) : json(); }
json OptionalJson(const std::optional<std::string>& v) { return v ? json(*v) : json(); }

// A schema's own keys as an object (the later of duplicates wins, as the
// game reads them); its [specials] are the starts.
OtaSchemaItem SchemaItemOf(const tnt::OtaSchema& s) {
  OtaSchemaItem out;
  out.index = s.index;
  out.type = s.type;
  out.surface_metal = NumberJson(s.surface_metal);
  out.moho_metal = NumberJson(s.moho_metal);
  for (const tnt::OtaStart& start : s.starts) out.starts.push_back({start.number, start.x, start.z});
  out.keys = json::object();
  for (const tdf::TdfEntry& e : s.keys) out.keys[e.key] = e.value;
  return out;
}

}  // namespace

OtaItem OtaItemOf(const std::string& path, const tnt::Ota& ota) {
  OtaItem out;
  out.path = path;
  out.title = ota.title;
  out.description = ota.description;
  out.planet = ota.planet;
  out.players = OptionalJson(ota.players_text);
  out.min_players = OptionalJson(ota.players_min);
  out.max_players = OptionalJson(ota.players_max);
  out.size = OptionalJson(ota.size_text);
  out.min_wind = NumberJson(ota.min_wind);
  out.max_wind = NumberJson(ota.max_wind);
  out.tidal = NumberJson(ota.tidal);
  out.solar = NumberJson(ota.solar);
  out.gravity = NumberJson(ota.gravity);
  for (const tnt::OtaSchema& s : ota.schemas) out.schemas.push_back(SchemaItemOf(s));
  out.warnings = ota.warnings;
  return out;
}

}  // namespace kbot::tools
