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
#include "base/tool_result.h"
#include "contexts/confined_folder.h"
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

using kbot::Limits;
using kbot::ToolAnnotations;
using kbot::ToolResult;

// What a handler gets: its validated arguments and the run's surroundings.
struct ToolCall {
  const json& arguments;
  const contexts::Workspace& workspace;
  Progress& progress;  // reports, and says stop when the request is cancelled
  Logger& log;
  const Limits& limits;
  // The folder write tools write into (`kbot mcp --output DIR`), or null:
  // then no write tool and no output parameter is served
  // (tools/output_target.h).
  contexts::ConfinedFolder* output = nullptr;
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
  // Writes files into the output folder: served only with one.
  bool writes = false;
};

}  // namespace kbot::tools
