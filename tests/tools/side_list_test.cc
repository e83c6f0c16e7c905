// side_list: TA's sides from the small mod of tests/support/ta_mod.h
// (gamedata/sidedata.tdf: ARM and CORE, a unit on a side no [SIDEn] names),
// a TA mod without sidedata, TA: Kingdoms' fixed table with its commanders
// and monsters, and a gta context refused.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "base/json_schema.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/checked_call.h"
#include "tests/support/ta_mod.h"
#include "tools/side_list_tool.h"

namespace kbot::tools {
namespace {

class SideListTest : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    for (const auto& [path, bytes] : testing::TaModFiles()) Put("ta/" + path, bytes);
    Put("bare/units/armcom.fbi", testing::TaUnitFbi("UnitName=ARMCOM;\nSide=ARM;\n"));
    Put("tak/units/ARACLERIC.fbi", "[UNITINFO]\n{\nobjectname=ARACLERIC;\nside=ARAMON;\n}\n");
    Put("tak/units/aralord.fbi", "[UNITINFO]\n{\nobjectname=ARALORD;\ncommander=1;\n}\n");
    Put("tak/units/tarlord.fbi",
        "[UNITINFO]\n{\nobjectname=TARLORD;\nside=TAR;\ncommander=1;\n}\n");
    Put("tak/units/monghoul.fbi", "[UNITINFO]\n{\nobjectname=MONGHOUL;\n}\n");
    Put("tak/units/bridge.fbi", "[UNITINFO]\n{\nobjectname=BRIDGE;\nside=none;\n}\n");
    absl::StatusOr<contexts::Workspace> ws =
        contexts::Workspace::Open({{"mod", contexts::Game::kTa, (dir_ / "ta").string()},
                                   {"bare", contexts::Game::kTa, (dir_ / "bare").string()},
                                   {"tak", contexts::Game::kTaKingdoms, (dir_ / "tak").string()},
                                   {"city", contexts::Game::kGta, (dir_ / "ta").string()}});
    ASSERT_TRUE(ws.ok()) << ws.status();
    workspace_ = std::make_unique<contexts::Workspace>(*std::move(ws));
  }

  ToolResult Call(const std::string& context) {
    return testing::CheckedCall(SideListTool(), {{"context", context}}, *workspace_);
  }

  json Ok(const std::string& context) { return testing::AnswerOf(Call(context)); }

  std::unique_ptr<contexts::Workspace> workspace_;
};

TEST_F(SideListTest, TaSidesFromSidedata) {
  // CORLLT's Side=GAIA names no [SIDEn]: on no side.
  EXPECT_EQ(Ok("mod"), json::parse(R"({
    "context": "mod", "game": "ta",
    "sides": [{"name": "ARM", "prefix": "ARM", "commander": "ARMCOM", "units": 3,
               "file": {"path": "gamedata/sidedata.tdf", "source": "folder"}, "line": 1},
              {"name": "CORE", "prefix": "COR", "commander": "CORCOM", "units": 2,
               "file": {"path": "gamedata/sidedata.tdf", "source": "folder"}, "line": 7}],
    "units": 6, "without_side": 1})"));
}

TEST_F(SideListTest, ATaModWithoutSidedataHasNoSides) {
  EXPECT_EQ(Ok("bare"), json::parse(R"({"context": "bare", "game": "ta", "sides": [],
                                         "units": 1, "without_side": 1})"));
}

TEST_F(SideListTest, KingdomsFixedTable) {
  // No file: the engine's own table. A side's commander is its first unit
  // with commander=1; ARALORD has no side key and is Aramon's by its prefix.
  EXPECT_EQ(Ok("tak"), json::parse(R"({
    "context": "tak", "game": "takingdoms",
    "sides": [{"name": "Aramon", "prefix": "ARA", "commander": "ARALORD", "units": 2,
               "file": null, "line": null},
              {"name": "Taros", "prefix": "TAR", "commander": "TARLORD", "units": 1,
               "file": null, "line": null},
              {"name": "Veruna", "prefix": "VER", "commander": "", "units": 0,
               "file": null, "line": null},
              {"name": "Zhon", "prefix": "ZON", "commander": "", "units": 0,
               "file": null, "line": null},
              {"name": "Creon", "prefix": "CRE", "commander": "", "units": 0,
               "file": null, "line": null},
              {"name": "Monsters", "prefix": "MON", "commander": "", "units": 1,
               "file": null, "line": null},
              {"name": "Neutral", "prefix": "", "commander": "", "units": 1,
               "file": null, "line": null}],
    "units": 5, "without_side": 0})"));
}

TEST_F(SideListTest, AGtaContextIsRefused) {
  const ToolResult r = Call("city");
  EXPECT_EQ(r.error.value_or(""),
            "context city: a gta context has no units: units, weapons, features and sides are "
            "read in ta and takingdoms contexts (context_list shows each context's game)");
}

}  // namespace
}  // namespace kbot::tools
