// A tool header that includes the MCP core: scripts/check_layers.py must
// refuse this tree (the Layers.RefuseACrossing.tools_includes_mcp test).
#pragma once

#include "mcp/server.h"
