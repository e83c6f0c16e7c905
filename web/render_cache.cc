#include "web/render_cache.h"

#include <utility>

#include "absl/strings/str_format.h"

namespace kbot::web {

std::string EtagOf(const std::string& bytes) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a, 64 bits
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return absl::StrFormat("\"%x-%016x\"", bytes.size(), h);
}

std::shared_ptr<const CachedImage> RenderCache::Get(
    const std::string& key, const std::function<bool(const CachedImage&)>& fresh) {
  std::shared_ptr<const CachedImage> found;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (auto it = index_.find(key); it != index_.end()) found = it->second->image;
  }
  // Checked outside the lock: it may read the file system.
  const bool stale = found != nullptr && fresh && !fresh(*found);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = index_.find(key);
  if (stale && it != index_.end() && it->second->image == found) EraseLocked(it->second);
  if (stale || it == index_.end() || found == nullptr) {
    ++stats_.misses;
    return nullptr;
  }
  ++stats_.hits;
  lru_.splice(lru_.begin(), lru_, it->second);
  return it->second->image;
}

void RenderCache::EraseLocked(std::list<Entry>::iterator it) {
  stats_.bytes -= it->image->bytes.size();
  index_.erase(it->key);
  lru_.erase(it);
  stats_.entries = lru_.size();
}

void RenderCache::Erase(const std::string& key) {
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = index_.find(key); it != index_.end()) EraseLocked(it->second);
}

void RenderCache::Put(const std::string& key, std::shared_ptr<const CachedImage> image) {
  if (image == nullptr || image->bytes.size() > max_bytes_) return;
  std::lock_guard<std::mutex> lock(mu_);
  if (auto it = index_.find(key); it != index_.end()) EraseLocked(it->second);
  while (!lru_.empty() && stats_.bytes + image->bytes.size() > max_bytes_) {
    EraseLocked(std::prev(lru_.end()));
    ++stats_.evictions;
  }
  stats_.bytes += image->bytes.size();
  lru_.push_front(Entry{key, std::move(image)});
  index_[key] = lru_.begin();
  stats_.entries = lru_.size();
}

RenderCacheStats RenderCache::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stats_;
}

}  // namespace kbot::web
