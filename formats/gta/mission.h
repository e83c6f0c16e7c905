// MISSION.INI: GTA1's level scripts (GTADATA/MISSION.INI), a text file of
// numbered sections. Full description, sources and open questions:
// docs/formats/gta1_mission.md. The word tables: formats/gta/mission_tables.h;
// the tokens and logical lines: mission_text.h; the lines of a section's
// body: mission_body.h.
//
//   [N]                                  a section; the game looks for the
//                                        exact text "[N]" (N 0..2000; [0] is
//                                        built in and never read)
//   NAME, NUMBER, FILE.CMP, STYLE,       the config line: a title, a number
//                                        (22 in every known file, meaning
//                                        unknown), the city map, the style
//                                        (0: the map's own)
//   H0 H1 H2 H3 H4 H5                    six header values
//   LINE [FLAG] (X,Y,Z) TYPE V1 V2 ...   object lines, until a negative
//   -1                                   number
//   LABEL OPCODE A B C D E               command lines (five values each),
//   -1                                   until a negative label
//
// The game tokenises a section rather than reading it line by line: blanks
// are space, tab, CR and LF; "{...}" is a comment when the '{' follows a
// blank (not when glued to a token), runs to the first '}', may span lines
// and does not nest. A section runs to the next '[' anywhere, a '[' inside
// a comment included. Integers are an optional '-' and digits ("00" is 0).
//
// This reader is line-based where that costs nothing and tolerant where
// real files are odd: one object or command to a line (a comment that spans
// lines joins its two ends into one line), and a line that does not read is
// kept as a MissionNote saying what is wrong with it, after which reading
// goes on at the next line. A word not in the game's tables, on a line of
// the right shape, still gives an object or a command, marked unknown, and a
// note. Odd but readable things are noted too: '.' for ',' in coordinates,
// a flag other than 1 or 2, values past what a type reads, a missing -1.
// Tolerated silently, as the game reads them: CRLF, tabs, blank lines,
// "-1[" on one line, a flag glued to its '(' ("1("), a trailing Ctrl-Z.
//
// The file is refused (InvalidArgument, "NAME is not a MISSION.INI: ...")
// only when it is not text (a NUL byte, or many control bytes) or has no
// "[N]" header at all; and when it is larger than kMaxMissionIniBytes.
// Everything else is bounded: sections, objects and commands kept, notes
// and warnings, the length of the text a note keeps.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"
#include "formats/gta/mission_tables.h"

namespace kbot::gta {

// The game's own limits (an exe-faithful C port: 1400 object records, 5000
// command records); a section past them is read whole, with a warning.
inline constexpr size_t kGameMaxObjects = 1400;
inline constexpr size_t kGameMaxCommands = 5000;
// The game keeps at most this many bytes of a section's text.
inline constexpr size_t kGameMaxSectionBytes = 0x37001;
// Valid section numbers in the game.
inline constexpr int kGameMaxSection = 2000;

// The reader's bounds. The shipped file is about 0.5 MB with 17 sections.
inline constexpr size_t kMaxMissionIniBytes = 16 << 20;
inline constexpr size_t kMaxMissions = 4096;
inline constexpr size_t kMaxObjectsPerMission = 10 * kGameMaxObjects;
inline constexpr size_t kMaxCommandsPerMission = 10 * kGameMaxCommands;
inline constexpr size_t kMaxMissionRecords = 1 << 18;  // objects + commands, whole file
inline constexpr size_t kMaxNotesPerMission = 256;
inline constexpr size_t kMaxMissionNotes = 8192;  // whole file
inline constexpr size_t kMaxMissionWarnings = 256;
inline constexpr size_t kMaxNoteText = 160;  // bytes of a line a note keeps

struct MissionObject {
  int line_number = 0;  // the object's number, which commands refer to
  // 0: removed by RESET; 1: persistent; 2: persistent and listed for the
  // kill frenzy. The game reads any other digit as 1 (noted).
  int flag = 0;
  int x = 0, y = 0, z = 0;  // as written, in `units`
  std::string type;         // as written
  bool known_type = false;  // one of the game's 72
  CoordUnit units = CoordUnit::kBlocks;  // the type's; blocks when unknown
  // The values after the type: as many as the type reads (2 for most, 3 to
  // 5 for some; PED by its sub-type). An unknown type keeps all the line's.
  std::vector<int> params;
  size_t source_line = 0;  // 1-based line in the file
};

struct MissionCommand {
  int label = 0;
  std::string opcode;         // as written
  bool known_opcode = false;  // one of the game's 150
  int opcode_index = -1;      // its number in the game's table, or -1
  // A is usually an object line, B the label on success and C on failure
  // (0: the next command in the file; -1: end this process), D a parameter,
  // E a score or a text number.
  std::array<int, 5> args{};
  size_t source_line = 0;
};

// A line that did not read, or something odd about one that did.
struct MissionNote {
  size_t source_line = 0;
  // The line as written (comments too), at most kMaxNoteText bytes; empty
  // for a note about the section rather than a line (a missing -1).
  std::string text;
  std::string problem;  // what is wrong, and what the game would make of it
};

struct Mission {
  int number = 0;           // N of [N]
  std::string title;        // the config line's name, blanks trimmed (256 bytes kept)
  int number_field = 0;     // the config line's second field (22)
  std::string map_file;     // "nyc.cmp", as written (256 bytes kept)
  int style = 0;            // STYLE%03d.G24; 0 = the map's
  // Kept raw; meaning disputed. An exe-faithful port reads them as: cars of
  // traffic to start with, police on (1), unused, an unknown game variable,
  // the emergency services switch, unused. A fan reference calls the fifth
  // the police switch. Every known file has 100 1 1 1 1 0 (one 150 ...).
  std::array<int, 6> header_values{};
  std::vector<MissionObject> objects;    // file order
  std::vector<MissionCommand> commands;  // file order
  std::vector<MissionNote> notes;        // file order
  size_t line = 0;  // the line of "[N]"
};

struct MissionFile {
  std::vector<Mission> missions;       // every section, in file order
  std::vector<std::string> warnings;   // about the file, each naming it and a line
};

// A position in world pixels (64 to a block): blocks give the block's
// centre, x * 64 + 32 and y * 64 + 32, and z * 64 (the game's own conversion
// for TELEPHONE and POWERUP); pixels are given as written. Which way z runs
// (whether a larger z is higher or lower) no source settles for this file.
struct WorldPixels {
  int64_t x = 0, y = 0, z = 0;
};
WorldPixels ObjectWorldPixels(const MissionObject& object);

// Reads every section of a MISSION.INI. `name` names the file in errors and
// warnings. See the top of this file for what is refused.
absl::StatusOr<MissionFile> ReadMissionIni(Bytes file, absl::string_view name);

}  // namespace kbot::gta
