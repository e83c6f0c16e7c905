// The demo's GTA1 data set, under GTADATA/ as in the game's folder, so that
// the GTA1 tools show what they do without the game.
#pragma once

#include <vector>

#include "absl/status/statusor.h"
#include "demo/demo_assets.h"

namespace kbot::demo {

// GTADATA/ENGLISH.FXT  seven records as the game stores them (encrypted, the
//                      shipped trailer), a repeated key among them, French
//                      accents in UTF-8, and the names of the two car models
//                      ("car1" Cafe Racer, "car5" City Bus).
// GTADATA/DEMO.CMP     a city map (style 1) with a 16 x 16 town in its
//                      north-west corner: pavement over field ground, two
//                      roads crossing at (7, 7) with a traffic light, a ramp
//                      at (7, 2), a two-storey building block at (2..4, 2..4),
//                      water at (12..15, 12..15); districts "Demo Town" and,
//                      inside it, "Harbour", plus an empty placeholder; a
//                      police station, a hospital and a fire station; 8
//                      object positions at street level (z = 256): a Cafe
//                      Racer facing east on the east-west road (3, 7), a
//                      green one (remap 3) facing north on the north-south
//                      road (7, 11), a bus facing west (10, 7), a phone box at
//                      the crossing's corner (8, 8), two litter bins and two
//                      trees.
// GTADATA/STYLE001.G24 the style DEMO.CMP is drawn with (demo_gta_style.h):
//                      tiles, and sprites, cars and objects
//                      (demo_gta_sprites.h).
// GTADATA/DEMO.FON     a text font from '!' to 'Z' (demo_gta_style.h).
// GTADATA/MISSION.INI  two missions on DEMO.CMP (demo_gta_mission.h).
absl::StatusOr<std::vector<DemoAsset>> MakeDemoGtaAssets();

}  // namespace kbot::demo
