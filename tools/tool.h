// A tool as data: its metadata next to its handler, one handler signature.
// The MCP server (through app/mcp_catalog.h), the CLI and the web explorer
// all call these, so a command, a route and a tool never disagree. Nothing
// here knows MCP: the app presents the catalog to the protocol.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "nlohmann/json.hpp"
#include "tools/params.h"

namespace kbot::tools {

using nlohmann::json;

enum class LogLevel { kDebug, kInfo, kWarning, kError };

// Where a handler's log messages go (an MCP client's notifications/message,
// stderr on the CLI, nowhere for a web route).
class Logger {
 public:
  virtual ~Logger() = default;
  virtual void Log(LogLevel level, absl::string_view logger, const std::string& message) = 0;
};
// Warnings and errors as "kbot: warning: ..." lines on stderr.
Logger& StderrLogger();
// Drops every message.
Logger& QuietLogger();

// Limits every call runs under.
struct Limits {
  // Largest image returned inline, as base64 characters (MCP clients drop
  // results over about 1 MB); larger pictures become a link.
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
  json structured = json::object();  // the result, matching the output schema
  // Pictures after the result, as content blocks: {"type": "image", "data"
  // (base64), "mimeType"} or {"type": "resource_link", "uri", ...}.
  std::vector<json> content;
  std::optional<std::string> error;  // set: the call failed with this message
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

struct ToolAnnotations {
  bool read_only = true;
  bool destructive = false;
  bool idempotent = true;
  bool open_world = false;
};

// The bytes of a rendered resource (a kbot:// URI with ?export=...).
struct ResourceBytes {
  std::vector<uint8_t> bytes;
  std::string mime_type;
};

// A tool whose pictures can be too large to inline: a kbot:// link
// (kbot://CONTEXT/PATH?export=NAME&ARG=VALUE...) carries its arguments, and
// resources/read (or the explorer's /render/ route) draws the picture again.
struct PictureExport {
  // The ?export= values that name this tool.
  std::vector<std::string> names;
  // The argument the export value is (gaf_export's `format`: export=gif), or
  // empty when the value only names the tool (export=map).
  std::string argument;
  // Draws the picture from arguments valid against the tool's input schema.
  std::function<absl::StatusOr<ResourceBytes>(const contexts::Context&, const json& arguments,
                                              Progress&)>
      draw;
};

struct Tool {
  std::string name;
  std::string title;
  std::string description;
  json input_schema;
  json output_schema;  // every kbot tool declares one
  ToolAnnotations annotations;
  std::function<ToolResult(const ToolCall&)> handler;
  // The parameters input_schema was made from (tools/params.h), in their
  // declared order: the CLI builds its options from them.
  std::vector<Param> params;
  std::optional<PictureExport> picture;  // set for the picture tools
};

}  // namespace kbot::tools
