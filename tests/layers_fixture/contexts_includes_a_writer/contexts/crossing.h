// A contexts header that includes a format writer: scripts/check_layers.py must
// refuse this tree (the Layers.RefuseACrossing.contexts_includes_a_writer test).
#pragma once

#include "formats/gaf/gaf_writer.h"
