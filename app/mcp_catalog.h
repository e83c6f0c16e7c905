// kbot's tools, files and completions presented to the MCP core: each
// tools::Tool becomes an mcp::Tool over the workspace, and the hooks give the
// core the instructions, the context-file template, resources/list and
// resources/read, and argument completion. mcp/ knows no game; tools/ knows
// no protocol; this is where they meet.
#pragma once

#include <vector>

#include "contexts/workspace.h"
#include "mcp/server.h"
#include "mcp/tool.h"
#include "tools/tool.h"

namespace kbot::app {

// Largest file one resources/read returns.
inline constexpr size_t kMaxResourceBytes = 64 << 20;

// `tool` as the MCP core calls it, over `workspace` (which must outlive it).
mcp::Tool McpTool(tools::Tool tool, const contexts::Workspace& workspace);

// Every kbot tool, over `workspace`.
std::vector<mcp::Tool> McpTools(const contexts::Workspace& workspace);
// The tools of `toolsets` (tools::ToolsOf: core always; empty: every one).
absl::StatusOr<std::vector<mcp::Tool>> McpTools(const contexts::Workspace& workspace,
                                                const std::vector<std::string>& toolsets);

// The instructions, the context-file template, the resources and the
// completions of `workspace`.
mcp::ServerHooks McpHooks(const contexts::Workspace& workspace,
                          size_t max_resource_bytes = kMaxResourceBytes);

}  // namespace kbot::app
