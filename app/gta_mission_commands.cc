#include "app/gta_mission_commands.h"

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "app/drawing_output.h"
#include "app/file_command.h"
#include "app/table.h"
#include "tools/mission_describe_tool.h"
#include "tools/mission_list_tool.h"

namespace kbot::app {

namespace {

using tools::json;

// "a b c" of a JSON array of numbers.
std::string Spaced(const json& values, const char* separator = " ") {
  std::vector<std::string> out;
  for (const json& v : values) out.push_back(v.dump());
  return absl::StrJoin(out, separator);
}

int PrintMissionList(const json& l) {
  std::cout << l["path"].get<std::string>() << ": " << l["missions"].size() << " mission(s)\n";
  Table missions({"#", "Title", "Map", "Style", "Objects", "Commands", "Notes", "Line"});
  for (const json& m : l["missions"]) {
    missions.Add({m["number"].dump(), m["title"].get<std::string>(), m["map"].get<std::string>(),
                  m["style"].dump(), m["objects"].dump(), m["commands"].dump(), m["notes"].dump(),
                  m["file_line"].dump()});
  }
  std::cout << "\n";
  missions.Print(std::cout);
  PrintWarnings(l);
  return kExitOk;
}

void PrintMissionObjects(const json& objects) {
  Table table({"Line", "Flag", "x, y, z", "Units", "World px", "Type", "Params", "File line"});
  for (const json& o : objects) {
    const std::string type = o["type"].get<std::string>();
    table.Add({o["line"].dump(), o["flag"].dump(),
               absl::StrCat(o["x"].dump(), ", ", o["y"].dump(), ", ", o["z"].dump()),
               o["units"].get<std::string>() + (o.contains("units_unresolved") ? "?" : ""),
               Spaced(o["world"], ", "),
               o["known_type"].get<bool>() ? type : type + " (unknown)", Spaced(o["params"]),
               o["file_line"].dump()});
  }
  std::cout << "\n";
  table.Print(std::cout);
}

void PrintMissionCommands(const json& commands) {
  Table table({"Label", "Opcode", "A", "B", "C", "D", "E", "File line"});
  for (const json& c : commands) {
    const std::string opcode = c["opcode"].get<std::string>();
    std::vector<std::string> row = {c["label"].dump(),
                                    c["known"].get<bool>() ? opcode : opcode + " (unknown)"};
    for (const json& a : c["args"]) row.push_back(a.dump());
    row.push_back(c["file_line"].dump());
    table.Add(std::move(row));
  }
  std::cout << "\n";
  table.Print(std::cout);
}

int PrintMissionDescription(const std::string& file, const json& d) {
  const json& m = d["mission"];
  std::cout << file << " [" << m["number"] << "] "
            << m["title"].get<std::string>() << " (line " << m["file_line"] << ")\n"
            << "map " << m["map"].get<std::string>() << ", style " << m["style"]
            << (m["style"] == 0 ? " (the map's)" : "") << ", number " << m["number_field"]
            << ", header values " << Spaced(m["header_values"]) << "\n"
            << m["objects"] << " object(s), " << m["commands"] << " command(s), " << m["notes"]
            << " note(s)";
  if (m.contains("of_type")) std::cout << "; " << m["of_type"] << " of the type asked for";
  std::cout << "\n";
  if (!d["objects"].empty()) PrintMissionObjects(d["objects"]);
  if (!d["commands"].empty()) PrintMissionCommands(d["commands"]);
  if (!d["notes"].empty()) std::cout << "\n";
  for (const json& n : d["notes"]) {
    std::cout << "note: line " << n["file_line"] << ": " << n["problem"].get<std::string>();
    const std::string text = n["text"].get<std::string>();
    if (!text.empty()) std::cout << ": \"" << text << "\"";
    std::cout << "\n";
  }
  if (!d["next_offset"].is_null()) std::cout << "\nmore: --offset " << d["next_offset"] << "\n";
  return kExitOk;
}

// mission_describe's options, --mission no longer required: without it the
// command lists the missions.
std::vector<tools::Param> MissionCommandParams() {
  std::vector<tools::Param> params = tools::MissionDescribeTable().Params();
  for (tools::Param& p : params) {
    if (p.name == "mission") p.required = false;
  }
  return params;
}

int RunMissionCommand(const FileTargetOptions& o) {
  const json& args = *o.arguments;
  if (!args.contains("mission")) {
    for (const char* name : {"type", "offset", "limit"}) {
      if (args.contains(name)) {
        return Usage("gta mission", absl::InvalidArgumentError(absl::StrCat(
                                        "--", name, " is for one mission: give --mission N")));
      }
    }
    return RunFileCommand("gta mission", tools::MissionListTable(), o,
                          [&](const tools::MissionListRequest&, const CommandAsset& opened) {
                            return Report("gta mission", tools::ListMissions(opened.asset), o.json,
                                          PrintMissionList);
                          });
  }
  return RunFileCommand("gta mission", tools::MissionDescribeTable(), o,
                        [&](const tools::MissionDescribeRequest& r, const CommandAsset& opened) {
                          return Report("gta mission", tools::DescribeMission(opened.asset, r),
                                        o.json, [&](const json& d) {
                                          return PrintMissionDescription(o.file, d);
                                        });
                        });
}

}  // namespace

void AddGtaMissionCommands(CLI::App* gta, int& exit_code) {
  AddToolCommand(gta, exit_code, "mission",
                 "List a MISSION.INI's missions, or describe one (--mission N)",
                 "Mission script (e.g. MISSION.INI)", MissionCommandParams(),
                 "mission_list or mission_describe", false, RunMissionCommand);
}

}  // namespace kbot::app
