// Weapons: TA's weapons/*.tdf, a weapon a top-level section; TA: Kingdoms'
// came with the units (units.cc). Then each unit's slots are linked.
#include <algorithm>
#include <numeric>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "tacatalog/internal.h"

namespace kbot::tacatalog::internal {

namespace {

// The weapons of TA's weapons/*.tdf, the file of higher precedence winning
// an id.
void ReadWeaponFiles(Build& build, const Listing& listing) {
  Catalog& catalog = build.catalog;
  std::vector<size_t> order(listing.weapons.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return Precedes(listing.weapons[a], listing.weapons[b]);
  });
  for (size_t i : order) {
    const SourceFile& file = listing.weapons[i];
    const tdf::TdfFile* parsed = build.Read(file);
    if (parsed == nullptr) continue;
    for (const tdf::TdfSection& s : parsed->sections) {
      auto [it, fresh] = catalog.weapon_index.emplace(Lower(s.name), catalog.weapons.size());
      if (!fresh) {
        Weapon& winner = catalog.weapons[it->second];
        winner.overrides.push_back(RefOf(file));
        build.Warn({file.path, s.at.line,
                    absl::StrCat("weapon ", s.name, " is defined again; ", winner.file.path,
                                 " line ", winner.line, " takes precedence")});
        continue;
      }
      Weapon weapon;
      weapon.id = s.name;
      weapon.file = RefOf(file);
      weapon.line = s.at.line;
      weapon.section = &s;
      for (const std::string& hidden : file.hides) weapon.overrides.push_back({file.path, hidden});
      catalog.weapons.push_back(std::move(weapon));
    }
  }
}

void FillDamage(Build& build, Weapon& weapon) {
  std::optional<absl::string_view> name = weapon.section->Value("name");
  if (name) weapon.name = std::string(*name);
  const tdf::TdfSection* damage = weapon.section->FindSection("DAMAGE");
  if (damage == nullptr) return;
  std::vector<Warning> problems;
  for (const tdf::TdfEntry& e : damage->entries) {
    std::optional<double> n = NumberOf(&e, weapon.file.path, problems);
    if (!n) continue;
    if (absl::EqualsIgnoreCase(e.key, "default")) {
      weapon.default_damage = n;
    } else {
      weapon.damage.emplace_back(e.key, *n);
    }
  }
  for (Warning& w : problems) build.Warn(std::move(w));
}

void LinkSlots(Catalog& catalog) {
  for (Unit& unit : catalog.units) {
    for (WeaponSlot& slot : unit.weapons) {
      auto it = catalog.weapon_index.find(Lower(slot.id));
      if (it != catalog.weapon_index.end()) {
        slot.weapon = int(it->second);
        continue;
      }
      const tdf::TdfEntry* key = unit.info->Find(absl::StrCat("Weapon", slot.slot));
      unit.warnings.push_back({unit.file.path, key != nullptr ? key->at.line : unit.line,
                               absl::StrCat("Weapon", slot.slot, " '", slot.id,
                                            "' is not a weapon in weapons/*.tdf")});
    }
  }
}

}  // namespace

void AddWeapons(Build& build, const Listing& listing) {
  Catalog& catalog = build.catalog;
  ReadWeaponFiles(build, listing);
  for (Weapon& weapon : catalog.weapons) FillDamage(build, weapon);
  SortById(catalog.weapons, catalog.weapon_index);
  LinkSlots(catalog);
}

}  // namespace kbot::tacatalog::internal
