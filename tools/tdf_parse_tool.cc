#include "tools/tdf_parse_tool.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/near_names.h"
#include "formats/tdf/tdf.h"
#include "tools/file_kind.h"
#include "tools/parsed_asset.h"

namespace kbot::tools {

namespace {

// Kinds identify tells by size alone, or by text: a TDF file may have a
// PAL's 1024 bytes or a RAT's size, so for these the name or the text decides.
constexpr std::initializer_list<FileKind> kWeakKinds = {
    FileKind::kPal,        FileKind::kRgbPalette, FileKind::kRawPicture,
    FileKind::kRatPicture, FileKind::kPlayerFile, FileKind::kText};

// Whether the first thing in `bytes` past a UTF-8 byte-order mark, blanks and
// comments is a '[': a TDF file opens with a section.
bool LooksLikeTdf(Bytes bytes) {
  size_t i = 0;
  if (bytes.size() >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF) i = 3;
  while (i < bytes.size()) {
    const uint8_t c = bytes[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
    } else if (c == '/' && i + 1 < bytes.size() && bytes[i + 1] == '/') {
      while (i < bytes.size() && bytes[i] != '\n') ++i;
    } else if (c == '/' && i + 1 < bytes.size() && bytes[i + 1] == '*') {
      i += 2;
      while (i + 1 < bytes.size() && !(bytes[i] == '*' && bytes[i + 1] == '/')) ++i;
      i += 2;
    } else {
      return c == '[';
    }
  }
  return false;
}

absl::StatusOr<tdf::TdfFile> ReadTdfAsset(const Asset& asset) {
  const FileKind kind = identify::IdentifyFile(asset.bytes).kind;
  const bool weak = std::find(kWeakKinds.begin(), kWeakKinds.end(), kind) != kWeakKinds.end();
  if (!(weak && (HasTdfExtension(asset.path) || LooksLikeTdf(asset.bytes)))) {
    if (absl::Status s = RequireKind(asset, {FileKind::kText}); !s.ok()) return s;
  }
  return tdf::ParseTdf(asset.bytes, asset.path);
}

const AssetParser<tdf::TdfFile>& TdfParser() {
  static const AssetParser<tdf::TdfFile> parser{"tdf", ReadTdfAsset, nullptr};
  return parser;
}

void CountTree(const tdf::TdfSection& s, size_t& sections, size_t& entries) {
  ++sections;
  entries += s.entries.size();
  for (const tdf::TdfSection& child : s.sections) CountTree(child, sections, entries);
}

bool Before(const tdf::TdfPosition& a, const tdf::TdfPosition& b) {
  return a.line != b.line ? a.line < b.line : a.column < b.column;
}

// Copies the tree into items while `budget` lasts, taking a section's entries
// and children in file order (they interleave in the file), so that a cut
// answer is the file up to a line. `last_line` is the last item taken's.
class TreeCopy {
 public:
  explicit TreeCopy(std::optional<size_t> budget) : budget_(budget) {}

  // Whether any of `in` fit; `out` gets what did.
  bool Section(const tdf::TdfSection& in, std::vector<TdfSectionItem>& out) {
    if (!Take(in.at.line)) return false;
    TdfSectionItem& item = out.emplace_back();
    item.name = in.name;
    item.line = in.at.line;
    size_t e = 0, c = 0;
    while (e < in.entries.size() || c < in.sections.size()) {
      const bool entry = c == in.sections.size() ||
                         (e < in.entries.size() && Before(in.entries[e].at, in.sections[c].at));
      if (entry) {
        const tdf::TdfEntry& x = in.entries[e++];
        if (!Take(x.at.line)) return true;
        item.entries.push_back({x.key, x.value, x.at.line});
      } else if (!Section(in.sections[c++], item.sections)) {
        return true;
      }
    }
    return true;
  }

  size_t shown() const { return shown_; }
  bool cut() const { return cut_; }
  uint32_t last_line() const { return last_line_; }

 private:
  bool Take(uint32_t line) {
    if (cut_ || (budget_ && shown_ >= *budget_)) {
      cut_ = true;
      return false;
    }
    ++shown_;
    last_line_ = line;
    return true;
  }

  std::optional<size_t> budget_;
  size_t shown_ = 0;
  bool cut_ = false;
  uint32_t last_line_ = 0;
};

// The top-level sections `request` asks for: all, or those named `section`;
// NotFound naming the file's top-level sections when none is.
absl::StatusOr<std::vector<const tdf::TdfSection*>> Chosen(const std::string& path,
                                                           const tdf::TdfFile& file,
                                                           const TdfParseRequest& request) {
  std::vector<const tdf::TdfSection*> chosen;
  if (!request.section) {
    for (const tdf::TdfSection& s : file.sections) chosen.push_back(&s);
    return chosen;
  }
  chosen = file.Sections(*request.section);
  if (!chosen.empty()) return chosen;
  std::vector<std::string> names;
  for (const tdf::TdfSection& s : file.sections) names.push_back(s.name);
  constexpr size_t kNamed = 20;
  const std::string listed = absl::StrJoin(names.begin(),
                                           names.begin() + std::min(names.size(), kNamed), ", ");
  return absl::NotFoundError(absl::StrCat(
      path, ": no top-level section \"", *request.section, "\"",
      DidYouMean(NearNames(*request.section, names, 3), "\""), " (", names.size(),
      " top-level section(s)", names.empty() ? "" : ": ", listed,
      names.size() > kNamed ? ", ..." : "", ")"));
}

absl::StatusOr<TdfParseResult> TdfPageOf(const std::string& path, const tdf::TdfFile& file,
                                         const TdfParseRequest& request) {
  absl::StatusOr<std::vector<const tdf::TdfSection*>> chosen = Chosen(path, file, request);
  if (!chosen.ok()) return chosen.status();
  TdfParseResult out;
  out.path = path;
  out.encoding = file.utf8 ? "utf-8" : "windows-1252";
  TreeCopy copy(request.limit);
  for (const tdf::TdfSection* s : *chosen) {
    CountTree(*s, out.sections_total, out.entries_total);
    copy.Section(*s, out.sections);
  }
  out.shown = copy.shown();
  out.truncated = copy.cut();
  if (out.truncated) {
    out.note = absl::StrCat(
        "cut after line ", copy.last_line(), ": ", out.shown, " of ",
        out.sections_total + out.entries_total, " sections and entries shown; ",
        request.section ? "" : "give section (one top-level section by name) or ",
        "a larger limit (at most ", kMaxTdfLimit, ")");
  }
  for (const tdf::TdfWarning& w : file.warnings) {
    out.warnings.push_back({w.at.line, w.at.column, w.message});
  }
  out.warning_count = file.warning_count;
  return out;
}

json LineSchema() { return {{"type", "integer"}, {"minimum", 0}}; }

}  // namespace

const RequestTable<TdfParseRequest>& TdfParseTable() {
  static const RequestTable<TdfParseRequest> table = [] {
    using R = TdfParseRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The TDF file")
        .Add("section", &R::section, StringParam("Only top-level sections of this name"))
        .Add("limit", &R::limit, IntegerParam(1, kMaxTdfLimit, "Sections and entries shown"));
    return t;
  }();
  return table;
}

const ResultTable<TdfEntryItem>& TdfEntryItem::Fields() {
  using S = TdfEntryItem;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("key", &S::key, StringSchema())
      .Add("value", &S::value, StringSchema())
      .Add("line", &S::line, LineSchema());
  return table;
}

const ResultTable<TdfSectionItem>& TdfSectionItem::Fields() {
  using S = TdfSectionItem;
  // A section holds sections: its own schema cannot be spelt out inside
  // itself, so the children's items are described, not expanded.
  static const ResultTable<S> table = ResultTable<S>()
      .Add("name", &S::name, StringSchema())
      .Add("line", &S::line, LineSchema())
      .Add("entries", &S::entries, ArraySchema<TdfEntryItem>())
      .Add("sections", &S::sections,
           {{"type", "array"},
            {"items",
             {{"type", "object"},
              {"description", "a child section: name, line, entries, sections"}}}});
  return table;
}

const ResultTable<TdfWarningItem>& TdfWarningItem::Fields() {
  using S = TdfWarningItem;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("line", &S::line, LineSchema())
      .Add("column", &S::column, LineSchema())
      .Add("message", &S::message, StringSchema());
  return table;
}

const ResultTable<TdfParseResult>& TdfParseResult::Fields() {
  using S = TdfParseResult;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("encoding", &S::encoding,
           {{"type", "string"}, {"enum", {"windows-1252", "utf-8"}}})
      .Add("sections_total", &S::sections_total, CountSchema())
      .Add("entries_total", &S::entries_total, CountSchema())
      .Add("shown", &S::shown, CountSchema())
      .Add("truncated", &S::truncated, {{"type", "boolean"}})
      .Add("note", &S::note, NullableString())
      .Add("sections", &S::sections, ArraySchema<TdfSectionItem>())
      .Add("warnings", &S::warnings, ArraySchema<TdfWarningItem>())
      .Add("warning_count", &S::warning_count, CountSchema());
  return table;
}

bool HasTdfExtension(const std::string& path) {
  for (const char* ext : {".fbi", ".tdf", ".ota", ".gui"}) {
    if (absl::EndsWithIgnoreCase(path, ext)) return true;
  }
  return false;
}

absl::StatusOr<TdfParseResult> ParseTdfAsset(const Asset& asset, const TdfParseRequest& request) {
  absl::StatusOr<tdf::TdfFile> file = ReadTdfAsset(asset);
  if (!file.ok()) return file.status();
  return TdfPageOf(asset.path, *file, request);
}

ToolResult RunTdfParse(const contexts::Context& context, const TdfParseRequest& request) {
  return RunParsedAssetTool(context, request, TdfParser(),
                            [&request](const ParsedAsset<tdf::TdfFile>& file) {
                              return TdfPageOf(file.path, *file.value, request);
                            });
}

Tool TdfParseTool() {
  return MakeContextTool<TdfParseRequest>(
      {"tdf_parse", "Read TDF",
       "A TA TDF-syntax file (FBI, TDF, OTA, GUI) as sections and entries, with warnings."},
      TdfParseTable(), TdfParseResult::Fields().Schema(),
      [](const contexts::Context& context, const TdfParseRequest& request, const ToolCall&) {
        return RunTdfParse(context, request);
      });
}

}  // namespace kbot::tools
