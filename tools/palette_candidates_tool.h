// The tool palette_candidates: every palette the context's chain finds for an
// asset, in priority order, and the one chosen (docs/json.md, section
// palette_candidates; docs/formats/palettes.md, "The palette chain").
// `kbot palette candidates` prints the same JSON.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct PaletteCandidatesRequest : AssetRequest {
  std::optional<std::string> palette;  // put first, as gaf_export's override
};
const RequestTable<PaletteCandidatesRequest>& PaletteCandidatesTable();

struct PaletteCandidateListing {
  std::string source;                  // palettepick::SourceName
  std::optional<std::string> path;     // null for embedded
  bool usable = false;
  std::optional<std::string> problem;  // why not usable
  static const ResultTable<PaletteCandidateListing>& Fields();
};

// palette_candidates' structuredContent.
struct PaletteCandidatesListing {
  std::string context;
  std::string path;
  std::string chosen;  // the first usable candidate's source
  std::vector<PaletteCandidateListing> candidates;
  static const ResultTable<PaletteCandidatesListing>& Fields();
};

// The asset need not exist, but its path must.
absl::StatusOr<PaletteCandidatesListing> ListPaletteCandidates(
    const contexts::Context& context, const PaletteCandidatesRequest& request);

Tool PaletteCandidatesTool();

}  // namespace kbot::tools
