// The tool gaf_list: the sequences (animations) of a GAF or TAF file
// (docs/json.md, section gaf_list). `kbot gaf list` prints the same.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/gaf_tools.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct GafListRequest : AssetRequest {};
const RequestTable<GafListRequest>& GafListTable();

struct GafSequenceListing {
  size_t index = 0;
  std::string name;
  size_t frames = 0;
  bool loops = false;
  uint16_t loop_flags = 0;
  uint32_t unknown4 = 0;
  uint64_t duration_ticks = 0;  // game ticks, 1/30 s
  double duration_sec = 0;      // rounded to the millisecond
  static const ResultTable<GafSequenceListing>& Fields();
};

// gaf_list's structuredContent.
struct GafListing {
  std::string path;
  uint32_t version = 0;
  std::string variant;  // standard, ta3d-truecolor
  std::vector<std::string> warnings;
  std::vector<GafSequenceListing> sequences;
  static const ResultTable<GafListing>& Fields();
};

absl::StatusOr<GafListing> ListGaf(const Asset& asset);
// The listing of a structure already read (by pieces, for a large file).
GafListing GafListingOf(const std::string& path, const gaf::Gaf& gaf);
// ListGaf's JSON.
absl::StatusOr<json> GafList(const Asset& asset);

Tool GafListTool();

}  // namespace kbot::tools
