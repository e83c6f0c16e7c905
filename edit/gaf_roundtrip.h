// `gaf_roundtrip`: dumps a GAF/TAF to a temporary folder, builds it back, and
// compares what the game reads: sequence order, names, loop words, +4 words,
// frame counts, stored durations, sizes, origins, keys, storage, blend, and
// every rendered pixel with its transparency. Layered frames come back as
// simple frames; they are compared by their pixels and counted.
#pragma once

#include "tools/gaf_tools.h"

namespace kbot::edit {

// The tool layer's GAF types, which the editing commands share with gaf_export.
using tools::Asset;
using tools::json;
using tools::PaletteChoice;

// {"path", "ok", "sequences", "frames", "flattened", "difference": null or
//  the first difference, naming sequence, frame and pixel}
json GafRoundtripFile(const Asset& asset);

}  // namespace kbot::edit
