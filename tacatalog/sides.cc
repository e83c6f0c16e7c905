// Sides: TA's gamedata/sidedata.tdf [SIDEn]; TA: Kingdoms' fixed five and
// the monsters and neutral units, which its engine knows without a file.
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "tacatalog/internal.h"

namespace kbot::tacatalog::internal {

namespace {

bool IsSideSection(absl::string_view name) {
  int n = 0;
  return name.size() > 4 && absl::StartsWithIgnoreCase(name, "side") &&
         absl::SimpleAtoi(name.substr(4), &n) && n >= 0;
}

void ReadSidedata(Build& build, const Listing& listing) {
  for (const SourceFile& file : listing.sidedata) {
    const tdf::TdfFile* parsed = build.Read(file);
    if (parsed == nullptr) continue;
    for (const tdf::TdfSection& s : parsed->sections) {
      if (!IsSideSection(s.name)) continue;
      Side side;
      side.name = std::string(s.Value("name").value_or(""));
      side.prefix = std::string(s.Value("nameprefix").value_or(""));
      side.commander = std::string(s.Value("commander").value_or(""));
      side.file = RefOf(file);
      side.line = s.at.line;
      side.section = &s;
      if (side.name.empty()) {
        build.Warn({file.path, s.at.line, absl::StrCat("[", s.name, "] has no name")});
      }
      if (!side.commander.empty() && build.catalog.FindUnit(side.commander) == nullptr) {
        build.Warn({file.path, s.at.line,
                    absl::StrCat("[", s.name, "] commander '", side.commander, "' is not a unit")});
      }
      build.catalog.sides.push_back(std::move(side));
    }
  }
}

void AssignTaUnits(Catalog& catalog) {
  for (Unit& unit : catalog.units) {
    Side* side = nullptr;
    for (Side& s : catalog.sides) {
      if (!s.name.empty() && absl::EqualsIgnoreCase(s.name, unit.side)) side = &s;
    }
    if (side != nullptr) {
      side->units.push_back(unit.id);
    } else if (!catalog.sides.empty()) {
      const tdf::TdfEntry* key = unit.info->Find("Side");
      unit.warnings.push_back({unit.file.path, key != nullptr ? key->at.line : unit.line,
                               absl::StrCat("Side '", unit.side,
                                            "' is not a side of gamedata/sidedata.tdf")});
    }
  }
}

// Where a TA: Kingdoms unit belongs: the side its Side key or its id's
// prefix names; the monsters (Side=monster(s), or an id starting "mon");
// else the neutral units.
size_t KingdomsSideOf(const Catalog& catalog, const Unit& unit) {
  const size_t monsters = catalog.sides.size() - 2, neutral = catalog.sides.size() - 1;
  for (size_t i = 0; i < monsters; ++i) {
    const Side& s = catalog.sides[i];
    if (absl::EqualsIgnoreCase(unit.side, s.name) || absl::EqualsIgnoreCase(unit.side, s.prefix)) {
      return i;
    }
  }
  if (absl::StartsWithIgnoreCase(unit.side, "monster") ||
      absl::StartsWithIgnoreCase(unit.id, "mon")) {
    return monsters;
  }
  for (size_t i = 0; i < monsters && unit.side.empty(); ++i) {
    if (absl::StartsWithIgnoreCase(unit.id, catalog.sides[i].prefix)) return i;
  }
  return neutral;
}

void AddKingdomsSides(Catalog& catalog) {
  static constexpr std::pair<const char*, const char*> kSides[] = {
      {"Aramon", "ARA"}, {"Taros", "TAR"},  {"Veruna", "VER"},  {"Zhon", "ZON"},
      {"Creon", "CRE"},  {"Monsters", "MON"}, {"Neutral", ""}};
  for (const auto& [name, prefix] : kSides) {
    Side side;
    side.name = name;
    side.prefix = prefix;
    catalog.sides.push_back(std::move(side));
  }
  for (const Unit& unit : catalog.units) {
    Side& side = catalog.sides[KingdomsSideOf(catalog, unit)];
    side.units.push_back(unit.id);
    std::optional<absl::string_view> commander = unit.Value("commander");
    std::optional<double> n = commander ? tdf::ParseTdfNumber(*commander) : std::nullopt;
    if (side.commander.empty() && n && *n != 0) side.commander = unit.id;
  }
}

}  // namespace

void AddSides(Build& build, const Listing& listing) {
  if (build.catalog.game == contexts::Game::kTaKingdoms) {
    AddKingdomsSides(build.catalog);
    return;
  }
  ReadSidedata(build, listing);
  AssignTaUnits(build.catalog);
}

}  // namespace kbot::tacatalog::internal
