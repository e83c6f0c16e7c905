// MCP over Streamable HTTP (2025-11-25) at /mcp, on cpp-httplib: the same
// Server core as stdio, one HttpSession per client.
//
//   POST /mcp    one JSON-RPC message. A request is answered with
//                application/json, or with an SSE stream when progress or log
//                messages come before its response; notifications and
//                responses get 202. initialize issues Mcp-Session-Id.
//   GET /mcp     the session's standalone SSE stream.
//   DELETE /mcp  ends the session (its running requests are cancelled).
//
// Every request passes, in order: the Host check (when bound to loopback),
// the Origin check (403), the bearer token (401, when one is set), the
// session (400 without Mcp-Session-Id after initialize, 404 for an unknown or
// ended one), MCP-Protocol-Version (400 for one kbot does not speak). Bodies
// over the limit get 413; a body that is not one JSON-RPC message gets 400
// with the JSON-RPC error. Errors have a JSON-RPC error body that says why.
// The HTTP server itself (address, threads, security checks) is an HttpHost
// (http/http_host.h), which other endpoints (the web explorer) can share; the
// transport registers /mcp's routes on it, and JSON-RPC as the format of the
// refusals of /mcp and of paths no other endpoint claims.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "http/http_host.h"
#include "mcp/http_session.h"
#include "mcp/server.h"
#include "mcp/stdio_transport.h"

namespace kbot::mcp {

// The shared host's options plus the transport's session limits.
struct HttpOptions : http::HttpOptions {
  size_t max_sessions = 1024;  // beyond it, idle sessions are expired first
  std::chrono::seconds session_idle{3600};
  std::chrono::milliseconds keepalive{15000};  // SSE comment when nothing else is sent
};

// A JSON-RPC error body (no id) for an HTTP refusal: what /mcp answers with.
void RefuseJsonRpc(httplib::Response& res, int status, int code, const std::string& message);

class HttpTransport {
 public:
  // Binds the address. FailedPrecondition for a non-loopback address without
  // a token; Unavailable when the address cannot be bound.
  static absl::StatusOr<std::unique_ptr<HttpTransport>> Bind(Server& server, HttpOptions options);
  ~HttpTransport();  // stops, then ends every session

  int port() const { return host_->port(); }
  // The HTTP server /mcp is mounted on, for other endpoints to share.
  http::HttpHost& host() { return *host_; }
  // http://HOST:PORT/mcp
  std::string url() const;

  // Serves until Stop(); returns at once if already stopped.
  void Serve();
  // From any thread (a signal handler's thread too): ends the SSE streams and
  // makes Serve return.
  void Stop();

  size_t session_count() const;

 private:
  HttpTransport(Server& server, std::unique_ptr<http::HttpHost> host, HttpOptions options);

  bool Admit(const httplib::Request& req, httplib::Response& res) const;
  std::shared_ptr<HttpSession> SessionOf(const httplib::Request& req, httplib::Response& res);
  void Post(const httplib::Request& req, httplib::Response& res);
  void Get(const httplib::Request& req, httplib::Response& res);
  void Delete(const httplib::Request& req, httplib::Response& res);
  // A 2026-07-28 POST: checked, then served on a session of its own.
  void PostStateless(const httplib::Request& req, const Incoming& in, bool sse,
                     httplib::Response& res);
  // Streams `in`'s messages as JSON or SSE; `stateless` gives a refusal the
  // revision's HTTP status.
  void AnswerRequest(const Incoming& in, std::shared_ptr<HttpSession> session, bool initializing,
                     bool sse, httplib::Response& res, bool stateless = false);

  std::shared_ptr<HttpSession> NewSession();
  absl::Status Register(std::shared_ptr<HttpSession> session);

  Server& server_;
  std::unique_ptr<http::HttpHost> host_;
  const HttpOptions options_;

  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<HttpSession>> sessions_;
  // The sessions of 2026-07-28 requests still running, for Stop to end.
  std::list<std::weak_ptr<HttpSession>> stateless_;
};

}  // namespace kbot::mcp
