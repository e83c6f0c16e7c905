// The MCP tools context_list, vfs_list and palette_candidates.
#pragma once

#include "mcp/tool.h"

namespace kbot::tools {

mcp::Tool ContextListTool();
mcp::Tool VfsListTool();
mcp::Tool PaletteCandidatesTool();

}  // namespace kbot::tools
