// Each parameter of each tool says its default once: a fixed default is the
// schema's "default" (from the request struct's initialiser, tools/params.h),
// which MCP clients show and `kbot ... --help` prints as [default: X]; the
// description names a default only when it is not a fixed value ("to the east
// edge", "half the font's height").
#include <gtest/gtest.h>

#include <string>

#include "tools/catalog.h"

namespace kbot::tools {
namespace {

TEST(CatalogParams, AFixedDefaultIsTheSchemasAloneNotTheDescriptions) {
  for (const Tool& tool : AllTools()) {
    for (const Param& param : tool.params) {
      if (!param.schema.contains("default")) continue;
      const std::string description = param.schema.value("description", "");
      EXPECT_EQ(description.find("default"), std::string::npos)
          << tool.name << "." << param.name << " has \"default\": " << param.schema["default"]
          << " and says it again: " << description;
    }
  }
}

// But `context`, whose name says it (tools/tool_support.h: ContextProperty).
TEST(CatalogParams, EveryParameterIsDescribed) {
  for (const Tool& tool : AllTools()) {
    for (const Param& param : tool.params) {
      if (param.name == "context" && tool.name != "asset_find") continue;
      EXPECT_FALSE(param.schema.value("description", "").empty()) << tool.name << "." << param.name;
    }
  }
}

}  // namespace
}  // namespace kbot::tools
