// Streamable HTTP under MCP 2026-07-28: no session; each POST's standard
// headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name) must agree with its
// body, and a refusal's HTTP status follows its JSON-RPC error. The transport
// (http_transport.cc) serves such a request on a session of its own that
// lives as long as the request.
#pragma once

#include <optional>
#include <string>

#include "mcp/json_rpc.h"

namespace httplib {
struct Request;
}

namespace kbot::mcp {

// Whether a POST is of the 2026-07-28 revision: a stateless request
// (mcp/revision.h IsStateless), or a message without a session whose
// MCP-Protocol-Version header names a version kbot serves only statelessly.
bool IsStatelessPost(const httplib::Request& req, const Incoming& in);

// Checks `in`'s standard headers against its body: none when they agree;
// otherwise the HeaderMismatchError (-32020) to answer with 400, naming the
// header. Header names are matched in any case, values exactly (after the
// surrounding spaces HTTP allows); Mcp-Name may be written
// =?base64?...?= (the revision's encoding for values a header cannot hold).
// Checked before the envelope itself, so that a header and a _meta that
// disagree are a mismatch (-32020) rather than an unsupported version; a
// _meta without a version string is left to ReadEnvelope (-32602).
std::optional<RpcError> CheckStandardHeaders(const httplib::Request& req, const Incoming& in);

// The HTTP status of a stateless response: 404 for a method not found, 400
// for the revision's refusals (its -32020..-32022 errors and a malformed
// envelope, which `refused_before_dispatch` says), 200 for anything else.
int StatelessStatus(const json& response, bool refused_before_dispatch);

}  // namespace kbot::mcp
