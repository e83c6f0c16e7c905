// One MCP session over Streamable HTTP: the transport-independent Session,
// and the streams its messages go out on. Each request has its own stream
// (its progress and log lines, then its response); messages about no request
// go to the standalone stream a GET opened, or nowhere when none is open. A
// message is never sent on two streams.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "mcp/json_rpc.h"
#include "mcp/message_stream.h"
#include "mcp/server.h"

namespace kbot::mcp {

class HttpSession {
 public:
  HttpSession(Server& server, std::string id);
  ~HttpSession();  // ends the session, then waits for its running requests
  HttpSession(const HttpSession&) = delete;
  HttpSession& operator=(const HttpSession&) = delete;

  const std::string& id() const { return id_; }
  std::string protocol_version() const { return session_->protocol_version(); }

  // The stream request `id`'s messages will go out on; null when a request
  // with that id is still running in this session, or the session has ended.
  std::shared_ptr<MessageStream> OpenRequest(const json& id);
  // A new standalone stream; the one open before, if any, ends.
  std::shared_ptr<MessageStream> OpenStandalone();

  void Receive(const Incoming& in);
  // The client of request `id` went away (its stream could not be written):
  // the request stops as if cancelled.
  void Cancel(const json& id) { session_->Cancel(id); }

  // Cancels every running request and ends every stream (DELETE, or the
  // server stopping). Receive does nothing afterwards.
  void End();
  bool ended() const;

  // When the session was last used, for expiring idle ones.
  void Touch();
  std::chrono::steady_clock::time_point last_used() const;
  // True while a request of the session is running.
  bool busy() const;

 private:
  void Deliver(const std::string& line, const Route& route);

  const std::string id_;
  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<MessageStream>> requests_;  // by the id's JSON
  std::shared_ptr<MessageStream> standalone_;
  bool ended_ = false;
  std::atomic<std::chrono::steady_clock::rep> last_used_;
  // Last, so it is destroyed first: its running requests still deliver to
  // the streams above while it waits for them.
  std::unique_ptr<Session> session_;
};

}  // namespace kbot::mcp
