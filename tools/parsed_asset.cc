#include "tools/parsed_asset.h"

#include <optional>

namespace kbot::tools {

absl::StatusOr<ErasedParsed> ParseErased(const contexts::Context& context,
                                         const std::string& path, const ErasedParse& parse) {
  contexts::ParseCache* cache = context.parse_cache.get();
  if (cache != nullptr) {
    // A lookup that fails falls through to the read, whose error is the
    // one a tool reports (with the near paths).
    absl::StatusOr<contexts::VfsStat> stat = context.vfs->Stat(path);
    if (stat.ok()) {
      std::optional<contexts::ParseCache::Value> hit =
          cache->Find({stat->identity, stat->path, parse.kind});
      if (hit) {
        if (!hit->status.ok()) return InContext(context, hit->status);
        return ErasedParsed{std::move(stat->path), stat->size, std::move(hit->value)};
      }
    }
  }
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, path);
  if (!opened.ok()) return opened.status();
  size_t bytes = 0;
  absl::StatusOr<std::shared_ptr<const void>> parsed = parse.parse(opened->asset, bytes);
  if (cache != nullptr) {
    // Kept under the identity of the bytes that were read: a file replaced
    // since the Stat above is kept as what it now is.
    contexts::ParseCache::Value value;
    if (parsed.ok()) {
      value.value = *parsed;
    } else {
      value.status = parsed.status();
      bytes = parsed.status().message().size();
    }
    cache->Put({std::move(opened->identity), opened->asset.path, parse.kind}, std::move(value),
               bytes);
  }
  if (!parsed.ok()) return InContext(context, parsed.status());
  return ErasedParsed{std::move(opened->asset.path), opened->asset.bytes.size(),
                      *std::move(parsed)};
}

}  // namespace kbot::tools
