// A context's change watch (change_watch.h), started on first use, and what
// callers found valid at a generation of it: the parse cache key of a value
// worked out from the whole folder (tacatalog::CatalogOf's catalog), which
// may be answered again without looking at the folder while the generation
// stays the same.
//
// Started on first use, not when the workspace opens: a short command that
// never asks for such a value pays nothing for it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "contexts/change_watch.h"
#include "contexts/parse_cache.h"

namespace kbot::contexts {

class ContextWatch {
 public:
  // The watch over `root` (ChangeWatch::Start), started by the first call;
  // later calls return the same one, whatever root they name. Null when it
  // could not start; not tried again.
  std::shared_ptr<ChangeWatch> Get(const std::string& root);

  // `key` is where the parse cache keeps what `what` (the kind of a
  // whole-folder value) was at generation `generation` of the watch. A
  // generation older than the one remembered is ignored (two calls racing).
  void Remember(const std::string& what, uint64_t generation, ParseCache::Key key);
  // The key remembered for `what` at exactly `generation`; none otherwise.
  std::optional<ParseCache::Key> Recall(const std::string& what, uint64_t generation) const;

 private:
  std::once_flag started_;
  std::shared_ptr<ChangeWatch> watch_;
  mutable std::mutex mu_;
  std::map<std::string, std::pair<uint64_t, ParseCache::Key>> remembered_;
};

}  // namespace kbot::contexts
