// The 2026-07-28 envelope, its errors and the decoration of its results.
#include "mcp/revision.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace kbot::mcp {

const std::vector<std::string>& StatelessVersions() {
  static const std::vector<std::string> versions = {kStatelessVersion};
  return versions;
}

namespace {

const json* MetaOf(const json& params) {
  if (!params.is_object()) return nullptr;
  auto it = params.find("_meta");
  return it != params.end() && it->is_object() ? &*it : nullptr;
}

RpcError InvalidEnvelope(const Incoming& in, const std::string& what) {
  return {kInvalidParams, absl::StrCat(in.method, ": ", what), nullptr};
}

}  // namespace

bool IsStateless(const Incoming& in) {
  if (in.method == "server/discover") return true;
  const json* meta = MetaOf(in.params);
  return meta != nullptr && meta->contains(kMetaProtocolVersion);
}

std::optional<RpcError> ReadEnvelope(const Incoming& in, Envelope& envelope) {
  const json* meta = MetaOf(in.params);
  if (meta == nullptr || !meta->contains(kMetaProtocolVersion) ||
      !(*meta)[kMetaProtocolVersion].is_string()) {
    return InvalidEnvelope(in, absl::StrCat("_meta \"", kMetaProtocolVersion,
                                            "\" must be a protocol version string"));
  }
  envelope.version = (*meta)[kMetaProtocolVersion].get<std::string>();
  const std::vector<std::string>& served = StatelessVersions();
  if (std::find(served.begin(), served.end(), envelope.version) == served.end()) {
    return RpcError{kUnsupportedProtocolVersion,
                    absl::StrCat("Unsupported protocol version \"", envelope.version,
                                 "\": kbot serves ", kStatelessVersion,
                                 " per request, and 2025-11-25, 2025-06-18 and 2025-03-26 "
                                 "through initialize"),
                    json{{"supported", served}, {"requested", envelope.version}}};
  }
  auto caps = meta->find(kMetaClientCapabilities);
  if (caps == meta->end() || !caps->is_object()) {
    return InvalidEnvelope(in, absl::StrCat("_meta \"", kMetaClientCapabilities,
                                            "\" is required, an object ({} for none)"));
  }
  envelope.client_capabilities = *caps;
  if (auto info = meta->find(kMetaClientInfo); info != meta->end()) envelope.client_info = *info;
  if (auto level = meta->find(kMetaLogLevel); level != meta->end()) {
    envelope.log_level =
        level->is_string() ? ParseLogLevel(level->get<std::string>()) : std::nullopt;
    if (!envelope.log_level) {
      return InvalidEnvelope(in, absl::StrCat("_meta \"", kMetaLogLevel,
                                              "\" must be one of debug, info, notice, warning, "
                                              "error, critical, alert, emergency"));
    }
  }
  return std::nullopt;
}

RpcError MissingCapability(absl::string_view capability) {
  return {kMissingRequiredClientCapability,
          absl::StrCat("Missing required client capability: this request needs \"", capability,
                       "\", which the request's _meta \"", kMetaClientCapabilities,
                       "\" does not declare"),
          json{{"requiredCapabilities", {{std::string(capability), json::object()}}}}};
}

std::optional<CacheHint> CacheHintOf(absl::string_view method) {
  // The tool set, the prompts, the templates and the server's capabilities are
  // fixed for the life of the process and name nothing of the user's: an hour,
  // anyone may keep them. The resource listing names the registered contexts,
  // which a client can add to: ten seconds, this client only. A read is of a
  // game file or an export, which do not change under a running kbot, but
  // whose bytes are the user's: a minute, this client only.
  constexpr int64_t kHour = 3600 * 1000;
  if (method == "server/discover" || method == "tools/list" || method == "prompts/list" ||
      method == "resources/templates/list") {
    return CacheHint{kHour, "public"};
  }
  if (method == "resources/list") return CacheHint{10 * 1000, "private"};
  if (method == "resources/read") return CacheHint{60 * 1000, "private"};
  return std::nullopt;
}

void DecorateResult(json& result, absl::string_view method, const json& server_info) {
  if (!result.is_object()) result = json::object();
  if (!result.contains("resultType")) result["resultType"] = "complete";
  json& meta = result["_meta"];
  if (!meta.is_object()) meta = json::object();
  meta[kMetaServerInfo] = server_info;
  if (std::optional<CacheHint> hint = CacheHintOf(method)) {
    result["ttlMs"] = hint->ttl_ms;
    result["cacheScope"] = hint->scope;
  }
}

}  // namespace kbot::mcp
