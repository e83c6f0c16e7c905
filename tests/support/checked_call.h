// A tool called the way the MCP server calls it, for tool tests: the
// arguments checked against the tool's input schema first, and a result that
// is not an error checked against its output schema (a mismatch is a test
// failure). Header-only: the tool tests share it without a library of their own.
#pragma once

#include <gtest/gtest.h>

#include "base/json_schema.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tools/tool.h"

namespace kbot::testing {

inline tools::ToolResult CheckedCall(const tools::Tool& tool, const nlohmann::json& arguments,
                                     const contexts::Workspace& workspace,
                                     const tools::Limits& limits = {}) {
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  EXPECT_TRUE(in.ok() && in->Validate(arguments).ok()) << tool.name << ": " << arguments.dump();
  const tools::ToolCall call{arguments, workspace, NoProgress(), tools::QuietLogger(), limits,
                             nullptr};
  tools::ToolResult r = tool.handler(call);
  if (!r.error) {
    absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
    EXPECT_TRUE(out.ok() && out->Validate(r.structured).ok())
        << tool.name << ": " << r.structured.dump(2);
  }
  return r;
}

// A call's answer, a test failure when it failed.
inline nlohmann::json AnswerOf(const tools::ToolResult& r) {
  EXPECT_FALSE(r.error) << r.error.value_or("");
  return r.structured;
}

// A call's error message, a test failure when it succeeded.
inline std::string ErrorOf(const tools::ToolResult& r) {
  EXPECT_TRUE(r.error) << r.structured.dump();
  return r.error.value_or("");
}

}  // namespace kbot::testing
