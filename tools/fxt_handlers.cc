#include "tools/fxt_handlers.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "formats/gta/fxt.h"
#include "tools/paging.h"
#include "tools/tool_support.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {


// `search` already lower-cased.
bool Matches(const gta::FxtRecord& r, const FxtQuery& q, const std::string& search) {
  if (q.key && r.key != *q.key) return false;
  return !q.search || absl::StrContains(absl::AsciiStrToLower(r.text), search);
}

json FxtDecodeInput() {
  return InputSchema(
      {{"context", ContextProperty()},
       {"path", PathProperty("The text file, e.g. ENGLISH.FXT")},
       {"key", {{"type", "string"}, {"description", "Only the records with exactly this key"}}},
       {"search",
        {{"type", "string"},
         {"description", "Only the records whose text contains this (ignoring ASCII case)"}}},
       {"offset", {{"type", "integer"}, {"minimum", 0}, {"description", "Matches to skip"}}},
       {"limit",
        {{"type", "integer"},
         {"minimum", 1},
         {"maximum", kMaxPageLimit},
         {"description", "Records per page (default 200)"}}}},
      {"path"});
}

json CipherSchema() {
  const json byte = {{"type", "integer"}, {"minimum", 0}, {"maximum", 255}};
  json schema = OutputSchema({{"k", byte}, {"m", byte}}, {"k", "m"});
  schema["description"] =
      "The cipher's starting values the file was read with: k, the key of byte 0, and m, added "
      "to it after each byte and doubled (k=100 m=99 in the 2002 release; derived from the "
      "file's first bytes)";
  return schema;
}

json FxtDecodeOutput() {
  const json count = {{"type", "integer"}, {"minimum", 0}};
  json entry = OutputSchema(
      {{"index", count}, {"key", {{"type", "string"}}}, {"text", {{"type", "string"}}}},
      {"index", "key", "text"});
  return OutputSchema({{"path", {{"type", "string"}}},
                       {"total", count},
                       {"offset", count},
                       {"next_offset", {{"type", {"integer", "null"}}}},
                       {"records", count},
                       {"warnings", StringArraySchema()},
                       {"cipher", CipherSchema()},
                       {"entries", {{"type", "array"}, {"items", entry}}}},
                      {"path", "total", "offset", "entries"});
}

}  // namespace

absl::StatusOr<json> FxtDecode(const Asset& asset, const FxtQuery& query) {
  if (absl::Status s = RequireKind(asset, {FileKind::kFxt}); !s.ok()) return s;
  absl::StatusOr<gta::Fxt> fxt = gta::ReadFxt(asset.bytes, asset.path);
  if (!fxt.ok()) return fxt.status();
  const std::string search = absl::AsciiStrToLower(query.search.value_or(""));
  json entries = json::array();
  size_t total = 0;
  for (size_t i = 0; i < fxt->records.size(); ++i) {
    const gta::FxtRecord& r = fxt->records[i];
    if (!Matches(r, query, search)) continue;
    if (total >= query.offset && (!query.limit || entries.size() < *query.limit)) {
      // Text that is not UTF-8 (warned about) goes out with U+FFFD for the
      // bad bytes: the JSON writers replace them.
      entries.push_back({{"index", i}, {"key", r.key}, {"text", r.text}});
    }
    ++total;
  }
  const size_t next = query.offset + entries.size();
  return json{{"path", asset.path},
              {"total", total},
              {"offset", query.offset},
              {"next_offset", next < total ? json(next) : json(nullptr)},
              {"records", fxt->records.size()},
              {"warnings", fxt->warnings},
              {"cipher", {{"k", fxt->cipher.k}, {"m", fxt->cipher.m}}},
              {"entries", std::move(entries)}};
}

ToolResult RunFxtDecode(const contexts::Context& context, const json& arguments) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return ErrorResult(opened.status());
  FxtQuery query;
  if (arguments.contains("key")) query.key = arguments["key"].get<std::string>();
  if (arguments.contains("search")) query.search = arguments["search"].get<std::string>();
  query.offset = arguments.value("offset", size_t{0});
  query.limit = arguments.value("limit", kDefaultPageLimit);
  absl::StatusOr<json> out = FxtDecode(opened->asset, query);
  if (!out.ok()) return ErrorResult(InContext(context, out.status()));
  ToolResult result;
  result.structured = *std::move(out);
  return result;
}

Tool FxtDecodeTool() {
  return {"fxt_decode",
          "Read the texts of a GTA1 FXT file",
          "The records ([key] text) of a GTA1 text file such as ENGLISH.FXT, decrypted, in file "
          "order with repeated keys kept: all of them a page at a time (pass next_offset back as "
          "offset), the ones with exactly one key, or those whose text contains a string "
          "(ignoring ASCII case). Text is UTF-8.",
          FxtDecodeInput(),
          FxtDecodeOutput(),
          {},
          InContextHandler([](const contexts::Context& c, const ToolCall& call) {
            return RunFxtDecode(c, call.arguments);
          })};
}

}  // namespace kbot::tools
