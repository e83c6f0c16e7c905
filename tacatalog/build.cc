// BuildCatalog: the listing, then units, weapons, features, sides and menus
// in turn, each step reading its files through the parse cache.
#include <utility>

#include "absl/strings/str_cat.h"
#include "tacatalog/internal.h"

namespace kbot::tacatalog {

namespace internal {

namespace {

size_t SectionBytes(const tdf::TdfSection& section) {
  size_t n = sizeof(tdf::TdfSection) + section.name.capacity();
  for (const tdf::TdfEntry& e : section.entries) {
    n += sizeof(tdf::TdfEntry) + e.key.capacity() + e.value.capacity();
  }
  for (const tdf::TdfSection& child : section.sections) n += SectionBytes(child);
  return n;
}

}  // namespace

size_t TdfBytes(const tdf::TdfFile& file) {
  size_t n = sizeof(tdf::TdfFile);
  for (const tdf::TdfSection& s : file.sections) n += SectionBytes(s);
  for (const tdf::TdfWarning& w : file.warnings) n += sizeof(w) + w.message.capacity();
  return n;
}

void Build::Warn(Warning warning) {
  ++catalog.warning_count;
  if (catalog.warnings.size() < limits.max_warnings) catalog.warnings.push_back(std::move(warning));
}

const tdf::TdfFile* Build::Read(const SourceFile& file) {
  if (auto it = read_files.find(file.path); it != read_files.end()) return it->second;
  std::vector<Warning> problems;
  std::shared_ptr<const tdf::TdfFile> parsed = ReadTdfFile(vfs, cache, file, problems);
  for (Warning& w : problems) Warn(std::move(w));
  read_files.emplace(file.path, parsed.get());
  if (parsed == nullptr) return nullptr;
  ++catalog.files_read;
  // The reader's own warnings (a missing ';' ...) are the mod's problems too.
  for (const tdf::TdfWarning& w : parsed->warnings) {
    Warn({file.path, w.at.line, absl::StrCat("column ", w.at.column, ": ", w.message)});
  }
  catalog.bytes += TdfBytes(*parsed);
  catalog.files.push_back(parsed);
  return parsed.get();
}

std::string ValueOr(const tdf::TdfSection& s, absl::string_view key) {
  std::optional<absl::string_view> v = s.Value(key);
  return v ? std::string(*v) : std::string();
}

std::optional<double> NumberOf(const tdf::TdfEntry* entry, absl::string_view file,
                               std::vector<Warning>& warnings) {
  if (entry == nullptr) return std::nullopt;
  std::optional<double> n = tdf::ParseTdfNumber(entry->value);
  if (!n) {
    warnings.push_back({std::string(file), entry->at.line,
                        absl::StrCat(entry->key, " '", entry->value, "' is not a number")});
  }
  return n;
}

}  // namespace internal

namespace internal {

absl::StatusOr<std::shared_ptr<const Catalog>> BuildFromListing(const contexts::Vfs& vfs,
                                                                contexts::Game game,
                                                                contexts::ParseCache* cache,
                                                                Listing& listing,
                                                                Progress& progress,
                                                                const Limits& limits) {
  auto catalog = std::make_shared<Catalog>();
  catalog->game = game;
  Build build{vfs, cache, limits, *catalog};
  for (Warning& w : listing.warnings) build.Warn(std::move(w));
  AddUnits(build, listing);
  if (!progress.Report(1, 5, "units read")) return absl::CancelledError("catalog: cancelled");
  AddWeapons(build, listing);
  AddFeatures(build, listing);
  AddSides(build, listing);
  if (!progress.Report(4, 5, "menus next")) return absl::CancelledError("catalog: cancelled");
  AddMenus(build, listing);
  LinkAssets(*catalog, listing);
  for (const Unit& unit : catalog->units) {
    catalog->warning_count += unit.warnings.size();
    catalog->bytes += sizeof(Unit) + unit.id.size() * 4 + unit.warnings.size() * 96 +
                      unit.assets.size() * (sizeof(AssetLink) + 48);
  }
  catalog->bytes += catalog->build_options.size() * (sizeof(BuildOption) + 64) +
                    catalog->weapons.size() * sizeof(Weapon) +
                    catalog->features.size() * sizeof(Feature);
  return std::shared_ptr<const Catalog>(std::move(catalog));
}

}  // namespace internal

absl::StatusOr<std::shared_ptr<const Catalog>> BuildCatalog(const contexts::Vfs& vfs,
                                                            contexts::Game game,
                                                            contexts::ParseCache* cache,
                                                            Progress& progress,
                                                            const Limits& limits) {
  absl::StatusOr<internal::Listing> listing =
      internal::ListCatalogFiles(vfs, game, limits, progress);
  if (!listing.ok()) return listing.status();
  return internal::BuildFromListing(vfs, game, cache, *listing, progress, limits);
}

}  // namespace kbot::tacatalog
