// The palette chain: which files a context looks at for an asset's palette,
// in priority order. Naming only, nothing is read here; resolver.h reads
// them.
//
// takingdoms (docs/formats/palettes.md, "The palette chain"), for the asset
// DIR/NAME.EXT:
//   override      the palette the caller names
//   sidecar-pcx   DIR/NAME.pcx, the 1 x 1 PCX beside the asset
//   palettes-pal  palettes/NAME.pal
//   side-prefix   the side's palette when NAME starts (in any case) with its
//                 prefix: ara palettes/aramon.pcx, tar palettes/taros.pcx,
//                 ver palettes/veruna.pcx, zon palettes/zhon.pcx,
//                 aid palettes/aiden.pcx, cre palettes/creon.pcx
//   palette-pal   palettes/palette.pal; only when that gives no palette,
//                 the trailing palette of palettes/palette.pcx
//   embedded      the TA palette built into kbot (palette::TaPalette())
// ta and gta: override, palette-pal (palettes/palette.pal alone), embedded.
// Their assets carry no per-asset palette, so sidecars and prefixes mean
// nothing there.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "contexts/registry.h"

namespace kbot::palettepick {

// Where a palette comes from. The names are public (docs/json.md, gaf_export).
enum class Source { kOverride, kSidecarPcx, kPalettesPal, kSidePrefix, kPalettePal, kEmbedded };

// "override", "sidecar-pcx", "palettes-pal", "side-prefix", "palette-pal",
// "embedded".
const char* SourceName(Source source);

// One file the chain tries.
struct Lookup {
  Source source;
  std::string path;  // inside the context, '/'-separated; empty for embedded
  // Tried only when the lookup before it gave no usable palette
  // (palettes/palette.pcx after palettes/palette.pal).
  bool fallback = false;
};

// The lookups for `asset_path` (a context path, '/' or '\' separated; it need
// not exist, only its name matters), ending with embedded. The override is
// kept as given. InvalidArgument, naming the path, when `asset_path` is not a
// valid context path (see contexts::NormalizePath).
absl::StatusOr<std::vector<Lookup>> Chain(contexts::Game game, absl::string_view asset_path,
                                          const std::optional<std::string>& override_path);

}  // namespace kbot::palettepick
