// An HTTP host header that includes the MCP core: scripts/check_layers.py must
// refuse this tree (the Layers.RefuseACrossing.http_includes_mcp test).
#pragma once

#include "mcp/json_rpc.h"
