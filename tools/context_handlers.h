// The MCP tools context_list, vfs_list and palette_candidates.
#pragma once

#include "tools/tool.h"

namespace kbot::tools {

Tool ContextListTool();
Tool VfsListTool();
Tool PaletteCandidatesTool();

}  // namespace kbot::tools
