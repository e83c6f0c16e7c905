#include "tools/weapon_rows.h"

#include <algorithm>
#include <set>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/tdf/tdf.h"
#include "tools/catalog_support.h"

namespace kbot::tools {

namespace {

using tacatalog::Weapon;

// The section key each numeric field reads.
const char* WeaponNumberKey(absl::string_view name) {
  if (name == "range") return "range";
  if (name == "reload") return "reloadtime";
  if (name == "velocity") return "weaponvelocity";
  if (name == "area") return "areaofeffect";
  return nullptr;
}

const std::string* WeaponTextField(const Weapon& w, absl::string_view name) {
  if (name == "id") return &w.id;
  if (name == "name") return &w.name;
  if (name == "file") return &w.file.path;
  if (name == "source") return &w.file.source;
  return nullptr;
}

// A key of the weapon's section, or "SECTION/key" of a child section
// ("damage/default"), as in the file.
std::optional<absl::string_view> WeaponKeyValue(const Weapon& w, absl::string_view key) {
  if (w.section == nullptr) return std::nullopt;
  const size_t slash = key.find('/');
  if (slash == absl::string_view::npos) return w.section->Value(key);
  const tdf::TdfSection* child = w.section->FindSection(key.substr(0, slash));
  if (child == nullptr) return std::nullopt;
  return child->Value(key.substr(slash + 1));
}

}  // namespace

std::optional<double> WeaponNumber(const Weapon& weapon, absl::string_view key) {
  std::optional<absl::string_view> v =
      weapon.section != nullptr ? weapon.section->Value(key) : std::nullopt;
  return v ? tdf::ParseTdfNumber(*v) : std::nullopt;
}

WeaponRows::WeaponRows(const tacatalog::Catalog& catalog)
    : catalog_(catalog), uses_(catalog.weapons.size()) {
  // Units are sorted by id and their slots by number, so each list is too.
  for (size_t u = 0; u < catalog.units.size(); ++u) {
    for (const tacatalog::WeaponSlot& slot : catalog.units[u].weapons) {
      if (slot.weapon >= 0) uses_[size_t(slot.weapon)].push_back({u, slot.slot});
    }
  }
}

const std::vector<std::string>& WeaponRows::NamedFields() const {
  static const std::vector<std::string> names = {"id",      "name",     "unit",  "range",
                                                 "reload",  "velocity", "area",  "damage",
                                                 "used_by", "file",     "source"};
  return names;
}

const std::vector<std::string>& WeaponRows::DefaultFields() {
  static const std::vector<std::string> names = {"id",     "name",   "range",
                                                 "reload", "damage", "used_by"};
  return names;
}

bool WeaponRows::UsedBy(size_t row, size_t unit) const {
  return std::any_of(uses_[row].begin(), uses_[row].end(),
                     [unit](const WeaponUse& use) { return use.unit == unit; });
}

bool WeaponRows::MatchesText(size_t row, absl::string_view lowered) const {
  const Weapon& w = catalog_.weapons[row];
  return ContainsLowered(w.id, lowered) || ContainsLowered(w.name, lowered);
}

bool WeaponRows::AnyRowHasKey(absl::string_view key) const {
  return std::any_of(catalog_.weapons.begin(), catalog_.weapons.end(),
                     [&](const Weapon& w) { return WeaponKeyValue(w, key).has_value(); });
}

std::vector<std::string> WeaponRows::AllKeys() const {
  std::set<std::string> keys;
  for (const Weapon& w : catalog_.weapons) {
    for (const KeyItem& k : KeysOf(w.section)) keys.insert(absl::AsciiStrToLower(k.key));
  }
  return {keys.begin(), keys.end()};
}

FieldValue WeaponRows::Value(size_t row, absl::string_view name) const {
  const Weapon& w = catalog_.weapons[row];
  if (const char* key = WeaponNumberKey(name)) return NumberValue(WeaponNumber(w, key));
  if (const std::string* t = WeaponTextField(w, name)) {
    return t->empty() ? FieldValue{} : TextValue(*t);
  }
  if (name == "unit") return w.unit.empty() ? FieldValue{} : TextValue(w.unit);
  if (name == "damage") return NumberValue(w.default_damage);
  if (name == "used_by") {
    // Distinct units: one unit naming the weapon in two slots counts once.
    return NumberValue(double(FieldJson(row, name).size()));
  }
  return KeyValue(WeaponKeyValue(w, name));
}

nlohmann::json WeaponRows::FieldJson(size_t row, absl::string_view name) const {
  const Weapon& w = catalog_.weapons[row];
  if (const char* key = WeaponNumberKey(name)) return NumberJson(WeaponNumber(w, key));
  if (const std::string* t = WeaponTextField(w, name)) return *t;
  if (name == "unit") return w.unit.empty() ? nlohmann::json(nullptr) : nlohmann::json(w.unit);
  if (name == "damage") return NumberJson(w.default_damage);
  if (name == "used_by") {
    nlohmann::json ids = nlohmann::json::array();
    for (const WeaponUse& use : uses_[row]) {
      const std::string& id = catalog_.units[use.unit].id;
      if (ids.empty() || ids.back() != id) ids.push_back(id);
    }
    return ids;
  }
  std::optional<absl::string_view> value = WeaponKeyValue(w, name);
  if (!value) return nullptr;
  return std::string(*value);
}

absl::StatusOr<std::function<bool(size_t)>> WeaponUnitFilter(
    const WeaponRows& rows, const tacatalog::Catalog& catalog,
    const std::optional<std::string>& unit) {
  if (!unit) return std::function<bool(size_t)>();
  auto it = catalog.unit_index.find(absl::AsciiStrToLower(*unit));
  if (it == catalog.unit_index.end()) {
    std::vector<std::string> ids, names;
    for (const tacatalog::Unit& u : catalog.units) {
      ids.push_back(u.id);
      names.push_back(u.name);
    }
    return absl::NotFoundError(absl::StrCat("unit \"", *unit, "\": no unit has that id",
                                            SuggestIds(*unit, ids, &names),
                                            " (unit_list finds units by name)"));
  }
  const size_t index = it->second;
  return std::function<bool(size_t)>(
      [&rows, index](size_t row) { return rows.UsedBy(row, index); });
}

}  // namespace kbot::tools
