// MissingStandardScripts: which of the scripts the engine calls a unit of
// this shape would normally have. A building has no StartMoving and a
// transport no weapon, so only Create, Killed and SweetSpot are expected of
// every unit; the rest are expected from what the script already shows
// (docs/formats/cob.md, "Standard scripts").
#include <initializer_list>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "formats/cob/cob.h"

namespace kbot::cob {

namespace {

bool CobHasScript(const Cob& cob, absl::string_view name) {
  for (const Script& s : cob.scripts) {
    if (absl::EqualsIgnoreCase(s.name, name)) return true;
  }
  return false;
}

// `names` when the unit has any of them: a pair or set that belongs together.
void CobExpectTogether(const Cob& cob, std::initializer_list<std::string> names,
                       std::vector<std::string>& expected) {
  for (const std::string& n : names) {
    if (CobHasScript(cob, n)) {
      expected.insert(expected.end(), names.begin(), names.end());
      return;
    }
  }
}

}  // namespace

std::vector<std::string> MissingStandardScripts(const Cob& cob) {
  std::vector<std::string> expected = {"Create"};
  CobExpectTogether(cob, {"StartMoving", "StopMoving"}, expected);
  CobExpectTogether(cob, {"Activate", "Deactivate"}, expected);
  bool armed = false;
  for (const char* weapon : {"Primary", "Secondary", "Tertiary"}) {
    const std::string w = weapon;
    const size_t before = expected.size();
    CobExpectTogether(cob, {"Aim" + w, "AimFrom" + w, "Query" + w, "Fire" + w}, expected);
    armed = armed || expected.size() != before;
  }
  expected.push_back("Killed");
  if (armed) expected.push_back("SetMaxReloadTime");
  expected.push_back("SweetSpot");

  std::vector<std::string> missing;
  for (const std::string& n : expected) {
    if (!CobHasScript(cob, n)) missing.push_back(n);
  }
  return missing;
}

}  // namespace kbot::cob
