#include "demo/demo_gta_mission.h"

#include "absl/strings/str_join.h"

namespace kbot::demo {

std::string DemoMissionIni() {
  // Coordinates are blocks (x, y 0..15, z 4 the street) but for PARKED_PIXELS
  // and TARGET, which are world pixels (64 a block). Angles: 0 south, 256
  // east, 512 north, 768 west. Commands: label, opcode, five values (A the
  // object line, B the label on success, C on failure: 0 the next command,
  // -1 the end of the process).
  const char* const lines[] = {
      "[1]",
      "Demo Town, 22, demo.cmp, 1,",
      "100 1 1 1 1 0",
      "{the player starts on the pavement south of the east-west road}",
      "10 1 (1,7,4) PARKED 1 256",
      "11 1 (1,8,4) PLAYER 10 512",
      "12 1 (8,8,4) TELEPHONE 0 768",
      "20 1 (1,8,4) TRIGGER 100 0",
      "21 (8,8,4) TRIGGER 200 1",
      "30 (864,464,256) PARKED_PIXELS 1 768",
      "40 (480,864,256) TARGET 0 0          {the crusher, in pixels}",
      "50 1 (5,9,4) POWERUP 1 10",
      "60 (3,4,3) DOOR 3 11 7",
      "70 (0,0,0) COUNTER 0 0",
      "-1",
      "0 DONOWT 0 0 0 0 0",
      "100 STARTUP 20 0 0 0 0",
      "110 MESSAGE_BRIEF 0 0 0 0 1001",
      "120 ARROW 12 0 0 0 0",
      "130 DONOWT 0 0 0 0 0",
      "200 ANSWER 12 0 210 500 0",
      "210 ARROW -1 0 0 0 0",
      "220 P_BRIEF 0 0 0 0 1002",
      "230 ARROW 30 0 0 0 0",
      "240 IS_PED_IN_CAR 11 250 240 30 0  {waits until the player is in car 30}",
      "250 ARROW 40 0 0 0 0",
      "260 LOCATE_STOPPED 40 270 260 0 0",
      "270 ARROW -1 0 0 0 0",
      "280 INCCOUNT 70 0 0 0 0",
      "290 MISSION_END 0 0 0 0 1000",
      "300 END 1 0 0 0 0",
      "-1",
      "",
      "[2]",
      "Harbour Run, 22, demo.cmp, 0,",
      "100 1 1 1 1 0",
      "1 1 (7,4,4) PARKED 5 0",
      "2 1 (8,4,4) PLAYER 1 768",
      "3 (736,736,256) TARGET 0 0",
      "4 1 (8,4,4) TRIGGER 10 0",
      "-1",
      "0 DONOWT 0 0 0 0 0",
      "10 STARTUP 4 0 0 0 0",
      "20 IS_PED_IN_CAR 2 30 20 1 0",
      "30 ARROW 3 0 0 0 0",
      "40 LOCATE_STOPPED 3 50 40 0 0",
      "50 MISSION_END 0 0 0 0 500",
      "60 END 1 0 0 0 0",
      "-1",
  };
  return absl::StrJoin(lines, "\r\n") + "\r\n";
}

}  // namespace kbot::demo
