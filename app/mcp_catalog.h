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

// `tool` as the MCP core calls it, over `workspace` and writing into `output`
// (both must outlive it; output may be null).
mcp::Tool McpTool(tools::Tool tool, const contexts::Workspace& workspace,
                  contexts::ConfinedFolder* output = nullptr);

// Every kbot tool, over `workspace`, as served without an output folder.
std::vector<mcp::Tool> McpTools(const contexts::Workspace& workspace);
// The tools of `toolsets` (tools::ToolsOf: core always; empty: every one);
// with `output` (`kbot mcp --output DIR`) the write tools and the output
// parameters too (tools/output_target.h).
absl::StatusOr<std::vector<mcp::Tool>> McpTools(const contexts::Workspace& workspace,
                                                const std::vector<std::string>& toolsets,
                                                contexts::ConfinedFolder* output = nullptr);

// The instructions, the context-file template, the resources and the
// completions of `workspace`.
mcp::ServerHooks McpHooks(const contexts::Workspace& workspace,
                          size_t max_resource_bytes = kMaxResourceBytes);

}  // namespace kbot::app
