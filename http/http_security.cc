#include "http/http_security.h"

#include <arpa/inet.h>

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/strip.h"

namespace kbot::http {

namespace {

// "host", "host:port", "[v6]" or "[v6]:port" without its port and brackets.
std::string HostPart(absl::string_view authority) {
  if (absl::ConsumePrefix(&authority, "[")) {
    const size_t close = authority.find(']');
    if (close == absl::string_view::npos) return "";
    return std::string(authority.substr(0, close));
  }
  const size_t colon = authority.find(':');
  if (colon != absl::string_view::npos && authority.find(':', colon + 1) == absl::string_view::npos) {
    authority = authority.substr(0, colon);
  }
  return std::string(authority);
}

std::string Normalized(absl::string_view origin) {
  std::string out = absl::AsciiStrToLower(origin);
  while (!out.empty() && out.back() == '/') out.pop_back();
  return out;
}

}  // namespace

bool IsLoopbackHost(absl::string_view host) {
  const std::string h = absl::AsciiStrToLower(host);
  if (h == "localhost" || h == "::1") return true;
  in_addr v4{};
  if (inet_pton(AF_INET, h.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  return false;
}

bool IsLoopbackHostHeader(absl::string_view host_header) {
  const std::string host = HostPart(absl::StripAsciiWhitespace(host_header));
  return !host.empty() && IsLoopbackHost(host);
}

OriginPolicy::OriginPolicy(std::vector<std::string> extra) {
  for (const std::string& o : extra) extra_.push_back(Normalized(o));
}

bool OriginPolicy::Allows(absl::string_view origin_header, bool present) const {
  if (!present) return true;
  const std::string origin = Normalized(absl::StripAsciiWhitespace(origin_header));
  if (std::find(extra_.begin(), extra_.end(), origin) != extra_.end()) return true;
  absl::string_view rest = origin;
  if (!absl::ConsumePrefix(&rest, "http://") && !absl::ConsumePrefix(&rest, "https://")) {
    return false;  // "null" (a sandboxed page or a file), or another scheme
  }
  if (rest.find('/') != absl::string_view::npos || rest.find('@') != absl::string_view::npos) {
    return false;  // an origin has no path and no user
  }
  const std::string host = HostPart(rest);
  return !host.empty() && IsLoopbackHost(host);
}

bool TokenMatches(absl::string_view given, absl::string_view token) {
  if (token.empty()) return false;
  // Every byte of the longer one is looked at, so the time says nothing of
  // where the first difference is.
  unsigned diff = given.size() == token.size() ? 0u : 1u;
  const size_t n = std::max(given.size(), token.size());
  for (size_t i = 0; i < n; ++i) {
    const unsigned char a = i < given.size() ? static_cast<unsigned char>(given[i]) : 0;
    const unsigned char b = i < token.size() ? static_cast<unsigned char>(token[i]) : 0;
    diff |= unsigned(a ^ b);
  }
  return diff == 0;
}

bool BearerMatches(absl::string_view authorization, absl::string_view token) {
  if (authorization.size() < 7 || !absl::EqualsIgnoreCase(authorization.substr(0, 7), "Bearer ")) {
    return false;
  }
  return TokenMatches(authorization.substr(7), token);
}

}  // namespace kbot::http
