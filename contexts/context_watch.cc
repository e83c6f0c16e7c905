#include "contexts/context_watch.h"

namespace kbot::contexts {

namespace {

// Kinds remembered at most: one per set of catalog limits asked for; more
// only when a caller varies them, and then forgetting costs one full check.
constexpr size_t kMaxRemembered = 16;

}  // namespace

std::shared_ptr<ChangeWatch> ContextWatch::Get(const std::string& root) {
  std::call_once(started_, [&] { watch_ = ChangeWatch::Start(root); });
  return watch_;
}

void ContextWatch::Remember(const std::string& what, uint64_t generation, ParseCache::Key key) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = remembered_.find(what);
  if (it != remembered_.end()) {
    if (it->second.first > generation) return;
    it->second = {generation, std::move(key)};
    return;
  }
  if (remembered_.size() >= kMaxRemembered) remembered_.clear();
  remembered_.emplace(what, std::make_pair(generation, std::move(key)));
}

std::optional<ParseCache::Key> ContextWatch::Recall(const std::string& what,
                                                    uint64_t generation) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = remembered_.find(what);
  if (it == remembered_.end() || it->second.first != generation) return std::nullopt;
  return it->second.second;
}

}  // namespace kbot::contexts
