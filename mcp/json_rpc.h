// JSON-RPC 2.0 as MCP uses it: one message is one JSON object. This file
// classifies an incoming line and builds the outgoing messages; it knows
// nothing of MCP methods.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "nlohmann/json.hpp"

namespace kbot::mcp {

using nlohmann::json;

// JSON-RPC and MCP error codes.
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
inline constexpr int kResourceNotFound = -32002;

// A protocol fault to answer with a JSON-RPC error response.
struct RpcError {
  int code = kInternalError;
  std::string message;
  json data;  // null: no data member
};

// Deepest nesting of arrays and objects a message may have; MCP messages
// need a handful of levels.
inline constexpr int kMaxNesting = 64;

// What one incoming line holds.
struct Incoming {
  enum class Kind { kRequest, kNotification, kResponse, kInvalid };
  Kind kind = Kind::kInvalid;
  json id;            // requests (string or integer); null when unknown
  std::string method;
  json params;        // always an object (empty when absent)
  RpcError error;     // kInvalid: what to answer, to `id`; kResponse: the peer's error
  // kResponse (the answer to a request the server sent): its result, or, when
  // `failed`, its error in `error`.
  json result;
  bool failed = false;
};

// Parses and classifies one message. Never throws. A batch (array) is
// invalid: MCP 2025-11-25 has no batches; so is a message nested deeper than
// kMaxNesting.
Incoming ParseIncoming(absl::string_view line);

// JSON text a message carries inside a string (a requestState): parsed, or
// discarded when it is not JSON or nests deeper than kMaxNesting.
json ParseBounded(absl::string_view text);

json MakeResult(const json& id, json result);
json MakeError(const json& id, const RpcError& error);
json MakeNotification(absl::string_view method, json params);

// One message as one line of compact JSON, always valid UTF-8 (invalid bytes
// in strings become U+FFFD), without the trailing newline. A value made by
// RawJson is written as the text it holds.
std::string Serialize(const json& message);

// A value that Serialize writes as `serialized`, verbatim: a large value that
// was already serialized once (a tool's structured result, whose text is also
// the result's text block) is not walked and written a second time. It must
// be Serialize's own output, so the line is what writing the value would
// give. It is carried as a binary value with subtype kRawJsonSubtype (kbot's
// messages hold no other binary value); anything but Serialize sees bytes.
inline constexpr std::uint8_t kRawJsonSubtype = 0x6b;
json RawJson(absl::string_view serialized);

}  // namespace kbot::mcp
