#include "tools/mission_list_tool.h"

#include "tools/mission_asset.h"

namespace kbot::tools {

const RequestTable<MissionListRequest>& MissionListTable() {
  static const RequestTable<MissionListRequest> table = [] {
    RequestTable<MissionListRequest> t;
    AddAssetParams(t, "The MISSION.INI");
    return t;
  }();
  return table;
}

const ResultTable<MissionRow>& MissionRow::Fields() {
  using S = MissionRow;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("number", &S::number, CountSchema())
      .Add("title", &S::title, StringSchema())
      .Add("map", &S::map, StringSchema())
      .Add("style", &S::style, CountSchema())
      .Add("objects", &S::objects, CountSchema())
      .Add("commands", &S::commands, CountSchema())
      .Add("notes", &S::notes, CountSchema())
      .Add("file_line", &S::file_line, CountSchema());
  return table;
}

const ResultTable<MissionListing>& MissionListing::Fields() {
  using S = MissionListing;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("missions", &S::missions, ArraySchema<MissionRow>())
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

MissionListing MissionListingOf(const std::string& path, const gta::MissionFile& file) {
  MissionListing out;
  out.path = path;
  for (const gta::Mission& m : file.missions) {
    out.missions.push_back({m.number, m.title, m.map_file, m.style, m.objects.size(),
                            m.commands.size(), m.notes.size(), m.line});
  }
  out.warnings = file.warnings;
  return out;
}

absl::StatusOr<MissionListing> ListMissions(const Asset& asset) {
  absl::StatusOr<gta::MissionFile> file = ReadMissionAsset(asset);
  if (!file.ok()) return file.status();
  return MissionListingOf(asset.path, *file);
}

Tool MissionListTool() {
  return MakeContextTool<MissionListRequest>(
      {"mission_list", "List a GTA1 MISSION.INI's missions",
       "The missions of a GTA1 MISSION.INI: number, title, map, style, counts."},
      MissionListTable(), MissionListing::Fields().Schema(),
      [](const contexts::Context& context, const MissionListRequest& request, const ToolCall&) {
        return RunParsedAssetTool(
            context, request, MissionParser(),
            [](const ParsedAsset<gta::MissionFile>& file) -> absl::StatusOr<MissionListing> {
              return MissionListingOf(file.path, *file.value);
            });
      });
}

}  // namespace kbot::tools
