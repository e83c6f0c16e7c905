// The MISSION.INI the mission tools read (mission_list, mission_describe):
// refused when it is plainly another kind of file, read, kept parsed while
// the file is unchanged, and one of its missions found by number.
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "formats/gta/mission.h"
#include "tools/gaf_tools.h"
#include "tools/parsed_asset.h"

namespace kbot::tools {

// gta::ReadMissionIni on `asset`, after refusing a file of another kind by
// name (tools/file_kind.h). Text that identify does not take for a
// MISSION.INI but that has a "[N]" section header (one whose first sections
// are too damaged to tell) still goes to the reader, which says what is
// wrong with it.
absl::StatusOr<gta::MissionFile> ReadMissionAsset(const Asset& asset);

// ReadMissionAsset as the parse cache's parser: both tools share its value.
const AssetParser<gta::MissionFile>& MissionParser();

// Section [number] of `file` (the first of that number, as the game finds
// it), or NotFound naming `path` and the missions the file has: "MISSION.INI:
// no mission [7]; it has 17: [1], [2], ... [10] and 7 more".
absl::StatusOr<const gta::Mission*> FindMission(const std::string& path,
                                                const gta::MissionFile& file, int number);

}  // namespace kbot::tools
