// The demo's TA: Kingdoms mod: a few units with their weapons, build menus
// and features, as TDF text typed the way the game's files are (CR LF lines,
// tab-indented bodies), so the unit catalog (tacatalog/) has something to
// show without the game. No model (3DO), script (COB) or build picture (JPEG)
// is made for them: the catalog reports those as missing.
#pragma once

#include <vector>

#include "demo/demo_assets.h"

namespace kbot::demo {

// units/aramonarch.fbi  ARAMONARCH "Aramon Monarch": side ARA, commander=1,
//                       builder=1; [WEAPON1] "Royal Sword" ([DAMAGE] default).
// units/araknight.fbi   ARAKNIGHT "Knight", buildcost 150: [WEAPON1] "Lance"
//                       ([DAMAGE] default and MONDRAGON). It overrides the
//                       older copy in demo.ufo (DemoArchivedKnight).
// units/araarcher.fbi   ARAARCHER "Archer": [WEAPON1] "Longbow", [WEAPON2]
//                       "Fire Arrow".
// units/vermonarch.fbi  VERMONARCH "Veruna Monarch": side VER, commander=1,
//                       builder=1.
// units/verscout.fbi    VERSCOUT "Scout": side VER.
// units/mondragon.fbi   MONDRAGON "Dragon": side MONSTER (the Monsters).
// canbuild/ARAMONARCH/ARAKNIGHT.tdf, canbuild/ARAMONARCH/ARAARCHER.tdf
//                       the Aramon Monarch's menu ([Menu] Priority 1 and 2);
// canbuild/VERMONARCH/VERSCOUT.tdf  the Veruna Monarch's (Priority 1).
// features/all worlds/trees.tdf  [Tree1] and [Rock1], drawn from
//                       anims/atlas.gaf's "tree" and "rock" sequences.
// Every unit, weapon, menu entry and feature reads without a catalog warning.
std::vector<DemoAsset> MakeDemoKingdomsAssets();

// units/araknight.fbi as demo.ufo holds it: an older ARAKNIGHT ("Squire",
// buildcost 120, [WEAPON1] "Wooden Lance") that the loose file overrides.
DemoAsset DemoArchivedKnight();

}  // namespace kbot::demo
