// What a tool call gives back, how a tool is described to a client, and the
// limits a call runs under: plain data that the tool layer (tools/tool.h)
// fills in and the MCP layer (mcp/tool.h) sends, one type for both, so the
// app's adapter (app/mcp_catalog.cc) passes a result through untouched.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "nlohmann/json.hpp"

namespace kbot {

// A value as one line of compact JSON, invalid UTF-8 in strings replaced by
// U+FFFD: the form MCP messages carry (mcp/json_rpc.h Serialize writes every
// message this way).
inline std::string CompactJson(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// A structured result written out once and shared, immutable, between calls
// (tools/parsed_asset.h keeps a describe tool's answer for an unchanged file):
// an MCP response carries the result twice, as text and as structuredContent,
// and both are these bytes.
struct SerializedResult {
  std::string json;    // CompactJson of the result
  std::string quoted;  // `json` as a JSON string literal: the text block's value

  static std::shared_ptr<const SerializedResult> Of(const nlohmann::json& structured) {
    auto out = std::make_shared<SerializedResult>();
    out->json = CompactJson(structured);
    out->quoted = CompactJson(nlohmann::json(out->json));
    return out;
  }
  size_t bytes() const { return sizeof(*this) + json.capacity() + quoted.capacity(); }
};

struct ToolResult {
  // The result, matching the tool's output schema (MCP's structuredContent).
  nlohmann::json structured = nlohmann::json::object();
  // Set instead of `structured` (which is then null) by a tool called with
  // Limits::serialized_results: the same result, already written out and
  // shared, so a repeated call neither builds nor writes it again.
  std::shared_ptr<const SerializedResult> serialized;
  // Blocks after the JSON text block: {"type": "image", "data" (base64),
  // "mimeType"}, {"type": "resource_link", "uri", ...}; for an MCP tool
  // without an output schema, the whole content.
  std::vector<nlohmann::json> content;
  std::optional<std::string> error;  // set: the call failed (isError) with this message
  // With `error`: what kind of failure (NotFound for a missing asset or
  // context, InvalidArgument for a bad argument...); the web explorer's JSON
  // routes answer with the matching HTTP status. kUnknown when not said.
  absl::StatusCode error_code = absl::StatusCode::kUnknown;
  bool cancelled = false;  // the work stopped on a cancellation: no answer

  static ToolResult Error(std::string message) {
    ToolResult r;
    r.error = std::move(message);
    return r;
  }
};

// MCP's tool annotations (hints to a client; kbot's tools only read).
struct ToolAnnotations {
  bool read_only = true;
  bool destructive = false;
  bool idempotent = true;
  bool open_world = false;
  // A call may take seconds (a folder walked, a whole map drawn, an archive
  // extracted): MCP clients may run it as a task (mcp/tasks.h).
  bool long_running = false;
};

// Limits every call runs under.
struct Limits {
  // Largest image returned inline, as base64 characters (MCP clients drop
  // results over about 1 MB); larger pictures become a link.
  size_t max_inline_image_base64 = 1 << 20;
  // Caps on every inline picture and every preview, whatever the limit above
  // says: the long side a vision model reads without shrinking it (1568 px),
  // and about 1 MB of encoded bytes. A picture past either is a link.
  int max_inline_image_side = 1568;
  size_t max_inline_image_bytes = 1 << 20;
  // Not a limit but how the caller takes a result: true when it only writes
  // the result out (the MCP session), so a tool may answer with
  // ToolResult::serialized instead of `structured`. The explorer and the
  // commands read the tree, and leave it false.
  bool serialized_results = false;
};

}  // namespace kbot
