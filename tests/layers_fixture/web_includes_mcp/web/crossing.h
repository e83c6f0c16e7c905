// An explorer header that reaches the HTTP host through mcp/: scripts/check_layers.py must
// refuse this tree (the Layers.RefuseACrossing.web_includes_mcp test).
#pragma once

#include "mcp/http_transport.h"
