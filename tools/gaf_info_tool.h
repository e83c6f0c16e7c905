// The tool gaf_info: every frame header of a GAF/TAF, or of one sequence,
// with what decoding every frame found (docs/json.md, section gaf_info).
// `kbot gaf info` prints the same.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tools/gaf_tools.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct GafInfoRequest : AssetRequest {
  std::optional<std::string> sequence;  // an index or a name; default: all
};
const RequestTable<GafInfoRequest>& GafInfoTable();

// A frame's 24-byte header (docs/formats/gaf.md), as a frame or a layer of one.
struct GafFrameHeader {
  int width = 0, height = 0, origin_x = 0, origin_y = 0, transparency = 0;
  std::string storage;  // raw, compressed, argb4444, argb1555, zlib-rgba, zlib-rgb
  int storage_byte = 0, layers = 0, blend = 0;
  uint32_t unknown12 = 0, unknown20 = 0;
  static const ResultTable<GafFrameHeader>& Fields();
};

struct GafFrameReport : GafFrameHeader {
  size_t index = 0;
  uint32_t duration = 0;  // the stored word
  int duration_ticks = 0;
  std::optional<std::vector<GafFrameHeader>> layer_frames;  // a layered frame's
  static const ResultTable<GafFrameReport>& Fields();
};

struct GafSequenceReport {
  size_t index = 0;
  std::string name;
  uint16_t loop_flags = 0;
  uint32_t unknown4 = 0;
  bool loops = false;
  std::vector<GafFrameReport> frames;
  static const ResultTable<GafSequenceReport>& Fields();
};

// gaf_info's structuredContent.
struct GafInfoReport {
  std::string path;
  uint32_t version = 0;
  std::string variant;  // standard, ta3d-truecolor
  std::vector<std::string> warnings, errors;
  std::vector<GafSequenceReport> sequences;
  static const ResultTable<GafInfoReport>& Fields();
};

// All sequences, or the one `sequence` names (an index or a name).
// `progress` is told each frame decoded.
absl::StatusOr<GafInfoReport> DescribeGaf(const Asset& asset,
                                          const std::optional<std::string>& sequence,
                                          Progress& progress = NoProgress());
// DescribeGaf's JSON.
absl::StatusOr<json> GafInfo(const Asset& asset, const std::optional<std::string>& sequence);

Tool GafInfoTool();

}  // namespace kbot::tools
