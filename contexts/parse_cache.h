// What was parsed from files, kept while the files stay as they were: a
// describe call on an unchanged 12 MB GAF answers from the structure read the
// first time instead of mapping and parsing the file again.
//
// Keyed by the file's identity (contexts/vfs.h: FileIdentity: real path,
// device, inode, size and modification time of a loose file; the archive's
// identity and the entry path of an archive entry), the name the parse was
// given (it prefixes the messages and warnings kept with the value) and the
// kind of parse (the value's type and the way it was parsed). A file edited,
// replaced or renamed over has another identity, so its old values are never
// found again; they age out. Values are immutable and shared
// (std::shared_ptr<const T>): a caller holds its own reference, eviction never
// takes a value from under it.
//
// Bounded by approximate bytes (what each value says it holds, plus its key),
// least recently used first out. Thread-safe: the MCP server runs calls on a
// work queue and the explorer on HTTP threads, all over one workspace's cache
// (contexts/workspace.h). formats/ knows nothing of it; tools/parsed_asset.h
// is how tools reach it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <typeinfo>
#include <unordered_map>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "contexts/vfs.h"

namespace kbot::contexts {

inline constexpr size_t kDefaultParseCacheBytes = size_t(64) << 20;
// The environment variable that sets a run's bound, in MiB (0: keep nothing).
inline constexpr char kParseCacheEnv[] = "KBOT_PARSE_CACHE_MB";
// A file modified less than this long ago is parsed but not kept: file times
// tick coarsely (a few ms on ext4, 2 s on FAT), so a second write within one
// tick, of the same size, would leave the identity as it was. Past the window
// any later write has a later time.
inline constexpr int64_t kParseCacheRacyNs = 2'000'000'000;

class ParseCache {
 public:
  struct Key {
    FileIdentity file;
    std::string name;  // what the parse was told the file is called
    std::string kind;  // the value's type and how it was parsed (KindOf)
  };
  // A parse's outcome: a failure is kept too (a malformed file fails the
  // same way each time), but never a cancellation.
  struct Value {
    absl::Status status;
    std::shared_ptr<const void> value;  // of the type `kind` names; null on failure
  };
  struct Stats {
    uint64_t hits = 0, misses = 0, stores = 0, evictions = 0;
    // Values not kept: unknown identity, a file too recently modified, a
    // value larger than the whole bound, a cancellation.
    uint64_t refused = 0;
    size_t entries = 0, bytes = 0, capacity = 0;
  };

  explicit ParseCache(size_t capacity_bytes = kDefaultParseCacheBytes);
  ParseCache(const ParseCache&) = delete;
  ParseCache& operator=(const ParseCache&) = delete;

  // The kind of a value of type T parsed the way `how` names ("gaf"; an
  // argument that changes the parse belongs in it: "gaf-decode seq=3").
  template <class T>
  static std::string KindOf(absl::string_view how) {
    return std::string(typeid(T).name()) + "/" + std::string(how);
  }

  // The value kept under `key`, now the most recently used; nothing when
  // none is (or the identity is unknown).
  std::optional<Value> Find(const Key& key);
  // Keeps `value`, which holds about `bytes` bytes of memory, evicting the
  // least recently used values above the bound. Refused (see Stats) rather
  // than kept when it could be wrong or could never fit. True when kept.
  bool Put(const Key& key, Value value, size_t bytes);

  // A new bound; 0 keeps nothing. Evicts down to it at once.
  void SetCapacity(size_t bytes);
  // Drops every value (tests; a long-lived process freeing memory).
  void Clear();
  Stats stats() const;

 private:
  struct Node {
    std::string key;
    Value value;
    size_t bytes = 0;
  };
  static std::string Flatten(const Key& key);
  void EvictAbove(size_t bound);  // mu_ held

  mutable std::mutex mu_;
  std::list<Node> lru_;  // most recently used first
  std::unordered_map<std::string, std::list<Node>::iterator> index_;
  Stats stats_;
};

// The bound kParseCacheEnv sets, in bytes: the default when it is unset or
// empty; InvalidArgument naming the variable when it is not a whole number
// of MiB (at most 1 TiB).
absl::StatusOr<size_t> ParseCacheCapacityFromEnvironment();

}  // namespace kbot::contexts
