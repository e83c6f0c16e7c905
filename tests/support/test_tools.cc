#include "tests/support/test_tools.h"

#include <chrono>
#include <string>
#include <thread>

namespace kbot::testing {

using nlohmann::json;

namespace {

json EmptyObjectSchema() { return {{"type", "object"}, {"additionalProperties", false}}; }

}  // namespace

mcp::Tool Echo() {
  return {"echo",
          "Echo",
          "Returns its text",
          {{"type", "object"},
           {"properties", {{"text", {{"type", "string"}}}, {"times", {{"type", "integer"}, {"minimum", 1}}}}},
           {"required", {"text"}},
           {"additionalProperties", false}},
          {{"type", "object"}, {"properties", {{"text", {{"type", "string"}}}}}},
          {},
          [](const mcp::ToolCall& call) {
            mcp::ToolResult r;
            std::string text;
            for (int i = 0; i < call.arguments.value("times", 1); ++i) text += call.arguments["text"].get<std::string>();
            r.structured = {{"text", text}};
            return r;
          }};
}

mcp::Tool Slow(std::atomic<int>* stopped_at, std::atomic<bool>* started) {
  return {"slow",
          "Slow",
          "Works for a while",
          {{"type", "object"},
           {"properties", {{"steps", {{"type", "integer"}}}}},
           {"additionalProperties", false}},
          {{"type", "object"}},
          {},
          [stopped_at, started](const mcp::ToolCall& call) {
            if (started) *started = true;
            const int steps = call.arguments.value("steps", 100000);
            for (int i = 1; i <= steps; ++i) {
              if (!call.progress.Report(uint64_t(i), uint64_t(steps))) {
                if (stopped_at) *stopped_at = i;
                mcp::ToolResult r;
                r.cancelled = true;
                return r;
              }
              std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
            mcp::ToolResult r;
            r.structured = {{"steps", steps}};
            return r;
          }};
}

mcp::Tool Fail() {
  return {"fail", "Fail", "Always fails", EmptyObjectSchema(), {{"type", "object"}}, {},
          [](const mcp::ToolCall&) {
            return mcp::ToolResult::Error("anims/x.gaf: sequence 2 frame 1: row 7 runs past the end");
          }};
}

mcp::Tool Chatty() {
  return {"chatty", "Chatty", "Logs at three levels", EmptyObjectSchema(), {{"type", "object"}}, {},
          [](const mcp::ToolCall& call) {
            call.log.Log(mcp::LogLevel::kDebug, "test", "a debug line");
            call.log.Log(mcp::LogLevel::kInfo, "test", "an info line");
            call.log.Log(mcp::LogLevel::kWarning, "test", "a warning line");
            return mcp::ToolResult{};
          }};
}

std::vector<mcp::Tool> TestTools(std::atomic<int>* stopped_at, std::atomic<bool>* started) {
  return {Echo(), Slow(stopped_at, started), Fail(), Chatty()};
}

}  // namespace kbot::testing
