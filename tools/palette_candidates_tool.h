// The tool palette_candidates: every palette the context's chain finds for an
// asset, in priority order, and the one chosen (docs/json.md, section
// palette_candidates; docs/formats/palettes.md, "The palette chain").
// `kbot palette candidates` prints the same JSON.
#pragma once

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/params.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct PaletteCandidatesRequest : AssetRequest {
  std::optional<std::string> palette;  // put first, as gaf_export's override
};
const RequestTable<PaletteCandidatesRequest>& PaletteCandidatesTable();

// {"context", "path", "chosen", "candidates": [{"source", "path", "usable",
// "problem"}]}; the asset need not exist, but its path must.
absl::StatusOr<json> PaletteCandidates(const contexts::Context& context,
                                       const PaletteCandidatesRequest& request);

Tool PaletteCandidatesTool();

}  // namespace kbot::tools
