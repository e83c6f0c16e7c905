// The tool hpi_list: the entries of an HPI-family archive (*.hpi, *.ufo,
// *.ccx, *.gp3, *.gp4, *.swx) read from a context, a page at a time
// (docs/json.md, section hpi_list). `kbot hpi list` prints the same JSON
// through HpiList.
#pragma once

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/gaf_tools.h"
#include "tools/paging.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct HpiListRequest : AssetRequest, PageRequest {};
const RequestTable<HpiListRequest>& HpiListTable();

// hpi_list's structuredContent for the archive `asset`:
//   {"path", "version" (1 or 2), "encrypted", "pattern", "total" (matches),
//    "offset", "next_offset" (null on the last page),
//    "entries": [{"path", "size", "compressed_size", "compression"}]}
// Entries keep the archive's spelling, '/'-separated, in the archive's order
// (sorted case-insensitively); "compression" is none, lz77, zlib, or unknown
// for a compression byte the format does not define (that entry is listed, and
// reading it fails). A malformed archive is an error naming it. An unset
// limit is every match.
struct HpiListEntry {
  std::string path;
  uint64_t size = 0;
  uint64_t compressed_size = 0;
  std::string compression;
  static const ResultTable<HpiListEntry>& Fields();
};

struct HpiListing : Page<HpiListEntry> {
  std::string path;
  int version = 1;
  bool encrypted = false;
  static const ResultTable<HpiListing>& Fields();
};

// `progress` is told each entry listed.
absl::StatusOr<HpiListing> ListHpi(const Asset& asset, const PageRequest& request = {},
                                   Progress& progress = NoProgress());
// ListHpi's JSON.
absl::StatusOr<json> HpiList(const Asset& asset, const PageRequest& request = {});

// The tool's work once the context is known (an unset limit: a page of
// kDefaultPageLimit).
ToolResult RunHpiList(const contexts::Context& context, const HpiListRequest& request,
                      Progress& progress = NoProgress());

Tool HpiListTool();

}  // namespace kbot::tools
