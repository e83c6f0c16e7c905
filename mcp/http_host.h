// The HTTP server that kbot's HTTP endpoints share (cpp-httplib): the bound
// address, the thread pool, the security checks every request passes, the
// body for refusals httplib makes itself, and serving until stopped. The MCP
// transport mounts /mcp on it (http_transport.h); the web explorer mounts its
// pages, images and JSON routes beside it (web/explorer.h).
//
// The security checks (MCP 2025-11-25, transports: security warning), in
// order: the Host header must name loopback when bound to loopback (DNS
// rebinding; 403), the Origin must be allowed (403), and the bearer token
// must match when one is set (401). Each endpoint writes the refusal in its
// own format: JSON-RPC errors under /mcp, {"error": "..."} in the explorer.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "mcp/http_security.h"
#include "mcp/stdio_transport.h"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace kbot::mcp {

struct HttpOptions {
  std::string host = "127.0.0.1";
  int port = 8808;  // 0: any free port (port() tells which)
  std::vector<std::string> allowed_origins;  // beside the loopback ones
  std::string token;  // required off loopback: every request then needs it
  size_t max_body_bytes = kMaxLineBytes;
  int threads = 64;            // connections served at once (SSE streams hold one)
  size_t max_sessions = 1024;  // beyond it, idle sessions are expired first
  std::chrono::seconds session_idle{3600};
  std::chrono::milliseconds keepalive{15000};  // SSE comment when nothing else is sent
};

// "HOST:PORT", "[V6]:PORT" or "PORT" (on 127.0.0.1) into `options`.
absl::Status ParseHttpAddress(absl::string_view address, HttpOptions& options);

// Why a request is refused, before any endpoint sees it.
struct HttpRefusal {
  int status = 403;
  std::string message;
  bool bearer_challenge = false;  // 401: answer with WWW-Authenticate: Bearer
};

class HttpHost {
 public:
  // Writes a refusal body for `status` (and sets the status) in an
  // endpoint's format.
  using RefusalWriter = std::function<void(const httplib::Request& req, httplib::Response& res,
                                           int status, const std::string& message)>;

  // Binds the address. FailedPrecondition for a non-loopback address without
  // a token; Unavailable when the address cannot be bound.
  static absl::StatusOr<std::unique_ptr<HttpHost>> Bind(HttpOptions options);
  ~HttpHost();

  httplib::Server& server() { return *http_; }
  const HttpOptions& options() const { return options_; }
  int port() const { return port_; }
  // http://HOST:PORT (no trailing '/').
  std::string base_url() const;

  // The Host, Origin and token checks; nullopt admits the request.
  std::optional<HttpRefusal> Check(const httplib::Request& req) const;

  // Paths the host serves, named in the 404 of any other path
  // ("MCP is served at /mcp", "the explorer at /").
  void AddPathHint(std::string hint);
  // Who writes the body of refusals httplib makes itself (404, 413, ...) for
  // paths starting with `prefix`; the longest matching prefix wins. Default:
  // a JSON-RPC error body.
  void SetRefusalWriter(std::string prefix, RefusalWriter writer);

  // Serves until Stop(); returns at once if already stopped.
  void Serve();
  // From any thread: makes Serve return.
  void Stop();
  bool stopping() const { return stopping_; }

 private:
  explicit HttpHost(HttpOptions options);
  void WriteRefusal(const httplib::Request& req, httplib::Response& res, int status,
                    const std::string& message) const;

  const HttpOptions options_;
  const OriginPolicy origins_;
  const bool loopback_;
  std::unique_ptr<httplib::Server> http_;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  // Set before serving, read-only after.
  std::vector<std::string> hints_;
  std::vector<std::pair<std::string, RefusalWriter>> writers_;
};

// A JSON-RPC error body (no id) for an HTTP refusal: what /mcp answers with.
void RefuseJsonRpc(httplib::Response& res, int status, int code, const std::string& message);

}  // namespace kbot::mcp
