// What every explorer route shares: its refusals as {"error": "message"}
// with an HTTP status, the status an absl::Status maps to, the host's
// security checks (with the token cookie a browser page carries), answers
// with an ETag, and the query as (name, value) pairs.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "http/http_host.h"
#include "tools/resource_uri.h"

namespace httplib {
struct Request;
struct Response;
}  // namespace httplib

namespace kbot::web {

// The cookie that carries the server's token for a browser (web/pages.h),
// and its value: the token in hex, since a token may hold characters a
// cookie cannot (space, ';', ',', '"', '\\').
inline constexpr char kTokenCookie[] = "kbot_token";
std::string TokenCookieValue(const std::string& token);

// NotFound -> 404; Internal -> 500; Unavailable, ResourceExhausted and
// Cancelled -> 503; every other code (bad parameters, a path leaving the
// context, a malformed asset) -> 400.
int HttpStatusFor(absl::StatusCode code);

// {"error": message} with `status`, Cache-Control: no-store.
void WriteError(httplib::Response& res, int status, const std::string& message);
void WriteError(httplib::Response& res, const absl::Status& status);

// The host's Host/Origin/token checks, refused in the explorer's format. A
// kbot_token cookie holding the token stands for the Authorization header
// (the Host and Origin checks still apply, and SameSite=Strict keeps other
// sites' pages from sending it).
bool Admit(const http::HttpHost& host, const httplib::Request& req, httplib::Response& res);

// `bytes` with a strong `etag` and Cache-Control: no-cache; 304 without a
// body when If-None-Match names the etag (or *).
void WriteWithEtag(const httplib::Request& req, httplib::Response& res, const std::string& bytes,
                   const std::string& mime_type, const std::string& etag);

// The request's query parameters, decoded.
tools::QueryParams QueryOf(const httplib::Request& req);

// The value of cookie `name` in the request's Cookie header, or "".
std::string CookieOf(const httplib::Request& req, const std::string& name);

}  // namespace kbot::web
