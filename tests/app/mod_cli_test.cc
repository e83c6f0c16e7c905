// `kbot weapon list|describe`, `kbot feature list|describe` and `kbot side
// list`, run as a process over the small TA mod of tests/support/ta_mod.h
// registered as a context: the tables and descriptions, --json exactly the
// tool's answer, the tools' parameters as options, and the failures (an id
// no definition has, a gta context, a refused value, a missing id).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "base/progress.h"
#include "contexts/workspace.h"
#include "nlohmann/json.hpp"
#include "tests/support/kbot_process.h"
#include "tests/support/ta_mod.h"
#include "tools/feature_describe_tool.h"
#include "tools/weapon_list_tool.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::KbotProcess;
using testing::KbotRun;

// A scratch folder holding the mod in mod/, registered as "mod" (ta) and,
// over the same files, "city" (gta).
class ModCli : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const auto& [path, text] : testing::TaModFiles()) {
      testing::WriteBytes(kbot_.dir() / "mod" / path,
                          std::vector<uint8_t>(text.begin(), text.end()));
    }
    const std::string mod = (kbot_.dir() / "mod").string();
    ASSERT_EQ(kbot_.Run("context add mod --game ta --path '" + mod + "'").status, 0);
    ASSERT_EQ(kbot_.Run("context add city --game gta --path '" + mod + "'").status, 0);
  }

  KbotRun Ok(const std::string& args) {
    KbotRun r = kbot_.Run(args);
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    EXPECT_EQ(r.err, "") << args;
    return r;
  }

  // The tool's structuredContent in-process over the same folder.
  json ToolJson(const tools::Tool& tool, const json& arguments) {
    absl::StatusOr<contexts::Workspace> ws =
        contexts::Workspace::Open({{"mod", contexts::Game::kTa, (kbot_.dir() / "mod").string()}});
    EXPECT_TRUE(ws.ok()) << ws.status();
    const tools::Limits limits;
    const tools::ToolCall call{arguments, *ws, NoProgress(), tools::QuietLogger(), limits, nullptr};
    const tools::ToolResult r = tool.handler(call);
    EXPECT_FALSE(r.error) << *r.error;
    return r.structured;
  }

  KbotProcess kbot_;
};

TEST_F(ModCli, WeaponListAsATable) {
  EXPECT_EQ(Ok("weapon list --context mod").out,
            "id                 name                range  reload  damage  used_by\n"
            "-----------------  ------------------  -----  ------  ------  ----------------\n"
            "ARM_DISINTEGRATOR  D-Gun                              99999   ARMCOM\n"
            "CORE_LASER         Laser                              75      CORLLT\n"
            "EMG                Energy Machine Gun                 10      ARMCOM, ARMFLASH\n"
            "3 of 3 weapon(s) in context mod (ta)\n");
  EXPECT_EQ(Ok("weapon list --context mod --unit armflash --fields id,file,DAMAGE/corak").out,
            "id   file                 damage/corak\n"
            "---  -------------------  ------------\n"
            "EMG  weapons/weapons.tdf  5\n"
            "1 of 1 weapon(s) in context mod (ta)\n");
  EXPECT_EQ(Ok("weapon list --context mod --where 'damage>=75' --sort -damage --limit 1").out,
            "id                 name   range  reload  damage  used_by\n"
            "-----------------  -----  -----  ------  ------  -------\n"
            "ARM_DISINTEGRATOR  D-Gun                 99999   ARMCOM\n"
            "1 of 2 weapon(s) in context mod (ta) (more: --offset 1)\n");
}

TEST_F(ModCli, JsonIsTheToolsAnswer) {
  // The command asks for a whole catalog: the tools' largest page.
  EXPECT_EQ(json::parse(Ok("weapon list --context mod --json").out),
            ToolJson(tools::WeaponListTool(), {{"context", "mod"}, {"limit", 1000}}));
  EXPECT_EQ(json::parse(Ok("feature describe rock1 --context mod --json").out),
            ToolJson(tools::FeatureDescribeTool(), {{"context", "mod"}, {"feature", "rock1"}}));
  const json side = json::parse(Ok("side list --context mod --json").out);
  EXPECT_EQ(side["sides"].size(), 2u);
  EXPECT_EQ(side["without_side"], 1);
}

TEST_F(ModCli, WeaponDescribe) {
  const std::string emg =
      "EMG: Energy Machine Gun\n"
      "damage: default 10, CORAK 5\n"
      "used by: ARMCOM (Commander) slot 2, ARMFLASH (Flash) slot 1\n"
      "file: weapons/weapons.tdf line 1 (folder)\n"
      "\n"
      "Key             Value               Line\n"
      "--------------  ------------------  ----\n"
      "ID              1                   3\n"
      "name            Energy Machine Gun  4\n"
      "DAMAGE/default  10                  7\n"
      "DAMAGE/CORAK    5                   8\n"
      "DAMAGE/ARMCOM   big                 9\n"
      "warning: weapons/weapons.tdf line 9: ARMCOM 'big' is not a number\n";
  EXPECT_EQ(Ok("weapon describe emg --context mod").out, emg);
  EXPECT_EQ(Ok("weapon describe --weapon EMG --context mod").out, emg);
}

TEST_F(ModCli, FeatureListAndDescribe) {
  EXPECT_EQ(Ok("feature list --context mod --world 'ALL WORLDS'").out,
            "id     description  world       category  metal  energy\n"
            "-----  -----------  ----------  --------  -----  ------\n"
            "Rock1  Rock         all worlds            5\n"
            "1 of 1 feature(s) in context mod (ta)\n");
  EXPECT_EQ(Ok("feature describe ROCK1 --context mod").out,
            "Rock1: Rock\n"
            "world all worlds, metal 5\n"
            "draws: 3do objects3d/rock1.3do: missing\n"
            "file: features/all worlds/rocks.tdf line 1 (folder)\n"
            "\n"
            "Key          Value       Line\n"
            "-----------  ----------  ----\n"
            "world        all worlds  3\n"
            "description  Rock        4\n"
            "object       rock1       5\n"
            "metal        5           6\n"
            "energy       x           7\n"
            "warning: features/all worlds/rocks.tdf line 7: energy 'x' is not a number\n");
}

TEST_F(ModCli, SideList) {
  EXPECT_EQ(Ok("side list --context mod").out,
            "Name  Prefix  Commander  Units  File\n"
            "----  ------  ---------  -----  ----------------------------\n"
            "ARM   ARM     ARMCOM     3      gamedata/sidedata.tdf line 1\n"
            "CORE  COR     CORCOM     2      gamedata/sidedata.tdf line 7\n"
            "2 side(s), 6 unit(s), 1 on no side, in context mod (ta)\n");
}

TEST_F(ModCli, FailuresAndUsage) {
  KbotRun r = kbot_.Run("weapon describe EGM --context mod");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "kbot: weapon describe: context mod: no weapon \"EGM\" among 3 weapon(s); did you mean "
            "EMG? (weapon_list finds weapons by name)\n");
  r = kbot_.Run("feature list --context city");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "kbot: feature list: context city: a gta context has no units: units, weapons, "
            "features and sides are read in ta and takingdoms contexts (context_list shows each "
            "context's game)\n");
  r = kbot_.Run("weapon list --context mod --where 'range>>3'");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "kbot: weapon list: context mod: where \"range>>3\": '>' compares numbers and '>3' is "
            "not one (write KEY<op>VALUE with <, <=, >, >=, = or !=)\n");
  r = kbot_.Run("feature describe --context mod");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "kbot: usage: missing argument 'feature': Feature id, e.g. Tree1 (see kbot feature "
            "describe --help)\n");
  r = kbot_.Run("weapon list --context mod --limit 0");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err,
            "kbot: usage: --limit 0: use an integer from 1 to 1000; the closest is 1 (see kbot "
            "--help)\n");
  EXPECT_EQ(kbot_.Run("side").status, 2);  // a subcommand is required
}

}  // namespace
}  // namespace kbot
