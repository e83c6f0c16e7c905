// CatalogOf: the catalog kept in the workspace's parse cache, keyed by a
// fingerprint of the files it reads and the listing it looks at; on a
// watched folder, found again without listing while nothing changed.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tacatalog/internal.h"

namespace kbot::tacatalog {

namespace {

using contexts::ParseCache;

// The key names no file of its own: the fingerprint stands for every file
// (real paths, inodes, sizes, times) and listed path. Its time is the newest
// file's, so the cache's racy-time rule (parse_cache.h) refuses a catalog of a
// file written too recently to tell a second write from it; an unknown
// identity anywhere leaves the key unknown: nothing is kept.
ParseCache::Key KeyOf(const internal::Listing& listing, std::string kind) {
  contexts::FileIdentity identity;
  if (listing.identities_known) identity.file = "tacatalog";
  identity.modified_ns = listing.newest_ns;
  identity.part = absl::StrFormat("%016x%016x", listing.fingerprint[0], listing.fingerprint[1]);
  return ParseCache::Key{std::move(identity), "", std::move(kind)};
}

std::shared_ptr<const Catalog> Kept(ParseCache& cache, const ParseCache::Key& key) {
  std::optional<ParseCache::Value> hit = cache.Find(key);
  if (!hit || !hit->status.ok()) return nullptr;
  return std::static_pointer_cast<const Catalog>(hit->value);
}

}  // namespace

absl::StatusOr<std::shared_ptr<const Catalog>> CatalogOf(const contexts::Context& context,
                                                         Progress& progress,
                                                         const Limits& limits) {
  ParseCache* cache = context.parse_cache.get();
  std::string kind = ParseCache::KindOf<Catalog>(absl::StrCat(
      contexts::GameName(context.game), " files<=", limits.max_files, " warnings<=",
      limits.max_warnings));
  // On a watched folder: the generation is taken before the listing, so a
  // change made while listing makes the key remembered below out of date.
  // Unchanged since a catalog was kept: that catalog, with no listing at all.
  const std::shared_ptr<contexts::ChangeWatch> watch =
      cache != nullptr ? context.Watch() : nullptr;
  const uint64_t generation = watch != nullptr ? watch->Generation() : 0;
  if (watch != nullptr) {
    if (std::optional<ParseCache::Key> key = context.changes->Recall(kind, generation)) {
      if (std::shared_ptr<const Catalog> kept = Kept(*cache, *key)) return kept;
    }
  }
  absl::StatusOr<internal::Listing> listing =
      internal::ListCatalogFiles(*context.vfs, context.game, limits, progress);
  if (!listing.ok()) return listing.status();
  ParseCache::Key key = KeyOf(*listing, std::move(kind));
  std::shared_ptr<const Catalog> kept = cache != nullptr ? Kept(*cache, key) : nullptr;
  if (kept == nullptr) {
    absl::StatusOr<std::shared_ptr<const Catalog>> built = internal::BuildFromListing(
        *context.vfs, context.game, cache, *listing, progress, limits);
    if (!built.ok()) return built.status();
    kept = *std::move(built);
    // Refused (racy, unknown): nothing to remember, the next call checks.
    if (cache == nullptr || !cache->Put(key, {absl::OkStatus(), kept}, kept->bytes)) return kept;
  }
  if (watch != nullptr) {
    const std::string what = key.kind;  // not key.kind itself: `key` moves into the call
    context.changes->Remember(what, generation, std::move(key));
  }
  return kept;
}

}  // namespace kbot::tacatalog
