// `kbot gta mission`, run as a process on a MISSION.INI typed here (CRLF
// line ends, as the game's): the list, one mission, its --json the tools'.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "tests/support/kbot_process.h"
#include "tools/mission_describe_tool.h"
#include "tools/mission_list_tool.h"

namespace kbot {
namespace {

using nlohmann::json;
using testing::KbotProcess;
using testing::KbotRun;

// [1]: a phone, a parked car, the player in it, an unknown type and a line
// that does not read (line 8); [2] on another map and style.
std::vector<uint8_t> MissionIni() {
  const std::string text =
      "[1]\r\nSample Run, 22, nyc.cmp, 0,\r\n100 1 1 1 1 0\r\n"
      "0 1 (40,60,4) TELEPHONE 0 768\r\n"
      "1 1 (41,62,4) PARKED 12 256\r\n"
      "2 1 (41,62,4) PLAYER 1 256\r\n"
      "3 (2600,3900,256) WIDGET 7\r\n"
      "4 1 (40,61 4) TRIGGER 10 0\r\n"
      "-1\r\n"
      "0 DONOWT 0 0 0 0 0\r\n"
      "10 SURVIVE 0 0 0 5 0\r\n"
      "-1\r\n"
      "[2]\r\nHarbour Run, 22, SANB.cmp, 3,\r\n100 1 1 1 1 0\r\n"
      "0 1 (10,10,4) TELEPHONE 0 0\r\n-1\r\n0 DONOWT 0 0 0 0 0\r\n-1\r\n";
  return {text.begin(), text.end()};
}

TEST(GtaMissionCli, TheListAndItsJson) {
  KbotProcess kbot;
  const std::vector<uint8_t> ini = MissionIni();
  testing::WriteBytes(kbot.dir() / "MISSION.INI", ini);
  KbotRun r = kbot.Run("gta mission MISSION.INI --json");
  ASSERT_EQ(r.status, 0) << r.err;
  absl::StatusOr<tools::MissionListing> expected = tools::ListMissions({"MISSION.INI", ini});
  ASSERT_TRUE(expected.ok()) << expected.status();
  EXPECT_EQ(json::parse(r.out), tools::ResultJson(*expected));
  r = kbot.Run("gta mission MISSION.INI");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "MISSION.INI: 2 mission(s)\n"
            "\n"
            "#  Title        Map       Style  Objects  Commands  Notes  Line\n"
            "-  -----------  --------  -----  -------  --------  -----  ----\n"
            "1  Sample Run   nyc.cmp   0      4        2         2      1\n"
            "2  Harbour Run  SANB.cmp  3      1        1         0      13\n");
  EXPECT_EQ(r.err, "");
}

TEST(GtaMissionCli, OneMissionAndItsJson) {
  KbotProcess kbot;
  const std::vector<uint8_t> ini = MissionIni();
  testing::WriteBytes(kbot.dir() / "MISSION.INI", ini);
  KbotRun r = kbot.Run("gta mission MISSION.INI --mission 1 --type telephone --json");
  ASSERT_EQ(r.status, 0) << r.err;
  tools::MissionDescribeRequest request;
  request.path = "MISSION.INI";
  request.mission = 1;
  request.type = "telephone";
  absl::StatusOr<tools::MissionDescription> expected =
      tools::DescribeMission({"MISSION.INI", ini}, request);
  ASSERT_TRUE(expected.ok()) << expected.status();
  EXPECT_EQ(json::parse(r.out), tools::ResultJson(*expected));
  EXPECT_EQ(json::parse(r.out)["objects"].size(), 1u);
  r = kbot.Run("gta mission MISSION.INI --mission 1 --limit 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "MISSION.INI [1] Sample Run (line 1)\n"
            "map nyc.cmp, style 0 (the map's), number 22, header values 100 1 1 1 1 0\n"
            "4 object(s), 2 command(s), 2 note(s)\n"
            "\n"
            "Line  Flag  x, y, z    Units  World px         Type       Params  File line\n"
            "----  ----  ---------  -----  ---------------  ---------  ------  ---------\n"
            "0     1     40, 60, 4  block  2592, 3872, 256  TELEPHONE  0 768   4\n"
            "1     1     41, 62, 4  block  2656, 4000, 256  PARKED     12 256  5\n"
            "\n"
            "Label  Opcode   A  B  C  D  E  File line\n"
            "-----  -------  -  -  -  -  -  ---------\n"
            "0      DONOWT   0  0  0  0  0  10\n"
            "10     SURVIVE  0  0  0  5  0  11\n"
            "\n"
            "note: line 7: unknown object type 'WIDGET': not one of the game's 72 (the game stops "
            "at it); kept with its 1 value(s): \"3 (2600,3900,256) WIDGET 7\"\n"
            "note: line 8: not an object line (LINE [FLAG] (X,Y,Z) TYPE VALUES): no ',' after "
            "coordinate 2: \"4 1 (40,61 4) TRIGGER 10 0\"\n"
            "\n"
            "more: --offset 2\n");
  // The rest without --limit: the unknown type marked, no more pages.
  r = kbot.Run("gta mission MISSION.INI --mission 1 --offset 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(
      r.out.find(
          "Line  Flag  x, y, z          Units  World px               Type              Params  "
          "File line\n"
          "----  ----  ---------------  -----  ---------------------  ----------------  ------  "
          "---------\n"
          "2     1     41, 62, 4        block  2656, 4000, 256        PLAYER            1 256   6\n"
          "3     0     2600, 3900, 256  block  166432, 249632, 16384  WIDGET (unknown)  7       "
          "7\n"),
      std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("more:"), std::string::npos) << r.out;
}

TEST(GtaMissionCli, UsageAndErrors) {
  KbotProcess kbot;
  testing::WriteBytes(kbot.dir() / "MISSION.INI", MissionIni());
  KbotRun r = kbot.Run("gta mission MISSION.INI --type PARKED");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--type is for one mission: give --mission N"), std::string::npos) << r.err;
  r = kbot.Run("gta mission MISSION.INI --mission 1 --limit 5000");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("limit 5000: 1 to 1000 a page"), std::string::npos) << r.err;
  r = kbot.Run("gta mission MISSION.INI --mission 5");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: gta mission: MISSION.INI: no mission [5]; it has 2: [1], [2]\n");
  testing::WriteBytes(kbot.dir() / "units/armcom.fbi", {'[', 'U', ']', '\n', '{', '\n', '}', '\n'});
  r = kbot.Run("gta mission units/armcom.fbi");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: gta mission: units/armcom.fbi is a text file, starting \"[U]\"; if it is "
                   "in TDF syntax (FBI, TDF, OTA, GUI), use tdf_parse (kbot tdf)\n");
}

}  // namespace
}  // namespace kbot
