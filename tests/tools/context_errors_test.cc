// A tool's error about a file of a context names the context once: the file
// is read through OpenContextAsset, which names it, and the tool's own error
// gets the name in WithContextAsset (tools/typed_tool.h); map_render and
// palette_describe once named it twice.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "absl/strings/match.h"
#include "base/progress.h"
#include "contexts/confined_folder.h"
#include "contexts/workspace.h"
#include "demo/demo_context.h"
#include "tools/catalog.h"

namespace kbot::tools {
namespace {

const contexts::Workspace& DemoWorkspace() {
  static const contexts::Workspace* workspace = [] {
    absl::StatusOr<contexts::Workspace> ws = contexts::Workspace::Open({}, demo::MakeDemoContext);
    EXPECT_TRUE(ws.ok()) << ws.status();
    return new contexts::Workspace(*std::move(ws));
  }();
  return *workspace;
}

// An output folder for the write tools (hpi_extract); these calls fail
// before they write.
contexts::ConfinedFolder* Output() {
  static contexts::ConfinedFolder* output = [] {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("kbot_context_errors_" + std::to_string(::getpid()));
    absl::StatusOr<std::unique_ptr<contexts::ConfinedFolder>> opened =
        contexts::ConfinedFolder::Open(dir.string());
    EXPECT_TRUE(opened.ok()) << opened.status();
    return opened->release();
  }();
  return output;
}

ToolResult Call(const Tool& tool, const json& arguments) {
  const Limits limits;
  return tool.handler(
      ToolCall{arguments, DemoWorkspace(), NoProgress(), QuietLogger(), limits, Output()});
}

size_t Count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

bool TakesAPath(const Tool& tool) {
  for (const auto& [name, schema] : tool.input_schema["properties"].items()) {
    if (name == "path") return true;
  }
  return false;
}

TEST(ContextErrors, AMissingFileNamesTheContextOnce) {
  int tools = 0;
  for (const Tool& tool : AllTools()) {
    // palette_candidates lists the chain for a path whether or not it exists;
    // gaf_check's path may be a folder (its error says it is neither).
    if (!TakesAPath(tool) || tool.name == "palette_candidates" || tool.name == "gaf_check") {
      continue;
    }
    ++tools;
    const ToolResult result = Call(tool, {{"path", "no/such.file"}});
    ASSERT_TRUE(result.error) << tool.name;
    EXPECT_EQ(*result.error, "context demo: no/such.file: no such file") << tool.name;
  }
  EXPECT_GE(tools, 13);
}

TEST(ContextErrors, AFileOfTheWrongKindNamesTheContextOnce) {
  for (const std::string name : {"map_render", "palette_describe", "style_tiles", "map_describe"}) {
    for (const Tool& tool : AllTools()) {
      if (tool.name != name) continue;
      const ToolResult result = Call(tool, {{"path", "anims/cursors.gaf"}});
      ASSERT_TRUE(result.error) << name;
      EXPECT_EQ(Count(*result.error, "context demo: "), 1u) << name << ": " << *result.error;
      EXPECT_TRUE(absl::StrContains(*result.error, "anims/cursors.gaf")) << *result.error;
    }
  }
}

TEST(ContextErrors, AMissingStyleNamesTheContextOnce) {
  for (const Tool& tool : AllTools()) {
    if (tool.name != "map_render") continue;
    const ToolResult result =
        Call(tool, {{"path", "GTADATA/DEMO.CMP"}, {"style", "GTADATA/NOPE.G24"}});
    ASSERT_TRUE(result.error);
    EXPECT_EQ(*result.error,
              "context demo: GTADATA/DEMO.CMP: its style: GTADATA/NOPE.G24: no such file");
  }
}

}  // namespace
}  // namespace kbot::tools
