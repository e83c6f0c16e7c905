// The catalog of a TA mod (tacatalog/catalog.h): a small mod folder typed by
// hand (two sides, six units, their weapons, a download menu, a GUI page, a
// feature) over an HPI archive whose unit a loose file overrides.
#include "tacatalog/catalog.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "contexts/game_folder_vfs.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/ta_mod.h"

namespace kbot::tacatalog {
namespace {

namespace fs = std::filesystem;

class CatalogTest : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    for (const auto& [path, bytes] : testing::TaModFiles()) Put(path, bytes);
  }

  std::shared_ptr<const Catalog> Built() {
    absl::StatusOr<std::unique_ptr<contexts::Vfs>> vfs = contexts::MakeGameFolderVfs(dir_);
    EXPECT_TRUE(vfs.ok()) << vfs.status();
    absl::StatusOr<std::shared_ptr<const Catalog>> built =
        BuildCatalog(**vfs, contexts::Game::kTa, nullptr);
    EXPECT_TRUE(built.ok()) << built.status();
    return *built;
  }
};

std::vector<std::string> Texts(const std::vector<Warning>& warnings) {
  std::vector<std::string> out;
  for (const Warning& w : warnings) out.push_back(WarningText(w));
  return out;
}

TEST(CatalogText, Warning) {
  EXPECT_EQ(WarningText({"units/armcom.fbi", 12, "x"}), "units/armcom.fbi line 12: x");
  EXPECT_EQ(WarningText({"units/armcom.fbi", 0, "x"}), "units/armcom.fbi: x");
  EXPECT_EQ(WarningText({"", 0, "x"}), "x");
}

TEST_F(CatalogTest, UnitsAndTheirFields) {
  std::shared_ptr<const Catalog> c = Built();
  std::vector<std::string> ids;
  for (const Unit& u : c->units) ids.push_back(u.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"ARMCOM", "ARMFLASH", "ARMSOLAR", "CORAK", "CORCOM",
                                           "CORLLT"}));
  const Unit* com = c->FindUnit("armcom");
  ASSERT_NE(com, nullptr);
  EXPECT_EQ(com->file, (FileRef{"units/ARMCOM.fbi", "folder"}));
  EXPECT_EQ(com->line, 1u);
  EXPECT_EQ(com->side, "ARM");
  EXPECT_EQ(com->name, "Commander");
  EXPECT_EQ(com->tedclass, "COMMANDER");
  EXPECT_EQ(com->categories, (std::vector<std::string>{"ARM", "COMMANDER", "LEVEL10"}));
  EXPECT_EQ(com->build_cost_metal, 2500);
  EXPECT_EQ(com->build_cost_energy, 25000);
  EXPECT_EQ(com->build_time, 60000);
  EXPECT_EQ(com->worker_time, 300);
  EXPECT_EQ(com->health, 3000);
  EXPECT_EQ(com->speed, 1.25);
  EXPECT_EQ(com->build_cost, std::nullopt);
  EXPECT_EQ(com->Value("mymodkey"), "kept");  // unknown keys are kept
  ASSERT_EQ(com->info->entries.size(), 16u);
  EXPECT_EQ(com->info->entries.back().key, "MyModKey");
  EXPECT_TRUE(com->warnings.empty()) << ::testing::PrintToString(Texts(com->warnings));
  // Assets: found whatever their case.
  ASSERT_EQ(com->assets.size(), 3u);
  EXPECT_EQ(com->assets[0].path, "objects3d/ARMCOM.3do");
  EXPECT_EQ(com->assets[0].found, "objects3d/armcom.3do");
  EXPECT_EQ(com->assets[1].found, "scripts/ARMCOM.COB");
  EXPECT_EQ(com->assets[2].found, "unitpics/armcom.pcx");
  const Unit* solar = c->FindUnit("ARMSOLAR");
  ASSERT_NE(solar, nullptr);
  for (const AssetLink& a : solar->assets) EXPECT_FALSE(a.present()) << a.path;
  EXPECT_EQ(solar->assets[2].path, "unitpics/ARMSOLAR.pcx");
}

TEST_F(CatalogTest, ALooseFileOverridesTheArchive) {
  std::shared_ptr<const Catalog> c = Built();
  const Unit* flash = c->FindUnit("ARMFLASH");
  ASSERT_NE(flash, nullptr);
  EXPECT_EQ(flash->file, (FileRef{"units/armflash.fbi", "folder"}));
  EXPECT_EQ(flash->name, "Flash");
  EXPECT_EQ(flash->overrides, (std::vector<FileRef>{{"units/armflash.fbi", "mod.hpi"},
                                                    {"units/armflash2.fbi", "mod.hpi"}}));
  // Its picture is in the archive.
  EXPECT_EQ(flash->assets[2].found, "unitpics/ARMFLASH.PCX");
  // Not a number: a warning on the unit, the rest is read.
  EXPECT_EQ(flash->build_cost_metal, std::nullopt);
  EXPECT_EQ(flash->health, 640);
  EXPECT_EQ(Texts(flash->warnings),
            (std::vector<std::string>{
                "units/armflash.fbi line 6: BuildCostMetal 'lots' is not a number",
                "units/armflash2.fbi line 1: declares ArmFlash too (mod.hpi); units/armflash.fbi "
                "(folder) takes precedence"}));
}

TEST_F(CatalogTest, WeaponsResolved) {
  std::shared_ptr<const Catalog> c = Built();
  ASSERT_EQ(c->weapons.size(), 3u);
  EXPECT_EQ(c->weapons[0].id, "ARM_DISINTEGRATOR");
  const Weapon* emg = c->FindWeapon("emg");
  ASSERT_NE(emg, nullptr);
  EXPECT_EQ(emg->file, (FileRef{"weapons/weapons.tdf", "folder"}));
  EXPECT_EQ(emg->line, 1u);
  EXPECT_EQ(emg->name, "Energy Machine Gun");
  EXPECT_EQ(emg->section->Value("ID"), "1");
  EXPECT_EQ(emg->default_damage, 10);
  EXPECT_EQ(emg->damage, (std::vector<std::pair<std::string, double>>{{"CORAK", 5}}));
  const Unit* com = c->FindUnit("ARMCOM");
  ASSERT_EQ(com->weapons.size(), 2u);
  EXPECT_EQ(com->weapons[0].slot, 1);
  EXPECT_EQ(c->weapons[com->weapons[0].weapon].name, "D-Gun");
  EXPECT_EQ(c->weapons[com->weapons[1].weapon].id, "EMG");
  const Unit* corak = c->FindUnit("CORAK");
  ASSERT_EQ(corak->weapons.size(), 1u);
  EXPECT_EQ(corak->weapons[0].weapon, -1);
  EXPECT_EQ(Texts(corak->warnings),
            (std::vector<std::string>{
                "units/corak.fbi line 5: Weapon1 'NOSUCHGUN' is not a weapon in weapons/*.tdf"}));
}

TEST_F(CatalogTest, BuildMenusBothWays) {
  std::shared_ptr<const Catalog> c = Built();
  auto pairs = [](const std::vector<const BuildOption*>& options) {
    std::vector<std::string> out;
    for (const BuildOption* o : options) {
      out.push_back(o->builder + ">" + o->unit + " " + ViaName(o->via) + " " + o->file.path +
                    ":" + std::to_string(o->line) + " " + std::to_string(o->menu) + "/" +
                    std::to_string(o->button));
    }
    return out;
  };
  EXPECT_EQ(pairs(c->Builds("armcom")),
            (std::vector<std::string>{"ARMCOM>ARMSOLAR sidedata gamedata/sidedata.tdf:17 -1/1",
                                      "ARMCOM>ARMFLASH gui guis/ARMCOM1.GUI:9 1/0",
                                      "ARMCOM>ARMSOLAR gui guis/ARMCOM1.GUI:25 1/1"}));
  EXPECT_EQ(pairs(c->Builds("CORCOM")),
            (std::vector<std::string>{"CORCOM>CORLLT download download/corak.tdf:8 -1/0",
                                      "CORCOM>CORAK download download/corak.tdf:1 2/1"}));
  EXPECT_EQ(pairs(c->BuiltBy("armsolar")),
            (std::vector<std::string>{"ARMCOM>ARMSOLAR sidedata gamedata/sidedata.tdf:17 -1/1",
                                      "ARMCOM>ARMSOLAR gui guis/ARMCOM1.GUI:25 1/1"}));
  EXPECT_TRUE(c->Builds("ARMSOLAR").empty());
  EXPECT_TRUE(c->BuiltBy("NOSUCH").empty());
}

TEST_F(CatalogTest, FeaturesAndSides) {
  std::shared_ptr<const Catalog> c = Built();
  ASSERT_EQ(c->features.size(), 1u);
  const Feature* rock = c->FindFeature("ROCK1");
  ASSERT_NE(rock, nullptr);
  EXPECT_EQ(rock->file, (FileRef{"features/all worlds/rocks.tdf", "folder"}));
  EXPECT_EQ(rock->world, "all worlds");
  EXPECT_EQ(rock->object, "rock1");
  EXPECT_EQ(rock->metal, 5);
  EXPECT_EQ(rock->energy, std::nullopt);
  ASSERT_EQ(c->sides.size(), 2u);
  EXPECT_EQ(c->sides[0].name, "ARM");
  EXPECT_EQ(c->sides[0].prefix, "ARM");
  EXPECT_EQ(c->sides[0].commander, "ARMCOM");
  EXPECT_EQ(c->sides[0].line, 1u);
  EXPECT_EQ(c->sides[0].units, (std::vector<std::string>{"ARMCOM", "ARMFLASH", "ARMSOLAR"}));
  EXPECT_EQ(c->FindSide("core")->units, (std::vector<std::string>{"CORAK", "CORCOM"}));
  EXPECT_EQ(Texts(c->FindUnit("CORLLT")->warnings),
            (std::vector<std::string>{
                "units/corllt.fbi line 4: Side 'GAIA' is not a side of gamedata/sidedata.tdf"}));
}

TEST_F(CatalogTest, EveryProblemIsAWarningWithFileAndLine) {
  std::shared_ptr<const Catalog> c = Built();
  EXPECT_EQ(Texts(c->warnings),
            (std::vector<std::string>{
                "units/broken.fbi: units/broken.fbi: line 1 column 1: '[' has no ']' on its line",
                "weapons/weapons.tdf line 9: ARMCOM 'big' is not a number",
                "features/all worlds/rocks.tdf line 7: energy 'x' is not a number",
                "gamedata/sidedata.tdf line 18: [CANBUILD] [ARMCOM] canbuild2: the unit 'NOSUCH' "
                "is not a unit",
                "download/corak.tdf line 11: MENU 'two' is not a number",
                "download/corak.tdf line 15: [MENUENTRY3]: the unit 'NOSUCH' is not a unit"}));
  // And the units' own: ARMFLASH 2, CORAK 1, CORLLT 1.
  EXPECT_EQ(c->warning_count, c->warnings.size() + 4);
  EXPECT_EQ(c->files_read, 13u);
}

}  // namespace
}  // namespace kbot::tacatalog
