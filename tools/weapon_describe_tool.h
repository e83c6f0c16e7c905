// The tool weapon_describe: one weapon of a TA or TA: Kingdoms context's
// catalog (tacatalog/) with every key of its section ([DAMAGE]'s as
// DAMAGE/KEY), its numbers, its damage by default and by target, the units
// whose slots name it, the file that won and those it overrode, and the
// catalog's warnings about its text (docs/json.md, section weapon_describe).
// `kbot weapon describe` prints the same.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "nlohmann/json.hpp"
#include "tacatalog/catalog.h"
#include "tools/catalog_support.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct WeaponDescribeRequest : ContextRequest {
  std::string weapon;  // its id, ASCII case ignored
};
const RequestTable<WeaponDescribeRequest>& WeaponDescribeTable();

// Damage to one target (a unit id; TA: Kingdoms also a category), as
// unit_describe's DamageItem but a whole number written as one (90, not 90.0).
struct WeaponDamageItem {
  std::string target;
  nlohmann::json damage;
  static const ResultTable<WeaponDamageItem>& Fields();
};

// A unit whose weapon slot names the weapon.
struct WeaponUserItem {
  std::string id, name;
  int slot = 0;
  static const ResultTable<WeaponUserItem>& Fields();
};

struct WeaponDescription {
  std::string context, game;
  std::string id, name;
  std::optional<std::string> unit;  // TA: Kingdoms: the unit whose FBI holds it
  // range, reloadtime, weaponvelocity, areaofeffect, energypershot,
  // metalpershot as numbers (null: absent or not a number), as unit_describe's
  nlohmann::json stats = nlohmann::json::object();
  nlohmann::json default_damage;         // a number or null
  std::vector<WeaponDamageItem> damage;  // [DAMAGE]'s other keys, file order
  std::vector<WeaponUserItem> used_by;
  FileItem file;
  uint32_t line = 0;
  std::vector<FileItem> overrides;
  std::vector<KeyItem> keys;  // every key, [DAMAGE]'s as DAMAGE/KEY
  std::vector<std::string> warnings;
  static const ResultTable<WeaponDescription>& Fields();
};

// The weapon `id` of `context`'s catalog; NotFound with the nearest ids (and
// weapons whose name it is) when there is none.
absl::StatusOr<WeaponDescription> DescribeWeaponIn(const contexts::Context& context,
                                                   const std::string& id, Progress& progress);

Tool WeaponDescribeTool();

}  // namespace kbot::tools
