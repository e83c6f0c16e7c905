// Units: units/*.fbi, one [UNITINFO] each; the file of higher precedence
// wins an id. TA: Kingdoms' [WEAPONn] sections, which sit beside [UNITINFO]
// in the same file, become the unit's weapons here.
#include <algorithm>
#include <numeric>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "tacatalog/internal.h"

namespace kbot::tacatalog::internal {

namespace {

// The slot number of "Weapon3" / "WEAPON3" (1-99), or 0.
int WeaponSlotOf(absl::string_view name) {
  if (name.size() < 7 || name.size() > 8 || !absl::StartsWithIgnoreCase(name, "weapon")) return 0;
  int n = 0;
  if (!absl::SimpleAtoi(name.substr(6), &n) || n < 1 || name[6] == '+' || name[6] == '0') {
    return 0;
  }
  return n;
}

// The unit's id, as the game keys it; a warning when the file names none.
std::string UnitIdOf(const tdf::TdfSection& info, const SourceFile& file, contexts::Game game,
                     std::vector<Warning>& warnings) {
  // tak-engine keys Kingdoms units by objectname, then the file's stem.
  for (absl::string_view key : game == contexts::Game::kTaKingdoms
                                   ? std::vector<absl::string_view>{"objectname", "UnitName"}
                                   : std::vector<absl::string_view>{"UnitName"}) {
    std::optional<absl::string_view> v = info.Value(key);
    if (v && !v->empty()) return std::string(*v);
  }
  warnings.push_back({file.path, info.at.line,
                      absl::StrCat("[", info.name, "] has no UnitName; the file's name is used")});
  return Stem(file.path);
}

void FillNumbers(Unit& unit, const tdf::TdfSection& info, contexts::Game game) {
  const std::string& f = unit.file.path;
  std::vector<Warning>& w = unit.warnings;
  if (game == contexts::Game::kTaKingdoms) {
    unit.build_cost = NumberOf(info.Find("buildcost"), f, w);
  } else {
    unit.build_cost_metal = NumberOf(info.Find("BuildCostMetal"), f, w);
    unit.build_cost_energy = NumberOf(info.Find("BuildCostEnergy"), f, w);
  }
  unit.build_time = NumberOf(info.Find("BuildTime"), f, w);
  unit.worker_time = NumberOf(info.Find("WorkerTime"), f, w);
  unit.health = NumberOf(info.Find("MaxDamage"), f, w);
  unit.speed = NumberOf(info.Find("MaxVelocity"), f, w);
}

Unit MakeUnit(std::string id, const tdf::TdfSection& info, const SourceFile& file,
              contexts::Game game) {
  Unit unit;
  unit.id = std::move(id);
  unit.file = RefOf(file);
  unit.line = info.at.line;
  unit.info = &info;
  for (const std::string& hidden : file.hides) unit.overrides.push_back({file.path, hidden});
  unit.side = ValueOr(info, "Side");
  unit.name = ValueOr(info, "Name");
  unit.description = ValueOr(info, "Description");
  unit.tedclass = ValueOr(info, "TEDClass");
  unit.objectname = ValueOr(info, "Objectname");
  unit.categories = absl::StrSplit(ValueOr(info, "Category"), absl::ByAnyChar(" \t"),
                                   absl::SkipEmpty());
  FillNumbers(unit, info, game);
  if (game != contexts::Game::kTaKingdoms) {
    for (const tdf::TdfEntry& e : info.entries) {
      const int slot = WeaponSlotOf(e.key);
      if (slot == 0 || e.value.empty()) continue;
      std::erase_if(unit.weapons, [&](const WeaponSlot& s) { return s.slot == slot; });
      unit.weapons.push_back({slot, e.value, -1});  // a later duplicate key wins
    }
    std::sort(unit.weapons.begin(), unit.weapons.end(),
              [](const WeaponSlot& a, const WeaponSlot& b) { return a.slot < b.slot; });
  }
  return unit;
}

// TA: Kingdoms: the file's top-level [WEAPONn] sections, as weapons of `unit`.
void AddKingdomsWeapons(Catalog& catalog, Unit& unit, const tdf::TdfFile& file) {
  for (const tdf::TdfSection& s : file.sections) {
    const int slot = WeaponSlotOf(s.name);
    if (slot == 0) continue;
    Weapon weapon;
    weapon.id = absl::StrCat(unit.id, "/", absl::AsciiStrToUpper(s.name));
    weapon.unit = unit.id;
    weapon.file = unit.file;
    weapon.line = s.at.line;
    weapon.section = &s;
    std::optional<absl::string_view> name = s.Value("name");
    if (name) weapon.name = std::string(*name);
    unit.weapons.push_back({slot, weapon.id, -1});
    catalog.weapons.push_back(std::move(weapon));
  }
}

}  // namespace

void AddUnits(Build& build, const Listing& listing) {
  Catalog& catalog = build.catalog;
  const contexts::Game game = catalog.game;
  std::vector<size_t> order(listing.units.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return Precedes(listing.units[a], listing.units[b]);
  });
  for (size_t i : order) {
    const SourceFile& file = listing.units[i];
    const tdf::TdfFile* parsed = build.Read(file);
    if (parsed == nullptr) continue;
    const tdf::TdfSection* info = parsed->FindSection("UNITINFO");
    if (info == nullptr) {
      build.Warn({file.path, 0, "no [UNITINFO] section: not a unit"});
      continue;
    }
    std::vector<Warning> id_warnings;
    std::string id = UnitIdOf(*info, file, game, id_warnings);
    auto [it, fresh] = catalog.unit_index.emplace(Lower(id), catalog.units.size());
    if (!fresh) {
      // The earlier file in precedence order keeps the id.
      Unit& winner = catalog.units[it->second];
      winner.overrides.push_back(RefOf(file));
      winner.warnings.push_back(
          {file.path, info->at.line,
           absl::StrCat("declares ", id, " too (", file.source, "); ", winner.file.path, " (",
                        winner.file.source, ") takes precedence")});
      continue;
    }
    Unit unit = MakeUnit(std::move(id), *info, file, game);
    unit.warnings.insert(unit.warnings.begin(), id_warnings.begin(), id_warnings.end());
    if (game == contexts::Game::kTaKingdoms) AddKingdomsWeapons(catalog, unit, *parsed);
    catalog.units.push_back(std::move(unit));
  }
  SortById(catalog.units, catalog.unit_index);
}

}  // namespace kbot::tacatalog::internal
