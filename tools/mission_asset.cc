#include "tools/mission_asset.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {

// Missions an error names before "and N more".
constexpr size_t kMissionsNamed = 10;

// Whether the first 64 KB of `bytes` hold "[" digits "]": the one thing
// the reader insists on.
bool HasSectionHeader(Bytes bytes) {
  const size_t n = std::min<size_t>(bytes.size(), 64 * 1024);
  for (size_t i = 0; i < n; ++i) {
    if (bytes[i] != '[') continue;
    size_t j = i + 1;
    while (j < n && absl::ascii_isdigit(bytes[j])) ++j;
    if (j > i + 1 && j < n && bytes[j] == ']') return true;
  }
  return false;
}

// About the memory a read file holds: its records and the text they keep.
size_t MissionFileBytes(const gta::MissionFile& file) {
  size_t bytes = sizeof(file);
  for (const gta::Mission& m : file.missions) {
    bytes += sizeof(m) + m.title.size() + m.map_file.size();
    for (const gta::MissionObject& o : m.objects) {
      bytes += sizeof(o) + o.type.size() + o.params.size() * sizeof(int);
    }
    for (const gta::MissionCommand& c : m.commands) bytes += sizeof(c) + c.opcode.size();
    for (const gta::MissionNote& n : m.notes) {
      bytes += sizeof(n) + n.text.size() + n.problem.size();
    }
  }
  for (const std::string& w : file.warnings) bytes += sizeof(w) + w.size();
  return bytes;
}

}  // namespace

absl::StatusOr<gta::MissionFile> ReadMissionAsset(const Asset& asset) {
  const bool damaged_mission = identify::IdentifyFile(asset.bytes).kind == FileKind::kText &&
                               HasSectionHeader(asset.bytes);
  if (!damaged_mission) {
    if (absl::Status s = RequireKind(asset, {FileKind::kMission}); !s.ok()) return s;
  }
  return gta::ReadMissionIni(asset.bytes, asset.path);
}

const AssetParser<gta::MissionFile>& MissionParser() {
  static const AssetParser<gta::MissionFile> parser{"mission", ReadMissionAsset,
                                                    MissionFileBytes};
  return parser;
}

absl::StatusOr<const gta::Mission*> FindMission(const std::string& path,
                                                const gta::MissionFile& file, int number) {
  for (const gta::Mission& m : file.missions) {
    if (m.number == number) return &m;
  }
  std::vector<std::string> named;
  for (size_t i = 0; i < file.missions.size() && i < kMissionsNamed; ++i) {
    named.push_back(absl::StrCat("[", file.missions[i].number, "]"));
  }
  std::string has = absl::StrCat("it has ", file.missions.size(), ": ", absl::StrJoin(named, ", "));
  if (file.missions.size() > kMissionsNamed) {
    absl::StrAppend(&has, " and ", file.missions.size() - kMissionsNamed, " more (mission_list)");
  }
  if (file.missions.empty()) has = "it has none";
  return absl::NotFoundError(absl::StrCat(path, ": no mission [", number, "]; ", has));
}

}  // namespace kbot::tools
