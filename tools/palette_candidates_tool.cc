#include "tools/palette_candidates_tool.h"

#include "contexts/vfs.h"
#include "palettepick/resolver.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

json PaletteCandidatesOutput() {
  json candidate = OutputSchema({{"source", {{"type", "string"}}},
                                 {"path", NullableString()},
                                 {"usable", {{"type", "boolean"}}},
                                 {"problem", NullableString()}},
                                {"source", "path", "usable"});
  return OutputSchema({{"context", {{"type", "string"}}},
                       {"path", {{"type", "string"}}},
                       {"chosen", {{"type", "string"}}},
                       {"candidates", {{"type", "array"}, {"items", candidate}}}},
                      {"context", "path", "chosen", "candidates"});
}

}  // namespace

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

absl::StatusOr<json> PaletteCandidates(const contexts::Context& context,
                                       const PaletteCandidatesRequest& request) {
  absl::StatusOr<contexts::VfsStat> stat = context.vfs->Stat(request.path);
  if (!stat.ok()) return stat.status();
  absl::StatusOr<std::vector<palettepick::Candidate>> found =
      palettepick::Candidates(*context.vfs, context.game, stat->path, request.palette);
  if (!found.ok()) return found.status();
  json candidates = json::array();
  std::string chosen;
  for (const palettepick::Candidate& c : *found) {
    const char* source = palettepick::SourceName(c.source);
    if (chosen.empty() && c.usable) chosen = source;
    candidates.push_back({{"source", source},
                          {"path", c.path ? json(*c.path) : json(nullptr)},
                          {"usable", c.usable},
                          {"problem", c.usable ? json(nullptr) : json(c.problem)}});
  }
  return json{{"context", context.name},
              {"path", stat->path},
              {"chosen", chosen},
              {"candidates", std::move(candidates)}};
}

Tool PaletteCandidatesTool() {
  return MakeContextTool<PaletteCandidatesRequest>(
      {"palette_candidates", "List the palettes an asset could use",
       "Every palette the context's chain finds for an asset, in priority order, with where "
       "it comes from and whether it is usable; `chosen` is the one gaf_export uses. TA: "
       "Kingdoms: override, sidecar-pcx (NAME.pcx beside the asset), palettes-pal "
       "(palettes/NAME.pal), side-prefix (ara/tar/ver/zon/aid/cre names: the side's "
       "palettes/*.pcx), palette-pal (palettes/palette.pal, else palettes/palette.pcx), "
       "embedded; TA: override, palette-pal, embedded."},
      PaletteCandidatesTable(), PaletteCandidatesOutput(),
      [](const contexts::Context& context, const PaletteCandidatesRequest& request,
         const ToolCall&) {
        absl::StatusOr<json> out = PaletteCandidates(context, request);
        if (!out.ok()) return ErrorResult(InContext(context, out.status()));
        ToolResult result;
        result.structured = *std::move(out);
        return result;
      });
}

}  // namespace kbot::tools
