#include "tools/unit_rows.h"

#include <algorithm>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/near_names.h"
#include "tools/catalog_support.h"

namespace kbot::tools {

namespace {

using tacatalog::Unit;

// A named field's number, or nullptr for a name that is no numeric field.
const std::optional<double>* NumberField(const Unit& u, absl::string_view name) {
  if (name == "build_cost_metal") return &u.build_cost_metal;
  if (name == "build_cost_energy") return &u.build_cost_energy;
  if (name == "build_cost") return &u.build_cost;
  if (name == "build_time") return &u.build_time;
  if (name == "worker_time") return &u.worker_time;
  if (name == "health") return &u.health;
  if (name == "speed") return &u.speed;
  return nullptr;
}

// A named field's text, or nullptr.
const std::string* TextField(const Unit& u, absl::string_view name) {
  if (name == "id") return &u.id;
  if (name == "name") return &u.name;
  if (name == "description") return &u.description;
  if (name == "tedclass") return &u.tedclass;
  if (name == "objectname") return &u.objectname;
  if (name == "file") return &u.file.path;
  if (name == "source") return &u.file.source;
  return nullptr;
}

nlohmann::json MissingAssets(const Unit& u) {
  nlohmann::json out = nlohmann::json::array();
  for (const tacatalog::AssetLink& a : u.assets) {
    if (!a.present()) out.push_back(a.kind);
  }
  return out;
}

nlohmann::json WeaponIds(const Unit& u) {
  nlohmann::json out = nlohmann::json::array();
  for (const tacatalog::WeaponSlot& w : u.weapons) out.push_back(w.id);
  return out;
}

}  // namespace

UnitRows::UnitRows(const tacatalog::Catalog& catalog)
    : catalog_(catalog), side_of_(catalog.units.size(), nullptr) {
  for (const tacatalog::Side& side : catalog.sides) {
    for (const std::string& id : side.units) {
      auto it = catalog.unit_index.find(absl::AsciiStrToLower(id));
      if (it != catalog.unit_index.end()) side_of_[it->second] = &side.name;
    }
  }
}

const std::vector<std::string>& UnitRows::NamedFields() const {
  static const std::vector<std::string> names = {
      "id",          "name",       "side",      "description", "tedclass", "categories",
      "objectname",  "build_cost_metal", "build_cost_energy", "build_cost", "build_time",
      "worker_time", "health",     "speed",     "weapons",     "builds",   "built_by",
      "missing",     "file",       "source",    "warnings"};
  return names;
}

std::vector<std::string> UnitRows::DefaultFields() const {
  std::vector<std::string> out = {"id", "name", "side", "description"};
  if (catalog_.game == contexts::Game::kTaKingdoms) {
    out.push_back("build_cost");
  } else {
    out.insert(out.end(), {"build_cost_metal", "build_cost_energy"});
  }
  out.insert(out.end(), {"build_time", "health", "speed", "weapons"});
  return out;
}

const std::string& UnitRows::SideOf(size_t row) const {
  return side_of_[row] != nullptr ? *side_of_[row] : catalog_.units[row].side;
}

bool UnitRows::KnownSide(absl::string_view side) const {
  for (const tacatalog::Side& s : catalog_.sides) {
    const bool prefix = !s.prefix.empty() && absl::EqualsIgnoreCase(s.prefix, side);
    if (prefix || absl::EqualsIgnoreCase(s.name, side)) return true;
  }
  return std::any_of(catalog_.units.begin(), catalog_.units.end(),
                     [&](const Unit& u) { return absl::EqualsIgnoreCase(u.side, side); });
}

bool UnitRows::OnSide(size_t row, absl::string_view side) const {
  const std::string& on = SideOf(row);
  if (absl::EqualsIgnoreCase(on, side)) return true;
  const tacatalog::Side* s = catalog_.FindSide(on);
  return s != nullptr && !s->prefix.empty() && absl::EqualsIgnoreCase(s->prefix, side);
}

bool UnitRows::MatchesText(size_t row, absl::string_view lowered) const {
  const Unit& u = catalog_.units[row];
  return ContainsLowered(u.id, lowered) || ContainsLowered(u.name, lowered) ||
         ContainsLowered(u.description, lowered);
}

bool UnitRows::AnyRowHasKey(absl::string_view key) const {
  return std::any_of(catalog_.units.begin(), catalog_.units.end(),
                     [&](const Unit& u) { return u.info != nullptr && u.info->Find(key); });
}

std::vector<std::string> UnitRows::AllKeys() const {
  std::set<std::string> keys;
  for (const Unit& u : catalog_.units) {
    if (u.info == nullptr) continue;
    for (const tdf::TdfEntry& e : u.info->entries) keys.insert(absl::AsciiStrToLower(e.key));
  }
  return {keys.begin(), keys.end()};
}

FieldValue UnitRows::Value(size_t row, absl::string_view name) const {
  const Unit& u = catalog_.units[row];
  if (const std::optional<double>* n = NumberField(u, name)) return NumberValue(*n);
  if (const std::string* t = TextField(u, name)) return t->empty() ? FieldValue{} : TextValue(*t);
  if (name == "side") return TextValue(SideOf(row));
  if (name == "builds") return NumberValue(catalog_.Builds(u.id).size());
  if (name == "built_by") return NumberValue(catalog_.BuiltBy(u.id).size());
  if (name == "warnings") return NumberValue(u.warnings.size());
  if (name == "categories") return TextValue(absl::StrJoin(u.categories, " "));
  if (name == "weapons") return NumberValue(u.weapons.size());
  if (name == "missing") return NumberValue(MissingAssets(u).size());
  return KeyValue(u.Value(name));
}

nlohmann::json UnitRows::FieldJson(size_t row, absl::string_view name) const {
  const Unit& u = catalog_.units[row];
  if (const std::optional<double>* n = NumberField(u, name)) return NumberJson(*n);
  if (const std::string* t = TextField(u, name)) return *t;
  if (name == "side") return SideOf(row);
  if (name == "categories") return u.categories;
  if (name == "weapons") return WeaponIds(u);
  if (name == "missing") return MissingAssets(u);
  if (name == "builds" || name == "built_by" || name == "warnings") {
    return NumberJson(Value(row, name).number);
  }
  std::optional<absl::string_view> value = u.Value(name);
  if (!value) return nullptr;
  return std::string(*value);
}

absl::StatusOr<std::function<bool(size_t)>> UnitFilter(const UnitRows& rows,
                                                       const tacatalog::Catalog& catalog,
                                                       const UnitFilters& filters) {
  if (filters.side && !rows.KnownSide(*filters.side)) {
    std::vector<std::string> sides;
    for (const tacatalog::Side& s : catalog.sides) sides.push_back(s.name);
    return absl::InvalidArgumentError(absl::StrCat(
        "side \"", *filters.side, "\": no side has that name or prefix and no unit's Side says it",
        DidYouMean(NearNames(*filters.side, sides, 3), "\""), " (sides: ",
        sides.empty() ? "none" : absl::StrJoin(sides, ", "), "; side_list lists them)"));
  }
  return [&rows, &catalog, filters](size_t row) {
    const Unit& u = catalog.units[row];
    if (filters.side && !rows.OnSide(row, *filters.side)) return false;
    if (filters.tedclass && !absl::EqualsIgnoreCase(u.tedclass, *filters.tedclass)) return false;
    if (filters.category &&
        std::none_of(u.categories.begin(), u.categories.end(), [&](const std::string& c) {
          return absl::EqualsIgnoreCase(c, *filters.category);
        })) {
      return false;
    }
    return true;
  };
}

}  // namespace kbot::tools
