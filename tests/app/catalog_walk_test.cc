// Every tool of the catalog is whole: docs/json.md has its `## NAME`
// section, it has a command whose --help offers an option for each of its
// parameters (context and path as --context and the command's FILE), and one
// call valid against its input schema succeeds on the demo data, its result
// valid against its output schema. A tool missing from the table below fails,
// so a new tool cannot skip any of the steps of docs/design.md, "Adding a
// tool".
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "base/json_schema.h"
#include "base/progress.h"
#include "demo/demo_assets.h"
#include "contexts/confined_folder.h"
#include "contexts/registry.h"
#include "contexts/workspace.h"
#include "nlohmann/json.hpp"
#include "tests/support/kbot_process.h"
#include "tests/support/kind_fixtures.h"
#include "tools/catalog.h"

namespace kbot::testing {
namespace {

using nlohmann::json;

struct Walk {
  std::string command;     // the words after kbot
  std::string path_word;   // the positional that stands for `path` ("" when none)
  json arguments;          // a call that succeeds on the demo data
  // Other parameters the command spells its own way ("patterns": GLOB).
  std::map<std::string, std::string> words = {};
};

// The demo has no GTA1 frontend picture or saved settings, so those two tools
// read the identification fixtures, put beside the demo's files
// (tests/support/kind_fixtures.h); tdf_parse reads a small FBI written here,
// which the unit tools then see beside the demo's own units.
const std::map<std::string, Walk>& Walks() {
  static const auto* walks = new std::map<std::string, Walk>{
      {"context_list", {"context list", "", json::object()}},
      {"asset_find", {"find", "", {{"query", "cursor"}, {"kinds", {"file", "sequence"}}}}},
      {"gaf_check", {"gaf check", "PATH", {{"path", "anims"}, {"problems", 5}}}},
      {"vfs_list", {"vfs list", "", {{"pattern", "anims/*"}, {"offset", 1}, {"limit", 2}}}},
      {"gaf_list", {"gaf list", "FILE", {{"path", "anims/demo.gaf"}}}},
      {"gaf_info", {"gaf info", "FILE", {{"path", "anims/demo.gaf"}, {"sequence", "spinner"}}}},
      {"gaf_export", {"gaf export", "FILE", {{"path", "anims/demo.gaf"}, {"frame", 1}}}},
      {"palette_candidates", {"palette candidates", "PATH", {{"path", "units/verflag.gaf"}}}},
      {"palette_describe", {"palette describe", "FILE", {{"path", "palettes/palette.pal"}}}},
      {"hpi_list", {"hpi list", "ARCHIVE", {{"path", "demo.ufo"}, {"limit", 2}}}},
      {"hpi_extract",
       {"hpi extract", "ARCHIVE", {{"path", "demo.ufo"}, {"patterns", {"anims/*"}}},
        {{"patterns", "GLOB"}}}},
      {"map_describe", {"gta map", "FILE", {{"path", "GTADATA/DEMO.CMP"}, {"x", 7}, {"y", 7}}}},
      {"map_render",
       {"gta render", "FILE", {{"path", "GTADATA/DEMO.CMP"}, {"w", 4}, {"h", 4}, {"scale", 2}}}},
      {"style_describe", {"gta style", "FILE", {{"path", "GTADATA/STYLE001.G24"}}}},
      {"style_tiles",
       {"gta tiles", "FILE", {{"path", "GTADATA/STYLE001.G24"}, {"kind", "lid"}, {"count", 2}}}},
      {"fxt_decode", {"gta fxt", "FILE", {{"path", "GTADATA/ENGLISH.FXT"}, {"limit", 1}}}},
      {"font_render",
       {"gta font", "FILE", {{"path", "GTADATA/DEMO.FON"}, {"text", "LIBERTY CITY"}}}},
      {"picture_export", {"gta picture", "FILE", {{"path", "GTADATA/F_RSTAR.RAW"}}}},
      {"player_describe", {"gta player", "FILE", {{"path", "GTADATA/PLAYER_A.DAT"}}}},
      {"sprite_list", {"gta sprites", "FILE", {{"path", "GTADATA/STYLE001.G24"}, {"kind", "car"}}}},
      {"sprite_export",
       {"gta sprite", "FILE",
        {{"path", "GTADATA/STYLE001.G24"}, {"kind", "car"}, {"number", 0}, {"remap", 3},
         {"deltas", {0, 1}}}}},
      {"sprite_sheet",
       {"gta sprite", "FILE", {{"path", "GTADATA/STYLE001.G24"}, {"kind", "object"}}}},
      {"car_list", {"gta car", "FILE", {{"path", "GTADATA/STYLE001.G24"}}}},
      {"car_describe",
       {"gta car", "FILE",
        {{"path", "GTADATA/STYLE001.G24"}, {"model", 1}, {"remap", 3}, {"doors_open", true}}}},
      {"mission_list", {"gta mission", "FILE", {{"path", "GTADATA/MISSION.INI"}}}},
      {"mission_describe",
       {"gta mission", "FILE",
        {{"path", "GTADATA/MISSION.INI"}, {"mission", 1}, {"type", "TELEPHONE"}, {"limit", 5}}}},
      {"tdf_parse",
       {"tdf", "FILE", {{"path", "units/ARMCOM.FBI"}, {"section", "unitinfo"}, {"limit", 2}}}},
      {"unit_list", {"unit list", "", {{"sort", "-id"}, {"limit", 3}}}},
      {"unit_describe",
       {"unit describe", "", {{"unit", "ARAKNIGHT"}}, {{"unit", "UNIT"}, {"picture", "--picture"}}}},
      {"unit_compare",
       {"unit compare", "", {{"units", {"ARAKNIGHT", "ARAARCHER"}}, {"only_differing", true}},
        {{"units", "UNITS"}}}},
      {"weapon_list", {"weapon list", "", {{"unit", "ARAARCHER"}, {"sort", "-damage"}}}},
      {"weapon_describe", {"weapon describe", "", {{"weapon", "ARAKNIGHT/WEAPON1"}}}},
      {"feature_list",
       {"feature list", "", {{"category", "trees"}, {"fields", {"id", "seqname"}}}}},
      {"feature_describe", {"feature describe", "", {{"feature", "Tree1"}}}},
      {"side_list", {"side list", "", json::object()}},
      {"map_list", {"tnt list", "", json::object()}},
      {"map_minimap", {"tnt minimap", "FILE", {{"path", "maps/lakes.tnt"}}}},
      {"map_heightmap", {"tnt heightmap", "FILE", {{"path", "lakes"}, {"stretch", true}}}},
      {"model_describe", {"3do describe", "FILE", {{"path", "objects3d/ARAKNIGHT.3do"}}}},
      {"model_render",
       {"3do render", "FILE", {{"path", "araknight"}, {"yaw", 30}, {"width", 96}, {"height", 96}}}},
      {"script_describe", {"cob describe", "FILE", {{"path", "scripts/ARAKNIGHT.cob"}}}},
      {"script_disassemble",
       {"cob disassemble", "FILE", {{"path", "araknight"}, {"script", "Killed"}}}},
      {"script_decompile",
       {"cob decompile", "FILE", {{"path", "araknight"}, {"script", "AimPrimary"}}}},
  };
  return *walks;
}

std::string SourceFile(const std::string& path) {
  return ReadFile(std::filesystem::path(KBOT_SOURCE_DIR) / path);
}

// `word` in `help` as a whole option or positional name.
bool Lists(const std::string& help, const std::string& word) {
  for (size_t at = help.find(word); at != std::string::npos; at = help.find(word, at + 1)) {
    const size_t end = at + word.size();
    const bool starts = at == 0 || help[at - 1] == ' ' || help[at - 1] == ',';
    const bool ends = end == help.size() || !(std::isalnum(uint8_t(help[end])) ||
                                              help[end] == '-' || help[end] == '_');
    if (starts && ends) return true;
  }
  return false;
}

// The demo's files, and the two fixtures, in a folder served as "demo".
const contexts::Workspace& DemoWorkspace() {
  static const contexts::Workspace* workspace = [] {
    const std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("kbot_catalog_walk_" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    auto write = [&](const std::string& path, const std::vector<uint8_t>& bytes) {
      std::filesystem::create_directories((dir / path).parent_path());
      std::ofstream(dir / path, std::ios::binary)
          .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    };
    absl::StatusOr<std::vector<demo::DemoAsset>> assets = demo::MakeDemoAssets();
    EXPECT_TRUE(assets.ok()) << assets.status();
    for (const demo::DemoAsset& a : *assets) write(a.path, a.bytes);
    write("GTADATA/F_RSTAR.RAW", KindFixtureOf(identify::FileKind::kRawPicture).bytes);
    write("GTADATA/PLAYER_A.DAT", KindFixtureOf(identify::FileKind::kPlayerFile).bytes);
    const std::string unit = "[UNITINFO]\r\n{\r\nUnitName=ARMCOM;\r\nSide=ARM;\r\n}\r\n";
    write("units/ARMCOM.FBI", std::vector<uint8_t>(unit.begin(), unit.end()));
    absl::StatusOr<contexts::Workspace> ws = contexts::Workspace::Open(
        {{"demo", contexts::Game::kTaKingdoms, dir.string()}});
    EXPECT_TRUE(ws.ok()) << ws.status();
    return new contexts::Workspace(*std::move(ws));
  }();
  return *workspace;
}

// The output folder write tools get (kbot mcp --output).
contexts::ConfinedFolder* Output() {
  static contexts::ConfinedFolder* output = [] {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                      ("kbot_catalog_walk_out_" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    absl::StatusOr<std::unique_ptr<contexts::ConfinedFolder>> opened =
        contexts::ConfinedFolder::Open(dir.string());
    EXPECT_TRUE(opened.ok()) << opened.status();
    return opened->release();
  }();
  return output;
}

class QuietLog : public tools::Logger {
 public:
  void Log(tools::LogLevel, absl::string_view, const std::string&) override {}
};

TEST(CatalogWalk, EveryToolIsInTheTable) {
  for (const tools::Tool& tool : tools::AllTools()) {
    EXPECT_TRUE(Walks().count(tool.name))
        << tool.name << " is not in tests/app/catalog_walk_test.cc's table: give it a command, "
        << "a docs/json.md section and a call on the demo data";
  }
}

TEST(CatalogWalk, EveryToolHasItsJsonSection) {
  const std::string docs = SourceFile("docs/json.md");
  for (const tools::Tool& tool : tools::AllTools()) {
    EXPECT_NE(docs.find("\n## " + tool.name + "\n"), std::string::npos)
        << "docs/json.md has no ## " << tool.name << " section";
  }
}

TEST(CatalogWalk, EveryParameterIsAnOptionOfTheCommand) {
  KbotProcess kbot;
  for (const tools::Tool& tool : tools::AllTools()) {
    auto walk = Walks().find(tool.name);
    if (walk == Walks().end()) continue;  // EveryToolIsInTheTable says so
    const KbotRun run = kbot.Run(walk->second.command + " --help");
    ASSERT_EQ(run.status, 0) << "kbot " << walk->second.command << " --help: " << run.err;
    for (const tools::Param& param : tool.params) {
      // A command writes where its -o says, not into kbot mcp's output folder.
      if (param.output) continue;
      const std::string& name = param.name;
      std::string word = "--" + name;
      std::replace(word.begin(), word.end(), '_', '-');
      if (name == "path") word = walk->second.path_word;
      if (auto own = walk->second.words.find(name); own != walk->second.words.end()) {
        word = own->second;
      }
      EXPECT_TRUE(!word.empty() && Lists(run.out, word))
          << tool.name << "'s parameter " << name << " is not " << (word.empty() ? "?" : word)
          << " in kbot " << walk->second.command << " --help:\n" << run.out;
    }
  }
}

TEST(CatalogWalk, OneCallOnTheDemoDataSucceeds) {
  QuietLog log;
  const tools::Limits limits;
  for (const tools::Tool& tool : tools::AllTools()) {
    auto walk = Walks().find(tool.name);
    if (walk == Walks().end()) continue;
    const json& arguments = walk->second.arguments;
    absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
    ASSERT_TRUE(in.ok()) << tool.name;
    ASSERT_TRUE(in->Validate(arguments).ok()) << tool.name << ": " << arguments.dump();
    const tools::ToolCall call{arguments, DemoWorkspace(), NoProgress(), log, limits, Output()};
    const tools::ToolResult result = tool.handler(call);
    EXPECT_FALSE(result.error) << tool.name << ": " << result.error.value_or("");
    if (result.error) continue;
    absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
    ASSERT_TRUE(out.ok()) << tool.name;
    EXPECT_TRUE(out->Validate(result.structured).ok())
        << tool.name << ": " << result.structured.dump().substr(0, 400);
  }
}

}  // namespace
}  // namespace kbot::testing
