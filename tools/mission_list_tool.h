// The tool mission_list: the missions of a GTA1 MISSION.INI, one row each
// (docs/json.md, section mission_list). `kbot gta mission FILE` prints the
// same.
#pragma once

#include <cstddef>
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

struct MissionListRequest : AssetRequest {};
const RequestTable<MissionListRequest>& MissionListTable();

struct MissionRow {
  int number = 0;  // N of [N]
  std::string title;
  std::string map;  // the city map file, as written
  int style = 0;    // STYLE%03d.G24; 0: the map's own
  size_t objects = 0, commands = 0, notes = 0;
  size_t file_line = 0;  // of "[N]"
  static const ResultTable<MissionRow>& Fields();
};

struct MissionListing {
  std::string path;
  std::vector<MissionRow> missions;   // every section, in file order
  std::vector<std::string> warnings;  // about the file (ReadMissionIni's)
  static const ResultTable<MissionListing>& Fields();
};

absl::StatusOr<MissionListing> ListMissions(const Asset& asset);
MissionListing MissionListingOf(const std::string& path, const gta::MissionFile& file);

Tool MissionListTool();

}  // namespace kbot::tools
