// The files a unit links to by name: its model, its script and its build
// picture, looked up (ASCII case ignored) in the context's listing.
#include "absl/strings/str_cat.h"
#include "tacatalog/internal.h"

namespace kbot::tacatalog::internal {

void LinkAssets(Catalog& catalog, const Listing& listing) {
  const bool tak = catalog.game == contexts::Game::kTaKingdoms;
  for (Unit& unit : catalog.units) {
    const std::string& model = unit.objectname.empty() ? unit.id : unit.objectname;
    // TA's build pictures are unitpics/UNIT.pcx; TA: Kingdoms' are JPEGs
    // under anims/buildpic/ (SwiftTA's unit browser and tak-engine look there).
    unit.assets = {
        {"model", absl::StrCat("objects3d/", model, ".3do"), ""},
        {"script", absl::StrCat("scripts/", unit.id, ".cob"), ""},
        {"picture", tak ? absl::StrCat("anims/buildpic/", unit.id, ".jpg")
                        : absl::StrCat("unitpics/", unit.id, ".pcx"),
         ""}};
    for (AssetLink& asset : unit.assets) {
      auto it = listing.assets.find(Lower(asset.path));
      if (it != listing.assets.end()) asset.found = it->second;
    }
  }
}

}  // namespace kbot::tacatalog::internal
