// The HTTP server that kbot's HTTP endpoints share (cpp-httplib): the bound
// address, the thread pool, the security checks every request passes, the
// body for refusals httplib makes itself, and serving until stopped. The MCP
// transport mounts /mcp on it (mcp/http_transport.h); the web explorer mounts
// its pages, images and JSON routes beside it (web/explorer.h). It knows
// neither: each registers its routes, path hint and refusal format.
//
// The security checks (MCP 2025-11-25, transports: security warning), in
// order: the Host header must name loopback when bound to loopback (DNS
// rebinding; 403), the Origin must be allowed (403), and the bearer token
// must match when one is set (401). Each endpoint writes the refusal in its
// own format: JSON-RPC errors under /mcp, {"error": "..."} in the explorer.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "http/http_security.h"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace kbot::http {

// The largest request body: the same as one stdio line (mcp/stdio_transport.h,
// kMaxLineBytes), so that a message the stdio transport takes is taken here too.
inline constexpr size_t kMaxBodyBytes = 4 << 20;

// The server's address, security and size limits. The MCP transport adds its
// session limits (mcp::HttpOptions, mcp/http_transport.h).
struct HttpOptions {
  std::string host = "127.0.0.1";
  int port = 8808;  // 0: any free port (port() tells which)
  std::vector<std::string> allowed_origins;  // beside the loopback ones
  std::string token;  // required off loopback: every request then needs it
  size_t max_body_bytes = kMaxBodyBytes;
  int threads = 64;  // connections served at once (SSE streams hold one)
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
  // paths starting with `prefix`; the longest matching prefix wins ("" matches
  // every path). With none matching: the message as plain text.
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

}  // namespace kbot::http
