// The MCP tool fxt_decode: the records of a GTA1 text file (*.FXT) read from
// a context: all of them a page at a time, the ones with one key, or those
// whose text contains a string. `kbot gta fxt` prints the same JSON.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/tool.h"
#include "tools/gaf_tools.h"

namespace kbot::tools {

struct FxtQuery {
  std::optional<std::string> key;     // records with exactly this key
  std::optional<std::string> search;  // records whose text contains it, ignoring ASCII case
  size_t offset = 0;                  // matches skipped
  std::optional<size_t> limit;        // matches returned at most; nullopt: all
};

// fxt_decode's structuredContent:
//   {"path", "total" (matching records), "offset", "next_offset" (null on the
//    last page), "entries": [{"index" (in the file), "key", "text"}],
//    "records" (in the file), "warnings", "cipher": {"k", "m"} (the starting
//    values the file was deciphered from, derived from its first bytes)}
// Records keep file order, repeated keys included.
absl::StatusOr<json> FxtDecode(const Asset& asset, const FxtQuery& query);

// The fxt_decode handler's work once the context is known: `arguments` are
// already valid against the tool's input schema.
ToolResult RunFxtDecode(const contexts::Context& context, const json& arguments);

Tool FxtDecodeTool();

}  // namespace kbot::tools
