// The demo's TA: Kingdoms mod (demo/demo_kingdoms.h) as the unit catalog
// reads it through the demo context: the units in order, their sides, the
// build menus both ways, the weapons, the features, the loose ARAKNIGHT
// overriding demo.ufo's older one, and not one warning.
#include "demo/demo_kingdoms.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_join.h"
#include "demo/demo_context.h"
#include "formats/gaf/gaf.h"
#include "tacatalog/catalog.h"

namespace kbot::demo {
namespace {

using tacatalog::BuildOption;
using tacatalog::Catalog;
using tacatalog::FileRef;
using tacatalog::Unit;
using tacatalog::Weapon;

std::shared_ptr<const Catalog> DemoCatalog() {
  static const std::shared_ptr<const Catalog> catalog = [] {
    absl::StatusOr<contexts::Context> demo = MakeDemoContext();
    EXPECT_TRUE(demo.ok()) << demo.status();
    if (!demo.ok()) return std::shared_ptr<const Catalog>(std::make_shared<Catalog>());
    absl::StatusOr<std::shared_ptr<const Catalog>> built = tacatalog::CatalogOf(*demo);
    EXPECT_TRUE(built.ok()) << built.status();
    return built.ok() ? *built : std::shared_ptr<const Catalog>(std::make_shared<Catalog>());
  }();
  return catalog;
}

std::vector<std::string> Options(const std::vector<const BuildOption*>& options) {
  std::vector<std::string> out;
  for (const BuildOption* o : options) {
    out.push_back(o->builder + ">" + o->unit + " " + tacatalog::ViaName(o->via) + " " +
                  o->file.path + " " + std::to_string(o->button));
  }
  return out;
}

TEST(DemoKingdoms, UnitsInOrderWithTheirValues) {
  std::shared_ptr<const Catalog> c = DemoCatalog();
  EXPECT_EQ(c->game, contexts::Game::kTaKingdoms);
  std::vector<std::string> ids;
  for (const Unit& u : c->units) ids.push_back(u.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"ARAARCHER", "ARAKNIGHT", "ARAMONARCH", "MONDRAGON",
                                           "VERMONARCH", "VERSCOUT"}));
  const Unit* monarch = c->FindUnit("aramonarch");
  ASSERT_NE(monarch, nullptr);
  EXPECT_EQ(monarch->file, (FileRef{"units/aramonarch.fbi", "built-in"}));
  EXPECT_EQ(monarch->line, 1u);
  EXPECT_EQ(monarch->name, "Aramon Monarch");
  EXPECT_EQ(monarch->description, "Ruler of Aramon");
  EXPECT_EQ(monarch->side, "ARA");
  EXPECT_EQ(monarch->Value("commander"), "1");
  EXPECT_EQ(monarch->Value("builder"), "1");
  EXPECT_EQ(monarch->build_cost, 2500);
  EXPECT_EQ(monarch->build_cost_metal, std::nullopt);
  EXPECT_EQ(monarch->build_time, 30000);
  EXPECT_EQ(monarch->worker_time, 150);
  EXPECT_EQ(monarch->health, 3000);
  EXPECT_EQ(monarch->speed, 1.2);
  EXPECT_EQ(monarch->categories, (std::vector<std::string>{"ARA", "MONARCH", "LAND"}));
  EXPECT_TRUE(monarch->overrides.empty());
  const Unit* scout = c->FindUnit("VERSCOUT");
  ASSERT_NE(scout, nullptr);
  EXPECT_EQ(scout->name, "Scout");
  EXPECT_EQ(scout->build_cost, 60);
  EXPECT_EQ(scout->speed, 4);
  EXPECT_EQ(c->FindUnit("MONDRAGON")->side, "MONSTER");
  EXPECT_EQ(c->FindUnit("MONDRAGON")->build_cost, std::nullopt);
}

TEST(DemoKingdoms, SidesAndCommanders) {
  std::shared_ptr<const Catalog> c = DemoCatalog();
  std::vector<std::string> sides;
  for (const tacatalog::Side& s : c->sides) {
    sides.push_back(s.name + "(" + s.commander + "):" + absl::StrJoin(s.units, ","));
  }
  EXPECT_EQ(sides, (std::vector<std::string>{
                       "Aramon(ARAMONARCH):ARAARCHER,ARAKNIGHT,ARAMONARCH", "Taros():",
                       "Veruna(VERMONARCH):VERMONARCH,VERSCOUT", "Zhon():", "Creon():",
                       "Monsters():MONDRAGON", "Neutral():"}));
}

TEST(DemoKingdoms, BuildMenusBothWays) {
  std::shared_ptr<const Catalog> c = DemoCatalog();
  std::vector<const BuildOption*> all;
  for (const BuildOption& o : c->build_options) all.push_back(&o);
  EXPECT_EQ(Options(all),
            (std::vector<std::string>{
                "ARAMONARCH>ARAKNIGHT canbuild canbuild/ARAMONARCH/ARAKNIGHT.tdf 1",
                "ARAMONARCH>ARAARCHER canbuild canbuild/ARAMONARCH/ARAARCHER.tdf 2",
                "VERMONARCH>VERSCOUT canbuild canbuild/VERMONARCH/VERSCOUT.tdf 1"}));
  EXPECT_EQ(c->build_options[0].file.source, "built-in");
  EXPECT_EQ(Options(c->Builds("vermonarch")),
            (std::vector<std::string>{
                "VERMONARCH>VERSCOUT canbuild canbuild/VERMONARCH/VERSCOUT.tdf 1"}));
  EXPECT_EQ(Options(c->BuiltBy("ARAARCHER")),
            (std::vector<std::string>{
                "ARAMONARCH>ARAARCHER canbuild canbuild/ARAMONARCH/ARAARCHER.tdf 2"}));
  EXPECT_TRUE(c->Builds("ARAKNIGHT").empty());
  EXPECT_TRUE(c->BuiltBy("ARAMONARCH").empty());
  EXPECT_TRUE(c->BuiltBy("MONDRAGON").empty());
}

TEST(DemoKingdoms, WeaponsFromTheUnitsOwnFiles) {
  std::shared_ptr<const Catalog> c = DemoCatalog();
  std::vector<std::string> weapons;
  for (const Weapon& w : c->weapons) weapons.push_back(w.id + " " + w.name);
  EXPECT_EQ(weapons, (std::vector<std::string>{
                         "ARAARCHER/WEAPON1 Longbow", "ARAARCHER/WEAPON2 Fire Arrow",
                         "ARAKNIGHT/WEAPON1 Lance", "ARAMONARCH/WEAPON1 Royal Sword"}));
  const Weapon* sword = c->FindWeapon("ARAMONARCH/WEAPON1");
  ASSERT_NE(sword, nullptr);
  EXPECT_EQ(sword->unit, "ARAMONARCH");
  EXPECT_EQ(sword->file, (FileRef{"units/aramonarch.fbi", "built-in"}));
  EXPECT_EQ(sword->line, 16u);
  EXPECT_EQ(sword->default_damage, 120);
  EXPECT_TRUE(sword->damage.empty());
  const Weapon* lance = c->FindWeapon("araknight/weapon1");
  ASSERT_NE(lance, nullptr);
  EXPECT_EQ(lance->line, 13u);
  EXPECT_EQ(lance->default_damage, 60);
  EXPECT_EQ(lance->damage, (std::vector<std::pair<std::string, double>>{{"MONDRAGON", 90}}));
  EXPECT_EQ(c->FindWeapon("ARAARCHER/WEAPON2")->default_damage, 40);
  // Every slot resolves to its weapon; the units without [WEAPONn] have none.
  for (const Unit& u : c->units) {
    for (const tacatalog::WeaponSlot& slot : u.weapons) {
      ASSERT_GE(slot.weapon, 0) << slot.id;
      EXPECT_EQ(c->weapons[slot.weapon].id, slot.id);
      EXPECT_EQ(c->weapons[slot.weapon].unit, u.id);
    }
  }
  EXPECT_EQ(c->FindUnit("ARAARCHER")->weapons.size(), 2u);
  EXPECT_TRUE(c->FindUnit("VERMONARCH")->weapons.empty());
}

TEST(DemoKingdoms, FeaturesDrawnFromTheAtlas) {
  std::shared_ptr<const Catalog> c = DemoCatalog();
  ASSERT_EQ(c->features.size(), 2u);
  const tacatalog::Feature& rock = c->features[0];
  const tacatalog::Feature& tree = c->features[1];
  EXPECT_EQ(rock.id, "Rock1");
  EXPECT_EQ(tree.id, "Tree1");
  EXPECT_EQ(tree.file, (FileRef{"features/all worlds/trees.tdf", "built-in"}));
  EXPECT_EQ(tree.line, 1u);
  EXPECT_EQ(rock.line, 15u);
  EXPECT_EQ(tree.world, "all worlds");
  EXPECT_EQ(tree.description, "Oak Tree");
  EXPECT_EQ(tree.category, "trees");
  EXPECT_EQ(tree.object, "");
  EXPECT_EQ(tree.filename, "atlas");
  EXPECT_EQ(tree.seqname, "tree");
  EXPECT_EQ(tree.energy, 250);
  EXPECT_EQ(tree.metal, 0);
  EXPECT_EQ(rock.description, "Boulder");
  EXPECT_EQ(rock.seqname, "rock");
  EXPECT_EQ(rock.metal, 20);
  EXPECT_EQ(rock.energy, 0);
  // Both sequences are in the demo's anims/atlas.gaf.
  absl::StatusOr<contexts::Context> demo = MakeDemoContext();
  ASSERT_TRUE(demo.ok());
  absl::StatusOr<contexts::VfsFile> atlas = demo->vfs->Read("anims/" + tree.filename + ".gaf");
  ASSERT_TRUE(atlas.ok()) << atlas.status();
  absl::StatusOr<gaf::Gaf> g = gaf::ReadGaf(atlas->bytes(), "anims/atlas.gaf");
  ASSERT_TRUE(g.ok()) << g.status();
  std::vector<std::string> names;
  for (const gaf::Sequence& s : g->sequences) names.push_back(s.name);
  EXPECT_NE(std::find(names.begin(), names.end(), tree.seqname), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), rock.seqname), names.end());
}

TEST(DemoKingdoms, TheLooseKnightOverridesTheArchivedOne) {
  std::shared_ptr<const Catalog> c = DemoCatalog();
  const Unit* knight = c->FindUnit("ARAKNIGHT");
  ASSERT_NE(knight, nullptr);
  EXPECT_EQ(knight->file, (FileRef{"units/araknight.fbi", "built-in"}));
  EXPECT_EQ(knight->overrides, (std::vector<FileRef>{{"units/araknight.fbi", "demo.ufo"}}));
  EXPECT_EQ(knight->name, "Knight");
  EXPECT_EQ(knight->build_cost, 150);
  ASSERT_EQ(knight->weapons.size(), 1u);
  EXPECT_EQ(c->weapons[knight->weapons[0].weapon].name, "Lance");
  // The archived copy is an older knight, readable on its own.
  const DemoAsset archived = DemoArchivedKnight();
  EXPECT_EQ(archived.path, "units/araknight.fbi");
  const std::string text(archived.bytes.begin(), archived.bytes.end());
  EXPECT_NE(text.find("\tname=Squire;\r\n"), std::string::npos);
  EXPECT_NE(text.find("\tbuildcost=120;\r\n"), std::string::npos);
}

TEST(DemoKingdoms, NoWarningsAndTheMissingAssetsSaidPlainly) {
  std::shared_ptr<const Catalog> c = DemoCatalog();
  EXPECT_EQ(c->warning_count, 0u);
  std::vector<std::string> warnings;
  for (const tacatalog::Warning& w : c->warnings) warnings.push_back(WarningText(w));
  for (const Unit& u : c->units) {
    for (const tacatalog::Warning& w : u.warnings) warnings.push_back(WarningText(w));
  }
  EXPECT_EQ(warnings, std::vector<std::string>{});
  // 6 units, 3 menu entries, 1 feature file.
  EXPECT_EQ(c->files_read, 10u);
  // No JPEG is made for the demo's units, and no 3DO or COB but ARAKNIGHT's
  // (demo/demo_units.h).
  const Unit* monarch = c->FindUnit("ARAMONARCH");
  ASSERT_EQ(monarch->assets.size(), 3u);
  EXPECT_EQ(monarch->assets[0].path, "objects3d/ARAMONARCH.3do");
  EXPECT_EQ(monarch->assets[1].path, "scripts/ARAMONARCH.cob");
  EXPECT_EQ(monarch->assets[2].path, "anims/buildpic/ARAMONARCH.jpg");
  std::vector<std::string> present;
  for (const Unit& u : c->units) {
    for (const tacatalog::AssetLink& a : u.assets) {
      if (a.present()) present.push_back(a.path);
    }
  }
  EXPECT_EQ(present,
            (std::vector<std::string>{"objects3d/ARAKNIGHT.3do", "scripts/ARAKNIGHT.cob"}));
}

// Every file is CR LF text, tab-indented, as the game's editors wrote it.
TEST(DemoKingdoms, FilesAreTypedAsTheGamesAre) {
  std::vector<std::string> paths;
  for (const DemoAsset& a : MakeDemoKingdomsAssets()) {
    paths.push_back(a.path);
    const std::string text(a.bytes.begin(), a.bytes.end());
    ASSERT_GE(text.size(), 2u);
    EXPECT_EQ(text.substr(text.size() - 2), "\r\n") << a.path;
    for (size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 1)) {
      EXPECT_EQ(text[at - 1], '\r') << a.path << " at " << at;
    }
  }
  EXPECT_EQ(paths, (std::vector<std::string>{
                       "units/aramonarch.fbi", "units/araknight.fbi", "units/araarcher.fbi",
                       "units/vermonarch.fbi", "units/verscout.fbi", "units/mondragon.fbi",
                       "canbuild/ARAMONARCH/ARAKNIGHT.tdf", "canbuild/ARAMONARCH/ARAARCHER.tdf",
                       "canbuild/VERMONARCH/VERSCOUT.tdf", "features/all worlds/trees.tdf"}));
  const std::vector<uint8_t> menu = MakeDemoKingdomsAssets()[6].bytes;
  EXPECT_EQ(std::string(menu.begin(), menu.end()), "[Menu]\r\n\t{\r\n\tPriority=1;\r\n\t}\r\n");
}

}  // namespace
}  // namespace kbot::demo
