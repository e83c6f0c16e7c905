// A small TA mod typed by hand, shared by the catalog's tests and the unit
// tools' (tests/tacatalog/catalog_test.cc says what each file is for): two
// sides, six units, their weapons, a download menu, a GUI page, a feature, an
// HPI archive whose unit a loose file overrides, and ARMCOM's build picture
// (pcx_bytes.h's IndexedPcx: 3 x 2, pixels 5 7 7 / 200 0 63, own palette).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tests/support/hpi_bytes.h"
#include "tests/support/pcx_bytes.h"

namespace kbot::testing {

inline std::string TaUnitFbi(const std::string& body) { return "[UNITINFO]\n{\n" + body + "}\n"; }

inline constexpr char kTaSidedata[] =
    "[SIDE0]\r\n{\r\nname=ARM;\r\nnameprefix=ARM;\r\ncommander=ARMCOM;\r\n}\r\n"
    "[SIDE1]\r\n{\r\nname=CORE;\r\nnameprefix=COR;\r\ncommander=CORCOM;\r\n}\r\n"
    "[CANBUILD]\r\n{\r\n[ARMCOM]\r\n{\r\ncanbuild1=ARMSOLAR;\r\ncanbuild2=NOSUCH;\r\n}\r\n}\r\n";

// Each file's path in the mod folder and its bytes.
inline std::vector<std::pair<std::string, std::string>> TaModFiles() {
  std::vector<std::pair<std::string, std::string>> f;
  f.emplace_back("gamedata/sidedata.tdf", kTaSidedata);
  f.emplace_back("units/ARMCOM.fbi",
                 TaUnitFbi("UnitName=ARMCOM;\nSide=ARM;\nName=Commander;\nDescription=Commander;\n"
                           "Category=ARM COMMANDER  LEVEL10;\nTEDClass=COMMANDER;\n"
                           "BuildCostMetal=2500;\nBuildCostEnergy=25000;\nBuildTime=60000;\n"
                           "WorkerTime=300;\nMaxDamage=3000;\nMaxVelocity=1.25;\nBuilder=1;\n"
                           "Weapon1=ARM_DISINTEGRATOR;\nWeapon2=EMG;\nMyModKey=kept;\n"));
  f.emplace_back("units/armsolar.fbi", TaUnitFbi("UnitName=ARMSOLAR;\nSide=ARM;\nName=Solar;\n"));
  // Overrides the archive's copy of this path, and its armflash2.fbi's id.
  f.emplace_back("units/armflash.fbi",
                 TaUnitFbi("UnitName=ARMFLASH;\nSide=ARM;\nName=Flash;\nBuildCostMetal=lots;\n"
                           "MaxDamage=640;\nWeapon1=EMG;\n"));
  f.emplace_back("units/CORCOM.fbi", TaUnitFbi("UnitName=CORCOM;\nSide=CORE;\nName=Commander;\n"));
  f.emplace_back("units/corak.fbi", TaUnitFbi("UnitName=CORAK;\nSide=CORE;\nWeapon1=NOSUCHGUN;\n"));
  f.emplace_back("units/corllt.fbi",
                 TaUnitFbi("UnitName=CORLLT;\nSide=GAIA;\nWeapon1=CORE_LASER;\n"));
  f.emplace_back("units/broken.fbi", "[UNITINFO\n{\n}\n");
  f.emplace_back("weapons/weapons.tdf",
                 "[EMG]\n{\nID=1;\nname=Energy Machine Gun;\n[DAMAGE]\n{\ndefault=10;\nCORAK=5;\n"
                 "ARMCOM=big;\n}\n}\n"
                 "[CORE_LASER]\n{\nname=Laser;\n[DAMAGE]\n{\ndefault=75;\n}\n}\n");
  f.emplace_back("weapons/dgun.tdf",
                 "[ARM_DISINTEGRATOR]\n{\nname=D-Gun;\n[DAMAGE]\n{\ndefault=99999;\n}\n}\n");
  f.emplace_back("download/corak.tdf",
                 "[MENUENTRY1]\n{\nUNITMENU=CORCOM;\nMENU=2;\nBUTTON=1;\nUNITNAME=CORAK;\n}\n"
                 "[MENUENTRY2]\n{\nUNITMENU=CORCOM;\nMENU=two;\nBUTTON=0;\nUNITNAME=CORLLT;\n}\n"
                 "[MENUENTRY3]\n{\nUNITMENU=CORCOM;\nUNITNAME=NOSUCH;\n}\n");
  f.emplace_back("guis/ARMCOM1.GUI",
                 "[GADGET0]\n{\n[COMMON]\n{\nid=0;\nname=ARMCOM1;\n}\n}\n"
                 "[GADGET1]\n{\n[COMMON]\n{\nid=1;\nname=ARMFLASH;\n}\n}\n"
                 "[GADGET2]\n{\n[COMMON]\n{\nid=1;\nname=ARMATTACK;\n}\n}\n"
                 "[GADGET3]\n{\n[COMMON]\n{\nid=1;\nname=armsolar;\n}\n}\n");
  f.emplace_back("features/all worlds/rocks.tdf",
                 "[Rock1]\n{\nworld=all worlds;\ndescription=Rock;\nobject=rock1;\nmetal=5;\n"
                 "energy=x;\n}\n");
  f.emplace_back("objects3d/armcom.3do", "3do");
  f.emplace_back("scripts/ARMCOM.COB", "cob");
  const std::vector<uint8_t> pcx = LayOutPcx(IndexedPcx());
  f.emplace_back("unitpics/armcom.pcx", std::string(pcx.begin(), pcx.end()));
  const std::vector<uint8_t> hpi = FlatHpiV1(
      {{"units/ARMFLASH.fbi", BytesOf(TaUnitFbi("UnitName=ARMFLASH;\nName=Old;\n"))},
       {"units/armflash2.fbi", BytesOf(TaUnitFbi("UnitName=ArmFlash;\nName=Two;\n"))},
       {"unitpics/ARMFLASH.PCX", BytesOf("pcx")}});
  f.emplace_back("mod.hpi", std::string(hpi.begin(), hpi.end()));
  return f;
}

}  // namespace kbot::testing
