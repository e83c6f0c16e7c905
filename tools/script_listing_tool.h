// The tools script_disassemble and script_decompile: a COB unit script as
// text, one function or all. Disassembly: one instruction a line with its
// operands named (formats/cob/disassemble.h); decompiled: BOS source with
// if / else / while recovered, and any block not recognised kept as
// commented disassembly and listed in `fallbacks` (formats/cob/decompile.h).
// docs/json.md, sections script_disassemble and script_decompile; `kbot cob
// disassemble|decompile` print the text.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct ScriptListingRequest : AssetRequest {
  std::optional<std::string> script;  // a function's name (case ignored) or index; default all
};
const RequestTable<ScriptListingRequest>& ScriptListingTable();

struct ScriptListing {
  std::string path;
  std::vector<std::string> scripts;  // the functions the text holds, in order
  std::string text;
  std::vector<std::string> fallbacks;  // decompile: blocks kept as disassembly
  std::vector<std::string> warnings;   // the reader's
  static const ResultTable<ScriptListing>& Fields();
};

absl::StatusOr<ScriptListing> DisassembleScriptFile(const contexts::Context& context,
                                                    const ScriptListingRequest& request);
absl::StatusOr<ScriptListing> DecompileScriptFile(const contexts::Context& context,
                                                  const ScriptListingRequest& request);

Tool ScriptDisassembleTool();
Tool ScriptDecompileTool();

}  // namespace kbot::tools
