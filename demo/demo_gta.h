// The demo's GTA1 data set, under GTADATA/ as in the game's folder, so that
// the GTA1 tools show what they do without the game.
#pragma once

#include <vector>

#include "absl/status/statusor.h"
#include "demo/demo_assets.h"

namespace kbot::demo {

// GTADATA/ENGLISH.FXT  six records as the game stores them (encrypted, the
//                      shipped trailer), a repeated key among them, and
//                      French accents in UTF-8.
// GTADATA/DEMO.CMP     a city map (style 1) with a 16 x 16 town in its
//                      north-west corner: pavement over field ground, two
//                      roads crossing at (7, 7) with a traffic light, a ramp
//                      at (7, 2), a two-storey building block at (2..4, 2..4),
//                      water at (12..15, 12..15); districts "Demo Town" and,
//                      inside it, "Harbour", plus an empty placeholder; a
//                      police station, a hospital and a fire station.
// GTADATA/STYLE001.G24 the style DEMO.CMP is drawn with (demo_gta_style.h).
// GTADATA/DEMO.FON     a text font from '!' to 'Z' (demo_gta_style.h).
absl::StatusOr<std::vector<DemoAsset>> MakeDemoGtaAssets();

}  // namespace kbot::demo
