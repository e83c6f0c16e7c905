// The demo's map: a small TA map (TNT version 0x2000) and its OTA, built byte
// by byte here from the layout of docs/formats/tnt.md, so the map tools have
// something to describe, list and draw without the game.
//
// maps/lakes.tnt  16 x 12 tiles = 32 x 24 cells = 512 x 384 pixels, sea level
//                 48. Four tiles in TA palette indices: 0 grass (greens 164,
//                 166, 169), 1 water (blues 135, 132), 2 rock (greys 86, 88,
//                 91), 3 void (black, 0). Tile positions (x across, y down):
//
//                      x 0123456789ABCDEF
//                    y 0 GGGGGGGGGGGGGGVV    G grass   W water
//                      1 GGGGGGGGGGGGGGVV    R rock    V void
//                      2 GGGGGGGGRGGGGGGG
//                      3 GGGGGGGRRRGGGGGG    a rocky hill round tile (8, 3)
//                      4 GGGGGGGGRGGGGGGG
//                      5 GGGGGGGGGGGGWWGG    a pond: tiles (12..13, 5..6)
//                      6 GGWWWWGGGGGGWWGG
//                      7 GGWWWWGGGGGGGGGG    a lake: tiles (2..5, 6..9)
//                      8 GGWWWWGGGGGGGGGG
//                      9 GGWWWWGGGGGGGGGG
//                     10 GGGGGGGGGGGGGGGG
//                     11 GGGGGGGGGGGGGGGG
//
//                 Heights: land 64; the hill a cone on the cell corner (17, 7),
//                 radius 6 cells, 161 at its top cells; water cells below sea
//                 level, 40 at a lake's rim down to 16 (lake) or 32 (pond) at
//                 its middle. Void: the feature word 0xFFFC on the 4 x 4
//                 cells (28..31, 0..3). Features (feature table: 0 Tree1,
//                 1 Rock1, the demo's features/all worlds/trees.tdf): Tree1
//                 at cells (2, 2), (5, 9), (13, 16), (14, 21), (20, 18),
//                 (22, 3), (26, 7), (29, 20); Rock1 at (16, 8) on the hill,
//                 (10, 20), (23, 14). Minimap: 252 x 252, the map in its
//                 top-left 252 x 134 (the visible 480 x 256 pixels, sampled),
//                 the rest padding 0x64.
// maps/lakes.ota  "Demo Lakes", 2 to 4 players, SCHEMACOUNT=2: [Schema 0]
//                 "Network 1" (SurfaceMetal 3, MohoMetal 35) and [Schema 1]
//                 "Network 2" (SurfaceMetal 1, MohoMetal 20), each with
//                 StartPos1..4 at pixels (64, 64), (448, 224), (416, 64),
//                 (224, 224) (schema 1 swaps 1 with 3 and 2 with 4): all on
//                 grass, inside the part of the map the game shows.
#pragma once

#include <vector>

#include "demo/demo_assets.h"

namespace kbot::demo {

// maps/lakes.tnt, then maps/lakes.ota.
std::vector<DemoAsset> MakeDemoMapAssets();

}  // namespace kbot::demo
