// The tool script_describe: a COB unit script's scripts (each with its code
// start, length and file offset), pieces, static variable count, sounds (TA:
// Kingdoms), and the standard scripts a unit usually has that it lacks
// (docs/json.md, section script_describe). `kbot cob describe` prints the
// same.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct ScriptDescribeRequest : AssetRequest {};
const RequestTable<ScriptDescribeRequest>& ScriptDescribeTable();

struct ScriptItem {
  std::string name;
  uint32_t start = 0;   // code word index
  uint32_t length = 0;  // words
  uint64_t offset = 0;  // of its first word in the file
  static const ResultTable<ScriptItem>& Fields();
};

struct ScriptDescription {
  std::string path;
  std::string game;  // ta (version 4) or takingdoms (version 6)
  uint32_t version = 0;
  std::vector<ScriptItem> scripts;  // in table order
  std::vector<std::string> pieces;
  uint32_t statics = 0;
  std::vector<std::string> sounds;
  size_t code_words = 0;
  std::vector<std::string> missing_standard;
  std::vector<std::string> warnings;
  static const ResultTable<ScriptDescription>& Fields();
};

absl::StatusOr<ScriptDescription> DescribeScript(const contexts::Context& context,
                                                 const ScriptDescribeRequest& request);

Tool ScriptDescribeTool();

}  // namespace kbot::tools
