// feature_list and feature_describe over the small TA mod of
// tests/support/ta_mod.h (its Rock1: a 3DO the mod lacks, an energy that is
// no number) plus a wreck two units leave, trees drawn from GAFs (one there,
// one missing), a feature drawn with nothing and a second rock1 that loses;
// and a TA: Kingdoms context. Exact answers, filters, conditions, sort,
// pages, and errors an assistant can act on.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "base/json_schema.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/checked_call.h"
#include "tests/support/ta_mod.h"
#include "tools/feature_describe_tool.h"
#include "tools/feature_list_tool.h"

namespace kbot::tools {
namespace {

using Strings = std::vector<std::string>;

constexpr char kWreck[] =
    "[ARMGUARD_DEAD]\n"                 // 1
    "{\n"                               // 2
    "world=all worlds;\n"               // 3
    "description=Guardian Wreckage;\n"  // 4
    "category=arm_corpses;\n"           // 5
    "object=ARMGUARD_DEAD;\n"           // 6
    "metal=300;\n"                      // 7
    "}\n";

constexpr char kTrees[] =
    "[TreeA]\n{\nworld=green planet;\ndescription=Oak;\ncategory=trees;\nfilename=trees;\n"
    "seqname=tree1;\nenergy=250;\n}\n"  // 1-9
    "[TreeB]\n{\nworld=Green Planet;\ndescription=Tall Pine;\ncategory=trees;\nfilename=pines;\n"
    "seqname=pine1;\nenergy=300;\nreclaimable=0;\n}\n"  // 10-19
    "[Plain]\n{\nworld=green planet;\ndescription=Nothing to draw;\n}\n";

class FeatureToolsTest : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    for (const auto& [path, bytes] : testing::TaModFiles()) Put("ta/" + path, bytes);
    Put("ta/features/corpses/armguard_dead.tdf", kWreck);
    Put("ta/objects3d/armguard_dead.3do", "3do");
    Put("ta/features/green/trees.tdf", kTrees);
    Put("ta/anims/TREES.GAF", "gaf");
    // After features/all worlds/ in listing order: this rock1 loses.
    Put("ta/features/zz/more.tdf", "[rock1]\n{\ndescription=Another rock;\n}\n");
    Put("ta/units/armguard.fbi", testing::TaUnitFbi("UnitName=ARMGUARD;\nSide=ARM;\n"
                                                    "Name=Guardian;\nCorpse=armguard_dead;\n"));
    Put("ta/units/armwall.fbi",
        testing::TaUnitFbi("UnitName=ARMWALL;\nSide=ARM;\nName=Wall;\nCorpse=ARMGUARD_DEAD;\n"));
    Put("tak/features/all worlds/trees.tdf",
        "[Oak]\n{\nworld=all worlds;\ndescription=Oak Tree;\ncategory=trees;\nfilename=atlas;\n"
        "seqname=oak;\n}\n");
    Put("tak/anims/Atlas.gaf", "gaf");
    absl::StatusOr<contexts::Workspace> ws =
        contexts::Workspace::Open({{"mod", contexts::Game::kTa, (dir_ / "ta").string()},
                                   {"tak", contexts::Game::kTaKingdoms, (dir_ / "tak").string()},
                                   {"city", contexts::Game::kGta, (dir_ / "ta").string()}});
    ASSERT_TRUE(ws.ok()) << ws.status();
    workspace_ = std::make_unique<contexts::Workspace>(*std::move(ws));
  }

  // The tool's answer, its arguments and its result checked against its schemas.
  ToolResult Call(const Tool& tool, json arguments) {
    if (!arguments.contains("context")) arguments["context"] = "mod";
    return testing::CheckedCall(tool, arguments, *workspace_);
  }

  json Ok(const Tool& tool, json arguments) {
    return testing::AnswerOf(Call(tool, std::move(arguments)));
  }

  std::string Error(const Tool& tool, json arguments) {
    return testing::ErrorOf(Call(tool, std::move(arguments)));
  }

  Strings Ids(json arguments) {
    const json out = Ok(FeatureListTool(), std::move(arguments));
    Strings ids;
    for (const json& f : out["features"]) ids.push_back(f["id"]);
    return ids;
  }

  json Draws(const std::string& feature, const std::string& context = "mod") {
    return Ok(FeatureDescribeTool(), {{"context", context}, {"feature", feature}})["draws"];
  }

  std::unique_ptr<contexts::Workspace> workspace_;
};

TEST_F(FeatureToolsTest, ListsEveryFeatureWithTheDefaultFields) {
  const json out = Ok(FeatureListTool(), json::object());
  EXPECT_EQ(out["context"], "mod");
  EXPECT_EQ(out["game"], "ta");
  EXPECT_EQ(out["total"], 5);
  EXPECT_TRUE(out["next_offset"].is_null());
  EXPECT_EQ(out["fields"], (Strings{"id", "description", "world", "category", "metal", "energy"}));
  EXPECT_EQ(out["features"], json::parse(R"([
    {"id": "ARMGUARD_DEAD", "description": "Guardian Wreckage", "world": "all worlds",
     "category": "arm_corpses", "metal": 300, "energy": null},
    {"id": "Plain", "description": "Nothing to draw", "world": "green planet", "category": "",
     "metal": null, "energy": null},
    {"id": "Rock1", "description": "Rock", "world": "all worlds", "category": "", "metal": 5,
     "energy": null},
    {"id": "TreeA", "description": "Oak", "world": "green planet", "category": "trees",
     "metal": null, "energy": 250},
    {"id": "TreeB", "description": "Tall Pine", "world": "Green Planet", "category": "trees",
     "metal": null, "energy": 300}])"));
}

TEST_F(FeatureToolsTest, NamedFieldsAndKeys) {
  const json out =
      Ok(FeatureListTool(),
         {{"where", {"world=green planet"}},
          {"fields", {"id", "object", "filename", "seqname", "file", "source", "Reclaimable"}}});
  EXPECT_EQ(out["features"], json::parse(R"([
    {"id": "Plain", "object": null, "filename": null, "seqname": null,
     "file": "features/green/trees.tdf", "source": "folder", "reclaimable": null},
    {"id": "TreeA", "object": null, "filename": "trees", "seqname": "tree1",
     "file": "features/green/trees.tdf", "source": "folder", "reclaimable": null},
    {"id": "TreeB", "object": null, "filename": "pines", "seqname": "pine1",
     "file": "features/green/trees.tdf", "source": "folder", "reclaimable": "0"}])"));
  EXPECT_EQ(Ok(FeatureListTool(), {{"text", "rock"}, {"fields", {"object"}}})["features"],
            json::parse(R"([{"object": "rock1"}])"));
}

TEST_F(FeatureToolsTest, FiltersByWorldCategoryAndText) {
  EXPECT_EQ(Ids({{"world", "GREEN PLANET"}}), (Strings{"Plain", "TreeA", "TreeB"}));
  EXPECT_EQ(Ids({{"category", "trees"}}), (Strings{"TreeA", "TreeB"}));
  EXPECT_EQ(Ids({{"world", "all worlds"}, {"category", "ARM_CORPSES"}}),
            (Strings{"ARMGUARD_DEAD"}));
  EXPECT_EQ(Ids({{"text", "wreck"}}), (Strings{"ARMGUARD_DEAD"}));
  EXPECT_EQ(Ids({{"text", "tree"}}), (Strings{"TreeA", "TreeB"}));
  EXPECT_EQ(Error(FeatureListTool(), {{"world", "all world"}}),
            "context mod: world \"all world\": no feature has that world; did you mean \"all "
            "worlds\"? (worlds: all worlds, green planet)");
  EXPECT_EQ(Error(FeatureListTool(), {{"category", "tree"}}),
            "context mod: category \"tree\": no feature has that category; did you mean "
            "\"trees\"? (categories: arm_corpses, trees)");
}

TEST_F(FeatureToolsTest, ConditionsSortAndPages) {
  EXPECT_EQ(Ids({{"where", {"metal>0"}}}), (Strings{"ARMGUARD_DEAD", "Rock1"}));
  EXPECT_EQ(Ids({{"where", {"energy>=300"}}}), (Strings{"TreeB"}));
  EXPECT_EQ(Ids({{"where", {"reclaimable=0"}}}), (Strings{"TreeB"}));
  EXPECT_EQ(Ids({{"where", {"seqname=TREE1"}}}), (Strings{"TreeA"}));
  EXPECT_EQ(Ids({{"sort", "-energy"}}),
            (Strings{"TreeB", "TreeA", "ARMGUARD_DEAD", "Plain", "Rock1"}));
  EXPECT_EQ(Ids({{"sort", "description"}}),
            (Strings{"ARMGUARD_DEAD", "Plain", "TreeA", "Rock1", "TreeB"}));
  const json page = Ok(FeatureListTool(), {{"offset", 2}, {"limit", 2}});
  EXPECT_EQ(page["total"], 5);
  EXPECT_EQ(page["next_offset"], 4);
  EXPECT_EQ(page["features"].size(), 2u);
  EXPECT_EQ(page["features"][0]["id"], "Rock1");
  EXPECT_EQ(page["features"][1]["id"], "TreeA");
  EXPECT_EQ(Error(FeatureListTool(), {{"sort", "metl"}}),
            "context mod: sort \"metl\": no feature has that field or key; did you mean "
            "\"metal\"? (fields: id, description, world, category, metal, energy, object, "
            "filename, seqname, file, source, or any key of the definitions)");
}

TEST_F(FeatureToolsTest, DescribesAWreckAndTheUnitsLeavingIt) {
  EXPECT_EQ(Ok(FeatureDescribeTool(), {{"feature", "armguard_dead"}}), json::parse(R"({
    "context": "mod", "game": "ta", "id": "ARMGUARD_DEAD", "description": "Guardian Wreckage",
    "world": "all worlds", "category": "arm_corpses", "metal": 300, "energy": null,
    "draws": {"kind": "3do", "path": "objects3d/ARMGUARD_DEAD.3do", "sequence": null,
              "found": "objects3d/armguard_dead.3do"},
    "corpse_of": [{"id": "ARMGUARD", "name": "Guardian"}, {"id": "ARMWALL", "name": "Wall"}],
    "file": {"path": "features/corpses/armguard_dead.tdf", "source": "folder"}, "line": 1,
    "overrides": [],
    "keys": [{"key": "world", "value": "all worlds", "line": 3},
             {"key": "description", "value": "Guardian Wreckage", "line": 4},
             {"key": "category", "value": "arm_corpses", "line": 5},
             {"key": "object", "value": "ARMGUARD_DEAD", "line": 6},
             {"key": "metal", "value": "300", "line": 7}],
    "warnings": []})"));
}

TEST_F(FeatureToolsTest, WhatDrawsEachFeatureFoundOrMissing) {
  EXPECT_EQ(Draws("treea"), json::parse(R"({"kind": "gaf", "path": "anims/trees.gaf",
      "sequence": "tree1", "found": "anims/TREES.GAF"})"));
  EXPECT_EQ(Draws("TreeB"), json::parse(R"({"kind": "gaf", "path": "anims/pines.gaf",
      "sequence": "pine1", "found": null})"));
  EXPECT_EQ(Draws("Plain"),
            json::parse(R"({"kind": null, "path": null, "sequence": null, "found": null})"));
  EXPECT_EQ(Draws("Oak", "tak"), json::parse(R"({"kind": "gaf", "path": "anims/atlas.gaf",
      "sequence": "oak", "found": "anims/Atlas.gaf"})"));
}

TEST_F(FeatureToolsTest, DescribesWarningsAndOverrides) {
  const json rock = Ok(FeatureDescribeTool(), {{"feature", "ROCK1"}});
  EXPECT_EQ(rock["draws"], json::parse(R"({"kind": "3do", "path": "objects3d/rock1.3do",
      "sequence": null, "found": null})"));
  EXPECT_EQ(rock["metal"], 5);
  EXPECT_TRUE(rock["energy"].is_null());
  EXPECT_EQ(rock["corpse_of"], json::array());
  EXPECT_EQ(rock["overrides"],
            json::parse(R"([{"path": "features/zz/more.tdf", "source": "folder"}])"));
  EXPECT_EQ(rock["warnings"],
            (Strings{"features/all worlds/rocks.tdf line 7: energy 'x' is not a number"}));
}

TEST_F(FeatureToolsTest, AFeatureNoFileDefinesIsNotFound) {
  EXPECT_EQ(Error(FeatureDescribeTool(), {{"feature", "Treee"}}),
            "context mod: no feature \"Treee\" among 5 feature(s); did you mean TreeA or TreeB? "
            "(feature_list finds features by description)");
  EXPECT_EQ(Error(FeatureDescribeTool(), {{"feature", "tall pine"}}),
            "context mod: no feature \"tall pine\" among 5 feature(s); did you mean TreeB (Tall "
            "Pine)? (feature_list finds features by description)");
  const std::string why =
      "context city: a gta context has no units: units, weapons, features and sides are read in "
      "ta and takingdoms contexts (context_list shows each context's game)";
  EXPECT_EQ(Error(FeatureListTool(), {{"context", "city"}}), why);
  EXPECT_EQ(Error(FeatureDescribeTool(), {{"context", "city"}, {"feature", "Rock1"}}), why);
}

}  // namespace
}  // namespace kbot::tools
