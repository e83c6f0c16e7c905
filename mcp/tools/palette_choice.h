// Which palette a GAF export draws with, for a context. Until the palette
// resolver (palettepick/) lands this is the `ta` chain of gaf.txt: the
// override, then the context's palettes/palette.pal, then the embedded TA
// palette. A candidate that exists but is not a usable palette is skipped
// with a warning, never silently.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "mcp/tools/gaf_tools.h"

namespace kbot::tools {

struct PaletteCandidate {
  std::string source;               // override, palette-pal, embedded
  std::optional<std::string> path;  // inside the context; none for embedded
  bool usable = true;
  std::string problem;              // why it is not usable
};

// Every palette the chain finds for `asset_path`, in priority order.
std::vector<PaletteCandidate> PaletteCandidates(const contexts::Context& context,
                                                const std::optional<std::string>& override_path);

// The first usable candidate. An override that cannot be used is an error
// (the caller asked for it); other unusable candidates add to `warnings`.
absl::StatusOr<PaletteChoice> ChoosePalette(const contexts::Context& context,
                                            const std::optional<std::string>& override_path,
                                            std::vector<std::string>& warnings);

}  // namespace kbot::tools
