#include "tools/weapon_describe_tool.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tools/section_warnings.h"
#include "tools/tool_support.h"
#include "tools/weapon_rows.h"

namespace kbot::tools {

namespace {

using tacatalog::Catalog;
using tacatalog::Weapon;

// The same members as unit_describe's weapons[].stats.
json DescribedWeaponStats(const Weapon& w) {
  json out = json::object();
  for (const char* key :
       {"range", "reloadtime", "weaponvelocity", "areaofeffect", "energypershot", "metalpershot"}) {
    out[key] = NumberJson(WeaponNumber(w, key));
  }
  return out;
}

WeaponDescription DescribeWeaponAt(const Catalog& catalog, size_t index) {
  const Weapon& w = catalog.weapons[index];
  WeaponDescription out;
  out.game = CatalogGame(catalog);
  out.id = w.id;
  out.name = w.name;
  if (!w.unit.empty()) out.unit = w.unit;
  out.stats = DescribedWeaponStats(w);
  out.default_damage = NumberJson(w.default_damage);
  for (const auto& [target, damage] : w.damage) out.damage.push_back({target, NumberJson(damage)});
  const WeaponRows rows(catalog);
  for (const WeaponUse& use : rows.UsesOf(index)) {
    const tacatalog::Unit& u = catalog.units[use.unit];
    out.used_by.push_back({u.id, u.name, use.slot});
  }
  out.file = FileItemOf(w.file);
  out.line = w.line;
  out.overrides = FileItemsOf(w.overrides);
  out.keys = KeysOf(w.section);
  out.warnings = SectionWarnings(catalog, w.file, w.section);
  return out;
}

// A unit's id given for a weapon (an assistant's slip, and TA: Kingdoms ids
// start with the unit's) gets that unit's weapons named.
absl::Status NoSuchWeapon(const Catalog& catalog, const std::string& id) {
  std::vector<std::string> ids, names;
  for (const Weapon& w : catalog.weapons) {
    ids.push_back(w.id);
    names.push_back(w.name);
  }
  std::string hint = SuggestIds(id, ids, &names);
  if (const tacatalog::Unit* unit = catalog.FindUnit(id); unit != nullptr) {
    std::vector<std::string> slots;
    for (const tacatalog::WeaponSlot& slot : unit->weapons) slots.push_back(slot.id);
    hint = slots.empty() ? absl::StrCat("; ", unit->id, " is a unit, with no weapon")
                         : absl::StrCat("; ", unit->id, " is a unit, whose weapons are ",
                                        absl::StrJoin(slots, ", "));
  }
  return absl::NotFoundError(absl::StrCat("no weapon \"", id, "\" among ", ids.size(), " weapon(s)",
                                          hint, " (weapon_list finds weapons by name)"));
}

}  // namespace

const RequestTable<WeaponDescribeRequest>& WeaponDescribeTable() {
  static const RequestTable<WeaponDescribeRequest> table = [] {
    using R = WeaponDescribeRequest;
    RequestTable<R> t;
    AddContextParam(t).Add("weapon", &R::weapon,
                           StringParam("Weapon id, e.g. EMG or ARAKNIGHT/WEAPON1"), true);
    return t;
  }();
  return table;
}

const ResultTable<WeaponDamageItem>& WeaponDamageItem::Fields() {
  static const ResultTable<WeaponDamageItem> table =
      ResultTable<WeaponDamageItem>()
          .Add("target", &WeaponDamageItem::target, StringSchema())
          .Add("damage", &WeaponDamageItem::damage, {{"type", "number"}});
  return table;
}

const ResultTable<WeaponUserItem>& WeaponUserItem::Fields() {
  static const ResultTable<WeaponUserItem> table =
      ResultTable<WeaponUserItem>()
          .Add("id", &WeaponUserItem::id, StringSchema())
          .Add("name", &WeaponUserItem::name, StringSchema())
          .Add("slot", &WeaponUserItem::slot, CountSchema());
  return table;
}

const ResultTable<WeaponDescription>& WeaponDescription::Fields() {
  using S = WeaponDescription;
  static const ResultTable<S> table =
      ResultTable<S>()
          .Add("context", &S::context, StringSchema())
          .Add("game", &S::game, StringSchema())
          .Add("id", &S::id, StringSchema())
          .Add("name", &S::name, StringSchema())
          .Add("unit", &S::unit, NullableString())
          .Add("stats", &S::stats, {{"type", "object"}})
          .Add("default_damage", &S::default_damage, {{"type", {"number", "null"}}})
          .Add("damage", &S::damage, ArraySchema<WeaponDamageItem>())
          .Add("used_by", &S::used_by, ArraySchema<WeaponUserItem>())
          .Add("file", &S::file, ObjectSchema<FileItem>())
          .Add("line", &S::line, CountSchema())
          .Add("overrides", &S::overrides, ArraySchema<FileItem>())
          .Add("keys", &S::keys, ArraySchema<KeyItem>())
          .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

absl::StatusOr<WeaponDescription> DescribeWeaponIn(const contexts::Context& context,
                                                   const std::string& id, Progress& progress) {
  absl::StatusOr<std::shared_ptr<const Catalog>> catalog = ContextCatalog(context, progress);
  if (!catalog.ok()) return catalog.status();
  auto it = (*catalog)->weapon_index.find(absl::AsciiStrToLower(id));
  if (it == (*catalog)->weapon_index.end()) return NoSuchWeapon(**catalog, id);
  WeaponDescription out = DescribeWeaponAt(**catalog, it->second);
  out.context = context.name;
  return out;
}

Tool WeaponDescribeTool() {
  return MakeContextTool<WeaponDescribeRequest>(
      {"weapon_describe", "Describe a weapon",
       "One TA/TA:K weapon: every key, numbers, damage by target, the units "
       "using it, files."},
      WeaponDescribeTable(), WeaponDescription::Fields().Schema(),
      [](const contexts::Context& context, const WeaponDescribeRequest& request,
         const ToolCall& call) {
        return ResultInContext(context, DescribeWeaponIn(context, request.weapon, call.progress));
      });
}

}  // namespace kbot::tools
