#include "contexts/parse_cache.h"

#include <time.h>

#include <cstdlib>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace kbot::contexts {

namespace {

// What a node costs besides its value and key: the list node, the index's
// bucket and node, the value's control block (about; glibc, 64-bit).
constexpr size_t kNodeOverhead = 160;

int64_t WallClockNs() {
  struct timespec ts {};
  ::clock_gettime(CLOCK_REALTIME, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

}  // namespace

ParseCache::ParseCache(size_t capacity_bytes) { stats_.capacity = capacity_bytes; }

std::string ParseCache::Flatten(const Key& key) {
  // NUL between the parts: no path or kind holds one. `part` may (nested
  // archive entries join with it), so it comes last.
  const absl::string_view nul("\0", 1);
  const FileIdentity& f = key.file;
  return absl::StrCat(key.kind, nul, key.name, nul, f.file, nul, f.device, nul, f.inode, nul,
                      f.size, nul, f.modified_ns, nul, f.part);
}

std::optional<ParseCache::Value> ParseCache::Find(const Key& key) {
  if (!key.file.known()) return std::nullopt;
  const std::string flat = Flatten(key);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = index_.find(flat);
  if (it == index_.end()) {
    ++stats_.misses;
    return std::nullopt;
  }
  ++stats_.hits;
  lru_.splice(lru_.begin(), lru_, it->second);
  return it->second->value;
}

bool ParseCache::Put(const Key& key, Value value, size_t bytes) {
  const bool cancelled = value.status.code() == absl::StatusCode::kCancelled;
  const bool racy = WallClockNs() - key.file.modified_ns < kParseCacheRacyNs;
  std::string flat = key.file.known() ? Flatten(key) : std::string();
  const size_t total = bytes + flat.size() + kNodeOverhead;
  std::lock_guard<std::mutex> lock(mu_);
  if (!key.file.known() || cancelled || racy || total > stats_.capacity) {
    ++stats_.refused;
    return false;
  }
  if (auto it = index_.find(flat); it != index_.end()) {
    // Two calls parsed the same file at once: keep the later one's value.
    stats_.bytes -= it->second->bytes;
    lru_.erase(it->second);
    index_.erase(it);
  }
  EvictAbove(stats_.capacity - total);
  lru_.push_front(Node{flat, std::move(value), total});
  index_.emplace(std::move(flat), lru_.begin());
  stats_.bytes += total;
  ++stats_.stores;
  return true;
}

void ParseCache::EvictAbove(size_t bound) {
  while (stats_.bytes > bound && !lru_.empty()) {
    const Node& last = lru_.back();
    stats_.bytes -= last.bytes;
    index_.erase(last.key);
    lru_.pop_back();
    ++stats_.evictions;
  }
}

void ParseCache::SetCapacity(size_t bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  stats_.capacity = bytes;
  EvictAbove(bytes);
}

void ParseCache::Clear() {
  std::lock_guard<std::mutex> lock(mu_);
  index_.clear();
  lru_.clear();
  stats_.bytes = 0;
}

ParseCache::Stats ParseCache::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  Stats out = stats_;
  out.entries = lru_.size();
  return out;
}

absl::StatusOr<size_t> ParseCacheCapacityFromEnvironment() {
  const char* text = std::getenv(kParseCacheEnv);
  if (text == nullptr || *text == '\0') return kDefaultParseCacheBytes;
  uint64_t mib = 0;
  constexpr uint64_t kMaxMib = uint64_t(1) << 20;  // 1 TiB
  if (!absl::SimpleAtoi(text, &mib) || mib > kMaxMib) {
    return absl::InvalidArgumentError(
        absl::StrCat(kParseCacheEnv, "=", text, ": not a number of MiB from 0 to ", kMaxMib,
                     " (the bound of the parsed-file cache; default ",
                     kDefaultParseCacheBytes >> 20, ")"));
  }
  return size_t(mib) << 20;
}

}  // namespace kbot::contexts
