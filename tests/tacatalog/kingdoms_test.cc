// The catalog of a TA: Kingdoms mod: [WEAPONn] sections in the unit's FBI,
// one buildcost, the fixed sides and canbuild/BUILDER/UNIT.tdf menus.
#include <gtest/gtest.h>

#include "absl/strings/str_join.h"
#include "tacatalog/catalog.h"
#include "tests/support/hpi_bytes.h"

namespace kbot::tacatalog {
namespace {

contexts::MemoryFile File(std::string path, const std::string& text) {
  return {std::move(path), testing::BytesOf(text)};
}

std::shared_ptr<const Catalog> Kingdoms() {
  std::vector<contexts::MemoryFile> files = {
      File("units/ARACLERIC.fbi",
           "[UNITINFO]\n{\nobjectname=ARACLERIC;\nUnitName=Cleric;\nside=ARAMON;\n"
           "buildcost=120;\nbuilder=1;\n}\n"
           "[WEAPON1]\n{\nname=Hail Shower;\nrange=300;\n[DAMAGE]\n{\ndefault=70;\n}\n}\n"
           "[WEAPON2]\n{\nname=Heal;\n}\n"),
      File("units/araknight.fbi",
           "[UNITINFO]\n{\nobjectname=ARAKNIGHT;\nside=Aramon;\nbuildcost=abc;\n"
           "BuildCostMetal=5;\n}\n"),
      File("units/tarlord.fbi",
           "[UNITINFO]\n{\nobjectname=TARLORD;\nside=TAROS;\ncommander=1;\n}\n"),
      File("units/creshoc.fbi", "[UNITINFO]\n{\nobjectname=CRESHOC;\nside=CRE;\n}\n"),
      File("units/monghoul.fbi", "[UNITINFO]\n{\nobjectname=MONGHOUL;\n}\n"),
      File("units/bridge.fbi", "[UNITINFO]\n{\nobjectname=BRIDGE;\nside=none;\n}\n"),
      File("canbuild/ARACLERIC/araknight.tdf", "[Menu]\n{\nPriority=2;\n}\n"),
      File("canbuild/araCleric/ARATOWER.tdf", "[Menu]\n{\nPriority=1;\n}\n"),
      File("canbuild/TARLORD/creshoc.tdf", "[Menu]\n{\nPriority=x;\n}\n"),
      File("anims/buildpic/araknight.jpg", "jpg"),
      File("objects3d/ARAKNIGHT.3do", "3do")};
  std::unique_ptr<contexts::Vfs> vfs = contexts::MakeMemoryVfs(std::move(files), "built-in");
  absl::StatusOr<std::shared_ptr<const Catalog>> built =
      BuildCatalog(*vfs, contexts::Game::kTaKingdoms, nullptr);
  EXPECT_TRUE(built.ok()) << built.status();
  return *built;
}

TEST(KingdomsCatalog, UnitsWeaponsAndCosts) {
  std::shared_ptr<const Catalog> c = Kingdoms();
  ASSERT_EQ(c->units.size(), 6u);
  const Unit* cleric = c->FindUnit("araCleric");  // keyed by objectname
  ASSERT_NE(cleric, nullptr);
  EXPECT_EQ(cleric->Value("UnitName"), "Cleric");
  EXPECT_EQ(cleric->build_cost, 120);
  EXPECT_EQ(cleric->build_cost_metal, std::nullopt);
  ASSERT_EQ(cleric->weapons.size(), 2u);
  EXPECT_EQ(cleric->weapons[0].id, "ARACLERIC/WEAPON1");
  const Weapon& hail = c->weapons[cleric->weapons[0].weapon];
  EXPECT_EQ(hail.name, "Hail Shower");
  EXPECT_EQ(hail.unit, "ARACLERIC");
  EXPECT_EQ(hail.file, (FileRef{"units/ARACLERIC.fbi", "built-in"}));
  EXPECT_EQ(hail.line, 9u);
  EXPECT_EQ(hail.default_damage, 70);
  EXPECT_EQ(hail.section->Value("range"), "300");
  EXPECT_EQ(c->FindWeapon("araCleric/weapon2")->name, "Heal");
  EXPECT_EQ(c->weapons.size(), 2u);
  const Unit* knight = c->FindUnit("ARAKNIGHT");
  EXPECT_EQ(knight->build_cost, std::nullopt);
  ASSERT_EQ(knight->warnings.size(), 1u);
  EXPECT_EQ(WarningText(knight->warnings[0]),
            "units/araknight.fbi line 5: buildcost 'abc' is not a number");
  // TA: Kingdoms build pictures are anims/buildpic/UNIT.jpg.
  EXPECT_EQ(knight->assets[2].path, "anims/buildpic/ARAKNIGHT.jpg");
  EXPECT_EQ(knight->assets[2].found, "anims/buildpic/araknight.jpg");
  EXPECT_EQ(knight->assets[0].found, "objects3d/ARAKNIGHT.3do");
  EXPECT_FALSE(knight->assets[1].present());
}

TEST(KingdomsCatalog, Sides) {
  std::shared_ptr<const Catalog> c = Kingdoms();
  std::vector<std::string> names;
  for (const Side& s : c->sides) names.push_back(s.name + ":" + absl::StrJoin(s.units, ","));
  EXPECT_EQ(names, (std::vector<std::string>{"Aramon:ARACLERIC,ARAKNIGHT", "Taros:TARLORD",
                                             "Veruna:", "Zhon:", "Creon:CRESHOC",
                                             "Monsters:MONGHOUL", "Neutral:BRIDGE"}));
  EXPECT_EQ(c->FindSide("taros")->commander, "TARLORD");
  EXPECT_FALSE(c->sides[0].file.has_value());
}

TEST(KingdomsCatalog, CanbuildFolders) {
  std::shared_ptr<const Catalog> c = Kingdoms();
  std::vector<std::string> got;
  for (const BuildOption& o : c->build_options) {
    got.push_back(o.builder + ">" + o.unit + " " + ViaName(o.via) + " " + o.file.path + " " +
                  std::to_string(o.button));
  }
  EXPECT_EQ(got, (std::vector<std::string>{
                     "ARACLERIC>ARAKNIGHT canbuild canbuild/ARACLERIC/araknight.tdf 2",
                     "TARLORD>CRESHOC canbuild canbuild/TARLORD/creshoc.tdf -1"}));
  EXPECT_EQ(c->BuiltBy("creshoc").size(), 1u);
  std::vector<std::string> warnings;
  for (const Warning& w : c->warnings) warnings.push_back(WarningText(w));
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "canbuild/araCleric/ARATOWER.tdf: canbuild: the unit 'aratower' is "
                          "not a unit",
                          "canbuild/TARLORD/creshoc.tdf line 3: Priority 'x' is not a number"}));
}

}  // namespace
}  // namespace kbot::tacatalog
