// The demo's GTADATA/MISSION.INI (demo_gta.h), typed by hand as the game's
// file is, with CRLF line ends; the syntax is formats/gta/mission.h's. Two
// missions on the demo town (GTADATA/DEMO.CMP, 16 x 16 blocks):
//
//   [1] "Demo Town", style 1: the player (line 11) starts by a parked Cafe
//       Racer (line 10, model 1); a trigger on his block starts the script at
//       label 100: a brief (text 1001, "Answer the phone ..."), an arrow to
//       the telephone (line 12, at the phone box by the crossing); answered,
//       a second brief (1002, "Take the car to the crusher ..."), an arrow to
//       a Cafe Racer placed in pixels (line 30); once the player is in it,
//       an arrow to the crusher (a TARGET in pixels, line 40), a counter
//       (line 70) counted up, MISSION_END with a score of 1000, END. Also a
//       pistol POWERUP, a DOOR in the building block and a second TRIGGER.
//   [2] "Harbour Run", style 0 (the map's): get in the bus (model 5) and stop
//       by the harbour.
#pragma once

#include <string>

namespace kbot::demo {

std::string DemoMissionIni();

}  // namespace kbot::demo
