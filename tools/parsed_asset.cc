#include "tools/parsed_asset.h"

#include <functional>
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

ToolResult KeptAnswer(const contexts::Context& context, const std::string& path,
                      const std::string& how, const std::function<ToolResult()>& answer) {
  contexts::ParseCache* cache = context.parse_cache.get();
  absl::StatusOr<contexts::VfsStat> before =
      cache != nullptr ? context.vfs->Stat(path) : absl::NotFoundError(path);
  if (!before.ok()) return answer();  // its error is the tool's own, with the near paths
  const contexts::ParseCache::Key key{
      before->identity, before->path,
      contexts::ParseCache::KindOf<SerializedResult>(how + " answer")};
  if (std::optional<contexts::ParseCache::Value> hit = cache->Find(key); hit && hit->status.ok()) {
    ToolResult kept;
    kept.structured = nullptr;
    kept.serialized = std::static_pointer_cast<const SerializedResult>(std::move(hit->value));
    return kept;
  }
  ToolResult result = answer();
  if (result.error || result.cancelled) return result;
  std::shared_ptr<const SerializedResult> serialized = SerializedResult::Of(result.structured);
  // Kept only when the file is still what was looked up before the answer:
  // one replaced meanwhile may have been read as its new self.
  absl::StatusOr<contexts::VfsStat> after = context.vfs->Stat(path);
  if (after.ok() && after->identity == before->identity) {
    cache->Put(key, {absl::OkStatus(), serialized}, serialized->bytes());
  }
  result.structured = nullptr;
  result.serialized = std::move(serialized);
  return result;
}

}  // namespace kbot::tools
