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

json ToolListing(const Tool& tool) {
  json listing = {{"name", tool.name},
                  {"title", tool.title},
                  {"description", tool.description},
                  {"inputSchema", tool.input_schema},
                  {"outputSchema", tool.output_schema},
                  {"annotations",
                   {{"title", tool.title},
                    {"readOnlyHint", tool.annotations.read_only},
                    {"destructiveHint", tool.annotations.destructive},
                    {"idempotentHint", tool.annotations.idempotent},
                    {"openWorldHint", tool.annotations.open_world}}}};
  if (tool.output_schema.is_null()) listing.erase("outputSchema");
  return listing;
}

}  // namespace kbot::mcp
