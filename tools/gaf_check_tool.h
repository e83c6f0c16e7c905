// The tool gaf_check: every GAF/TAF of a file or folder decoded by the game's
// rule, answered with one summary and the first problems, not one answer per
// file (docs/json.md, section gaf_check). `kbot gaf check` is its command
// for files on disk.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct GafCheckRequest : ContextRequest {
  std::optional<std::string> path;  // a file, or a folder (unset: the whole context)
  int64_t problems = 20;
};
const RequestTable<GafCheckRequest>& GafCheckTable();

struct GafCheckProblem {
  std::string path;
  std::string severity;  // "error" or "warning"
  std::string message;
  static const ResultTable<GafCheckProblem>& Fields();
};

struct GafCheckResult {
  std::string context;
  std::string path;
  uint64_t files = 0, sequences = 0, frames = 0, pixels = 0;
  uint64_t warnings = 0, errors = 0;
  uint64_t files_with_problems = 0;
  std::vector<GafCheckProblem> problems;  // errors first, at most the request's number
  static const ResultTable<GafCheckResult>& Fields();
};

absl::StatusOr<GafCheckResult> CheckContextGafs(const contexts::Context& context,
                                                const GafCheckRequest& request,
                                                Progress& progress);

Tool GafCheckTool();

}  // namespace kbot::tools
