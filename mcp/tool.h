// An MCP tool as data: its metadata next to its handler, one handler
// signature. The server lists and calls these; what a tool does is the app's
// business (kbot's come from tools/ through app/mcp_catalog.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "base/progress.h"
#include "base/tool_result.h"
#include "nlohmann/json.hpp"

namespace kbot::mcp {

using nlohmann::json;

// MCP's logging levels, least to most severe.
enum class LogLevel { kDebug, kInfo, kNotice, kWarning, kError, kCritical, kAlert, kEmergency };
std::optional<LogLevel> ParseLogLevel(absl::string_view name);
const char* LogLevelName(LogLevel level);

// Where a handler's log messages go (notifications/message, or stderr on the
// CLI).
class Logger {
 public:
  virtual ~Logger() = default;
  virtual void Log(LogLevel level, absl::string_view logger, const std::string& message) = 0;
};
Logger& StderrLogger();

using kbot::Limits;
using kbot::ToolAnnotations;
using kbot::ToolResult;

// The client a tool call came from, for the requests MCP lets a server send
// it while a call runs (sampling/createMessage, elicitation/create,
// roots/list). They go out about the call (over Streamable HTTP, on the
// call's own stream) and the call waits for the answer.
class Client {
 public:
  virtual ~Client() = default;
  // Whether the client declared `capability` ("sampling", "elicitation",
  // "roots") in its initialize request.
  virtual bool Supports(absl::string_view capability) const = 0;
  // Sends the request and waits for the client's answer: its result; or
  // Unknown with the client's JSON-RPC error message; DeadlineExceeded after
  // `timeout` (the request is then cancelled with notifications/cancelled);
  // Cancelled when the tool call itself is cancelled.
  virtual absl::StatusOr<json> Request(absl::string_view method, json params,
                                       std::chrono::milliseconds timeout) = 0;
};

// What a handler gets: its validated arguments and the run's surroundings.
struct ToolCall {
  const json& arguments;
  Progress& progress;  // reports, and says stop when the request is cancelled
  Logger& log;
  const Limits& limits;
  Client* client = nullptr;  // null where no MCP client is connected
};

struct Tool {
  std::string name;
  std::string title;
  std::string description;
  json input_schema;
  // Null: the tool has no structured result; its calls answer with `content`
  // blocks only (kbot's own tools all declare one).
  json output_schema;
  ToolAnnotations annotations;
  std::function<ToolResult(const ToolCall&)> handler;
  // Listed as the tool's `_meta` when not null: what an extension says about
  // the tool (MCP Apps: the ui:// view that shows its results).
  json meta;
};

// The tools/list entry of `tool`.
json ToolListing(const Tool& tool);

}  // namespace kbot::mcp
