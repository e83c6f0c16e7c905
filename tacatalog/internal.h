// What the catalog's parts share inside tacatalog/: the files it looks at
// (listing.cc), reading one through the parse cache, and the steps that fill
// a Catalog (units.cc, weapons.cc, menus.cc, features.cc, sides.cc).
#pragma once

#include <cstdint>
#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tacatalog/catalog.h"

namespace kbot::tacatalog::internal {

// One TDF file the catalog reads.
struct SourceFile {
  std::string path;    // the VFS's spelling
  std::string source;  // VfsEntry::source
  std::vector<std::string> hides;
  size_t rank = 0;     // of its source in Vfs::Sources(): lower wins
  size_t order = 0;    // its place in the listing: lower wins within a source
  contexts::FileIdentity identity;
};

// The files of a context the catalog looks at, and a fingerprint of them.
struct Listing {
  std::vector<SourceFile> units, weapons, features, sidedata, download, guis, canbuild;
  // Lower-cased path -> spelling, of the files units link to (objects3d/,
  // scripts/, unitpics/, anims/buildpic/).
  absl::flat_hash_map<std::string, std::string> assets;
  std::vector<Warning> warnings;
  // Over every SourceFile's path, source and identity and every asset's path
  // and source: another value means another catalog.
  uint64_t fingerprint[2] = {0, 0};
  int64_t newest_ns = 0;         // the latest modification time among the files
  bool identities_known = true;  // false: some file's identity is unknown
};

// Lists `vfs` and stats the files the catalog reads. At most limits.max_files
// TDF files (a warning says how many were left out).
absl::StatusOr<Listing> ListCatalogFiles(const contexts::Vfs& vfs, contexts::Game game,
                                         const Limits& limits, Progress& progress);

// A file parsed as TDF, from `cache` when its identity is kept there. Null
// when it cannot be read or parsed: a warning naming the file says why.
std::shared_ptr<const tdf::TdfFile> ReadTdfFile(const contexts::Vfs& vfs,
                                                contexts::ParseCache* cache,
                                                const SourceFile& file,
                                                std::vector<Warning>& warnings);

// About how many bytes a parsed file holds.
size_t TdfBytes(const tdf::TdfFile& file);

std::string Lower(absl::string_view text);
// "armcom" of "units/ARMCOM.fbi".
std::string Stem(absl::string_view path);
// True when `a` takes precedence over `b` (rank, then order).
bool Precedes(const SourceFile& a, const SourceFile& b);
FileRef RefOf(const SourceFile& file);

// The catalog under construction, and the warnings bound.
struct Build {
  const contexts::Vfs& vfs;
  contexts::ParseCache* cache;
  const Limits& limits;
  Catalog& catalog;
  void Warn(Warning warning);  // into catalog.warnings, bounded, counted
  // Reads `file` (ReadTdfFile), keeping the parsed file alive in the catalog;
  // a file read before (sidedata.tdf: sides and menus) is not read again.
  const tdf::TdfFile* Read(const SourceFile& file);
  absl::flat_hash_map<std::string, const tdf::TdfFile*> read_files = {};
};

// The value of `key` in `s` (the last of duplicates), or "" when absent.
std::string ValueOr(const tdf::TdfSection& s, absl::string_view key);

// A number the game reads from `entry`: nullopt and a warning ("FILE line N:
// KEY 'VALUE' is not a number") when it is not one; nullopt when absent.
std::optional<double> NumberOf(const tdf::TdfEntry* entry, absl::string_view file,
                               std::vector<Warning>& warnings);

// Sorts `items` by id, ASCII case ignored (a stable sort: equal ids keep
// their order), and fills `index` with lower-cased id -> place.
template <class T>
void SortById(std::vector<T>& items, absl::flat_hash_map<std::string, size_t>& index) {
  std::vector<std::pair<std::string, size_t>> keys;
  keys.reserve(items.size());
  for (size_t i = 0; i < items.size(); ++i) keys.emplace_back(Lower(items[i].id), i);
  std::stable_sort(keys.begin(), keys.end());
  std::vector<T> sorted;
  sorted.reserve(items.size());
  index.clear();
  for (auto& [key, i] : keys) {
    index.emplace(std::move(key), sorted.size());  // the first of equal ids
    sorted.push_back(std::move(items[i]));
  }
  items = std::move(sorted);
}

// BuildCatalog once the files are listed.
absl::StatusOr<std::shared_ptr<const Catalog>> BuildFromListing(const contexts::Vfs& vfs,
                                                                contexts::Game game,
                                                                contexts::ParseCache* cache,
                                                                Listing& listing,
                                                                Progress& progress,
                                                                const Limits& limits);

// The steps, in the order BuildCatalog runs them.
void AddUnits(Build& build, const Listing& listing);
void AddWeapons(Build& build, const Listing& listing);  // then links units' slots
void AddFeatures(Build& build, const Listing& listing);
void AddSides(Build& build, const Listing& listing);
void AddMenus(Build& build, const Listing& listing);
void LinkAssets(Catalog& catalog, const Listing& listing);

}  // namespace kbot::tacatalog::internal
