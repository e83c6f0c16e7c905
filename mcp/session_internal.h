// What Session's files share and nothing else needs: a request running on a
// worker, and the progress, log and client objects a tool call gets for it.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "mcp/input_required.h"
#include "mcp/server.h"

namespace kbot::mcp {

// One request that is running on a worker.
struct Session::InFlight {
  json id;
  std::string method;
  json params;
  json progress_token;  // null: the client asked for no progress
  std::atomic<bool> cancelled{false};
  std::mutex mu;          // orders progress against the response
  bool answered = false;  // no progress after the response
  uint64_t last_progress = 0;
  uint64_t last_total = 0;  // of the last notification sent (0: unknown)
  bool any_progress = false;
  std::chrono::steady_clock::time_point last_sent{};

  // Under the handshake revisions, the session's version; under 2026-07-28
  // (`stateless`), the request's own, with what its _meta declared.
  std::string version;
  bool stateless = false;
  json client_capabilities = json::object();  // stateless only
  json client_info;                            // stateless only: who asked (null: unsaid)
  std::optional<LogLevel> log_level;            // stateless: log lines only when set
  // What a stateless tool call asks of its client, and the answers its retry
  // brought (mcp/input_required.h).
  InputRounds inputs;
  // A protocol error the call ends with instead of its result (-32021).
  std::optional<RpcError> rpc_error;

  // Makes this a 2026-07-28 request with what its envelope declared.
  void Adopt(const Envelope& envelope) {
    stateless = true;
    version = envelope.version;
    client_capabilities = envelope.client_capabilities;
    client_info = envelope.client_info;
    log_level = envelope.log_level;
  }
};

// Every method a session answers: whether it needs initialize first, the
// revisions that have it, whether it runs on a worker (answered when done) or
// at once, whether this server offers it at all, and its work. A method not
// here, not of the request's revision, or not offered, is -32601.
struct Session::Method {
  enum Era { kBoth, kHandshake, kStateless };
  absl::string_view name;
  bool needs_initialize = true;
  Era era = kBoth;
  bool on_worker = false;
  bool (*offered)(const Server&) = nullptr;  // null: always
  absl::StatusOr<json> (*run)(Session& session, InFlight& flight) = nullptr;
};

// notifications/progress for one request (mcp/session_progress.cc): strictly
// increasing, thinned to one per progress_interval but for the first, each
// tenth of the total and the last; says stop once the request is cancelled.
class Session::RequestProgress final : public Progress {
 public:
  RequestProgress(Session& session, InFlight& flight) : session_(session), flight_(flight) {}

  bool Report(uint64_t done, uint64_t total) override { return Report(done, total, {}); }
  bool Report(uint64_t done, uint64_t total, std::string_view message) override;

 private:
  Session& session_;
  InFlight& flight_;
};

// A handler's log lines, as notifications/message at or above the level the
// client set, about the request the handler serves.
class Session::SessionLogger final : public Logger {
 public:
  SessionLogger(Session& session, const InFlight& flight) : session_(session), flight_(flight) {}
  void Log(LogLevel level, absl::string_view logger, const std::string& message) override {
    // A stateless request gets log lines only when its _meta set a level.
    if (flight_.stateless && (!flight_.log_level || level < *flight_.log_level)) return;
    session_.Log(level, logger, message, flight_.id, flight_.stateless);
  }

 private:
  Session& session_;
  const InFlight& flight_;
};

// A request this session sent the client, until its answer arrives.
struct Session::ClientAnswer {
  bool answered = false;
  absl::StatusOr<json> answer = absl::UnknownError("unanswered");
};

// The client of one tool call: requests to it go out about the call (so that
// Streamable HTTP carries them on the call's stream) and wait for the answer,
// the call's cancellation, or the timeout.
class Session::RequestClient final : public Client {
 public:
  RequestClient(Session& session, InFlight& flight) : session_(session), flight_(flight) {}

  bool Supports(absl::string_view capability) const override {
    if (flight_.stateless) return flight_.client_capabilities.contains(std::string(capability));
    std::lock_guard<std::mutex> lock(session_.mu_);
    return session_.client_capabilities_.contains(std::string(capability));
  }

  absl::StatusOr<json> Request(absl::string_view method, json params,
                               std::chrono::milliseconds timeout) override {
    if (flight_.stateless) {
      return AskByResult(flight_.inputs, flight_.client_capabilities, method, std::move(params));
    }
    auto slot = std::make_shared<ClientAnswer>();
    int64_t id;
    {
      std::lock_guard<std::mutex> lock(session_.mu_);
      id = session_.next_client_request_++;
      session_.client_requests_.emplace(id, slot);
    }
    session_.Send(json{{"jsonrpc", "2.0"},
                       {"id", id},
                       {"method", std::string(method)},
                       {"params", std::move(params)}},
                  {flight_.id});
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::unique_lock<std::mutex> lock(session_.mu_);
    const bool answered = session_.client_answered_.wait_until(
        lock, deadline, [&] { return slot->answered || flight_.cancelled.load(); });
    session_.client_requests_.erase(id);
    if (answered && slot->answered) return slot->answer;
    lock.unlock();
    // Given up on: the client may stop working on it.
    const std::string reason =
        flight_.cancelled ? "the tool call was cancelled" : "no answer in time";
    session_.Send(MakeNotification("notifications/cancelled",
                                   json{{"requestId", id}, {"reason", reason}}),
                  {flight_.id});
    if (flight_.cancelled) return absl::CancelledError(reason);
    return absl::DeadlineExceededError(absl::StrCat(method, ": the client did not answer within ",
                                                    timeout.count(), " ms"));
  }

 private:
  Session& session_;
  InFlight& flight_;
};

}  // namespace kbot::mcp
