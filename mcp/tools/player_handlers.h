// The MCP tool player_describe: GTA1's saved settings (PLAYER_A.DAT).
// `kbot gta player` calls the same functions.
#pragma once

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "mcp/tool.h"
#include "mcp/tools/gaf_tools.h"

namespace kbot::tools {

// player_describe's structuredContent:
//   {"path", "settings" (hex), "settings_bytes" [20 numbers],
//    "language_override", "language_raw" (hex),
//    "high_scores": [{"level", "scores": [{"rank", "score", "name"}]}] (6 x 3),
//    "players": [{"index", "name" (or null)}], "current_player",
//    "network_name", "warnings"}
absl::StatusOr<json> PlayerDescribe(const Asset& asset);

// The handler's work once the context is known (arguments already valid).
mcp::ToolResult RunPlayerDescribe(const contexts::Context& context, const json& arguments);

mcp::Tool PlayerDescribeTool();

}  // namespace kbot::tools
