#include "mcp/tool.h"

#include <iostream>
#include <mutex>

namespace kbot::mcp {

namespace {

constexpr const char* kLevelNames[] = {"debug", "info",     "notice", "warning",
                                       "error", "critical", "alert",  "emergency"};

}  // namespace

std::optional<LogLevel> ParseLogLevel(absl::string_view name) {
  for (size_t i = 0; i < std::size(kLevelNames); ++i) {
    if (name == kLevelNames[i]) return LogLevel(i);
  }
  return std::nullopt;
}

const char* LogLevelName(LogLevel level) { return kLevelNames[size_t(level)]; }

Logger& StderrLogger() {
  struct Stderr final : Logger {
    std::mutex mu;
    void Log(LogLevel level, absl::string_view logger, const std::string& message) override {
      if (level < LogLevel::kWarning) return;
      std::lock_guard<std::mutex> lock(mu);
      std::cerr << "kbot: " << LogLevelName(level) << ": " << message << "\n";
    }
  };
  static Stderr logger;
  return logger;
}

namespace {

// A member's schema as listed: its type alone ("object", "array",
// ["integer", "null"]...), not what an array or object holds; a member
// without a type (anyOf) is any value.
json MemberType(const json& schema) {
  if (!schema.is_object() || !schema.contains("type")) return json::object();
  return {{"type", schema["type"]}};
}

// An output schema as listed: its members and their types, without which
// are always present (the list would name most members a second time), what
// nested results hold, their bounds or enums: every conversation pays for
// tools/list in tokens, and the tool's description and docs/json.md say the
// rest. Results still match it; kbot's own tests check them against the
// whole schema.
json ListedOutputSchema(const json& schema) {
  if (!schema.is_object() || !schema.contains("properties")) return schema;
  json properties = json::object();
  for (const auto& [name, sub] : schema["properties"].items()) properties[name] = MemberType(sub);
  return {{"type", "object"}, {"properties", std::move(properties)}};
}

}  // namespace

json ToolListing(const Tool& tool) {
  // The title once (annotations.title would repeat it); destructiveHint and
  // idempotentHint mean something only for a tool that writes.
  json annotations = {{"readOnlyHint", tool.annotations.read_only},
                      {"openWorldHint", tool.annotations.open_world}};
  if (!tool.annotations.read_only) {
    annotations["destructiveHint"] = tool.annotations.destructive;
    annotations["idempotentHint"] = tool.annotations.idempotent;
  }
  json listing = {{"name", tool.name},
                  {"title", tool.title},
                  {"description", tool.description},
                  {"inputSchema", tool.input_schema},
                  {"annotations", std::move(annotations)}};
  if (!tool.output_schema.is_null()) {
    listing["outputSchema"] = ListedOutputSchema(tool.output_schema);
  }
  // 2025-11-25's tasks: the client may ask for one (params.task).
  if (tool.annotations.long_running) listing["execution"] = {{"taskSupport", "optional"}};
  if (!tool.meta.is_null()) listing["_meta"] = tool.meta;
  return listing;
}

}  // namespace kbot::mcp
