// The map_describe tool called directly on maps laid out byte by byte
// (tests/support/gta_bytes.h): the contract's JSON, a cell's column, the
// districts and services, and errors naming the file.
#include "tools/map_describe_tool.h"

#include <gtest/gtest.h>

#include "base/json_schema.h"
#include "tests/support/gta_bytes.h"

namespace kbot::tools {
namespace {

// Cells (10, 20) and (11, 20) share one column: h = 3, then a building, a
// pavement with a rotated, flipped lid and the water at the bottom. (3, 3)
// has a sloped road alone at z = 5.
std::vector<uint8_t> SmallMap() {
  testing::CmpFile f;
  f.style = 2;
  f.sample = 1;
  const uint16_t building = f.AddBlock(0x0050, 0x00, 1, 2, 3, 4, 5);        // type 5
  const uint16_t pavement = f.AddBlock(0x4000 | 0x0030 | 0x0001, 0x60 | 0x08, 0, 0, 0, 0, 12);
  const uint16_t water = f.AddBlock(0x0010 | 0x0080, 0x00, 0, 0, 0, 0, 7);  // type 1, flat
  const uint16_t slope = f.AddBlock(0x0020 | (9 << 8), 0x81, 0, 0, 0, 0, 3);  // road, slope 9
  const uint32_t shared = f.AddColumn(3, {building, pavement, water});
  f.SetCell(10, 20, shared);
  f.SetCell(11, 20, shared);
  f.SetCell(3, 3, f.AddColumn(5, {slope}));
  f.SetLocation(0, 0, 1, 2, 4);   // police
  f.SetLocation(4, 1, 9, 9, 3);   // fire, second slot
  f.AddNav(0, 0, 255, 255, 0, "Liberty City");
  f.AddNav(8, 16, 8, 8, 3, "Harbour");
  f.AddNav(0, 0, 0, 0, 0, "");
  f.objects.assign(28, 0);  // two objects
  f.routes = {1, 2, 3};
  return f.Bytes();
}

contexts::Context GtaContext(std::vector<uint8_t> cmp) {
  return contexts::Context{"gta", contexts::Game::kGta, "", true,
                           contexts::MakeMemoryVfs({{"GTADATA/NYC.CMP", std::move(cmp)}}, "test")};
}

tools::ToolResult Call(const std::vector<uint8_t>& cmp, const json& arguments) {
  const tools::Tool tool = MapDescribeTool();
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  EXPECT_TRUE(in.ok() && in->Validate(arguments).ok()) << arguments.dump();
  absl::StatusOr<MapDescribeRequest> request = MapDescribeTable().ParseChecked(arguments);
  tools::ToolResult result = request.ok() ? RunMapDescribe(GtaContext(cmp), *request)
                                          : ErrorResult(request.status());
  if (!result.error) {
    absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
    EXPECT_TRUE(out.ok() && out->Validate(result.structured).ok()) << result.structured.dump(2);
  }
  return result;
}

TEST(MapDescribe, TheWholeMapAsTheContractSays) {
  const tools::ToolResult r = Call(SmallMap(), {{"path", "gtadata/nyc.cmp"}});
  ASSERT_FALSE(r.error) << *r.error;
  json expected = json::parse(R"({
    "path": "GTADATA/NYC.CMP", "version": 331, "style": 2, "sample": 1,
    "sizes": {"route": 3, "object": 28, "column": 0, "block": 32, "nav": 105},
    "blocks": 4, "columns": 3, "objects": 2, "warnings": [],
    "block_types": {"air": 0, "water": 1, "road": 1, "pavement": 1, "field": 0,
                    "building": 1, "unknown6": 0, "unknown7": 0},
    "districts": [
      {"index": 0, "name": "Liberty City", "x": 0, "y": 0, "w": 255, "h": 255, "sample": 0,
       "empty": false},
      {"index": 1, "name": "Harbour", "x": 8, "y": 16, "w": 8, "h": 8, "sample": 3,
       "empty": false},
      {"index": 2, "name": "", "x": 0, "y": 0, "w": 0, "h": 0, "sample": 0, "empty": true}],
    "services": {"police": [{"x": 1, "y": 2, "z": 4}], "hospital": [], "unknown2": [],
                 "unknown3": [], "fire": [{"x": 9, "y": 9, "z": 3}], "unknown5": []}})");
  // Column bytes: the empty column (2), then 2 + 3 * 2 and 2 + 1 * 2.
  expected["sizes"]["column"] = 2 + 8 + 4;
  EXPECT_EQ(r.structured, expected);
}

TEST(MapDescribe, ACellsColumnFromTheTopWithItsDistrict) {
  const tools::ToolResult r = Call(SmallMap(), {{"path", "GTADATA/NYC.CMP"}, {"x", 11}, {"y", 20}});
  ASSERT_FALSE(r.error) << *r.error;
  const json& cell = r.structured["cell"];
  EXPECT_EQ(cell["x"], 11);
  EXPECT_EQ(cell["district"], "Harbour");  // the smaller of the two that hold it
  EXPECT_EQ(cell["district_index"], 1);
  EXPECT_EQ(cell["height"], 3);
  EXPECT_EQ(cell["ground_z"], 3);  // the building is the first block that is not air
  ASSERT_EQ(cell["blocks"].size(), 3u);
  EXPECT_EQ(cell["blocks"][0], json::parse(R"({"z": 3, "index": 0, "type": "building",
      "lid": 5, "left": 1, "right": 2, "top": 3, "bottom": 4, "slope": 0, "rotation": 0,
      "flat": false, "directions": {"up": false, "down": false, "left": false, "right": false},
      "lid_remap": 0, "flip_top_bottom": false, "flip_left_right": false, "railway": false,
      "traffic": "none", "type_map": 80, "type_map_ext": 0})"));
  const json& pavement = cell["blocks"][1];
  EXPECT_EQ(pavement["type"], "pavement");
  EXPECT_EQ(pavement["rotation"], 1);
  EXPECT_EQ(pavement["lid_remap"], 1);
  EXPECT_EQ(pavement["flip_top_bottom"], true);
  EXPECT_EQ(pavement["flip_left_right"], true);
  EXPECT_EQ(pavement["directions"]["up"], true);
  EXPECT_EQ(cell["blocks"][2]["type"], "water");
  EXPECT_EQ(cell["blocks"][2]["flat"], true);
  const json slope = Call(SmallMap(), {{"path", "GTADATA/NYC.CMP"}, {"x", 3}, {"y", 3}})
                         .structured["cell"]["blocks"][0];
  EXPECT_EQ(slope["slope"], 9);
  EXPECT_EQ(slope["railway"], true);
  EXPECT_EQ(slope["traffic"], "traffic_light");
  const json empty = Call(SmallMap(), {{"path", "GTADATA/NYC.CMP"}, {"x", 200}, {"y", 5}})
                         .structured["cell"];
  EXPECT_EQ(empty["blocks"], json::array());
  EXPECT_EQ(empty["ground_z"], nullptr);
  EXPECT_EQ(empty["district"], "Liberty City");
}

TEST(MapDescribe, ErrorsNameTheFile) {
  std::vector<uint8_t> cut = SmallMap();
  cut.pop_back();
  const tools::ToolResult r = Call(cut, {{"path", "GTADATA/NYC.CMP"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rfind("context gta: GTADATA/NYC.CMP: ", 0), 0u) << *r.error;
  const tools::ToolResult half = Call(SmallMap(), {{"path", "GTADATA/NYC.CMP"}, {"x", 3}});
  ASSERT_TRUE(half.error);
  EXPECT_EQ(*half.error, "give both x and y for a cell, or neither");
}

}  // namespace
}  // namespace kbot::tools
