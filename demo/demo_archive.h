// The demo's archive, demo.ufo, made from the demo's loose assets so that the
// built-in context shows archive entries, the precedence rule and a palette
// found inside an archive without any game data.
#pragma once

#include <vector>

#include "absl/status/statusor.h"
#include "demo/demo_assets.h"

namespace kbot::demo {

inline constexpr const char* kDemoArchiveName = "demo.ufo";

// demo.ufo: a TA: Kingdoms archive (version 2, zlib) holding
//   anims/cursors.gaf    a copy of the loose one, which hides it (loose files
//                        win over archives);
//   units/verflag.gaf    araflag's frames under Veruna's side prefix, only in
//                        the archive;
//   palettes/veruna.pcx  aramon.pcx with its palette's channels rotated
//                        (R, G, B becomes B, R, G): the side palette that
//                        verflag resolves to, read from inside the archive;
//   units/araknight.fbi  an older ARAKNIGHT (demo_kingdoms.h,
//                        DemoArchivedKnight) that the loose one overrides, so
//                        the unit catalog shows which file won.
// `loose` must hold anims/cursors.gaf, units/araflag.gaf and palettes/aramon.pcx.
absl::StatusOr<DemoAsset> MakeDemoArchive(const std::vector<DemoAsset>& loose);

}  // namespace kbot::demo
