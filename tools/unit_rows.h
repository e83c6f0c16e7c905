// The catalog's units as rows of a listing (tools/catalog_listing.h): the
// named fields unit_list shows and filters on, and the side each unit is on.
//
//   id, name, side, description, tedclass, categories, objectname
//   build_cost_metal, build_cost_energy   TA (BuildCostMetal, BuildCostEnergy)
//   build_cost                            TA: Kingdoms (buildcost, mana)
//   build_time, worker_time, health (MaxDamage), speed (MaxVelocity)
//   weapons        the weapon ids, slot order
//   builds, built_by   how many units it builds / build it
//   missing        the asset kinds not found (model, script, picture)
//   file, source   the file that won and where it came from
//   warnings       how many warnings the unit has
// Any other name is a key of the unit's [UNITINFO], its text as in the file.
// Conditions and sorting read weapons and missing as counts.
#pragma once

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "tacatalog/catalog.h"
#include "tools/catalog_listing.h"

namespace kbot::tools {

class UnitRows : public RowSource {
 public:
  explicit UnitRows(const tacatalog::Catalog& catalog);

  size_t size() const override { return catalog_.units.size(); }
  const char* Noun() const override { return "unit"; }
  bool MatchesText(size_t row, absl::string_view lowered) const override;
  const std::vector<std::string>& NamedFields() const override;
  bool AnyRowHasKey(absl::string_view key) const override;
  std::vector<std::string> AllKeys() const override;
  FieldValue Value(size_t row, absl::string_view name) const override;
  nlohmann::json FieldJson(size_t row, absl::string_view name) const override;

  // The fields unit_list shows by default: id, name, side, description, the
  // game's costs, build_time, health, speed, weapons.
  std::vector<std::string> DefaultFields() const;
  // The side `unit` is on: the catalog side whose units list it, else its
  // Side key as written (a side no sidedata names).
  const std::string& SideOf(size_t row) const;
  // Whether `side` names a side (name or prefix) or some unit's Side key;
  // rows on it are those SideOf names, or whose prefix it is.
  bool KnownSide(absl::string_view side) const;
  bool OnSide(size_t row, absl::string_view side) const;

 private:
  const tacatalog::Catalog& catalog_;
  std::vector<const std::string*> side_of_;  // per unit: the side's name, or null
};

// What filters a unit_list has besides the common ones (ASCII case ignored).
struct UnitFilters {
  std::optional<std::string> side;      // a side's name or prefix ("ARM", "Aramon", "ARA")
  std::optional<std::string> tedclass;  // TEDClass
  std::optional<std::string> category;  // one tag of Category
};

// The row filter of `filters`; InvalidArgument naming the sides when `side`
// is none of them.
absl::StatusOr<std::function<bool(size_t)>> UnitFilter(const UnitRows& rows,
                                                       const tacatalog::Catalog& catalog,
                                                       const UnitFilters& filters);

}  // namespace kbot::tools
