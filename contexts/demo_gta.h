// The demo's GTA1 data set, under GTADATA/ as in the game's folder, so that
// the GTA1 tools show what they do without the game. It grows with the GTA1
// formats: for now the texts.
#pragma once

#include <vector>

#include "absl/status/statusor.h"
#include "contexts/demo_assets.h"

namespace kbot::contexts {

// GTADATA/ENGLISH.FXT  six records as the game stores them (encrypted, the
//                      shipped trailer), a repeated key among them, and
//                      French accents in UTF-8.
absl::StatusOr<std::vector<DemoAsset>> MakeDemoGtaAssets();

}  // namespace kbot::contexts
