#include "tools/palette_candidates_tool.h"

#include "contexts/vfs.h"
#include "palettepick/resolver.h"
#include "tools/tool_support.h"

namespace kbot::tools {

const RequestTable<PaletteCandidatesRequest>& PaletteCandidatesTable() {
  static const RequestTable<PaletteCandidatesRequest> table = [] {
    RequestTable<PaletteCandidatesRequest> t;
    AddAssetParams(t, "The asset")
        .Add("palette", &PaletteCandidatesRequest::palette,
             PathProperty("An explicit palette (.pal or .pcx) to put first"));
    return t;
  }();
  return table;
}

const ResultTable<PaletteCandidateListing>& PaletteCandidateListing::Fields() {
  using C = PaletteCandidateListing;
  static const ResultTable<C> table = ResultTable<C>()
      .Add("source", &C::source, StringSchema())
      .Add("path", &C::path, NullableString())
      .Add("usable", &C::usable, BooleanSchema())
      .Add("problem", &C::problem, NullableString(), false);
  return table;
}

const ResultTable<PaletteCandidatesListing>& PaletteCandidatesListing::Fields() {
  using L = PaletteCandidatesListing;
  static const ResultTable<L> table = ResultTable<L>()
      .Add("context", &L::context, StringSchema())
      .Add("path", &L::path, StringSchema())
      .Add("chosen", &L::chosen, StringSchema())
      .Add("candidates", &L::candidates, ArraySchema<PaletteCandidateListing>());
  return table;
}

absl::StatusOr<PaletteCandidatesListing> ListPaletteCandidates(
    const contexts::Context& context, const PaletteCandidatesRequest& request) {
  absl::StatusOr<contexts::VfsStat> stat = context.vfs->Stat(request.path);
  if (!stat.ok()) return stat.status();
  absl::StatusOr<std::vector<palettepick::Candidate>> found =
      palettepick::Candidates(*context.vfs, context.game, stat->path, request.palette);
  if (!found.ok()) return found.status();
  PaletteCandidatesListing out{context.name, stat->path, "", {}};
  for (const palettepick::Candidate& c : *found) {
    PaletteCandidateListing candidate{palettepick::SourceName(c.source), c.path, c.usable, {}};
    if (!c.usable) candidate.problem = c.problem;
    if (out.chosen.empty() && c.usable) out.chosen = candidate.source;
    out.candidates.push_back(std::move(candidate));
  }
  return out;
}

Tool PaletteCandidatesTool() {
  return MakeContextTool<PaletteCandidatesRequest>(
      {"palette_candidates", "List palette candidates",
       "The palettes the context's chain would try for an asset, in order, and the one chosen."},
      PaletteCandidatesTable(), PaletteCandidatesListing::Fields().Schema(),
      [](const contexts::Context& context, const PaletteCandidatesRequest& request,
         const ToolCall&) {
        return ResultInContext(context, ListPaletteCandidates(context, request));
      });
}

}  // namespace kbot::tools
