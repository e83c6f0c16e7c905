// weapon_list and weapon_describe over the small TA mod of
// tests/support/ta_mod.h plus a weapon file with numbers and a second EMG,
// and a unit naming one weapon in two slots; and over a TA: Kingdoms mod
// typed here, whose weapons live in the units' FBIs. Exact answers, the
// listing's filter, conditions, sort and pages, and errors an assistant can
// act on.
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
#include "tools/weapon_describe_tool.h"
#include "tools/weapon_list_tool.h"

namespace kbot::tools {
namespace {

using Strings = std::vector<std::string>;

// weapons/zlasers.tdf comes after weapons/weapons.tdf in listing order, so
// its EMG loses to that file's (docs/formats/ta-catalog.md).
constexpr char kLasers[] =
    "[ARM_LASER]\n"          // 1
    "{\n"                    // 2
    "name=Light Laser;\n"    // 3
    "range=430;\n"           // 4
    "reloadtime=.47;\n"      // 5
    "weaponvelocity=800;\n"  // 6
    "areaofeffect=8;\n"      // 7
    "energypershot=25;\n"    // 8
    "[DAMAGE]\n"             // 9
    "{\n"                    // 10
    "default=48;\n"          // 11
    "CORAK=60;\n"            // 12
    "}\n"                    // 13
    "}\n"                    // 14
    "[EMG]\n"                // 15
    "{\n"                    // 16
    "name=Second EMG;\n"     // 17
    "}\n";

// A Kingdoms mod: two weapons in the Cleric's FBI (one damaging a category),
// one in the Ghoul's with a damage that is no number.
std::vector<std::pair<std::string, std::string>> KingdomsFiles() {
  return {{"units/ARACLERIC.fbi",
           "[UNITINFO]\n{\nobjectname=ARACLERIC;\nname=Cleric;\nside=ARAMON;\n}\n"  // 1-6
           "[WEAPON1]\n{\nname=Hail Shower;\nrange=300;\nreloadtime=3;\n"           // 7-11
           "[DAMAGE]\n{\ndefault=70;\nMONSTER=100;\n}\n}\n"                         // 12-17
           "[WEAPON2]\n{\nname=Heal;\n}\n"},                                        // 18-21
          {"units/monghoul.fbi",
           "[UNITINFO]\n{\nobjectname=MONGHOUL;\nname=Ghoul;\n}\n"        // 1-5
           "[WEAPON1]\n{\nname=Claw;\n[DAMAGE]\n{\ndefault=x;\n}\n}\n"},  // 6-13
          {"units/tarlord.fbi", "[UNITINFO]\n{\nobjectname=TARLORD;\nname=Lord;\n}\n"}};
}

class WeaponToolsTest : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    for (const auto& [path, bytes] : testing::TaModFiles()) Put("ta/" + path, bytes);
    Put("ta/weapons/zlasers.tdf", kLasers);
    Put("ta/units/armguard.fbi",
        testing::TaUnitFbi("UnitName=ARMGUARD;\nSide=ARM;\nName=Guardian;\n"
                           "Weapon1=ARM_LASER;\nWeapon3=arm_laser;\n"));
    for (const auto& [path, bytes] : KingdomsFiles()) Put("tak/" + path, bytes);
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
    // The answer kept: a range-for over a temporary's member would dangle.
    const json out = Ok(WeaponListTool(), std::move(arguments));
    Strings ids;
    for (const json& w : out["weapons"]) ids.push_back(w["id"]);
    return ids;
  }

  std::unique_ptr<contexts::Workspace> workspace_;
};

TEST_F(WeaponToolsTest, ListsEveryWeaponWithTheDefaultFields) {
  const json out = Ok(WeaponListTool(), json::object());
  EXPECT_EQ(out["context"], "mod");
  EXPECT_EQ(out["game"], "ta");
  EXPECT_EQ(out["total"], 4);
  EXPECT_EQ(out["offset"], 0);
  EXPECT_TRUE(out["next_offset"].is_null());
  EXPECT_EQ(out["fields"], (Strings{"id", "name", "range", "reload", "damage", "used_by"}));
  EXPECT_EQ(out["weapons"], json::parse(R"([
    {"id": "ARM_DISINTEGRATOR", "name": "D-Gun", "range": null, "reload": null,
     "damage": 99999, "used_by": ["ARMCOM"]},
    {"id": "ARM_LASER", "name": "Light Laser", "range": 430, "reload": 0.47, "damage": 48,
     "used_by": ["ARMGUARD"]},
    {"id": "CORE_LASER", "name": "Laser", "range": null, "reload": null, "damage": 75,
     "used_by": ["CORLLT"]},
    {"id": "EMG", "name": "Energy Machine Gun", "range": null, "reload": null, "damage": 10,
     "used_by": ["ARMCOM", "ARMFLASH"]}])"));
}

TEST_F(WeaponToolsTest, NamedFieldsAndKeysOfTheSections) {
  const json out = Ok(WeaponListTool(), {{"text", "LASER"},
                                         {"fields",
                                          {"id", "unit", "velocity", "area", "file", "source",
                                           "EnergyPerShot", "DAMAGE/corak", "id"}}});
  // Names come back in lower case, each once; a key is its text as in the
  // file, null where a weapon lacks it.
  EXPECT_EQ(out["fields"], (Strings{"id", "unit", "velocity", "area", "file", "source",
                                    "energypershot", "damage/corak"}));
  EXPECT_EQ(out["weapons"], json::parse(R"([
    {"id": "ARM_LASER", "unit": null, "velocity": 800, "area": 8,
     "file": "weapons/zlasers.tdf", "source": "folder", "energypershot": "25",
     "damage/corak": "60"},
    {"id": "CORE_LASER", "unit": null, "velocity": null, "area": null,
     "file": "weapons/weapons.tdf", "source": "folder", "energypershot": null,
     "damage/corak": null}])"));
}

TEST_F(WeaponToolsTest, TheWeaponsOfOneUnit) {
  EXPECT_EQ(Ids({{"unit", "armcom"}}), (Strings{"ARM_DISINTEGRATOR", "EMG"}));
  // Two slots naming one weapon: listed once.
  EXPECT_EQ(Ids({{"unit", "ARMGUARD"}}), (Strings{"ARM_LASER"}));
  // CORAK's Weapon1 names no weapon.
  EXPECT_EQ(Ids({{"unit", "CORAK"}}), Strings{});
  EXPECT_EQ(Ids({{"unit", "ARMFLASH"}, {"where", {"damage>5"}}}), (Strings{"EMG"}));
  EXPECT_EQ(Error(WeaponListTool(), {{"unit", "ARMCMO"}}),
            "context mod: unit \"ARMCMO\": no unit has that id; did you mean ARMCOM? "
            "(unit_list finds units by name)");
  EXPECT_EQ(Error(WeaponListTool(), {{"unit", "Guardian"}}),
            "context mod: unit \"Guardian\": no unit has that id; did you mean ARMGUARD "
            "(Guardian)? (unit_list finds units by name)");
}

TEST_F(WeaponToolsTest, Conditions) {
  EXPECT_EQ(Ids({{"where", {"range>=400"}}}), (Strings{"ARM_LASER"}));
  EXPECT_EQ(Ids({{"where", {"used_by>=2"}}}), (Strings{"EMG"}));
  EXPECT_EQ(Ids({{"where", {"damage<100"}}}), (Strings{"ARM_LASER", "CORE_LASER", "EMG"}));
  EXPECT_EQ(Ids({{"where", {"name=laser"}}}), (Strings{"CORE_LASER"}));
  EXPECT_EQ(Ids({{"where", {"DAMAGE/default = 10"}}}), (Strings{"EMG"}));
  EXPECT_EQ(Ids({{"where", {"reload<1", "velocity=800"}}}), (Strings{"ARM_LASER"}));
  // A weapon without the key fails a numeric condition, but for !=.
  EXPECT_EQ(Ids({{"where", {"range!=430"}}}), (Strings{"ARM_DISINTEGRATOR", "CORE_LASER", "EMG"}));
  EXPECT_EQ(Ids({{"where", {"id=emg"}}}), (Strings{"EMG"}));
}

TEST_F(WeaponToolsTest, SortAndPages) {
  EXPECT_EQ(Ids({{"sort", "-damage"}}),
            (Strings{"ARM_DISINTEGRATOR", "CORE_LASER", "ARM_LASER", "EMG"}));
  // Weapons without a range come last, in id order.
  EXPECT_EQ(Ids({{"sort", "range"}}),
            (Strings{"ARM_LASER", "ARM_DISINTEGRATOR", "CORE_LASER", "EMG"}));
  EXPECT_EQ(Ids({{"sort", "-used_by"}}),
            (Strings{"EMG", "ARM_DISINTEGRATOR", "ARM_LASER", "CORE_LASER"}));
  EXPECT_EQ(Ids({{"sort", "-id"}}),
            (Strings{"EMG", "CORE_LASER", "ARM_LASER", "ARM_DISINTEGRATOR"}));
  json page = Ok(WeaponListTool(), {{"limit", 3}});
  EXPECT_EQ(page["weapons"].size(), 3u);
  EXPECT_EQ(page["next_offset"], 3);
  page = Ok(WeaponListTool(), {{"offset", 3}, {"limit", 3}});
  EXPECT_EQ(page["total"], 4);
  EXPECT_EQ(page["offset"], 3);
  EXPECT_EQ(page["weapons"][0]["id"], "EMG");
  EXPECT_TRUE(page["next_offset"].is_null());
  page = Ok(WeaponListTool(), {{"offset", 9}});
  EXPECT_EQ(page["offset"], 4);
  EXPECT_EQ(page["weapons"], json::array());
}

TEST_F(WeaponToolsTest, NamesNoWeaponHasAreRefused) {
  EXPECT_EQ(Error(WeaponListTool(), {{"fields", {"id", "rnage"}}}),
            "context mod: field \"rnage\": no weapon has that field or key; did you mean "
            "\"range\"? (fields: id, name, unit, range, reload, velocity, area, damage, used_by, "
            "file, source, or any key of the definitions)");
  EXPECT_EQ(Error(WeaponListTool(), {{"sort", "-speed"}}),
            "context mod: sort \"speed\": no weapon has that field or key (fields: id, name, "
            "unit, range, reload, velocity, area, damage, used_by, file, source, or any key of "
            "the definitions)");
  EXPECT_EQ(Error(WeaponListTool(), {{"where", {"range>>3"}}}),
            "context mod: where \"range>>3\": '>' compares numbers and '>3' is not one (write "
            "KEY<op>VALUE with <, <=, >, >=, = or !=)");
}

TEST_F(WeaponToolsTest, DescribesAWeaponWithItsUsersFilesAndWarnings) {
  EXPECT_EQ(Ok(WeaponDescribeTool(), {{"weapon", "emg"}}), json::parse(R"({
    "context": "mod", "game": "ta", "id": "EMG", "name": "Energy Machine Gun", "unit": null,
    "stats": {"range": null, "reloadtime": null, "weaponvelocity": null,
              "areaofeffect": null, "energypershot": null, "metalpershot": null},
    "default_damage": 10, "damage": [{"target": "CORAK", "damage": 5}],
    "used_by": [{"id": "ARMCOM", "name": "Commander", "slot": 2},
                {"id": "ARMFLASH", "name": "Flash", "slot": 1}],
    "file": {"path": "weapons/weapons.tdf", "source": "folder"}, "line": 1,
    "overrides": [{"path": "weapons/zlasers.tdf", "source": "folder"}],
    "keys": [{"key": "ID", "value": "1", "line": 3},
             {"key": "name", "value": "Energy Machine Gun", "line": 4},
             {"key": "DAMAGE/default", "value": "10", "line": 7},
             {"key": "DAMAGE/CORAK", "value": "5", "line": 8},
             {"key": "DAMAGE/ARMCOM", "value": "big", "line": 9}],
    "warnings": ["weapons/weapons.tdf line 9: ARMCOM 'big' is not a number"]})"));
}

TEST_F(WeaponToolsTest, DescribesTheNumbersAndEachSlot) {
  const json out = Ok(WeaponDescribeTool(), {{"weapon", "ARM_LASER"}});
  EXPECT_EQ(out["stats"], json::parse(R"({"range": 430, "reloadtime": 0.47,
      "weaponvelocity": 800, "areaofeffect": 8, "energypershot": 25, "metalpershot": null})"));
  EXPECT_EQ(out["default_damage"], 48);
  EXPECT_EQ(out["damage"], json::parse(R"([{"target": "CORAK", "damage": 60}])"));
  EXPECT_EQ(out["used_by"], json::parse(R"([{"id": "ARMGUARD", "name": "Guardian", "slot": 1},
                                            {"id": "ARMGUARD", "name": "Guardian", "slot": 3}])"));
  // The second EMG's warning is on line 15 of this file, after ARM_LASER's section.
  EXPECT_EQ(out["warnings"], json::array());
  EXPECT_EQ(out["overrides"], json::array());
}

TEST_F(WeaponToolsTest, AWeaponNoDefinitionHasIsNotFound) {
  EXPECT_EQ(Error(WeaponDescribeTool(), {{"weapon", "EGM"}}),
            "context mod: no weapon \"EGM\" among 4 weapon(s); did you mean EMG? (weapon_list "
            "finds weapons by name)");
  // A weapon's name, not its id.
  EXPECT_EQ(Error(WeaponDescribeTool(), {{"weapon", "d-gun"}}),
            "context mod: no weapon \"d-gun\" among 4 weapon(s); did you mean ARM_DISINTEGRATOR "
            "(D-Gun)? (weapon_list finds weapons by name)");
  // A unit's id: its weapons.
  EXPECT_EQ(Error(WeaponDescribeTool(), {{"weapon", "armcom"}}),
            "context mod: no weapon \"armcom\" among 4 weapon(s); ARMCOM is a unit, whose weapons "
            "are ARM_DISINTEGRATOR, EMG (weapon_list finds weapons by name)");
  // CORAK's Weapon1 names a weapon no file defines.
  EXPECT_EQ(Error(WeaponDescribeTool(), {{"weapon", "NOSUCHGUN"}}),
            "context mod: no weapon \"NOSUCHGUN\" among 4 weapon(s) (weapon_list finds weapons "
            "by name)");
}

TEST_F(WeaponToolsTest, AGtaContextHasNoWeapons) {
  const std::string why =
      "context city: a gta context has no units: units, weapons, features and sides are read in "
      "ta and takingdoms contexts (context_list shows each context's game)";
  EXPECT_EQ(Error(WeaponListTool(), {{"context", "city"}}), why);
  EXPECT_EQ(Error(WeaponDescribeTool(), {{"context", "city"}, {"weapon", "EMG"}}), why);
}

TEST_F(WeaponToolsTest, KingdomsWeaponsLiveInTheirUnitsFbi) {
  const json out = Ok(WeaponListTool(), {{"context", "tak"},
                                         {"fields", {"id", "name", "unit", "damage", "used_by"}}});
  EXPECT_EQ(out["game"], "takingdoms");
  EXPECT_EQ(out["weapons"], json::parse(R"([
    {"id": "ARACLERIC/WEAPON1", "name": "Hail Shower", "unit": "ARACLERIC", "damage": 70,
     "used_by": ["ARACLERIC"]},
    {"id": "ARACLERIC/WEAPON2", "name": "Heal", "unit": "ARACLERIC", "damage": null,
     "used_by": ["ARACLERIC"]},
    {"id": "MONGHOUL/WEAPON1", "name": "Claw", "unit": "MONGHOUL", "damage": null,
     "used_by": ["MONGHOUL"]}])"));
  EXPECT_EQ(Ids({{"context", "tak"}, {"unit", "monghoul"}}), (Strings{"MONGHOUL/WEAPON1"}));
  EXPECT_EQ(Ids({{"context", "tak"}, {"where", {"unit=araCleric"}}}),
            (Strings{"ARACLERIC/WEAPON1", "ARACLERIC/WEAPON2"}));
  const json hail = Ok(WeaponDescribeTool(), {{"context", "tak"}, {"weapon", "aracleric/weapon1"}});
  EXPECT_EQ(hail["unit"], "ARACLERIC");
  EXPECT_EQ(hail["line"], 7);
  EXPECT_EQ(hail["stats"]["range"], 300);
  EXPECT_EQ(hail["stats"]["reloadtime"], 3);
  // TA: Kingdoms damages a category too.
  EXPECT_EQ(hail["damage"], json::parse(R"([{"target": "MONSTER", "damage": 100}])"));
  EXPECT_EQ(hail["used_by"], json::parse(R"([{"id": "ARACLERIC", "name": "Cleric", "slot": 1}])"));
  const json claw = Ok(WeaponDescribeTool(), {{"context", "tak"}, {"weapon", "MONGHOUL/WEAPON1"}});
  EXPECT_EQ(claw["file"], json::parse(R"({"path": "units/monghoul.fbi", "source": "folder"})"));
  EXPECT_EQ(claw["keys"], json::parse(R"([{"key": "name", "value": "Claw", "line": 8},
                                          {"key": "DAMAGE/default", "value": "x", "line": 11}])"));
  EXPECT_TRUE(claw["default_damage"].is_null());
  EXPECT_EQ(claw["warnings"], (Strings{"units/monghoul.fbi line 11: default 'x' is not a number"}));
  EXPECT_EQ(Error(WeaponDescribeTool(), {{"context", "tak"}, {"weapon", "aracleric"}}),
            "context tak: no weapon \"aracleric\" among 3 weapon(s); ARACLERIC is a unit, whose "
            "weapons are ARACLERIC/WEAPON1, ARACLERIC/WEAPON2 (weapon_list finds weapons by "
            "name)");
}

}  // namespace
}  // namespace kbot::tools
