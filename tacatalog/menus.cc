// Build menus, both ways: builder -> unit pairings from sidedata.tdf's
// [CANBUILD], guis/BUILDERn.gui, download/*.tdf [MENUENTRYn] and (TA:
// Kingdoms) canbuild/BUILDER/UNIT.tdf; then indexed by builder and by unit.
#include <algorithm>
#include <tuple>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "tacatalog/internal.h"

namespace kbot::tacatalog::internal {

namespace {

// Adds builder -> unit when both are units; a warning naming what is not.
void AddOption(Build& build, BuildOption option, absl::string_view what) {
  const Unit* builder = build.catalog.FindUnit(option.builder);
  const Unit* unit = build.catalog.FindUnit(option.unit);
  for (const auto& [found, key, id] : {std::tuple{builder, "builder", option.builder},
                                       std::tuple{unit, "unit", option.unit}}) {
    if (found == nullptr) {
      build.Warn({option.file.path, option.line,
                  absl::StrCat(what, ": the ", key, " '", id, "' is not a unit")});
    }
  }
  if (builder == nullptr || unit == nullptr) return;
  option.builder = builder->id;
  option.unit = unit->id;
  build.catalog.build_options.push_back(std::move(option));
}

// A whole number the game reads from a menu key; -1 and a warning when the
// value is not one.
int IntOf(Build& build, const tdf::TdfEntry* entry, absl::string_view file) {
  std::vector<Warning> problems;
  std::optional<double> n = NumberOf(entry, file, problems);
  for (Warning& w : problems) build.Warn(std::move(w));
  return n && *n >= -1e9 && *n <= 1e9 ? int(*n) : -1;
}

// TA: gamedata/sidedata.tdf [CANBUILD] [BUILDER] canbuildN=UNIT (kbot's Go
// reader; the tak-engine TA port).
void ReadSidedataMenus(Build& build, const Listing& listing) {
  for (const SourceFile& file : listing.sidedata) {
    const tdf::TdfFile* parsed = build.Read(file);
    const tdf::TdfSection* canbuild = parsed ? parsed->FindSection("CANBUILD") : nullptr;
    if (canbuild == nullptr) continue;
    for (const tdf::TdfSection& builder : canbuild->sections) {
      for (const tdf::TdfEntry& e : builder.entries) {
        int n = -1;
        if (!absl::StartsWithIgnoreCase(e.key, "canbuild") ||
            !absl::SimpleAtoi(absl::string_view(e.key).substr(8), &n) || e.value.empty()) {
          continue;
        }
        AddOption(build, {builder.name, e.value, BuildOption::Via::kSidedata, RefOf(file),
                          e.at.line, -1, n},
                  absl::StrCat("[CANBUILD] [", builder.name, "] ", e.key));
      }
    }
  }
}

// download/*.tdf [MENUENTRYn]: UNITMENU builds UNITNAME, on page MENU at BUTTON.
void ReadDownloadMenus(Build& build, const Listing& listing) {
  for (const SourceFile& file : listing.download) {
    const tdf::TdfFile* parsed = build.Read(file);
    if (parsed == nullptr) continue;
    for (const tdf::TdfSection& s : parsed->sections) {
      if (!absl::StartsWithIgnoreCase(s.name, "MENUENTRY")) continue;
      std::optional<absl::string_view> builder = s.Value("UNITMENU"), unit = s.Value("UNITNAME");
      if (!builder || !unit || builder->empty() || unit->empty()) {
        build.Warn({file.path, s.at.line,
                    absl::StrCat("[", s.name, "] needs both UNITMENU and UNITNAME")});
        continue;
      }
      AddOption(build, {std::string(*builder), std::string(*unit), BuildOption::Via::kDownload,
                        RefOf(file), s.at.line, IntOf(build, s.Find("MENU"), file.path),
                        IntOf(build, s.Find("BUTTON"), file.path)},
                absl::StrCat("[", s.name, "]"));
    }
  }
}

// guis/BUILDERn.gui: page n of BUILDER's menu; each button gadget ([COMMON]
// id=1) named by a unit id is that unit. Other GUIs (menus, order buttons)
// name no unit and add nothing.
void ReadGuiMenus(Build& build, const Listing& listing) {
  for (const SourceFile& file : listing.guis) {
    const std::string stem = Stem(file.path);
    const size_t digits = stem.find_last_not_of("0123456789") + 1;
    int page = -1;
    if (digits == 0 || digits == stem.size() || !absl::SimpleAtoi(stem.substr(digits), &page)) {
      continue;
    }
    const Unit* builder = build.catalog.FindUnit(stem.substr(0, digits));
    if (builder == nullptr) continue;
    const tdf::TdfFile* parsed = build.Read(file);
    if (parsed == nullptr) continue;
    int button = 0;
    for (const tdf::TdfSection& gadget : parsed->sections) {
      const tdf::TdfSection* common = gadget.FindSection("COMMON");
      if (common == nullptr || common->Value("id").value_or("") != "1") continue;
      std::optional<absl::string_view> name = common->Value("name");
      if (!name || build.catalog.FindUnit(*name) == nullptr) continue;
      AddOption(build, {builder->id, std::string(*name), BuildOption::Via::kGui, RefOf(file),
                        gadget.at.line, page, button++},
                absl::StrCat("[", gadget.name, "]"));
    }
  }
}

// TA: Kingdoms: canbuild/BUILDER/UNIT.tdf, ordered by its [Menu] Priority
// (tak-engine's loadBuildTree; kbot's Go reader).
void ReadCanbuildFolders(Build& build, const Listing& listing) {
  for (const SourceFile& file : listing.canbuild) {
    const size_t first = file.path.find('/'), second = file.path.find('/', first + 1);
    const std::string builder = file.path.substr(first + 1, second - first - 1);
    const tdf::TdfFile* parsed = build.Read(file);
    const tdf::TdfSection* menu = parsed ? parsed->FindSection("Menu") : nullptr;
    const int priority = menu ? IntOf(build, menu->Find("Priority"), file.path) : -1;
    AddOption(build, {builder, Stem(file.path), BuildOption::Via::kCanbuild, RefOf(file), 0, -1,
                      priority},
              "canbuild");
  }
}

void IndexOptions(Catalog& catalog) {
  std::vector<std::pair<std::tuple<std::string, int, int, int, size_t>, size_t>> keys;
  for (size_t i = 0; i < catalog.build_options.size(); ++i) {
    const BuildOption& o = catalog.build_options[i];
    keys.push_back({{Lower(o.builder), int(o.via), o.menu, o.button, i}, i});
  }
  std::sort(keys.begin(), keys.end());
  std::vector<BuildOption> sorted;
  sorted.reserve(keys.size());
  for (const auto& [key, i] : keys) sorted.push_back(std::move(catalog.build_options[i]));
  catalog.build_options = std::move(sorted);
  for (size_t i = 0; i < catalog.build_options.size(); ++i) {
    const BuildOption& o = catalog.build_options[i];
    catalog.builds_index[Lower(o.builder)].push_back(i);
    catalog.built_by_index[Lower(o.unit)].push_back(i);
  }
}

}  // namespace

void AddMenus(Build& build, const Listing& listing) {
  ReadSidedataMenus(build, listing);
  ReadGuiMenus(build, listing);
  ReadDownloadMenus(build, listing);
  ReadCanbuildFolders(build, listing);
  IndexOptions(build.catalog);
}

}  // namespace kbot::tacatalog::internal
