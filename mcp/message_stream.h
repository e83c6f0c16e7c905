// The messages waiting to go out on one HTTP response: a request's own
// stream (its progress, its log lines, then its response) or a session's
// standalone GET stream. The session's threads push; the HTTP thread that
// owns the response pops.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

namespace kbot::mcp {

class MessageStream {
 public:
  struct Message {
    std::string line;   // empty with `last`: the request ended without a response
    bool last = false;  // nothing follows on this stream
  };

  // Notifications beyond this many unread ones are dropped (a client that
  // stopped reading must not grow the server); the last message never is.
  static constexpr size_t kMaxPending = 4096;

  // Ignored once the last message was pushed or the stream was closed.
  void Push(std::string line, bool last);
  // Ends the stream (the session ended or the server stops): Pop returns what
  // is left, then nothing.
  void Close();

  // The next message, waiting up to `timeout`; nullopt when none came in
  // time or the stream has ended and is drained (ended() tells which).
  std::optional<Message> Pop(std::chrono::milliseconds timeout);
  bool ended() const;

 private:
  mutable std::mutex mu_;
  std::condition_variable ready_;
  std::deque<Message> pending_;
  bool finished_ = false;  // the last message was pushed, or Close()
};

}  // namespace kbot::mcp
