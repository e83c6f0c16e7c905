// A tool header that includes the HTTP host: scripts/check_layers.py must
// refuse this tree (the Layers.RefuseACrossing.tools_includes_http test).
#pragma once

#include "http/http_host.h"
