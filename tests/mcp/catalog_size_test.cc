// tools/list is paid for in every conversation: at most 1,000 bytes a tool on
// average (compact JSON of the result), with and without an output folder.
// A new tool or argument that needs more must take it from elsewhere
// (docs/json.md, "The catalog").
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include "app/mcp_catalog.h"
#include "contexts/confined_folder.h"
#include "tests/support/mcp_client.h"

namespace kbot {
namespace {

using nlohmann::json;
using testing::DemoWorkspace;
using testing::McpClient;

constexpr size_t kBytesPerTool = 1000;

void ExpectWithinBudget(std::vector<mcp::Tool> tools, const std::string& what) {
  McpClient client(DemoWorkspace(), std::move(tools));
  client.Initialize();
  const json listing = client.Call("tools/list")["result"];
  const size_t count = listing["tools"].size();
  ASSERT_GT(count, 0u);
  const size_t bytes = listing.dump().size();
  EXPECT_LE(bytes, kBytesPerTool * count)
      << what << ": tools/list is " << bytes << " bytes for " << count << " tools, "
      << bytes / count << " a tool";
}

TEST(CatalogSize, AtMostAThousandBytesATool) {
  ExpectWithinBudget(app::McpTools(DemoWorkspace()), "without --output");
  const std::filesystem::path out =
      std::filesystem::temp_directory_path() / ("kbot_catalog_size_" + std::to_string(getpid()));
  absl::StatusOr<std::unique_ptr<contexts::ConfinedFolder>> output =
      contexts::ConfinedFolder::Open(out.string());
  ASSERT_TRUE(output.ok());
  absl::StatusOr<std::vector<mcp::Tool>> tools = app::McpTools(DemoWorkspace(), {}, output->get());
  ASSERT_TRUE(tools.ok());
  ExpectWithinBudget(*std::move(tools), "with --output");
  std::filesystem::remove_all(out);
}

}  // namespace
}  // namespace kbot
