// The MCP tool hpi_list: the entries of an HPI-family archive (*.hpi, *.ufo,
// *.ccx, *.gp3, *.gp4, *.swx) read from a context, a page at a time. The
// `kbot hpi list` command prints the same JSON through HpiList.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/tool.h"
#include "tools/paging.h"
#include "tools/gaf_tools.h"

namespace kbot::tools {

// hpi_list's structuredContent (docs/json.md) for the archive `asset`:
//   {"path", "version" (1 or 2), "encrypted", "pattern", "total" (matches),
//    "offset", "next_offset" (null on the last page),
//    "entries": [{"path", "size", "compressed_size", "compression"}]}
// Entries keep the archive's spelling, '/'-separated, in the archive's order
// (sorted case-insensitively); "compression" is none, lz77, zlib, or unknown
// for a compression byte the format does not define (that entry is listed, and
// reading it fails). A malformed archive is an error naming it.
absl::StatusOr<json> HpiList(const Asset& asset, const PageRequest& request = {});

// The hpi_list handler's work once the context is known: `arguments` are
// already valid against the tool's input schema.
ToolResult RunHpiList(const contexts::Context& context, const json& arguments);

Tool HpiListTool();

}  // namespace kbot::tools
