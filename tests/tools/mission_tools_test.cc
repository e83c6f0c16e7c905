// The GTA1 mission tools (mission_list, mission_describe) on a MISSION.INI
// typed for these tests, with CRLF line ends as the game's file has (the
// syntax: docs/formats/gta1_mission.md): two missions, phones, a parked car,
// the player, a pedestrian in pixels, a DUMMY (unit unsettled), an unknown
// type, a line that does not read, and commands.
#include <gtest/gtest.h>

#include "absl/strings/str_join.h"
#include "base/json_schema.h"
#include "contexts/vfs.h"
#include "formats/identify/identify.h"
#include "tests/support/kind_fixtures.h"
#include "tools/mission_describe_tool.h"
#include "tools/mission_list_tool.h"

namespace kbot::tools {
namespace {

constexpr const char* kPath = "GTADATA/MISSION.INI";

// Line 1 is "[1]"; the objects are lines 4 to 10, line 11 does not read (a
// blank for the ',' after y), the commands are lines 13 to 16; "[2]" is line
// 18.
std::vector<uint8_t> MissionIni() {
  const std::vector<std::string> lines = {
      "[1]",
      "Liberty Test, 22, nyc.cmp, 0,",
      "100 1 1 1 1 0",
      "0 1 (40,60,4) TELEPHONE 0 768",
      "1 1 (41,62,4) PARKED 12 256",
      "2 1 (41,62,4) PLAYER 1 256",
      "3 (2600,3900,256) PED 0 512 3",
      "4 1 (42,60,4) TELEPHONE 0 0",
      "5 (189,69,3) DUMMY 0 1",
      "6 1 (40,61,4) WIDGET 4 4",
      "7 1 (40,61 4) TRIGGER 10 0",
      "-1",
      "0 DONOWT 0 0 0 0 0",
      "10 SURVIVE 0 0 0 5 0",
      "11 ARROW 4 0 0 0 0",
      "12 IS_PED_IN_CAR 2 12 0 -1 0",
      "-1",
      "[2]",
      "Harbour Run, 22, SANB.cmp, 3,",
      "100 1 1 1 1 0",
      "0 1 (10,10,4) PARKED 5 0",
      "1 1 (10,11,4) PLAYER 0 768",
      "-1",
      "0 DONOWT 0 0 0 0 0",
      "-1",
      ""};
  const std::string text = absl::StrJoin(lines, "\r\n");
  return {text.begin(), text.end()};
}

struct Fixture {
  std::vector<uint8_t> bytes = MissionIni();
  Asset asset{kPath, bytes};
};

MissionDescribeRequest Describe(int mission) {
  MissionDescribeRequest r;
  r.path = kPath;
  r.mission = mission;
  return r;
}

const json kHeading1 = json::parse(R"({"number": 1, "title": "Liberty Test",
    "number_field": 22, "map": "nyc.cmp", "style": 0, "header_values": [100, 1, 1, 1, 1, 0],
    "objects": 7, "commands": 4, "notes": 2, "file_line": 1})");

const json kObjects1 = json::parse(R"([
    {"line": 0, "flag": 1, "x": 40, "y": 60, "z": 4, "units": "block",
     "world": [2592, 3872, 256], "type": "TELEPHONE", "params": [0, 768], "known_type": true,
     "file_line": 4},
    {"line": 1, "flag": 1, "x": 41, "y": 62, "z": 4, "units": "block",
     "world": [2656, 4000, 256], "type": "PARKED", "params": [12, 256], "known_type": true,
     "file_line": 5},
    {"line": 2, "flag": 1, "x": 41, "y": 62, "z": 4, "units": "block",
     "world": [2656, 4000, 256], "type": "PLAYER", "params": [1, 256], "known_type": true,
     "file_line": 6},
    {"line": 3, "flag": 0, "x": 2600, "y": 3900, "z": 256, "units": "pixel",
     "world": [2600, 3900, 256], "type": "PED", "params": [0, 512, 3], "known_type": true,
     "file_line": 7},
    {"line": 4, "flag": 1, "x": 42, "y": 60, "z": 4, "units": "block",
     "world": [2720, 3872, 256], "type": "TELEPHONE", "params": [0, 0], "known_type": true,
     "file_line": 8},
    {"line": 5, "flag": 0, "x": 189, "y": 69, "z": 3, "units": "block",
     "units_unresolved": true, "world": [12128, 4448, 192], "type": "DUMMY", "params": [0, 1],
     "known_type": true, "file_line": 9},
    {"line": 6, "flag": 1, "x": 40, "y": 61, "z": 4, "units": "block",
     "world": [2592, 3936, 256], "type": "WIDGET", "params": [4, 4], "known_type": false,
     "file_line": 10}])");

const json kCommands1 = json::parse(R"([
    {"label": 0, "opcode": "DONOWT", "args": [0, 0, 0, 0, 0], "known": true, "file_line": 13},
    {"label": 10, "opcode": "SURVIVE", "args": [0, 0, 0, 5, 0], "known": true, "file_line": 14},
    {"label": 11, "opcode": "ARROW", "args": [4, 0, 0, 0, 0], "known": true, "file_line": 15},
    {"label": 12, "opcode": "IS_PED_IN_CAR", "args": [2, 12, 0, -1, 0], "known": true,
     "file_line": 16}])");

const json kNotes1 = {
    {{"file_line", 10},
     {"text", "6 1 (40,61,4) WIDGET 4 4"},
     {"problem", "unknown object type 'WIDGET': not one of the game's 72 (the game stops at it); "
                 "kept with its 2 value(s)"}},
    {{"file_line", 11},
     {"text", "7 1 (40,61 4) TRIGGER 10 0"},
     {"problem", "not an object line (LINE [FLAG] (X,Y,Z) TYPE VALUES): no ',' after "
                 "coordinate 2"}}};

json Slice(const json& all, size_t from, size_t to) {
  json out = json::array();
  for (size_t i = from; i < to && i < all.size(); ++i) out.push_back(all[i]);
  return out;
}

TEST(MissionList, EveryMissionWithItsCounts) {
  Fixture f;
  absl::StatusOr<MissionListing> l = ListMissions(f.asset);
  ASSERT_TRUE(l.ok()) << l.status();
  EXPECT_EQ(ResultJson(*l), json::parse(R"({"path": "GTADATA/MISSION.INI", "missions": [
      {"number": 1, "title": "Liberty Test", "map": "nyc.cmp", "style": 0, "objects": 7,
       "commands": 4, "notes": 2, "file_line": 1},
      {"number": 2, "title": "Harbour Run", "map": "SANB.cmp", "style": 3, "objects": 2,
       "commands": 1, "notes": 0, "file_line": 18}], "warnings": []})"));
}

TEST(MissionList, TheFilesWarnings) {
  const std::string text = "[1]\r\nA, 22, a.cmp, 0,\r\n100 1 1 1 1 0\r\n-1\r\n-1\r\n"
                           "[1]\r\nB, 22, b.cmp, 0,\r\n100 1 1 1 1 0\r\n-1\r\n-1\r\n";
  const std::vector<uint8_t> bytes(text.begin(), text.end());
  absl::StatusOr<MissionListing> l = ListMissions(Asset{"M.INI", bytes});
  ASSERT_TRUE(l.ok()) << l.status();
  ASSERT_EQ(l->missions.size(), 2u);
  EXPECT_EQ(l->warnings, std::vector<std::string>{
                             "M.INI: line 6: section [1] again (first on line 1): the game reads "
                             "only the first"});
}

TEST(MissionDescribe, HeaderObjectsCommandsAndNotes) {
  Fixture f;
  absl::StatusOr<MissionDescription> d = DescribeMission(f.asset, Describe(1));
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(ResultJson(*d), (json{{"mission", kHeading1},
                                  {"objects", kObjects1},
                                  {"commands", kCommands1},
                                  {"notes", kNotes1},
                                  {"next_offset", nullptr}}));
  d = DescribeMission(f.asset, Describe(2));
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(ResultJson(d->mission), json::parse(R"({"number": 2, "title": "Harbour Run",
      "number_field": 22, "map": "SANB.cmp", "style": 3, "header_values": [100, 1, 1, 1, 1, 0],
      "objects": 2, "commands": 1, "notes": 0, "file_line": 18})"));
  EXPECT_EQ(ResultJson(d->objects[1]), json::parse(R"({"line": 1, "flag": 1, "x": 10, "y": 11,
      "z": 4, "units": "block", "world": [672, 736, 256], "type": "PLAYER", "params": [0, 768],
      "known_type": true, "file_line": 22})"));
}

// One offset and limit page the three lists together; the next offset is
// there while any of them has more.
TEST(MissionDescribe, PagesObjectsCommandsAndNotesTogether) {
  Fixture f;
  MissionDescribeRequest r = Describe(1);
  r.limit = 2;
  absl::StatusOr<MissionDescription> d = DescribeMission(f.asset, r);
  ASSERT_TRUE(d.ok()) << d.status();
  json j = ResultJson(*d);
  EXPECT_EQ(j["mission"], kHeading1);
  EXPECT_EQ(j["objects"], Slice(kObjects1, 0, 2));
  EXPECT_EQ(j["commands"], Slice(kCommands1, 0, 2));
  EXPECT_EQ(j["notes"], kNotes1);
  EXPECT_EQ(j["next_offset"], 2);
  r.offset = 2;
  j = ResultJson(*DescribeMission(f.asset, r));
  EXPECT_EQ(j["objects"], Slice(kObjects1, 2, 4));
  EXPECT_EQ(j["commands"], Slice(kCommands1, 2, 4));
  EXPECT_EQ(j["notes"], json::array());
  EXPECT_EQ(j["next_offset"], 4);  // objects are left
  r.offset = 6;
  j = ResultJson(*DescribeMission(f.asset, r));
  EXPECT_EQ(j["objects"], Slice(kObjects1, 6, 7));
  EXPECT_EQ(j["commands"], json::array());
  EXPECT_EQ(j["next_offset"], nullptr);
  r.offset = 100;  // past every list: empty pages, not an error
  j = ResultJson(*DescribeMission(f.asset, r));
  EXPECT_EQ(j["objects"], json::array());
  EXPECT_EQ(j["next_offset"], nullptr);
  r.offset = INT64_MAX;  // no overflow into a next offset
  j = ResultJson(*DescribeMission(f.asset, r));
  EXPECT_EQ(j["objects"], json::array());
  EXPECT_EQ(j["next_offset"], nullptr);
}

// `type` keeps the objects of one type, in any case, counted in of_type,
// and leaves out the commands and notes.
TEST(MissionDescribe, TypeFilter) {
  Fixture f;
  MissionDescribeRequest r = Describe(1);
  r.type = "telephone";
  absl::StatusOr<MissionDescription> d = DescribeMission(f.asset, r);
  ASSERT_TRUE(d.ok()) << d.status();
  json heading = kHeading1;
  heading["of_type"] = 2;
  EXPECT_EQ(ResultJson(*d), (json{{"mission", heading},
                                  {"objects", {kObjects1[0], kObjects1[4]}},
                                  {"commands", json::array()},
                                  {"notes", json::array()},
                                  {"next_offset", nullptr}}));
  r.limit = 1;
  d = DescribeMission(f.asset, r);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(ResultJson(d->objects), json::array({kObjects1[0]}));
  EXPECT_EQ(d->next_offset, 1u);
  r.offset = 1;
  d = DescribeMission(f.asset, r);
  EXPECT_EQ(ResultJson(d->objects), json::array({kObjects1[4]}));
  EXPECT_EQ(d->next_offset, std::nullopt);
  // A type not in the game's table is found as written.
  r = Describe(1);
  r.type = "Widget";
  d = DescribeMission(f.asset, r);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_EQ(ResultJson(d->objects), json::array({kObjects1[6]}));
  // One of the game's types that the mission does not use: none.
  r.type = "CAR";
  d = DescribeMission(f.asset, r);
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_TRUE(d->objects.empty());
  EXPECT_EQ(d->mission.of_type, 0u);
}

TEST(MissionDescribe, Errors) {
  Fixture f;
  absl::StatusOr<MissionDescription> d = DescribeMission(f.asset, Describe(7));
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(d.status().message(), "GTADATA/MISSION.INI: no mission [7]; it has 2: [1], [2]");
  MissionDescribeRequest r = Describe(1);
  r.type = "TELEFONE";
  d = DescribeMission(f.asset, r);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(d.status().message(),
            "type \"TELEFONE\": no object of mission [1] has it, and it is none of the game's 72 "
            "object types; did you mean \"TELEPHONE\"?");
}

// A file of twelve sections: the error names the first ten and counts the rest.
TEST(MissionDescribe, AnUnknownMissionNamesTheFirstTenOfMany) {
  std::string text;
  for (int n = 1; n <= 12; ++n) {
    text += "[" + std::to_string(n * 10) + "]\r\nM, 22, a.cmp, 0,\r\n100 1 1 1 1 0\r\n-1\r\n-1\r\n";
  }
  const std::vector<uint8_t> bytes(text.begin(), text.end());
  absl::StatusOr<MissionDescription> d = DescribeMission(Asset{"M.INI", bytes}, Describe(7));
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.status().message(),
            "M.INI: no mission [7]; it has 12: [10], [20], [30], [40], [50], [60], [70], [80], "
            "[90], [100] and 2 more (mission_list)");
}

// Other kinds are refused by name, a TA text file (whose sections are named)
// included; text with a "[N]" header whose config line does not read goes to
// the reader, which notes what is wrong.
TEST(MissionTools, RefuseOtherKindsByName) {
  for (identify::FileKind kind : {identify::FileKind::kGaf, identify::FileKind::kText}) {
    const testing::KindFixture& other = testing::KindFixtureOf(kind);
    const Asset asset{other.name, other.bytes};
    const std::string hint = kind == identify::FileKind::kGaf
                                 ? "use gaf_list (kbot gaf list)"
                                 : "if it is in TDF syntax (FBI, TDF, OTA, GUI), use tdf_parse "
                                   "(kbot tdf)";
    absl::StatusOr<MissionListing> l = ListMissions(asset);
    ASSERT_FALSE(l.ok());
    EXPECT_EQ(l.status().message(), other.name + " is " + other.what + "; " + hint);
    absl::StatusOr<MissionDescription> d = DescribeMission(asset, Describe(1));
    ASSERT_FALSE(d.ok());
    EXPECT_EQ(d.status().message(), l.status().message());
  }
  const std::string damaged = "[1]\r\nno config line here\r\n100 1 1 1 1 0\r\n-1\r\n-1\r\n";
  const std::vector<uint8_t> bytes(damaged.begin(), damaged.end());
  EXPECT_EQ(identify::IdentifyFile(bytes).kind, identify::FileKind::kText);
  absl::StatusOr<MissionListing> l = ListMissions(Asset{"BROKEN.INI", bytes});
  ASSERT_TRUE(l.ok()) << l.status();
  ASSERT_EQ(l->missions.size(), 1u);
  EXPECT_EQ(l->missions[0].notes, 1u);
}

// The tools as a server runs them: arguments checked against the input
// schema, the default page of 200, the answer against the output schema,
// errors as isError results that name the context and the file.
ToolResult Call(const Tool& tool, const json& arguments) {
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  EXPECT_TRUE(in.ok());
  if (absl::Status s = in->Validate(arguments); !s.ok()) return ErrorResult(s);
  absl::StatusOr<contexts::Workspace> ws =
      contexts::Workspace::Open({}, []() -> absl::StatusOr<contexts::Context> {
        std::vector<contexts::MemoryFile> files = {{kPath, MissionIni()}};
        return contexts::Context{"gta", contexts::Game::kGta, "", true,
                                 contexts::MakeMemoryVfs(std::move(files), "test")};
      });
  EXPECT_TRUE(ws.ok()) << ws.status();
  const Limits limits;
  ToolResult result = tool.handler({arguments, *ws, NoProgress(), QuietLogger(), limits});
  if (!result.error) {
    absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
    EXPECT_TRUE(out.ok());
    EXPECT_TRUE(out->Validate(result.structured).ok()) << result.structured.dump(2);
  }
  return result;
}

TEST(MissionTools, OverTheirSchemas) {
  const ToolResult list = Call(MissionListTool(), {{"path", "gtadata/mission.ini"}});
  ASSERT_FALSE(list.error) << *list.error;
  EXPECT_EQ(list.structured["missions"].size(), 2u);
  const ToolResult one = Call(MissionDescribeTool(), {{"path", kPath}, {"mission", 1}});
  ASSERT_FALSE(one.error) << *one.error;
  EXPECT_EQ(one.structured["objects"], kObjects1);
  const ToolResult typed = Call(MissionDescribeTool(), {{"path", kPath}, {"mission", 1},
                                                        {"type", "PED"}, {"limit", 1}});
  ASSERT_FALSE(typed.error) << *typed.error;
  EXPECT_EQ(typed.structured["objects"], json::array({kObjects1[3]}));
  const ToolResult unknown = Call(MissionDescribeTool(), {{"path", kPath}, {"mission", 3}});
  ASSERT_TRUE(unknown.error);
  EXPECT_EQ(*unknown.error,
            "context gta: GTADATA/MISSION.INI: no mission [3]; it has 2: [1], [2]");
  EXPECT_TRUE(Call(MissionDescribeTool(), {{"path", kPath}}).error);  // mission is required
  const ToolResult none = Call(MissionDescribeTool(), {{"path", kPath}, {"mission", 1},
                                                       {"limit", 0}});
  ASSERT_TRUE(none.error);
  EXPECT_EQ(*none.error, "limit 0: 1 to 1000 a page");
  const ToolResult big = Call(MissionDescribeTool(), {{"path", kPath}, {"mission", 1},
                                                      {"limit", 1001}});
  ASSERT_TRUE(big.error);
  EXPECT_EQ(*big.error, "limit 1001: 1 to 1000 a page");
  const ToolResult negative = Call(MissionDescribeTool(), {{"path", kPath}, {"mission", 1},
                                                           {"offset", -1}});
  ASSERT_TRUE(negative.error);
  EXPECT_EQ(*negative.error, "offset -1: items to skip, 0 or more");
}

// 450 objects and no limit: the tool answers with the first 200.
TEST(MissionTools, TheToolPagesByTwoHundred) {
  std::string text = "[1]\r\nBig, 22, nyc.cmp, 0,\r\n100 1 1 1 1 0\r\n";
  for (int i = 0; i < 450; ++i) {
    text += std::to_string(i) + " 1 (1,1,4) TELEPHONE 0 0\r\n";
  }
  text += "-1\r\n0 DONOWT 0 0 0 0 0\r\n-1\r\n";
  absl::StatusOr<contexts::Workspace> ws =
      contexts::Workspace::Open({}, [&]() -> absl::StatusOr<contexts::Context> {
        std::vector<contexts::MemoryFile> files = {
            {"BIG.INI", std::vector<uint8_t>(text.begin(), text.end())}};
        return contexts::Context{"gta", contexts::Game::kGta, "", true,
                                 contexts::MakeMemoryVfs(std::move(files), "test")};
      });
  ASSERT_TRUE(ws.ok()) << ws.status();
  const Limits limits;
  ToolResult r = MissionDescribeTool().handler(
      {{{"path", "BIG.INI"}, {"mission", 1}}, *ws, NoProgress(), QuietLogger(), limits});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["objects"].size(), 200u);
  EXPECT_EQ(r.structured["next_offset"], 200);
  r = MissionDescribeTool().handler({{{"path", "BIG.INI"}, {"mission", 1}, {"offset", 400}},
                                     *ws, NoProgress(), QuietLogger(), limits});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["objects"].size(), 50u);
  EXPECT_EQ(r.structured["objects"][0]["line"], 400);
  EXPECT_EQ(r.structured["next_offset"], nullptr);
}

}  // namespace
}  // namespace kbot::tools
