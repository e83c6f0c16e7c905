// A tool as data: its metadata next to its handler, one handler signature.
// The MCP server lists and calls these; the CLI calls the same handlers, so a
// command and a tool never disagree.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "contexts/workspace.h"
#include "formats/common/progress.h"
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

// Limits a server applies to every call.
struct Limits {
  // Largest image returned inline, as base64 characters (MCP clients drop
  // results over about 1 MB); larger exports become a resource_link.
  size_t max_inline_image_base64 = 1 << 20;
};

// What a handler gets: its validated arguments and the run's surroundings.
struct ToolCall {
  const json& arguments;
  const contexts::Workspace& workspace;
  Progress& progress;  // reports, and says stop when the request is cancelled
  Logger& log;
  const Limits& limits;
};

struct ToolResult {
  json structured = json::object();  // structuredContent, matching the outputSchema
  std::vector<json> content;         // blocks after the JSON text block: images, links
  std::optional<std::string> error;  // set: isError with this message, nothing else
  bool cancelled = false;            // the work stopped on a cancellation: no response

  static ToolResult Error(std::string message) {
    ToolResult r;
    r.error = std::move(message);
    return r;
  }
};

struct ToolAnnotations {
  bool read_only = true;
  bool destructive = false;
  bool idempotent = true;
  bool open_world = false;
};

struct Tool {
  std::string name;
  std::string title;
  std::string description;
  json input_schema;
  json output_schema;
  ToolAnnotations annotations;
  std::function<ToolResult(const ToolCall&)> handler;
};

// The tools/list entry of `tool`.
json ToolListing(const Tool& tool);

}  // namespace kbot::mcp
