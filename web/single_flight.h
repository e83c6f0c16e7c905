// Collapses concurrent work on one key: while a thread computes a key's
// value, others asking for the same key wait for that value instead of
// computing it again. The explorer uses it so that a page opening the same
// uncached image from several requests at once (or several clients) renders
// it once.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace kbot::web {

template <typename T>
class SingleFlight {
 public:
  // `work()`'s result, run on this thread; or, when another thread is already
  // running work for `key`, that run's result (`*joined` says which).
  T Do(const std::string& key, const std::function<T()>& work, bool* joined = nullptr) {
    std::unique_lock<std::mutex> lock(mu_);
    if (auto it = calls_.find(key); it != calls_.end()) {
      std::shared_ptr<Call> call = it->second;
      ++call->waiters;
      if (joined) *joined = true;
      done_.wait(lock, [&call] { return call->value.has_value(); });
      return *call->value;
    }
    auto call = std::make_shared<Call>();
    calls_.emplace(key, call);
    lock.unlock();
    T value = work();
    lock.lock();
    call->value = value;
    calls_.erase(key);
    done_.notify_all();
    if (joined) *joined = false;
    return value;
  }

  // How many threads wait on the run for `key` now (for tests).
  int Waiters(const std::string& key) const {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = calls_.find(key);
    return it == calls_.end() ? 0 : it->second->waiters;
  }

 private:
  struct Call {
    std::optional<T> value;
    int waiters = 0;
  };
  mutable std::mutex mu_;
  std::condition_variable done_;
  std::unordered_map<std::string, std::shared_ptr<Call>> calls_;
};

}  // namespace kbot::web
