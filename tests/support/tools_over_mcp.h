// A test fixture: kbot's own tools through an MCP session on the built-in
// demo context, with helpers for a call that must succeed (its result
// checked against the tool's output schema) and one that must fail.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "app/mcp_catalog.h"
#include "base/json_schema.h"
#include "nlohmann/json.hpp"
#include "tests/support/mcp_client.h"
#include "tools/catalog.h"

namespace kbot::testing {

class ToolsOverMcp : public ::testing::Test {
 protected:
  using json = nlohmann::json;

  explicit ToolsOverMcp(mcp::ServerOptions options = {})
      : client_(DemoWorkspace(), app::McpTools(DemoWorkspace()), options) {
    client_.Initialize();
  }

  // The result of a successful call, checked against the tool's outputSchema.
  json Ok(const std::string& tool, json arguments) {
    const json response = client_.CallTool(tool, arguments);
    EXPECT_TRUE(response.contains("result")) << response;
    const json result = response.value("result", json::object());
    EXPECT_EQ(result.value("isError", true), false) << result;
    for (const tools::Tool& t : tools::AllTools()) {
      if (t.name != tool) continue;
      absl::StatusOr<CompiledSchema> schema = CompiledSchema::Compile(t.output_schema);
      EXPECT_TRUE(schema.ok());
      const absl::Status valid = schema->Validate(result["structuredContent"]);
      EXPECT_TRUE(valid.ok()) << tool << ": " << valid.message();
    }
    return result;
  }

  std::string ErrorText(const std::string& tool, json arguments) {
    const json result = client_.CallTool(tool, arguments).value("result", json::object());
    EXPECT_EQ(result.value("isError", false), true) << result;
    return result["content"][0]["text"];
  }

  McpClient client_;
};

}  // namespace kbot::testing
