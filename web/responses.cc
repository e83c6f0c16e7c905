#include "web/responses.h"

#include <httplib.h>

#include "absl/strings/escaping.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "nlohmann/json.hpp"
#include "web/render_cache.h"

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

std::string TokenCookieValue(const std::string& token) {
  return token.empty() ? "" : absl::BytesToHexString(token);
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

bool Admit(const http::HttpHost& host, const httplib::Request& req, httplib::Response& res) {
  std::optional<http::HttpRefusal> refusal = host.Check(req);
  if (!refusal) return true;
  // 401 comes after the Host and Origin checks passed: only the token is
  // missing, and a browser page sends it as a cookie.
  if (refusal->status == 401 &&
      http::TokenMatches(CookieOf(req, kTokenCookie), TokenCookieValue(host.options().token))) {
    return true;
  }
  if (refusal->bearer_challenge) res.set_header("WWW-Authenticate", "Bearer");
  WriteError(res, refusal->status, refusal->message);
  return false;
}

namespace {

bool EtagMatches(const std::string& if_none_match, const std::string& etag) {
  for (absl::string_view tag : absl::StrSplit(if_none_match, ',')) {
    tag = absl::StripAsciiWhitespace(tag);
    absl::ConsumePrefix(&tag, "W/");
    if (tag == "*" || tag == etag) return true;
  }
  return false;
}

}  // namespace

void WriteWithEtag(const httplib::Request& req, httplib::Response& res, const std::string& bytes,
                   const std::string& mime_type, const std::string& etag) {
  res.set_header("ETag", etag);
  res.set_header("Cache-Control", "no-cache");
  if (req.has_header("If-None-Match") &&
      EtagMatches(req.get_header_value("If-None-Match"), etag)) {
    res.status = 304;
    return;
  }
  res.status = 200;
  res.set_content(bytes, mime_type);
}

std::string CookieOf(const httplib::Request& req, const std::string& name) {
  for (absl::string_view pair : absl::StrSplit(req.get_header_value("Cookie"), ';')) {
    pair = absl::StripAsciiWhitespace(pair);
    if (absl::ConsumePrefix(&pair, name) && absl::ConsumePrefix(&pair, "=")) {
      return std::string(pair);
    }
  }
  return "";
}

tools::QueryParams QueryOf(const httplib::Request& req) {
  tools::QueryParams query;
  for (const auto& [key, value] : req.params) query.emplace_back(key, value);
  return query;
}

}  // namespace kbot::web
