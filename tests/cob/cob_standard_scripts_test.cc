// MissingStandardScripts: Create, Killed and SweetSpot of every unit; the
// moving and on/off pairs and each weapon's four scripts once any one of
// them is there; SetMaxReloadTime for an armed unit. Names match ignoring
// case.
#include <gtest/gtest.h>

#include "formats/cob/cob.h"

namespace kbot::cob {
namespace {

Cob WithScripts(std::initializer_list<const char*> names) {
  Cob cob;
  cob.version = 4;
  for (const char* n : names) cob.scripts.push_back(Script{n, 0, 0});
  return cob;
}

using Names = std::vector<std::string>;

TEST(CobStandardScripts, EmptyUnitLacksTheThreeAlwaysExpected) {
  EXPECT_EQ(MissingStandardScripts(WithScripts({})), (Names{"Create", "Killed", "SweetSpot"}));
}

TEST(CobStandardScripts, BuildingWithoutWeaponsIsComplete) {
  EXPECT_EQ(MissingStandardScripts(WithScripts({"Create", "Killed", "SweetSpot", "Activate",
                                                "Deactivate"})),
            Names{});
}

TEST(CobStandardScripts, NamesMatchIgnoringCase) {
  EXPECT_EQ(MissingStandardScripts(WithScripts({"CREATE", "killed", "sweetSPOT"})), Names{});
}

TEST(CobStandardScripts, HalfAPairIsMissingTheOtherHalf) {
  EXPECT_EQ(MissingStandardScripts(
                WithScripts({"Create", "Killed", "SweetSpot", "StartMoving", "Deactivate"})),
            (Names{"StopMoving", "Activate"}));
}

TEST(CobStandardScripts, EachWeaponPresentNeedsItsFourScripts) {
  EXPECT_EQ(MissingStandardScripts(WithScripts(
                {"Create", "Killed", "SweetSpot", "AimPrimary", "AimFromPrimary",
                 "QueryPrimary", "FirePrimary", "FireTertiary"})),
            (Names{"AimTertiary", "AimFromTertiary", "QueryTertiary", "SetMaxReloadTime"}));
  EXPECT_EQ(MissingStandardScripts(WithScripts({"AimSecondary"})),
            (Names{"Create", "AimFromSecondary", "QuerySecondary", "FireSecondary", "Killed",
                   "SetMaxReloadTime", "SweetSpot"}));
}

}  // namespace
}  // namespace kbot::cob
