#include "formats/gta/mission_tables.h"

#include <algorithm>
#include <array>
#include <cstddef>

namespace kbot::gta {

namespace {

constexpr CoordUnit B = CoordUnit::kBlocks;
constexpr CoordUnit P = CoordUnit::kPixels;

// The object types, in the order of the exe's name table (0x4b0d98): the
// names as an exe-string dump lists them (FreeCrime's
// reverse/all_supported_keywords.txt) and as an exe-faithful C port numbers
// them. How many values each reads is what that port's loader (Mission_Load
// 0x445800 and the creators it calls) takes after the two every line has:
// one more for doors, barriers, CARBOMB and most *_TRIG types, two more for
// MODEL_BARRIER and GTA_DEMAND, three more for MODEL_DOOR and the SPECIFIC_*
// doors. Pixel coordinates: that port names PED, OBJECT, CRANE and
// PARKED_PIXELS; TARGET, FUTURE, FUTUREPED and CHOPPER_ENDPOINT keep raw
// values its runtime uses as pixels, as the demo MISSION.INI's numbers (in
// the thousands) show. DUMMY lines in the demo file hold both block and
// pixel values and the readers split; blocks is the majority view.
constexpr std::array<MissionObjectType, kMissionObjectTypeCount> kObjectTypes = {{
    {"CAR", 2, 2, B},                      // 0: model, angle; a driver inside
    {"PED", 3, 5, P},                      // 1: sub-type, angle, then by sub-type
    {"OBJECT", 2, 2, P},                   // 2
    {"PLAYER", 2, 2, B},                   // 3: car line, angle
    {"DRIVER", 2, 2, B},                   // 4
    {"PARKED", 2, 2, B},                   // 5: model, angle
    {"MODEL", 2, 2, B},                    // 6
    {"TELEPHONE", 2, 2, B},                // 7
    {"TRIGGER", 2, 2, B},                  // 8: label, radius
    {"DOOR", 3, 3, B},                     // 9: face, type, interior
    {"TARGET", 2, 2, P},                   // 10
    {"FUTURE", 2, 2, P},                   // 11
    {"COUNTER", 2, 2, B},                  // 12: initial value; no position
    {"CRANE", 2, 2, P},                    // 13
    {"CLOCK", 2, 2, B},                    // 14
    {"DUMMY", 2, 2, B, true},              // 15: blocks or pixels, unsettled
    {"SPRAY", 2, 2, B},                    // 16: colour, radius
    {"BARRIER", 3, 3, B},                  // 17
    {"ESCORT", 2, 2, B},                   // 18
    {"CARBOMB", 3, 3, B},                  // 19: model, angle, bomb
    {"BOMBSHOP", 2, 2, B},                 // 20
    {"ESCORTED", 2, 2, B},                 // 21
    {"STOPPED", 2, 2, B},                  // 22
    {"INIT", 2, 2, B},                     // 23
    {"FUTUREPED", 2, 2, P},                // 24
    {"CARTRIGGER", 2, 2, B},               // 25: label, car line
    {"FUTUREDROP", 2, 2, B},               // 26
    {"HELLS", 2, 2, B},                    // 27
    {"DRIVER_PARK", 2, 2, B},              // 28
    {"FUTURECAR", 2, 2, B},                // 29
    {"ONETRIGGER", 3, 3, B},               // 30
    {"MODEL_BARRIER", 4, 4, B},            // 31
    {"MOVING_TRIG", 3, 3, B},              // 32
    {"SPECIFIC_BARR", 5, 5, B},            // 33
    {"MPHONES", 2, 2, B},                  // 34: label, radius
    {"MODEL_DOOR", 5, 5, B},               // 35
    {"GTA_DEMAND", 4, 4, B},               // 36: no position
    {"MY_MODEL", 2, 2, B},                 // 37
    {"BOMBSHOP_COST", 2, 2, B},            // 38: cost; no position
    {"PHONE_TOGG", 2, 2, B},               // 39
    {"SPECIFIC_DOOR", 5, 5, B},            // 40
    {"TARGET_SCORE", 2, 2, B},             // 41: no position
    {"DUM_MISSION_TRIG", 3, 3, B},         // 42
    {"CORRECT_MOD_TRIG", 3, 3, B},         // 43
    {"CORRECT_CAR_TRIG", 3, 3, B},         // 44
    {"CLOCK_START", 2, 2, B},              // 45
    {"CLOCK_STOP", 2, 2, B},               // 46
    {"MIDPOINT_MULTI", 2, 2, B},           // 47
    {"MID_MULTI_SETUP", 2, 2, B},          // 48
    {"FINAL_MULTI", 2, 2, B},              // 49
    {"POWERUP", 2, 2, B},                  // 50: kind, amount
    {"BLOCK_INFO", 2, 2, B},               // 51
    {"SPECIFIC_DOOR_BOMB", 5, 5, B},       // 52
    {"MOVING_TRIG_HIRED", 2, 2, B},        // 53
    {"SETUP_SPEED", 2, 2, B},              // 54
    {"CARBOMB_TRIG", 2, 2, B},             // 55
    {"DAMAGE_TRIG", 2, 2, B},              // 56
    {"GUN_TRIG", 2, 2, B},                 // 57
    {"GUN_SCREEN_TRIG", 2, 2, B},          // 58
    {"CARDESTROY_TRIG", 3, 3, B},          // 59
    {"CARWAIT_TRIG", 2, 2, B},             // 60
    {"PEDCAR_TRIG", 3, 3, B},              // 61
    {"CANNON_START", 2, 2, B},             // 62
    {"DUM_PED_BLOCK_TRIG", 3, 3, B},       // 63
    {"PARKED_PIXELS", 2, 2, P},            // 64
    {"CHOPPER_ENDPOINT", 2, 2, P},         // 65
    {"MISSION_COUNTER", 2, 2, B},          // 66: no position
    {"SECRET_MISSION_COUNTER", 2, 2, B},   // 67: no position
    {"MISSION_TOTAL", 2, 2, B},            // 68: no position
    {"CARSTUCK_TRIG", 2, 2, B},            // 69
    {"BASIC_BARRIER", 3, 3, B},            // 70
    {"ALT_DAMAGE_TRIG", 2, 2, B},          // 71
}};

// The opcodes, in the order of the exe's table (0x4b0ec0): the exe-string
// dump above, numbered by the C port (MISSION_END 0x2d, STARTUP 0x3c,
// RESET 0x81, IS_PED_STUNNED 0x95).
constexpr std::array<absl::string_view, kMissionCommandCount> kCommands = {
    "LOCATE_STOPPED", "DESTROY", "ANSWER", "STEAL", "SURVIVE", "HUNTON", "HUNTOFF", "DRIVEON",
    "DUMMYON", "SENDTO", "END", "MAKEOBJ", "EXPLODE", "OBTAIN", "THROW", "BRIEF", "MPHONE",
    "DONOWT", "DISABLE", "ENABLE", "DECCOUNT", "GOTO", "CRANE", "PARK", "SETBOMB", "ESCORT",
    "ARROW", "LOCK_DOOR", "UNLOCK_DOOR", "EXPL_LAST", "DROP_ON", "PED_ON", "KILL_DROP", "CAR_ON",
    "ARMEDMESS", "DISARMMESS", "ARROW_OFF", "P_BRIEF", "PED_SENDTO", "WAIT_FOR_PED", "PED_BACK",
    "SETUP_REPO", "DO_REPO", "KILL_OBJ", "DO_GTA", "MISSION_END", "EXPLODE_CAR", "START_MODEL",
    "DO_MODEL", "RETURN_CONTROL", "KILL_CAR", "ARROWPED", "ARROWCAR", "REMAP_PED", "REMAP_CAR",
    "ARE_BOTH_ONSCREEN", "THROW_TO_POINT", "GOTO_DROPOFF", "MODEL_HUNT", "MODEL_FUTURE", "STARTUP",
    "CHECK_PEDBACK", "START_HIRED_ESC", "DUMMY_OFF", "POWERUP_ON", "PLAIN_EXPL_BUILDING",
    "CHANGE_BLOCK", "CHANGE_TYPE", "P_BRIEF_TIMED", "CHANGE_PED_TYPE", "DOOR_ON", "DOOR_OFF",
    "WRECK_CURR_TRAIN", "OPEN_DOOR", "CLOSE_DOOR", "PED_OUT_OF_CAR", "BANK_ROBBERY", "DELAY_CRIME",
    "GET_DRIVER_INFO", "KILL_PED", "BANK_ALARM_ON", "BANK_ALARM_OFF", "GARAGE_SEND",
    "DUMMY_DRIVE_ON", "PLAYER_ARE_BOTH_ONSCREEN", "CHECK_CAR", "WAIT_FOR_PLAYER", "EXPL_PED",
    "PARKED_ON", "KICKSTART", "IS_PED_IN_CAR", "CANCEL_BRIEFING", "FREEZE_TIMED", "FREEZE_ENTER",
    "UNFREEZE_ENTER", "EXPL_NO_FIRE", "KILL_PROCESS", "NEXT_KICK", "KILL_SIDE_PROC",
    "SET_KILLTRIG", "POWERUP_OFF", "KILL_SPEC_PROC", "SCORE_CHECK", "FRENZY_SET", "FRENZY_CHECK",
    "IS_GOAL_DEAD", "GENERAL_ONSCREEN", "GET_CAR_INFO", "START_CHOPPER", "LOCATE", "SPEECH_BRIEF",
    "MOBILE_BRIEF", "PIXEL_CAR_ON", "SET_NO_COLLIDE", "PED_WEAPON", "FREEUP_CAR", "MESSAGE_BRIEF",
    "PARKED_PIXELS_ON", "PED_POLICE", "DROP_WANTED_LEVEL", "IS_PED_ARRESTED", "HELL_ON", "XXXX",
    "XXXX", "SET_PED_SPEED", "IS_PLAYER_ON_TRAIN", "WRECK_A_TRAIN", "INCCOUNT", "COMPARE", "RESET",
    "KEEP_THIS_PROC", "SET_COLLIDE", "DEAD_ARRESTED", "IS_POWERUP_DONE", "STOP_FRENZY",
    "FRENZY_BRIEF", "ADD_A_LIFE", "KF_BRIEF_TIMED", "KF_CANCEL_BRIEFING", "KF_BRIEF_GENERAL",
    "KF_CANCEL_GENERAL", "KF_PROCESS", "RESET_KF", "WAIT_FOR_PLAYERS", "RED_ARROW",
    "RESET_WITH_BRIEFS", "RED_ARROW_OFF", "IS_A_TRAIN_WRECKED", "INC_HEADS", "IS_PED_STUNNED",
};

// The numbers of a table's names sorted by name (ties by number, so the
// first of a repeated name comes first), for a binary search: a reader looks
// up every line's word, and 150 comparisons a line add up over a large file.
template <size_t N, typename NameOf>
std::array<uint8_t, N> SortedIndex(NameOf name_of) {
  std::array<uint8_t, N> order;
  for (size_t i = 0; i < N; ++i) order[i] = uint8_t(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint8_t a, uint8_t b) { return name_of(a) < name_of(b); });
  return order;
}

template <size_t N, typename NameOf>
int Lookup(const std::array<uint8_t, N>& order, NameOf name_of, absl::string_view name) {
  const auto it = std::lower_bound(order.begin(), order.end(), name,
                                   [&](uint8_t i, absl::string_view n) { return name_of(i) < n; });
  return it != order.end() && name_of(*it) == name ? *it : -1;
}

absl::string_view TypeName(uint8_t i) { return kObjectTypes[i].name; }
absl::string_view CommandName(uint8_t i) { return kCommands[i]; }

}  // namespace

std::span<const MissionObjectType> MissionObjectTypes() { return kObjectTypes; }

const MissionObjectType* FindObjectType(absl::string_view name) {
  static const auto order = SortedIndex<kMissionObjectTypeCount>(TypeName);
  const int i = Lookup(order, TypeName, name);
  return i < 0 ? nullptr : &kObjectTypes[size_t(i)];
}

std::span<const absl::string_view> MissionCommandNames() { return kCommands; }

int FindCommand(absl::string_view name) {
  static const auto order = SortedIndex<kMissionCommandCount>(CommandName);
  return Lookup(order, CommandName, name);
}

// The C port's Mission_SpawnPed (0x43d460), after the sub-type and angle:
// sub-types 1, 2, 5, 7, 12, 13 and 21..46 read a remap and an object line;
// 0, 4, 6, 9, 10 and 14 a remap; 8 and 11 a value, an object line and a
// remap. Sub-type 3 and the rest stop the game with an error.
int PedParamCount(int subtype) {
  if ((subtype >= 21 && subtype <= 46) || subtype == 13) return 4;
  switch (subtype) {
    case 0: case 4: case 6: case 9: case 10: case 14: return 3;
    case 1: case 2: case 5: case 7: case 12: return 4;
    case 8: case 11: return 5;
    default: return 0;
  }
}

}  // namespace kbot::gta
