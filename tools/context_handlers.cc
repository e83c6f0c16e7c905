#include "tools/context_handlers.h"

#include "absl/strings/str_cat.h"
#include "contexts/vfs.h"
#include "tools/resource_uri.h"
#include "tools/context_list.h"
#include "tools/paging.h"
#include "tools/tool_support.h"
#include "palettepick/resolver.h"

namespace kbot::tools {

namespace {


json ContextListOutput() {
  json source = OutputSchema({{"name", {{"type", "string"}}},
                              {"kind", {{"enum", {"folder", "built-in", "archive"}}}},
                              {"version", {{"type", "integer"}}},
                              {"files", {{"type", "integer"}}},
                              {"problem", {{"type", "string"}}}},
                             {"name", "kind"});
  json context = OutputSchema({{"name", {{"type", "string"}}},
                               {"game", {{"type", "string"}}},
                               {"title", {{"type", "string"}}},
                               {"path", NullableString()},
                               {"builtin", {{"type", "boolean"}}},
                               {"transparency", {{"type", "string"}}},
                               {"files", {{"type", {"integer", "null"}}}},
                               {"sources", {{"type", "array"}, {"items", source}}},
                               {"error", {{"type", "string"}}}},
                              {"name", "game", "path", "builtin", "transparency"});
  return OutputSchema({{"contexts", {{"type", "array"}, {"items", context}}}}, {"contexts"});
}

ToolResult RunContextList(const ToolCall& call) {
  ToolResult result;
  result.structured = ContextListJson(call.workspace);
  return result;
}

json VfsListInput() {
  json properties = {{"context", ContextProperty()}};
  properties.update(PageInputProperties("anims/*.gaf or **/*.pcx"));
  return InputSchema(std::move(properties));
}

json VfsListOutput() {
  json entry = OutputSchema({{"path", {{"type", "string"}}},
                             {"size", {{"type", "integer"}}},
                             {"source", {{"type", "string"}}},
                             {"hides", {{"type", "array"}, {"items", {{"type", "string"}}}}},
                             {"uri", {{"type", "string"}}}},
                            {"path", "size", "source", "hides"});
  return PagedOutputSchema({{"context", {{"type", "string"}}}}, {"context"}, std::move(entry));
}

ToolResult RunVfsList(const ToolCall& call) {
  absl::StatusOr<const contexts::Context*> context =
      call.workspace.Find(ContextArgument(call.arguments));
  if (!context.ok()) return ErrorResult(context.status());
  absl::StatusOr<std::vector<contexts::VfsEntry>> entries = (*context)->vfs->List(call.progress);
  if (!entries.ok()) return ErrorResult(InContext(**context, entries.status()));
  Pager pager(PageArguments(call.arguments));
  for (const contexts::VfsEntry& e : *entries) {
    pager.Offer(e.path, [&] {
      return json{{"path", e.path},
                  {"size", e.size},
                  {"source", e.source},
                  {"hides", e.hides},
                  {"uri", MakeResourceUri((*context)->name, e.path)}};
    });
  }
  ToolResult result;
  result.structured = {{"context", (*context)->name}};
  result.structured.update(std::move(pager).Fields());
  return result;
}

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

ToolResult RunPaletteCandidates(const ToolCall& call) {
  absl::StatusOr<const contexts::Context*> context =
      call.workspace.Find(ContextArgument(call.arguments));
  if (!context.ok()) return ErrorResult(context.status());
  const std::string path = call.arguments.value("path", "");
  absl::StatusOr<contexts::VfsStat> stat = (*context)->vfs->Stat(path);
  if (!stat.ok()) return ErrorResult(InContext(**context, stat.status()));
  std::optional<std::string> override_path;
  if (call.arguments.contains("palette")) override_path = call.arguments["palette"];
  absl::StatusOr<std::vector<palettepick::Candidate>> found =
      palettepick::Candidates(*(*context)->vfs, (*context)->game, stat->path, override_path);
  if (!found.ok()) return ErrorResult(InContext(**context, found.status()));
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
  ToolResult result;
  result.structured = {{"context", (*context)->name},
                       {"path", stat->path},
                       {"chosen", chosen},
                       {"candidates", std::move(candidates)}};
  return result;
}

}  // namespace

Tool ContextListTool() {
  return {"context_list",
          "List the game-data contexts",
          "The contexts kbot serves: each registered game-data folder with its game (ta, "
          "takingdoms, gta), folder, default transparency, file count, and sources: the folder "
          "and its HPI archives in precedence order (an archive that cannot be read is listed "
          "with its problem). With none registered, the built-in demo context of sample assets.",
          InputSchema(json::object()),
          ContextListOutput(),
          {},
          RunContextList};
}

Tool VfsListTool() {
  return {"vfs_list",
          "List the files of a context",
          "The files of a context whose paths match a glob (case-insensitive; * and ? within a "
          "folder, ** across folders, e.g. \"**/*.gaf\"), sorted, a page at a time: pass "
          "next_offset back as offset for the next page. Loose files and the entries of the "
          "HPI archives in the folder (.hpi .ufo .ccx .gp3 .gp4 .swx) alike: each entry's "
          "source is \"folder\" (or \"built-in\") or the archive it is read from, and hides "
          "lists the sources of other copies of that path it takes precedence over (a loose file "
          "over any archive; then .gp4, .gp3, .ccx, .ufo, .swx, .hpi; then later names first).",
          VfsListInput(),
          VfsListOutput(),
          {},
          RunVfsList};
}

Tool PaletteCandidatesTool() {
  return {"palette_candidates",
          "List the palettes an asset could use",
          "Every palette the context's chain finds for an asset, in priority order, with where "
          "it comes from and whether it is usable; `chosen` is the one gaf_export uses. TA: "
          "Kingdoms: override, sidecar-pcx (NAME.pcx beside the asset), palettes-pal "
          "(palettes/NAME.pal), side-prefix (ara/tar/ver/zon/aid/cre names: the side's "
          "palettes/*.pcx), palette-pal (palettes/palette.pal, else palettes/palette.pcx), "
          "embedded; TA: override, palette-pal, embedded.",
          InputSchema({{"context", ContextProperty()},
                       {"path", PathProperty("The asset")},
                       {"palette", PathProperty("An explicit palette (.pal or .pcx) to put first")}},
                      {"path"}),
          PaletteCandidatesOutput(),
          {},
          RunPaletteCandidates};
}

}  // namespace kbot::tools
