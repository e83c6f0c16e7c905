// The tool fxt_decode: the records of a GTA1 text file (*.FXT) read from a
// context: all of them a page at a time, the ones with one key, or those
// whose text contains a string (docs/json.md, section fxt_decode). `kbot gta
// fxt` reads the same.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/paging.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct FxtDecodeRequest : AssetRequest {
  std::optional<std::string> key;     // records with this key, ignoring ASCII case
  // Records whose text contains it, ignoring case and accents (base/text_fold.h).
  std::optional<std::string> search;
  size_t offset = 0;                  // matches skipped
  // Matches returned at most; nullopt (the command's default): all.
  std::optional<size_t> limit = kDefaultPageLimit;
};
const RequestTable<FxtDecodeRequest>& FxtDecodeTable();

struct FxtEntry {
  size_t index = 0;  // in the file
  std::string key, text;
  static const ResultTable<FxtEntry>& Fields();
};

// The starting values the file was deciphered from, derived from its first
// bytes.
struct FxtCipherInfo {
  uint8_t k = 0, m = 0;  // unsigned in the JSON, as the format has them
  static const ResultTable<FxtCipherInfo>& Fields();
};

struct FxtDecodeResult {
  std::string path;
  size_t total = 0;  // matching records
  size_t offset = 0;
  std::optional<size_t> next_offset;  // null on the last page
  size_t records = 0;                 // in the file
  std::vector<std::string> warnings;
  FxtCipherInfo cipher;
  std::vector<FxtEntry> entries;
  static const ResultTable<FxtDecodeResult>& Fields();
};

// Records keep file order, repeated keys included.
absl::StatusOr<FxtDecodeResult> DecodeFxt(const Asset& asset, const FxtDecodeRequest& request);

// The tool's work once the context is known.
ToolResult RunFxtDecode(const contexts::Context& context, const FxtDecodeRequest& request);

Tool FxtDecodeTool();

}  // namespace kbot::tools
