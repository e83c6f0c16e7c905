// CatalogOf: the catalog kept in the workspace's parse cache, keyed by a
// fingerprint of the files it reads and the listing it looks at.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "tacatalog/internal.h"

namespace kbot::tacatalog {

absl::StatusOr<std::shared_ptr<const Catalog>> CatalogOf(const contexts::Context& context,
                                                         Progress& progress,
                                                         const Limits& limits) {
  using contexts::ParseCache;
  absl::StatusOr<internal::Listing> listing =
      internal::ListCatalogFiles(*context.vfs, context.game, limits, progress);
  if (!listing.ok()) return listing.status();
  ParseCache* cache = context.parse_cache.get();
  // The key names no file of its own: the fingerprint stands for every file
  // (real paths, inodes, sizes, times) and listed path. Its time is the
  // newest file's, so the cache's racy-time rule (parse_cache.h) refuses a
  // catalog of a file written too recently to tell a second write from it;
  // an unknown identity anywhere leaves the key unknown: nothing is kept.
  contexts::FileIdentity identity;
  if (listing->identities_known) identity.file = "tacatalog";
  identity.modified_ns = listing->newest_ns;
  identity.part = absl::StrFormat("%016x%016x", listing->fingerprint[0], listing->fingerprint[1]);
  const ParseCache::Key key{
      std::move(identity), "",
      ParseCache::KindOf<Catalog>(absl::StrCat(contexts::GameName(context.game), " files<=",
                                               limits.max_files, " warnings<=",
                                               limits.max_warnings))};
  if (cache != nullptr) {
    if (std::optional<ParseCache::Value> hit = cache->Find(key); hit && hit->status.ok()) {
      return std::static_pointer_cast<const Catalog>(hit->value);
    }
  }
  absl::StatusOr<std::shared_ptr<const Catalog>> built = internal::BuildFromListing(
      *context.vfs, context.game, cache, *listing, progress, limits);
  if (!built.ok()) return built.status();
  if (cache != nullptr) cache->Put(key, {absl::OkStatus(), *built}, (*built)->bytes);
  return built;
}

}  // namespace kbot::tacatalog
