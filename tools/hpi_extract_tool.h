// The tool hpi_extract: the entries of an HPI-family archive in a context
// written into a folder of the server's output folder (`kbot mcp --output
// DIR`), with tools/hpi_extraction.h's guarantees (docs/json.md, section
// hpi_extract). Served only with an output folder (Tool::writes).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct HpiExtractRequest : AssetRequest {
  std::optional<std::vector<std::string>> patterns;  // globs; none: every entry
  std::optional<std::string> target;  // a folder in the output folder; default: the archive's stem
};
const RequestTable<HpiExtractRequest>& HpiExtractTable();

// The problems a result lists; problem_count counts them all.
inline constexpr size_t kExtractProblemsListed = 20;

// hpi_extract's structuredContent:
//   {"path", "target", "entries" (in the archive), "selected", "extracted",
//    "bytes" (written), "problem_count", "problems": ["ARCHIVE: ENTRY: why"...]}
struct HpiExtraction {
  std::string path;
  std::string target;
  uint64_t entries = 0;
  uint64_t selected = 0;
  uint64_t extracted = 0;
  uint64_t bytes = 0;
  uint64_t problem_count = 0;
  std::vector<std::string> problems;
  static const ResultTable<HpiExtraction>& Fields();
};

Tool HpiExtractTool();

}  // namespace kbot::tools
