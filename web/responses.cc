#include "web/responses.h"

#include <httplib.h>

#include "nlohmann/json.hpp"

namespace kbot::web {

int HttpStatusFor(absl::StatusCode code) {
  switch (code) {
    case absl::StatusCode::kNotFound:
      return 404;
    case absl::StatusCode::kInternal:
      return 500;
    case absl::StatusCode::kUnavailable:
    case absl::StatusCode::kResourceExhausted:
    case absl::StatusCode::kCancelled:
      return 503;
    default:
      return 400;
  }
}

void WriteError(httplib::Response& res, int status, const std::string& message) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(nlohmann::json{{"error", message}}.dump(-1, ' ', false,
                                                          nlohmann::json::error_handler_t::replace),
                  "application/json");
}

void WriteError(httplib::Response& res, const absl::Status& status) {
  WriteError(res, HttpStatusFor(status.code()), std::string(status.message()));
}

bool Admit(const mcp::HttpHost& host, const httplib::Request& req, httplib::Response& res) {
  std::optional<mcp::HttpRefusal> refusal = host.Check(req);
  if (!refusal) return true;
  if (refusal->bearer_challenge) res.set_header("WWW-Authenticate", "Bearer");
  WriteError(res, refusal->status, refusal->message);
  return false;
}

mcp::QueryParams QueryOf(const httplib::Request& req) {
  mcp::QueryParams query;
  for (const auto& [key, value] : req.params) query.emplace_back(key, value);
  return query;
}

}  // namespace kbot::web
