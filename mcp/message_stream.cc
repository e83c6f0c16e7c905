#include "mcp/message_stream.h"

#include <utility>

namespace kbot::mcp {

void MessageStream::Push(std::string line, bool last) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (finished_) return;
    if (!last && pending_.size() >= kMaxPending) return;
    pending_.push_back({std::move(line), last});
    finished_ = last;
  }
  ready_.notify_all();
}

void MessageStream::Close() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    finished_ = true;
  }
  ready_.notify_all();
}

std::optional<MessageStream::Message> MessageStream::Pop(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mu_);
  ready_.wait_for(lock, timeout, [this] { return !pending_.empty() || finished_; });
  if (pending_.empty()) return std::nullopt;
  Message m = std::move(pending_.front());
  pending_.pop_front();
  return m;
}

bool MessageStream::ended() const {
  std::lock_guard<std::mutex> lock(mu_);
  return finished_ && pending_.empty();
}

}  // namespace kbot::mcp
