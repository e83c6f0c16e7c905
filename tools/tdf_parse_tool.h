// The tool tdf_parse: any file in TA's TDF syntax (units' *.fbi, weapons'
// and features' *.tdf, maps' *.ota, menus' *.gui) as a tree of sections and
// entries, with the reader's warnings and their lines (docs/json.md, section
// tdf_parse; the syntax: docs/formats/tdf.md). For what no typed tool reads.
// `kbot tdf` prints the same.
//
// An answer stays small for an assistant: `section` picks the top-level
// sections of one name, and `limit` bounds the entries and sections shown,
// taken in file order; a cut answer says where it stopped and what to ask.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

inline constexpr size_t kDefaultTdfLimit = 500;
inline constexpr size_t kMaxTdfLimit = 5000;

struct TdfParseRequest : AssetRequest {
  // The top-level sections of this name only (ASCII case ignored).
  std::optional<std::string> section;
  // Entries and sections shown at most; nullopt (the command's default): all.
  std::optional<size_t> limit = kDefaultTdfLimit;
};
const RequestTable<TdfParseRequest>& TdfParseTable();

struct TdfEntryItem {
  std::string key, value;
  uint32_t line = 0;
  static const ResultTable<TdfEntryItem>& Fields();
};

struct TdfSectionItem {
  std::string name;
  uint32_t line = 0;
  std::vector<TdfEntryItem> entries;     // file order, duplicates kept
  std::vector<TdfSectionItem> sections;  // children, file order
  static const ResultTable<TdfSectionItem>& Fields();
};

struct TdfWarningItem {
  uint32_t line = 0, column = 0;
  std::string message;
  static const ResultTable<TdfWarningItem>& Fields();
};

struct TdfParseResult {
  std::string path;
  std::string encoding;  // "windows-1252", or "utf-8" after a byte-order mark
  // In the answer's scope (the file, or the chosen sections), at all depths.
  size_t sections_total = 0;
  size_t entries_total = 0;
  size_t shown = 0;        // entries and sections in `sections`
  bool truncated = false;  // the limit cut the tree
  std::optional<std::string> note;  // when cut: where, and how to see the rest
  std::vector<TdfSectionItem> sections;
  std::vector<TdfWarningItem> warnings;  // the reader's first 100
  uint64_t warning_count = 0;            // all of them
  static const ResultTable<TdfParseResult>& Fields();
};

// Whether `path` ends in .fbi, .tdf, .ota or .gui (any case).
bool HasTdfExtension(const std::string& path);

// `asset` read as TDF. A file kbot knows as another kind is refused by name
// (tools/file_kind.h); one that only its size names (a 1024-byte file is a
// PAL by size) is read when its name or its text says TDF. A file the reader
// cannot read is an error; what it reads around is in `warnings`.
absl::StatusOr<TdfParseResult> ParseTdfAsset(const Asset& asset, const TdfParseRequest& request);

// The tool's work once the context is known (the parse is kept while the
// file is unchanged).
ToolResult RunTdfParse(const contexts::Context& context, const TdfParseRequest& request);

Tool TdfParseTool();

}  // namespace kbot::tools
