// Streamable HTTP under MCP 2026-07-28: the standard headers and the status
// of a refusal.
#include "mcp/http_stateless.h"

#include <httplib.h>

#include <algorithm>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "mcp/revision.h"

namespace kbot::mcp {

namespace {

// A header's value without the spaces and tabs HTTP allows around it; none
// when the header is absent (httplib matches names in any case).
std::optional<std::string> HeaderValue(const httplib::Request& req, const char* name) {
  if (!req.has_header(name)) return std::nullopt;
  std::string value = req.get_header_value(name);
  absl::string_view trimmed = value;
  while (!trimmed.empty() && (trimmed.front() == ' ' || trimmed.front() == '\t')) {
    trimmed.remove_prefix(1);
  }
  while (!trimmed.empty() && (trimmed.back() == ' ' || trimmed.back() == '\t')) {
    trimmed.remove_suffix(1);
  }
  return std::string(trimmed);
}

// Mcp-Name's value: =?base64?B64?= is the UTF-8 text B64 encodes; none when
// that encoding is malformed.
std::optional<std::string> DecodeHeaderValue(const std::string& value) {
  absl::string_view v = value;
  if (!absl::ConsumePrefix(&v, "=?base64?")) return value;
  if (!absl::ConsumeSuffix(&v, "?=")) return std::nullopt;
  std::string decoded;
  if (!absl::Base64Unescape(v, &decoded)) return std::nullopt;
  return decoded;
}

RpcError Mismatch(const std::string& message) { return {kHeaderMismatch, message, nullptr}; }

// The body value Mcp-Name must carry for `in`, or none for methods without one.
std::optional<std::string> NameInBody(const Incoming& in) {
  const char* field = nullptr;
  if (in.method == "tools/call" || in.method == "prompts/get") field = "name";
  if (in.method == "resources/read") field = "uri";
  if (in.method == "tasks/get" || in.method == "tasks/update" || in.method == "tasks/cancel") {
    field = "taskId";  // the Tasks extension's rule
  }
  if (field == nullptr) return std::nullopt;
  auto it = in.params.find(field);
  return it != in.params.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

bool IsStatelessPost(const httplib::Request& req, const Incoming& in) {
  if (in.kind == Incoming::Kind::kRequest && IsStateless(in)) return true;
  if (req.has_header("Mcp-Session-Id") || in.method == "initialize") return false;
  const std::optional<std::string> version = HeaderValue(req, "MCP-Protocol-Version");
  const std::vector<std::string>& stateless = StatelessVersions();
  return version && std::find(stateless.begin(), stateless.end(), *version) != stateless.end();
}

std::optional<RpcError> CheckStandardHeaders(const httplib::Request& req, const Incoming& in) {
  const auto meta = in.params.find("_meta");
  const bool has_version = meta != in.params.end() && meta->is_object() &&
                           meta->contains(kMetaProtocolVersion) &&
                           (*meta)[kMetaProtocolVersion].is_string();
  const std::optional<std::string> header_version = HeaderValue(req, "MCP-Protocol-Version");
  if (!header_version) {
    return Mismatch("Header mismatch: the MCP-Protocol-Version header is required");
  }
  const std::string version = has_version ? (*meta)[kMetaProtocolVersion].get<std::string>() : "";
  if (has_version && *header_version != version) {
    return Mismatch(absl::StrCat("Header mismatch: MCP-Protocol-Version header value '",
                                 *header_version, "' does not match body value '", version, "'"));
  }
  const std::optional<std::string> method = HeaderValue(req, "Mcp-Method");
  if (!method) return Mismatch("Header mismatch: the Mcp-Method header is required");
  if (*method != in.method) {
    return Mismatch(absl::StrCat("Header mismatch: Mcp-Method header value '", *method,
                                 "' does not match body value '", in.method, "'"));
  }
  const std::optional<std::string> name = NameInBody(in);
  if (!name) return std::nullopt;
  const std::optional<std::string> header_name = HeaderValue(req, "Mcp-Name");
  if (!header_name) {
    return Mismatch(absl::StrCat("Header mismatch: ", in.method, " needs the Mcp-Name header"));
  }
  const std::optional<std::string> decoded = DecodeHeaderValue(*header_name);
  if (!decoded) {
    return Mismatch(absl::StrCat("Header mismatch: Mcp-Name header value '", *header_name,
                                 "' is not valid =?base64?...?= encoding"));
  }
  // cpp-httplib percent-decodes every header value it reads, so the body's
  // value is decoded the same way before the two are compared: a URI with
  // %2F in it, sent byte for byte in both places, must match.
  if (*decoded != httplib::detail::decode_url(*name, false)) {
    return Mismatch(absl::StrCat("Header mismatch: Mcp-Name header value '", *decoded,
                                 "' does not match body value '", *name, "'"));
  }
  return std::nullopt;
}

int StatelessStatus(const json& response, bool refused_before_dispatch) {
  if (!response.contains("error")) return 200;
  const int code = response["error"].value("code", 0);
  if (code == kMethodNotFound) return 404;
  if (refused_before_dispatch || code == kHeaderMismatch ||
      code == kMissingRequiredClientCapability || code == kUnsupportedProtocolVersion) {
    return 400;
  }
  return 200;
}

}  // namespace kbot::mcp
