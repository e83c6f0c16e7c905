// The explorer's rendered images, kept in memory: bounded by bytes, the
// least recently used dropped first. A key names everything a rendering
// depends on (web/image_routes.cc builds it: the route, the context, the
// asset's VFS path and identity, every parameter), so an edited asset or a
// changed parameter is a different key and is rendered afresh.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "contexts/vfs.h"

namespace kbot::web {

struct CachedImage {
  std::string bytes;
  std::string mime_type;
  std::string etag;  // quoted, strong: of the bytes
  // The palette file the rendering drew with (empty: none from the VFS) and
  // its identity then: a hit whose palette has since changed is a miss.
  std::string palette_path;
  contexts::VfsStat palette_stat;
};

struct RenderCacheStats {
  uint64_t hits = 0;
  uint64_t misses = 0;
  uint64_t evictions = 0;
  size_t entries = 0;
  size_t bytes = 0;
};

// A strong ETag ("\"<size>-<fnv1a64>\"") for `bytes`.
std::string EtagOf(const std::string& bytes);

class RenderCache {
 public:
  explicit RenderCache(size_t max_bytes = size_t{64} << 20) : max_bytes_(max_bytes) {}

  // The image under `key`, counted as a hit; null (a miss) when absent, or
  // when `fresh` says the entry went stale (it is then dropped).
  std::shared_ptr<const CachedImage> Get(
      const std::string& key,
      const std::function<bool(const CachedImage&)>& fresh = nullptr);
  // Drops `key` (its entry went stale); counts nothing.
  void Erase(const std::string& key);
  // Stores `image` under `key`, evicting the least recently used entries
  // until the total fits; an image larger than the whole bound is not kept.
  void Put(const std::string& key, std::shared_ptr<const CachedImage> image);

  RenderCacheStats stats() const;
  size_t max_bytes() const { return max_bytes_; }

 private:
  struct Entry {
    std::string key;
    std::shared_ptr<const CachedImage> image;
  };
  void EraseLocked(std::list<Entry>::iterator it);

  const size_t max_bytes_;
  mutable std::mutex mu_;
  std::list<Entry> lru_;  // most recent first
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
  RenderCacheStats stats_;
};

}  // namespace kbot::web
