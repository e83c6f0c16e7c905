// The tool asset_find: "show me the explosion" in one call. Searches a
// context (or every one) by name across its files (archive entries, the
// copies a loose file hides too), GAF sequence names and GTA1 text keys and
// texts, folding case and accents; each hit carries the tool and arguments
// that open it (docs/json.md, section asset_find).
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

struct AssetFindRequest : ContextRequest {
  std::string query;
  std::optional<std::vector<std::string>> kinds;  // unset: file, sequence and text
  int64_t limit = 20;
};
const RequestTable<AssetFindRequest>& AssetFindTable();

struct AssetHit {
  std::string kind;  // "file", "sequence" or "text"
  std::string context;
  std::string path;
  std::optional<std::string> name;  // the sequence's name, the text's key
  std::optional<int64_t> index;     // the sequence's index
  std::optional<std::string> text;  // the text, shortened
  std::optional<std::string> source;  // a file's: "folder", "built-in" or its archive
  int64_t score = 0;                  // 100 an exact name ... 1 a distant one
  std::string tool;                   // the tool that opens it
  nlohmann::json arguments;           // ...with these arguments
  static const ResultTable<AssetHit>& Fields();
};

struct AssetFindResult {
  std::string query;
  std::vector<std::string> contexts;  // the contexts searched
  std::vector<AssetHit> hits;         // best first, at most `limit`
  int64_t total = 0;                  // hits before the limit
  static const ResultTable<AssetFindResult>& Fields();
};

absl::StatusOr<AssetFindResult> FindAssets(const contexts::Workspace& workspace,
                                           const AssetFindRequest& request, Progress& progress);

Tool AssetFindTool();

}  // namespace kbot::tools
