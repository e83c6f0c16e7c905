#include "tools/fxt_decode_tool.h"

#include "absl/strings/match.h"
#include "base/text_fold.h"
#include "formats/gta/fxt.h"
#include "tools/file_kind.h"
#include "tools/parsed_asset.h"

namespace kbot::tools {

namespace {

// `search` already folded. A reader does not type the accents or the case a
// text has ("telephone" for "Téléphone"), so both sides are compared folded;
// keys are ASCII, compared ignoring case.
bool Matches(const gta::FxtRecord& r, const FxtDecodeRequest& q, const std::string& search) {
  if (q.key && !absl::EqualsIgnoreCase(r.key, *q.key)) return false;
  return !q.search || ContainsFolded(r.text, search);
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

}  // namespace

const RequestTable<FxtDecodeRequest>& FxtDecodeTable() {
  static const RequestTable<FxtDecodeRequest> table = [] {
    using R = FxtDecodeRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The .FXT text file")
        .Add("key", &R::key, StringParam("Only this key (any case)"))
        .Add("search", &R::search,
             StringParam("Texts holding this (any case, accents)"))
        .Add("offset", &R::offset,
             {{"type", "integer"}, {"minimum", 0}, {"description", "Matches to skip"}})
        .Add("limit", &R::limit,
             IntegerParam(1, kMaxPageLimit, "Per page"));
    return t;
  }();
  return table;
}

const ResultTable<FxtEntry>& FxtEntry::Fields() {
  using S = FxtEntry;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("index", &S::index, CountSchema())
      .Add("key", &S::key, StringSchema())
      .Add("text", &S::text, StringSchema());
  return table;
}

const ResultTable<FxtCipherInfo>& FxtCipherInfo::Fields() {
  using S = FxtCipherInfo;
  const json byte = {{"type", "integer"}, {"minimum", 0}, {"maximum", 255}};
  static const ResultTable<S> table = ResultTable<S>().Add("k", &S::k, byte).Add("m", &S::m, byte);
  return table;
}

const ResultTable<FxtDecodeResult>& FxtDecodeResult::Fields() {
  using S = FxtDecodeResult;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("total", &S::total, CountSchema())
      .Add("offset", &S::offset, CountSchema())
      .Add("next_offset", &S::next_offset, {{"type", {"integer", "null"}}}, false)
      .Add("records", &S::records, CountSchema(), false)
      .Add("warnings", &S::warnings, StringArraySchema(), false)
      .Add("cipher", &S::cipher, CipherSchema(), false)
      .Add("entries", &S::entries, ArraySchema<FxtEntry>());
  return table;
}

namespace {

absl::StatusOr<gta::Fxt> ReadFxtAsset(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, {FileKind::kFxt}); !s.ok()) return s;
  return gta::ReadFxt(asset.bytes, asset.path);
}

// The records of an unchanged file, deciphered once and kept (about the
// file's size).
const AssetParser<gta::Fxt>& FxtParser() {
  static const AssetParser<gta::Fxt> parser{"fxt", ReadFxtAsset, nullptr};
  return parser;
}

FxtDecodeResult FxtPageOf(const std::string& path, const gta::Fxt& fxt,
                          const FxtDecodeRequest& request) {
  const std::string search = FoldCaseAndAccents(request.search.value_or(""));
  FxtDecodeResult out;
  for (size_t i = 0; i < fxt.records.size(); ++i) {
    const gta::FxtRecord& r = fxt.records[i];
    if (!Matches(r, request, search)) continue;
    if (out.total >= request.offset && (!request.limit || out.entries.size() < *request.limit)) {
      // Text that is not UTF-8 (warned about) goes out with U+FFFD for the
      // bad bytes: the JSON writers replace them.
      out.entries.push_back({i, r.key, r.text});
    }
    ++out.total;
  }
  const size_t next = request.offset + out.entries.size();
  out.path = path;
  out.offset = request.offset;
  if (next < out.total) out.next_offset = next;
  out.records = fxt.records.size();
  out.warnings = fxt.warnings;
  out.cipher = {fxt.cipher.k, fxt.cipher.m};
  return out;
}

}  // namespace

absl::StatusOr<FxtDecodeResult> DecodeFxt(const Asset& asset, const FxtDecodeRequest& request) {
  absl::StatusOr<gta::Fxt> fxt = ReadFxtAsset(asset);
  if (!fxt.ok()) return fxt.status();
  return FxtPageOf(asset.path, *fxt, request);
}

ToolResult RunFxtDecode(const contexts::Context& context, const FxtDecodeRequest& request) {
  return RunParsedAssetTool(
      context, request, FxtParser(),
      [&request](const ParsedAsset<gta::Fxt>& fxt) -> absl::StatusOr<FxtDecodeResult> {
        return FxtPageOf(fxt.path, *fxt.value, request);
      });
}

Tool FxtDecodeTool() {
  return MakeContextTool<FxtDecodeRequest>(
      {"fxt_decode", "Read GTA1 texts",
       "Decrypts a GTA1 text file (.FXT): its [key] text records, by key or by search, a page at "
       "a time."},
      FxtDecodeTable(), FxtDecodeResult::Fields().Schema(),
      [](const contexts::Context& context, const FxtDecodeRequest& request, const ToolCall&) {
        return RunFxtDecode(context, request);
      });
}

}  // namespace kbot::tools
