// The catalog of a TA or TA: Kingdoms mod: every unit, weapon, feature, side
// and build-menu entry a context's files define, with links between them,
// built from the TDF text files (formats/tdf/) read through the context's VFS.
// docs/formats/ta-catalog.md has every rule and its source.
//
//   units     units/*.fbi [UNITINFO]; a unit id declared by two files is the
//             file of higher precedence's (see below), the others are listed
//             as what it overrode
//   weapons   TA: each top-level section of weapons/*.tdf; TA: Kingdoms: the
//             [WEAPONn] sections of the unit's own FBI
//   features  each top-level section of features/**/*.tdf
//   sides     TA: gamedata/sidedata.tdf [SIDEn]; TA: Kingdoms: Aramon, Taros,
//             Veruna, Zhon, Creon, then the monsters and the neutral units
//   menus     builder -> unit, both ways, from download/*.tdf [MENUENTRYn],
//             guis/BUILDERn.gui buttons, sidedata.tdf [CANBUILD] and (TA:
//             Kingdoms) canbuild/BUILDER/UNIT.tdf
//
// Nothing in a mod's files fails the catalog: a file that is not readable
// TDF, a value that is not a number, a menu naming no unit are warnings with
// the file and line. Only a listing that fails or is cancelled is an error.
//
// Precedence (which file wins a unit id, a feature id or a weapon id): the
// VFS's own rule for one path, extended to ids: the file whose source comes
// first in Vfs::Sources() (a loose file, then archives, patches over base),
// and between files of one source the first in listing order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "base/progress.h"
#include "contexts/parse_cache.h"
#include "contexts/registry.h"
#include "contexts/vfs.h"
#include "contexts/workspace.h"
#include "formats/tdf/tdf.h"

namespace kbot::tacatalog {

// A problem in a mod's files: "units/armcom.fbi line 12: BuildCostMetal
// 'lots' is not a number". Line 0: the whole file.
struct Warning {
  std::string file;
  uint32_t line = 0;
  std::string message;
  friend bool operator==(const Warning&, const Warning&) = default;
};
std::string WarningText(const Warning& warning);

// A file the catalog read: its path in the context and where the bytes came
// from ("folder", "built-in" or an archive's name; VfsEntry::source).
struct FileRef {
  std::string path;
  std::string source;
  friend bool operator==(const FileRef&, const FileRef&) = default;
};

// A file a unit links to by name, and whether the context has it.
struct AssetLink {
  std::string kind;      // "model", "script", "picture"
  std::string path;      // as the game looks it up: objects3d/ARMCOM.3do
  std::string found;     // the context's spelling when present; empty when missing
  bool present() const { return !found.empty(); }
};

struct WeaponSlot {
  int slot = 0;        // 1 for Weapon1 / [WEAPON1]
  std::string id;      // TA: the Weapon1 value; TA: Kingdoms: "UNIT/WEAPON1"
  int weapon = -1;     // index into Catalog::weapons; -1 when no weapon has the id
};

struct Unit {
  std::string id;  // TA: UnitName; TA: Kingdoms: objectname; else the file's stem
  FileRef file;    // the file that won
  uint32_t line = 0;                  // of its [UNITINFO]
  std::vector<FileRef> overrides;     // what it hides: other files with its id,
                                      // copies of its path in other sources
  const tdf::TdfSection* info = nullptr;  // every key, file order, spelt as in the file

  // The common keys (empty / nullopt when absent or, for numbers, not a number:
  // then a warning on this unit says so).
  std::string side, name, description, tedclass, objectname;
  std::vector<std::string> categories;  // Category, split at blanks
  std::optional<double> build_cost_metal, build_cost_energy;  // TA
  std::optional<double> build_cost;                           // TA: Kingdoms (mana)
  std::optional<double> build_time, worker_time, health /*MaxDamage*/, speed /*MaxVelocity*/;
  std::vector<WeaponSlot> weapons;
  std::vector<AssetLink> assets;  // model, script, picture, in that order
  std::vector<Warning> warnings;

  // The value of any key of [UNITINFO] (ASCII case ignored; the later of
  // duplicates), as in the file.
  std::optional<absl::string_view> Value(absl::string_view key) const;
};

struct Weapon {
  std::string id;      // the section name (TA: Kingdoms: "UNIT/WEAPONn")
  std::string unit;    // TA: Kingdoms: the unit whose FBI holds it; TA: empty
  FileRef file;
  uint32_t line = 0;
  const tdf::TdfSection* section = nullptr;  // every key
  std::vector<FileRef> overrides;
  std::string name;                     // its `name` key
  std::optional<double> default_damage;  // [DAMAGE] default
  // [DAMAGE]'s other keys: a unit id (or, TA: Kingdoms, a category) and its
  // damage, file order; values that are not numbers are left out, with a warning.
  std::vector<std::pair<std::string, double>> damage;
};

struct Feature {
  std::string id;  // the section name
  FileRef file;
  uint32_t line = 0;
  const tdf::TdfSection* section = nullptr;
  std::vector<FileRef> overrides;
  std::string world, description, category;
  std::string object;             // a 3DO under objects3d/, or empty
  std::string filename, seqname;  // a GAF under anims/ and its sequence, or empty
  std::optional<double> metal, energy;
};

struct Side {
  std::string name;        // "ARM"; TA: Kingdoms: "Aramon", ..., "Monsters", "Neutral"
  std::string prefix;      // nameprefix ("ARM"); TA: Kingdoms: "ARA", ...
  std::string commander;   // a unit id; TA: Kingdoms: its unit with commander=1
  std::optional<FileRef> file;  // none for TA: Kingdoms' built-in table
  uint32_t line = 0;
  const tdf::TdfSection* section = nullptr;  // TA: [SIDEn]
  std::vector<std::string> units;  // ids of the units on this side, sorted
};

// One builder -> unit pairing, and where it was read.
struct BuildOption {
  enum class Via { kSidedata, kGui, kDownload, kCanbuild };
  std::string builder, unit;  // unit ids as the catalog spells them
  Via via = Via::kDownload;
  FileRef file;
  uint32_t line = 0;
  int menu = -1;    // download: MENU; gui: the page in the file name
  int button = -1;  // download: BUTTON; gui: the unit button's place on the page;
                    // sidedata: N of canbuildN; canbuild: [Menu] Priority
};
const char* ViaName(BuildOption::Via via);  // "sidedata", "gui", "download", "canbuild"

// Bounds on what one catalog reads.
struct Limits {
  size_t max_files = 100'000;  // TDF files read; more are left out, with a warning
  size_t max_warnings = 10'000;  // kept in Catalog::warnings (all are counted)
};

class Catalog {
 public:
  contexts::Game game = contexts::Game::kTa;
  std::vector<Unit> units;        // sorted by id, ASCII case ignored
  std::vector<Weapon> weapons;    // sorted by id
  std::vector<Feature> features;  // sorted by id
  std::vector<Side> sides;        // file order (TA), the fixed order (TA: Kingdoms)
  // Sorted by builder, then source (sidedata, gui, download, canbuild), then
  // menu, button and file order.
  std::vector<BuildOption> build_options;
  // Problems not on one unit: unreadable files, menus, weapons, features, sides.
  std::vector<Warning> warnings;
  uint64_t warning_count = 0;  // Catalog::warnings' and the units' together
  uint64_t files_read = 0;     // TDF files parsed or taken from the parse cache
  size_t bytes = 0;            // about how much memory the catalog holds

  const Unit* FindUnit(absl::string_view id) const;  // ASCII case ignored
  const Weapon* FindWeapon(absl::string_view id) const;
  const Feature* FindFeature(absl::string_view id) const;
  const Side* FindSide(absl::string_view name) const;
  // What `builder` builds, and what builds `unit`, in build_options' order.
  std::vector<const BuildOption*> Builds(absl::string_view builder) const;
  std::vector<const BuildOption*> BuiltBy(absl::string_view unit) const;

  // Set by the builder (build.cc): the files the catalog's sections live in,
  // and the indexes by lower-cased id.
  std::vector<std::shared_ptr<const tdf::TdfFile>> files;
  absl::flat_hash_map<std::string, size_t> unit_index, weapon_index, feature_index;
  absl::flat_hash_map<std::string, std::vector<size_t>> builds_index, built_by_index;
};

// Builds the catalog of the files `vfs` holds, read as `game` reads them
// (kTaKingdoms its own way; kTa and kGta the TA way). Each TDF file goes
// through `cache` (may be null) keyed by its identity, so a rebuild parses
// only what changed. Errors: the listing's (CancelledError when `progress`
// says stop).
absl::StatusOr<std::shared_ptr<const Catalog>> BuildCatalog(const contexts::Vfs& vfs,
                                                            contexts::Game game,
                                                            contexts::ParseCache* cache,
                                                            Progress& progress = NoProgress(),
                                                            const Limits& limits = {});

// The catalog of `context`, built once and kept in the context's parse cache
// while every file it read is as it was and the listing of the files it
// looks at is the same (a file added, removed, edited or replaced builds it
// again; see cache.cc). Each call lists the context and stats those files,
// but on a folder context whose change watch runs (context.Watch(), started
// by the first call; contexts/change_watch.h): there a call that finds no
// event since the catalog was kept (nothing created, deleted, written,
// renamed or touched anywhere under the folder) answers it without listing
// or statting anything; any event takes the full path. A catalog the cache
// refused (a file modified under two seconds ago: the racy rule) is never
// answered that way. Thread-safe; two calls racing on a change may both
// build. A context without a parse cache builds every time.
absl::StatusOr<std::shared_ptr<const Catalog>> CatalogOf(const contexts::Context& context,
                                                         Progress& progress = NoProgress(),
                                                         const Limits& limits = {});

}  // namespace kbot::tacatalog
