// Session: progress notifications, how they end, and making sure the client
// has taken them before the response; cancellation by the transport.
#include <chrono>
#include <memory>

#include "mcp/server.h"
#include "mcp/session_internal.h"

namespace kbot::mcp {

namespace {

// Which tenth of `total` `done` is in (0 when the total is unknown).
uint64_t Tenth(uint64_t done, uint64_t total) {
  return total == 0 ? 0 : (done >= total ? 10 : done * 10 / total);
}

json ProgressParams(const json& token, uint64_t done, uint64_t total, std::string_view message) {
  json params = {{"progressToken", token}, {"progress", done}};
  if (total != 0) params["total"] = total;
  if (!message.empty()) params["message"] = std::string(message);
  return params;
}

}  // namespace

bool Session::RequestProgress::Report(uint64_t done, uint64_t total, std::string_view message) {
  if (flight_.cancelled.load()) return false;
  if (flight_.progress_token.is_null()) return true;
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard<std::mutex> lock(flight_.mu);
  if (flight_.answered) return true;
  if (flight_.any_progress) {
    if (done <= flight_.last_progress) return true;  // MCP: progress only grows
    // The interval keeps a fast loop from flooding the client; the first
    // report, each tenth and the end always go, so that a bar moves in even
    // steps and visibly completes.
    const bool due = (total != 0 && done >= total) ||
                     Tenth(done, total) > Tenth(flight_.last_progress, total) ||
                     now - flight_.last_sent >= session_.server_.options().progress_interval;
    if (!due) return true;
  }
  session_.Send(MakeNotification("notifications/progress",
                                 ProgressParams(flight_.progress_token, done, total, message)),
                {flight_.id});
  flight_.any_progress = true;
  flight_.last_progress = done;
  flight_.last_total = total;
  flight_.last_sent = now;
  return true;
}

void Session::FinishProgress(InFlight& flight, const absl::StatusOr<json>& result) {
  // Work that reported a total but not its end (an encoder reports the frame
  // it starts, never the one after the last) ends at its total all the same;
  // a failure is no completion.
  if (!result.ok() || (result->is_object() && result->value("isError", false))) return;
  std::lock_guard<std::mutex> lock(flight.mu);
  if (!flight.any_progress || flight.answered || flight.cancelled) return;
  if (flight.last_total == 0 || flight.last_progress >= flight.last_total) return;
  Send(MakeNotification("notifications/progress",
                        ProgressParams(flight.progress_token, flight.last_total,
                                       flight.last_total, "done")),
       {flight.id});
  flight.last_progress = flight.last_total;
}

// Why a ping before the response: the TypeScript SDK's client reads stdout in
// chunks and handles every message of a chunk in one go, but a notification's
// handler only runs later (it is queued as a promise job), while a response is
// handled at once and forgets the request's progress callback. Notifications
// that share a chunk with their response therefore reach nobody; and how
// messages fall into chunks depends on timing alone, so under load no fixed
// delay is sure to part them. A ping sent after the last notification is
// answered only after the client has handled it: the client queues the
// ping's handling behind the notifications' (promise jobs run in order), and
// writes the pong a few jobs later still. The pong thus proves that every
// notification was handled. It costs one round trip (well under a
// millisecond over stdio) per request that sent progress; a client that does
// not answer pings (any answer, even an error, will do) costs the timeout.
void Session::AwaitProgressReceipt(InFlight& flight) {
  {
    std::lock_guard<std::mutex> lock(flight.mu);
    // 2026-07-28 forbids requests to the client: a stateless request's
    // response follows its progress unconfirmed.
    if (!flight.any_progress || flight.answered || flight.stateless) return;
  }
  std::unique_lock<std::mutex> lock(mu_);
  const std::chrono::milliseconds timeout = progress_receipt_timeout_;
  if (timeout.count() <= 0 || input_ended_) return;
  auto slot = std::make_shared<ClientAnswer>();
  const int64_t id = next_client_request_++;
  client_requests_.emplace(id, slot);
  lock.unlock();
  Send(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", "ping"}}, {flight.id});
  lock.lock();
  client_answered_.wait_for(lock, timeout, [&] {
    return slot->answered || flight.cancelled.load() || input_ended_;
  });
  client_requests_.erase(id);  // a late answer is dropped as unknown
}

void Session::ConfirmProgressBeforeResponse(std::chrono::milliseconds timeout) {
  std::lock_guard<std::mutex> lock(mu_);
  progress_receipt_timeout_ = timeout;
}

void Session::EndInput() {
  std::lock_guard<std::mutex> lock(mu_);
  input_ended_ = true;
  client_answered_.notify_all();
}

void Session::Cancel(const json& id) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const std::shared_ptr<InFlight>& flight : in_flight_) {
      // initialize is never cancelled, and it never runs in the background.
      if (flight->id == id) flight->cancelled = true;
    }
    client_answered_.notify_all();  // the call may be waiting on the client
  }
  EndListener(id);  // a subscriptions/listen ends the same way
}

}  // namespace kbot::mcp
