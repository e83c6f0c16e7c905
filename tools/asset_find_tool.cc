#include "tools/asset_find_tool.h"

#include <algorithm>
#include <tuple>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/text_fold.h"
#include "base/near_names.h"
#include "contexts/archive_vfs.h"
#include "formats/gta/fxt.h"
#include "tools/gaf_sequences.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

const std::vector<std::string>& Kinds() {
  static const std::vector<std::string> kinds = {"file", "sequence", "text"};
  return kinds;
}

bool Wants(const AssetFindRequest& r, const std::string& kind) {
  return !r.kinds || std::find(r.kinds->begin(), r.kinds->end(), kind) != r.kinds->end();
}

absl::string_view BaseName(absl::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == absl::string_view::npos ? path : path.substr(slash + 1);
}

absl::string_view Stem(absl::string_view name) {
  const size_t dot = name.rfind('.');
  return dot == absl::string_view::npos || dot == 0 ? name : name.substr(0, dot);
}

// How well `name` answers `query` (both folded): 100 the same, 95 the same
// but for an extension, 80 a prefix, 60 a part, then a few edits away
// (40 less the edits); 0 not at all.
int64_t Score(absl::string_view query, absl::string_view name) {
  if (name == query) return 100;
  if (Stem(name) == query) return 95;
  if (absl::StartsWith(name, query)) return 80;
  if (absl::StrContains(name, query)) return 60;
  if (IsNear(query, Stem(name))) {
    return std::max<int64_t>(1, 40 - int64_t(EditDistance(query, Stem(name))));
  }
  return 0;
}

// The tool that opens a file, by its extension, with its arguments.
std::pair<std::string, json> Opener(const std::string& context, const std::string& path,
                                    const std::string& query) {
  const json at = {{"context", context}, {"path", path}};
  const auto ends = [&](std::initializer_list<const char*> exts) {
    return std::any_of(exts.begin(), exts.end(),
                       [&](const char* e) { return absl::EndsWithIgnoreCase(path, e); });
  };
  if (ends({".gaf", ".taf"})) return {"gaf_list", at};
  if (contexts::IsArchiveName(path)) return {"hpi_list", at};
  if (ends({".cmp"})) return {"map_describe", at};
  if (ends({".g24", ".gry"})) return {"style_describe", at};
  if (ends({".fxt"})) return {"fxt_decode", at};
  if (ends({".fon"})) {
    json with_text = at;
    with_text["text"] = query;
    return {"font_render", with_text};
  }
  if (ends({".pal", ".pcx"})) return {"palette_describe", at};
  if (ends({".raw", ".rat"})) return {"picture_export", at};
  if (ends({".fbi", ".tdf", ".ota", ".gui"})) return {"tdf_parse", at};
  return {"vfs_list", {{"context", context}, {"pattern", path}}};
}

class Search {
 public:
  explicit Search(const AssetFindRequest& request)
      : request_(request), query_(FoldCaseAndAccents(request.query)) {}

  std::vector<AssetHit> hits;

  absl::Status Context(const contexts::Context& c, Progress& progress) {
    absl::StatusOr<std::vector<contexts::VfsEntry>> entries = c.vfs->List(progress);
    if (!entries.ok()) return entries.status();
    if (Wants(request_, "file")) {
      for (const contexts::VfsEntry& e : *entries) File(c, e);
    }
    if (Wants(request_, "sequence")) {
      absl::StatusOr<std::vector<GafSequenceName>> sequences = ContextSequences(c, progress);
      if (!sequences.ok()) return sequences.status();
      for (const GafSequenceName& s : *sequences) Sequence(c, s);
    }
    if (Wants(request_, "text")) {
      for (const contexts::VfsEntry& e : *entries) {
        if (absl::EndsWithIgnoreCase(e.path, ".fxt")) Texts(c, e.path);
      }
    }
    return absl::OkStatus();
  }

 private:
  // A file by its name; the copies it hides by their archive paths.
  void File(const contexts::Context& c, const contexts::VfsEntry& e) {
    int64_t score = Score(query_, FoldCaseAndAccents(BaseName(e.path)));
    if (score == 0 && ContainsFolded(e.path, query_)) score = 30;  // a folder holds it
    if (score == 0) return;
    auto [tool, arguments] = Opener(c.name, e.path, request_.query);
    hits.push_back({"file", c.name, e.path, {}, {}, {}, e.source, score, tool, arguments});
    for (const std::string& archive : e.hides) {
      const std::string hidden = absl::StrCat(archive, "/", e.path);
      auto [t, a] = Opener(c.name, hidden, request_.query);
      hits.push_back({"file", c.name, hidden, {}, {}, {}, archive, score - 1, t, a});
    }
  }

  void Sequence(const contexts::Context& c, const GafSequenceName& s) {
    const int64_t score = Score(query_, FoldCaseAndAccents(s.name));
    if (score == 0) return;
    const json arguments = {{"context", c.name}, {"path", s.path}, {"sequence", s.name},
                            {"format", s.frames > 1 ? "gif" : "png"}};
    hits.push_back({"sequence", c.name, s.path, s.name, int64_t(s.index), {}, {}, score,
                    "gaf_export", arguments});
  }

  void Texts(const contexts::Context& c, const std::string& path) {
    absl::StatusOr<contexts::VfsFile> file = c.vfs->Read(path);
    if (!file.ok()) return;
    absl::StatusOr<gta::Fxt> fxt = gta::ReadFxt(file->bytes(), path);
    if (!fxt.ok()) return;
    for (const gta::FxtRecord& r : fxt->records) {
      int64_t score = Score(query_, FoldCaseAndAccents(r.key));
      if (score == 0 && ContainsFolded(r.text, query_)) score = 55;
      if (score == 0) continue;
      const std::string text = r.text.size() > 120 ? r.text.substr(0, 117) + "..." : r.text;
      hits.push_back({"text", c.name, path, r.key, {}, text, {}, score, "fxt_decode",
                      {{"context", c.name}, {"path", path}, {"key", r.key}}});
    }
  }

  const AssetFindRequest& request_;
  const std::string query_;
};

}  // namespace

const RequestTable<AssetFindRequest>& AssetFindTable() {
  static const RequestTable<AssetFindRequest> table = [] {
    using R = AssetFindRequest;
    RequestTable<R> t;
    t.Add("query", &R::query,
          {{"type", "string"}, {"minLength", 1},
           {"description", "A name or word, e.g. explosion"}},
          true);
    t.Add("context", &R::context,
          {{"type", "string"}, {"description", "One context (default: all)"}});
    t.Add("kinds", &R::kinds,
          {{"type", "array"},
           {"items", {{"type", "string"}, {"enum", Kinds()}}},
           {"description", "Default: all"}});
    t.Add("limit", &R::limit, IntegerParam(1, 200, "Most hits returned"));
    return t;
  }();
  return table;
}

const ResultTable<AssetHit>& AssetHit::Fields() {
  using H = AssetHit;
  static const ResultTable<H> table = ResultTable<H>()
      .Add("kind", &H::kind, {{"enum", Kinds()}})
      .Add("context", &H::context, StringSchema())
      .Add("path", &H::path, StringSchema())
      .AddWhenSet("name", &H::name, StringSchema())
      .AddWhenSet("index", &H::index, IntegerSchema())
      .AddWhenSet("text", &H::text, StringSchema())
      .AddWhenSet("source", &H::source, StringSchema())
      .Add("score", &H::score, IntegerSchema())
      .Add("tool", &H::tool, StringSchema())
      .Add("arguments", &H::arguments, {{"type", "object"}});
  return table;
}

const ResultTable<AssetFindResult>& AssetFindResult::Fields() {
  using R = AssetFindResult;
  static const ResultTable<R> table = ResultTable<R>()
      .Add("query", &R::query, StringSchema())
      .Add("contexts", &R::contexts, StringArraySchema())
      .Add("hits", &R::hits, ArraySchema<AssetHit>())
      .Add("total", &R::total, IntegerSchema());
  return table;
}

absl::StatusOr<AssetFindResult> FindAssets(const contexts::Workspace& workspace,
                                           const AssetFindRequest& request, Progress& progress) {
  std::vector<const contexts::Context*> searched;
  if (request.context) {
    absl::StatusOr<const contexts::Context*> one = workspace.Find(request.context);
    if (!one.ok()) return one.status();
    searched.push_back(*one);
  } else {
    for (const contexts::Context& c : workspace.contexts()) {
      if (c.unavailable.empty()) searched.push_back(&c);
    }
  }
  Search search(request);
  AssetFindResult out;
  out.query = request.query;
  for (const contexts::Context* c : searched) {
    if (absl::Status s = search.Context(*c, progress); !s.ok()) return InContext(*c, s);
    out.contexts.push_back(c->name);
  }
  std::vector<AssetHit>& hits = search.hits;
  std::stable_sort(hits.begin(), hits.end(), [](const AssetHit& a, const AssetHit& b) {
    if (a.score != b.score) return a.score > b.score;
    return std::tie(a.kind, a.context, a.path) < std::tie(b.kind, b.context, b.path);
  });
  out.total = int64_t(hits.size());
  if (hits.size() > size_t(request.limit)) hits.resize(size_t(request.limit));
  out.hits = std::move(hits);
  return out;
}

Tool AssetFindTool() {
  return MakeTool<AssetFindRequest>(
      {"asset_find", "Find assets by name",
       "Finds files, archive entries, GAF sequences and GTA1 texts by name; each hit says which "
       "tool opens it. Start here."},
      AssetFindTable(), AssetFindResult::Fields().Schema(),
      [](const AssetFindRequest& request, const ToolCall& call) {
        return StructuredResult(FindAssets(call.workspace, request, call.progress));
      });
}

}  // namespace kbot::tools
