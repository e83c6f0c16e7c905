#include "demo/demo_kingdoms.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace kbot::demo {

namespace {

// The lines of a TDF file as the game's editors wrote them: each ends with
// CR LF. The text below keeps the game's layout, a tab before each body.
DemoAsset Tdf(std::string path, std::initializer_list<absl::string_view> lines) {
  std::vector<uint8_t> bytes;
  for (absl::string_view line : lines) {
    bytes.insert(bytes.end(), line.begin(), line.end());
    bytes.insert(bytes.end(), {'\r', '\n'});
  }
  return {std::move(path), std::move(bytes)};
}

DemoAsset AramonMonarch() {
  return Tdf("units/aramonarch.fbi", {
      "[UNITINFO]",
      "\t{",
      "\tobjectname=ARAMONARCH;",
      "\tname=Aramon Monarch;",
      "\tdescription=Ruler of Aramon;",
      "\tside=ARA;",
      "\tcommander=1;",
      "\tbuilder=1;",
      "\tbuildcost=2500;",
      "\tbuildtime=30000;",
      "\tworkertime=150;",
      "\tmaxdamage=3000;",
      "\tmaxvelocity=1.2;",
      "\tcategory=ARA MONARCH LAND;",
      "\t}",
      "[WEAPON1]",
      "\t{",
      "\tname=Royal Sword;",
      "\trange=40;",
      "\treloadtime=1.5;",
      "\t[DAMAGE]",
      "\t\t{",
      "\t\tdefault=120;",
      "\t\t}",
      "\t}",
  });
}

DemoAsset AramonKnight() {
  return Tdf("units/araknight.fbi", {
      "[UNITINFO]",
      "\t{",
      "\tobjectname=ARAKNIGHT;",
      "\tname=Knight;",
      "\tdescription=Mounted lancer;",
      "\tside=ARA;",
      "\tbuildcost=150;",
      "\tbuildtime=4000;",
      "\tmaxdamage=600;",
      "\tmaxvelocity=2.8;",
      "\tcategory=ARA LAND CAVALRY;",
      "\t}",
      "[WEAPON1]",
      "\t{",
      "\tname=Lance;",
      "\trange=30;",
      "\treloadtime=2;",
      "\t[DAMAGE]",
      "\t\t{",
      "\t\tdefault=60;",
      "\t\tMONDRAGON=90;",
      "\t\t}",
      "\t}",
  });
}

DemoAsset AramonArcher() {
  return Tdf("units/araarcher.fbi", {
      "[UNITINFO]",
      "\t{",
      "\tobjectname=ARAARCHER;",
      "\tname=Archer;",
      "\tdescription=Bowman;",
      "\tside=ARA;",
      "\tbuildcost=90;",
      "\tbuildtime=3000;",
      "\tmaxdamage=250;",
      "\tmaxvelocity=2.2;",
      "\tcategory=ARA LAND ARCHER;",
      "\t}",
      "[WEAPON1]",
      "\t{",
      "\tname=Longbow;",
      "\trange=300;",
      "\t[DAMAGE]",
      "\t\t{",
      "\t\tdefault=25;",
      "\t\t}",
      "\t}",
      "[WEAPON2]",
      "\t{",
      "\tname=Fire Arrow;",
      "\trange=250;",
      "\t[DAMAGE]",
      "\t\t{",
      "\t\tdefault=40;",
      "\t\t}",
      "\t}",
  });
}

DemoAsset VerunaMonarch() {
  return Tdf("units/vermonarch.fbi", {
      "[UNITINFO]",
      "\t{",
      "\tobjectname=VERMONARCH;",
      "\tname=Veruna Monarch;",
      "\tdescription=Ruler of Veruna;",
      "\tside=VER;",
      "\tcommander=1;",
      "\tbuilder=1;",
      "\tbuildcost=2500;",
      "\tbuildtime=30000;",
      "\tworkertime=150;",
      "\tmaxdamage=2800;",
      "\tmaxvelocity=1.3;",
      "\tcategory=VER MONARCH LAND;",
      "\t}",
  });
}

DemoAsset VerunaScout() {
  return Tdf("units/verscout.fbi", {
      "[UNITINFO]",
      "\t{",
      "\tobjectname=VERSCOUT;",
      "\tname=Scout;",
      "\tdescription=Fast rider;",
      "\tside=VER;",
      "\tbuildcost=60;",
      "\tbuildtime=1500;",
      "\tmaxdamage=180;",
      "\tmaxvelocity=4;",
      "\tcategory=VER LAND SCOUT;",
      "\t}",
  });
}

// A monster: the catalog files a unit whose side starts with "monster" under
// the Monsters (tacatalog/sides.cc).
DemoAsset Dragon() {
  return Tdf("units/mondragon.fbi", {
      "[UNITINFO]",
      "\t{",
      "\tobjectname=MONDRAGON;",
      "\tname=Dragon;",
      "\tdescription=Wild dragon;",
      "\tside=MONSTER;",
      "\tmaxdamage=5000;",
      "\tmaxvelocity=3.5;",
      "\tcategory=MONSTER AIR;",
      "\t}",
  });
}

// canbuild/BUILDER/UNIT.tdf: BUILDER's menu offers UNIT at `priority`.
DemoAsset MenuEntry(std::string builder, std::string unit, absl::string_view priority) {
  const std::string line = "\tPriority=" + std::string(priority) + ";";
  return Tdf("canbuild/" + builder + "/" + unit + ".tdf", {"[Menu]", "\t{", line, "\t}"});
}

DemoAsset Features() {
  return Tdf("features/all worlds/trees.tdf", {
      "[Tree1]",
      "\t{",
      "\tworld=all worlds;",
      "\tdescription=Oak Tree;",
      "\tcategory=trees;",
      "\tfilename=atlas;",
      "\tseqname=tree;",
      "\tfootprintx=1;",
      "\tfootprintz=1;",
      "\tblocking=1;",
      "\treclaimable=1;",
      "\tenergy=250;",
      "\tmetal=0;",
      "\t}",
      "[Rock1]",
      "\t{",
      "\tworld=all worlds;",
      "\tdescription=Boulder;",
      "\tcategory=rocks;",
      "\tfilename=atlas;",
      "\tseqname=rock;",
      "\tfootprintx=2;",
      "\tfootprintz=2;",
      "\tblocking=1;",
      "\treclaimable=1;",
      "\tenergy=0;",
      "\tmetal=20;",
      "\t}",
  });
}

}  // namespace

std::vector<DemoAsset> MakeDemoKingdomsAssets() {
  std::vector<DemoAsset> assets;
  for (DemoAsset (*unit)() :
       {AramonMonarch, AramonKnight, AramonArcher, VerunaMonarch, VerunaScout, Dragon}) {
    assets.push_back(unit());
  }
  assets.push_back(MenuEntry("ARAMONARCH", "ARAKNIGHT", "1"));
  assets.push_back(MenuEntry("ARAMONARCH", "ARAARCHER", "2"));
  assets.push_back(MenuEntry("VERMONARCH", "VERSCOUT", "1"));
  assets.push_back(Features());
  return assets;
}

DemoAsset DemoArchivedKnight() {
  return Tdf("units/araknight.fbi", {
      "[UNITINFO]",
      "\t{",
      "\tobjectname=ARAKNIGHT;",
      "\tname=Squire;",
      "\tside=ARA;",
      "\tbuildcost=120;",
      "\tbuildtime=3500;",
      "\tmaxdamage=450;",
      "\t}",
      "[WEAPON1]",
      "\t{",
      "\tname=Wooden Lance;",
      "\t[DAMAGE]",
      "\t\t{",
      "\t\tdefault=35;",
      "\t\t}",
      "\t}",
  });
}

}  // namespace kbot::demo
