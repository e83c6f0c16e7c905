// Multi round-trip requests (MCP 2026-07-28): a stateless tool call cannot
// send its client a request and wait, so what it asks (elicitation/create,
// sampling/createMessage, roots/list) ends the call with an
// InputRequiredResult; the client answers by calling again with
// `inputResponses`, and the handler runs again from the start, getting the
// answers in the order it asks. The answers of earlier rounds travel in
// `requestState`, so that any kbot instance can serve the retry.
//
// requestState is base64url of {"v":1,"call":BINDING,"answers":{...}}. It is
// not signed: it holds only what the client itself answered, so a client that
// edits it can do no more than answer differently. It is bound to the call
// (tool name and arguments), so a state from another call is refused.
#pragma once

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "mcp/json_rpc.h"

namespace kbot::mcp {

struct InputRounds {
  json answers = json::object();   // key -> the client's answer
  json requests = json::object();  // key -> {"method", "params"}: asked, unanswered
  int asked = 0;                   // keys are "kbot-0", "kbot-1"... in asking order
  std::string missing_capability;  // non-empty: asked for what the client lacks
};

// A digest of the tool and its arguments that a requestState is bound to.
std::string CallBinding(absl::string_view tool, const json& arguments);

// Reads a retry's `inputResponses` and `requestState` (tools/call params) into
// `rounds`: InvalidArgument for a requestState that is not kbot's, or is of
// another call, or answers that are not an object.
absl::Status ReadRetry(const json& params, absl::string_view binding, InputRounds& rounds);

// Client::Request under 2026-07-28: the answer the retry brought, or
// Unavailable after recording the request (the call then ends with an
// InputRequiredResult), or FailedPrecondition when the client did not declare
// the capability the method needs (the call ends with -32021).
absl::StatusOr<json> AskByResult(InputRounds& rounds, const json& client_capabilities,
                                 absl::string_view method, json params);

// The InputRequiredResult asking for `rounds.requests`; its requestState keeps
// every answer so far.
json InputRequiredResult(const InputRounds& rounds, absl::string_view binding);

}  // namespace kbot::mcp
