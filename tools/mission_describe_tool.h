// The tool mission_describe: one mission of a GTA1 MISSION.INI, its objects
// and commands a page at a time (docs/json.md, section mission_describe).
// `kbot gta mission FILE --mission N` prints the same.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gta/mission.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct MissionDescribeRequest : AssetRequest {
  int mission = 0;  // N of [N]
  // Only objects of this type (any case), and then no commands or notes.
  std::optional<std::string> type;
  std::optional<int64_t> offset;  // of each of the three lists, >= 0; unset: 0
  std::optional<int64_t> limit;   // of each per page, 1-1000; unset: 200 (the CLI: all)
};
const RequestTable<MissionDescribeRequest>& MissionDescribeTable();

// The section's header: its config line, six header values and counts.
struct MissionHeading {
  int number = 0;
  std::string title;
  int number_field = 0;  // the config line's second field: 22 in every known file
  std::string map;
  int style = 0;
  std::vector<int> header_values;  // the six, raw
  size_t objects = 0, commands = 0, notes = 0;
  std::optional<size_t> of_type;  // with `type`: its objects
  size_t file_line = 0;           // of "[N]"
  static const ResultTable<MissionHeading>& Fields();
};

struct MissionObjectRow {
  int line = 0;  // the object's number, which commands refer to
  int flag = 0;
  int x = 0, y = 0, z = 0;  // as written, in `units`
  std::string units;        // block | pixel
  std::optional<bool> units_unresolved;  // set when the sources disagree (DUMMY)
  std::vector<int64_t> world;            // x, y, z in world pixels (64 to a block)
  std::string type;
  std::vector<int> params;
  bool known_type = false;
  size_t file_line = 0;
  static const ResultTable<MissionObjectRow>& Fields();
};

struct MissionCommandRow {
  int label = 0;
  std::string opcode;
  std::vector<int> args;  // A B C D E
  bool known = false;
  size_t file_line = 0;
  static const ResultTable<MissionCommandRow>& Fields();
};

struct MissionNoteRow {
  size_t file_line = 0;
  std::string text;  // the line as written (at most 160 bytes); empty for the section
  std::string problem;
  static const ResultTable<MissionNoteRow>& Fields();
};

// No path: the caller gave it, and tools/list is paid for in every
// conversation (the output schema lists each member).
struct MissionDescription {
  MissionHeading mission;
  std::vector<MissionObjectRow> objects;    // this page's, file order
  std::vector<MissionCommandRow> commands;  // this page's; none with `type`
  std::vector<MissionNoteRow> notes;        // this page's; none with `type`
  std::optional<size_t> next_offset;        // when any of the three has more
  static const ResultTable<MissionDescription>& Fields();
};

absl::StatusOr<MissionDescription> DescribeMission(const Asset& asset,
                                                   const MissionDescribeRequest& request);
absl::StatusOr<MissionDescription> DescribeMissionOf(const std::string& path,
                                                     const gta::MissionFile& file,
                                                     const MissionDescribeRequest& request);

Tool MissionDescribeTool();

}  // namespace kbot::tools
