// What every explorer route shares: its refusals as {"error": "message"}
// with an HTTP status, the status an absl::Status maps to, the host's
// security checks, and the query as (name, value) pairs.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "mcp/http_host.h"
#include "mcp/resource_uri.h"

namespace httplib {
struct Request;
struct Response;
}  // namespace httplib

namespace kbot::web {

// NotFound -> 404; Internal -> 500; Unavailable, ResourceExhausted and
// Cancelled -> 503; every other code (bad parameters, a path leaving the
// context, a malformed asset) -> 400.
int HttpStatusFor(absl::StatusCode code);

// {"error": message} with `status`, Cache-Control: no-store.
void WriteError(httplib::Response& res, int status, const std::string& message);
void WriteError(httplib::Response& res, const absl::Status& status);

// The host's Host/Origin/token checks, refused in the explorer's format.
bool Admit(const mcp::HttpHost& host, const httplib::Request& req, httplib::Response& res);

// The request's query parameters, decoded.
mcp::QueryParams QueryOf(const httplib::Request& req);

}  // namespace kbot::web
