// The checks every Streamable HTTP request passes before MCP sees it (MCP
// 2025-11-25, transports: security warning). A web page can make a browser
// send requests to 127.0.0.1 under its own domain name (DNS rebinding), so a
// local server checks the Host and Origin headers; one reachable from other
// machines needs a bearer token instead.
#pragma once

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace kbot::http {

// 127.0.0.0/8, ::1 and "localhost".
bool IsLoopbackHost(absl::string_view host);

// A Host header ("localhost:8080", "[::1]:9", "127.0.0.1") naming this
// machine's loopback interface.
bool IsLoopbackHostHeader(absl::string_view host_header);

class OriginPolicy {
 public:
  // `extra`: origins allowed beside the loopback ones ("https://tools.example"),
  // compared without case and without a trailing '/'.
  explicit OriginPolicy(std::vector<std::string> extra = {});

  // No Origin header (a program, not a browser page) is allowed; so is an
  // http(s) origin on a loopback host, whatever its port, and any of `extra`.
  bool Allows(absl::string_view origin_header, bool present) const;

 private:
  std::vector<std::string> extra_;
};

// True when `given` is `token` (not empty), compared in time independent of
// where they differ.
bool TokenMatches(absl::string_view given, absl::string_view token);

// True when `authorization` is exactly "Bearer TOKEN" (the scheme without
// case), compared as TokenMatches does.
bool BearerMatches(absl::string_view authorization, absl::string_view token);

}  // namespace kbot::http
