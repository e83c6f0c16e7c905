// The demo's GTADATA/MISSION.INI (demo/demo_gta_mission.h) read back with
// the MISSION.INI reader: both missions, their config lines, header values,
// objects and commands, without a note or a warning; CRLF line ends; every
// type and opcode one the game knows, with the values it reads; every
// position inside the 16 x 16 town; every jump, trigger and object reference
// landing on something that is there.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>
#include <vector>

#include "demo/demo_gta.h"
#include "formats/gta/mission.h"

namespace kbot::demo {
namespace {

const DemoAsset& MissionIni() {
  static const std::vector<DemoAsset> assets = *MakeDemoGtaAssets();
  for (const DemoAsset& a : assets) {
    if (a.path == "GTADATA/MISSION.INI") return a;
  }
  ADD_FAILURE() << "no GTADATA/MISSION.INI";
  static const DemoAsset none;
  return none;
}

TEST(DemoGtaMission, BothMissionsReadWithoutANote) {
  const DemoAsset& a = MissionIni();
  const std::string text(a.bytes.begin(), a.bytes.end());
  for (size_t i = text.find('\n'); i != std::string::npos; i = text.find('\n', i + 1)) {
    ASSERT_EQ(text[i - 1], '\r') << "a line not ended by CRLF at " << i;
  }
  absl::StatusOr<gta::MissionFile> file = gta::ReadMissionIni(a.bytes, "MISSION.INI");
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ(file->warnings, std::vector<std::string>{});
  ASSERT_EQ(file->missions.size(), 2u);
  const gta::Mission& one = file->missions[0];
  EXPECT_EQ(one.number, 1);
  EXPECT_EQ(one.title, "Demo Town");
  EXPECT_EQ(one.number_field, 22);
  EXPECT_EQ(one.map_file, "demo.cmp");
  EXPECT_EQ(one.style, 1);
  EXPECT_EQ(one.header_values, (std::array<int, 6>{100, 1, 1, 1, 1, 0}));
  EXPECT_EQ(one.objects.size(), 10u);
  EXPECT_EQ(one.commands.size(), 16u);
  const gta::Mission& two = file->missions[1];
  EXPECT_EQ(two.number, 2);
  EXPECT_EQ(two.title, "Harbour Run");
  EXPECT_EQ(two.style, 0);
  EXPECT_EQ(two.objects.size(), 4u);
  EXPECT_EQ(two.commands.size(), 7u);
  for (const gta::Mission& m : file->missions) {
    SCOPED_TRACE(m.number);
    for (const gta::MissionNote& n : m.notes) ADD_FAILURE() << n.source_line << ": " << n.problem;
    std::set<int> lines, labels;
    for (const gta::MissionObject& o : m.objects) {
      EXPECT_TRUE(o.known_type) << o.type;
      EXPECT_EQ(o.params.size(), o.type == "DOOR" ? 3u : 2u) << o.type;
      lines.insert(o.line_number);
      if (o.type == "COUNTER") continue;  // no position
      const gta::WorldPixels w = gta::ObjectWorldPixels(o);
      EXPECT_TRUE(w.x >= 0 && w.x < 16 * 64 && w.y >= 0 && w.y < 16 * 64)
          << o.type << " " << w.x << ", " << w.y << ": outside the town";
    }
    for (const gta::MissionCommand& c : m.commands) {
      EXPECT_TRUE(c.known_opcode) << c.opcode;
      labels.insert(c.label);
    }
    for (const gta::MissionObject& o : m.objects) {  // triggers start at a label
      if (o.type == "TRIGGER") {
        EXPECT_TRUE(labels.count(o.params[0])) << o.line_number;
      }
    }
    for (const gta::MissionCommand& c : m.commands) {  // every jump lands on a label
      for (int to : {c.args[1], c.args[2]}) {
        if (to > 0) {
          EXPECT_TRUE(labels.count(to)) << c.label << " " << c.opcode << " -> " << to;
        }
      }
      if (c.args[0] > 0 && c.opcode != "END") {
        EXPECT_TRUE(lines.count(c.args[0]))
            << c.label << " " << c.opcode << " object " << c.args[0];
      }
    }
  }
}

}  // namespace
}  // namespace kbot::demo
