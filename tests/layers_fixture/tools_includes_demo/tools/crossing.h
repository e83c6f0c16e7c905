// A tool header that includes the demo data: scripts/check_layers.py must
// refuse this tree (the Layers.RefuseACrossing.tools_includes_demo test).
#pragma once

#include "demo/demo_context.h"
