// A contexts header that includes the demo data: scripts/check_layers.py must
// refuse this tree (the Layers.RefuseACrossing.contexts_includes_demo test).
#pragma once

#include "demo/demo_assets.h"
