// The words of GTA1's MISSION.INI as the game knows them: its 72 object type
// names, with how many values each reads and the unit of its coordinates, and
// its 150 command names (opcodes), both in the order of the tables in
// gta.exe. Layout of the file: formats/gta/mission.h; the tables explained,
// with their sources: docs/formats/gta1_mission.md.
#pragma once

#include <cstdint>
#include <span>

#include "absl/strings/string_view.h"

namespace kbot::gta {

// What an object line's (x, y, z) counts in. A block is 64 pixels a side.
enum class CoordUnit : uint8_t {
  kBlocks,  // x, y 0..255, z a layer
  kPixels,  // 64 to a block, z included
};

struct MissionObjectType {
  absl::string_view name;  // as the game compares it: upper case, exact
  // The values after the name the game's loader reads. PED reads 3 to 5,
  // by its sub-type (PedParamCount); every other type reads `params`.
  int params = 2;
  int max_params = 2;
  CoordUnit units = CoordUnit::kBlocks;
  // The sources disagree on the unit and nothing settles it (DUMMY): the
  // unit given is the likelier, not a fact.
  bool units_unresolved = false;
};

inline constexpr int kMissionObjectTypeCount = 72;
inline constexpr int kMissionCommandCount = 150;

// The 72 object types in the game's order (its type numbers).
std::span<const MissionObjectType> MissionObjectTypes();
// The type named exactly `name` (case matters, as in the game), or null.
const MissionObjectType* FindObjectType(absl::string_view name);

// The 150 opcodes in the game's order (their numbers). "XXXX" is there twice.
std::span<const absl::string_view> MissionCommandNames();
// The number of the first opcode named exactly `name`, or -1.
int FindCommand(absl::string_view name);

// How many values a PED line reads for sub-type `subtype` (its first value):
// 3, 4 or 5; 0 for a sub-type the game's loader stops at (3, 15..20, and
// anything below 0 or above 46).
int PedParamCount(int subtype);

}  // namespace kbot::gta
