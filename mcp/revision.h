// MCP revision 2026-07-28, the stateless one, beside the handshake revisions
// (2025-11-25 and older). A request whose params._meta names a protocol
// version (or a server/discover) is served on its own: its version, the
// client's capabilities and its log level come with it, and its result says
// its resultType, the server's identity and, for the lists and reads, how long
// it may be cached. docs/mcp.md, "Two revisions", has the rules and why.
// This file holds the envelope, the revision's errors and the decoration of
// results; session_stateless.cc dispatches with them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "mcp/json_rpc.h"
#include "mcp/tool.h"

namespace kbot::mcp {

inline constexpr const char* kStatelessVersion = "2026-07-28";
// The stateless versions kbot serves (server/discover's supportedVersions, and
// an UnsupportedProtocolVersionError's `supported`): the handshake revisions
// are reached through initialize, not named in a request's _meta.
const std::vector<std::string>& StatelessVersions();

// The reserved _meta keys.
inline constexpr const char* kMetaProtocolVersion = "io.modelcontextprotocol/protocolVersion";
inline constexpr const char* kMetaClientCapabilities = "io.modelcontextprotocol/clientCapabilities";
inline constexpr const char* kMetaClientInfo = "io.modelcontextprotocol/clientInfo";
inline constexpr const char* kMetaLogLevel = "io.modelcontextprotocol/logLevel";
inline constexpr const char* kMetaServerInfo = "io.modelcontextprotocol/serverInfo";
inline constexpr const char* kMetaSubscriptionId = "io.modelcontextprotocol/subscriptionId";
// The Tasks extension, and the key 2025-11-25 ties a task's messages with.
inline constexpr const char* kTasksExtension = "io.modelcontextprotocol/tasks";
inline constexpr const char* kMetaRelatedTask = "io.modelcontextprotocol/related-task";

// The revision's error codes (its -32020..-32099 range).
inline constexpr int kHeaderMismatch = -32020;
inline constexpr int kMissingRequiredClientCapability = -32021;
inline constexpr int kUnsupportedProtocolVersion = -32022;

// Whether `in` asks for the stateless revision: server/discover, or a request
// whose params._meta carries the protocol-version key (with any value: a
// version kbot does not serve is then refused as such, never served by the
// handshake rules).
bool IsStateless(const Incoming& in);

// What a stateless request says of itself.
struct Envelope {
  std::string version;
  json client_capabilities = json::object();
  json client_info;                  // null when not sent
  std::optional<LogLevel> log_level;  // none: no log lines for this request
};

// Reads and checks `in`'s envelope: -32602 when the version or the
// capabilities are missing or of the wrong type, or the log level is not one
// of MCP's; -32022 (UnsupportedProtocolVersionError, with the supported list)
// for a version kbot does not serve. server/discover too needs its envelope.
std::optional<RpcError> ReadEnvelope(const Incoming& in, Envelope& envelope);

// A MissingRequiredClientCapabilityError for `capability` ("elicitation"...).
RpcError MissingCapability(absl::string_view capability);

// How long a result may be kept and by whom (CacheableResult), by method:
// none for the methods whose results are not cacheable.
struct CacheHint {
  int64_t ttl_ms = 0;
  const char* scope = "private";
};
std::optional<CacheHint> CacheHintOf(absl::string_view method);

// `result` as the revision answers it: resultType "complete" unless it says
// otherwise, the server's identity in _meta, and the cache fields for
// `method`. `server_info` is {"name", "title", "version"}.
void DecorateResult(json& result, absl::string_view method, const json& server_info);

}  // namespace kbot::mcp
