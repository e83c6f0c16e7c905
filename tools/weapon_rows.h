// The catalog's weapons as rows of a listing (tools/catalog_listing.h): the
// named fields weapon_list shows and filters on, and which units use each.
//
//   id, name       the section name (TA: Kingdoms: "UNIT/WEAPONn"), `name`
//   unit           TA: Kingdoms: the unit whose FBI holds it; TA: null
//   range, reload (reloadtime), velocity (weaponvelocity),
//   area (areaofeffect)   the keys read as numbers
//   damage         the [DAMAGE] default
//   used_by        ids of the units whose weapon slots name it (a count in
//                  conditions and sorting)
//   file, source   the file that won and where it came from
// Any other name is a key of the weapon's section, its text as in the file;
// "SECTION/key" reads a child section's key ("damage/corak").
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tacatalog/catalog.h"
#include "tools/catalog_listing.h"

namespace kbot::tools {

// One use of a weapon: the unit and the slot (1 for Weapon1 / [WEAPON1]).
struct WeaponUse {
  size_t unit = 0;  // index into Catalog::units
  int slot = 0;
};

class WeaponRows : public RowSource {
 public:
  explicit WeaponRows(const tacatalog::Catalog& catalog);

  size_t size() const override { return catalog_.weapons.size(); }
  const char* Noun() const override { return "weapon"; }
  bool MatchesText(size_t row, absl::string_view lowered) const override;
  const std::vector<std::string>& NamedFields() const override;
  bool AnyRowHasKey(absl::string_view key) const override;
  std::vector<std::string> AllKeys() const override;
  FieldValue Value(size_t row, absl::string_view name) const override;
  nlohmann::json FieldJson(size_t row, absl::string_view name) const override;

  // id, name, range, reload, damage, used_by.
  static const std::vector<std::string>& DefaultFields();
  // The units whose slots name weapon `row`, in unit id order, then slot.
  const std::vector<WeaponUse>& UsesOf(size_t row) const { return uses_[row]; }
  // Whether unit `unit` (an index into Catalog::units) uses weapon `row`.
  bool UsedBy(size_t row, size_t unit) const;

 private:
  const tacatalog::Catalog& catalog_;
  std::vector<std::vector<WeaponUse>> uses_;  // per weapon
};

// A weapon's section key read as a number: `range` of "range", null when
// absent or not a number.
std::optional<double> WeaponNumber(const tacatalog::Weapon& weapon, absl::string_view key);

// The row filter of weapon_list's `unit` (the weapons that unit's slots
// name; all when nullopt). NotFound with the nearest unit ids when no unit
// has the id.
absl::StatusOr<std::function<bool(size_t)>> WeaponUnitFilter(
    const WeaponRows& rows, const tacatalog::Catalog& catalog,
    const std::optional<std::string>& unit);

}  // namespace kbot::tools
