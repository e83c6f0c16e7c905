#include "tools/context_list_tool.h"

#include <string>

#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

ContextSourceListing SourceListing(const contexts::VfsSource& s) {
  ContextSourceListing out{s.name, s.kind, {}, {}, {}};
  if (s.kind == "archive" && s.problem.empty()) out.version = s.version >> 16;
  if (s.kind != "folder") out.files = s.files;
  if (!s.problem.empty()) out.problem = s.problem;
  return out;
}

ContextListing Listing(const contexts::Context& c) {
  const contexts::GameDefaults defaults = contexts::DefaultsFor(c.game);
  ContextListing out;
  out.name = c.name;
  out.game = contexts::GameName(c.game);
  out.title = defaults.title;
  if (!c.builtin) out.path = c.root;
  out.builtin = c.builtin;
  out.transparency = defaults.transparency.Name();
  if (!c.unavailable.empty()) {
    out.available = false;
    out.error = c.unavailable;
    return out;
  }
  // A folder that cannot be listed any more: files null and the error, so
  // that one broken context does not hide the others.
  absl::StatusOr<std::vector<contexts::VfsEntry>> files = c.vfs->List();
  if (files.ok()) {
    out.files = files->size();
  } else {
    out.error = std::string(files.status().message());
  }
  for (const contexts::VfsSource& s : c.vfs->Sources()) out.sources.push_back(SourceListing(s));
  return out;
}

}  // namespace

const ResultTable<ContextSourceListing>& ContextSourceListing::Fields() {
  using S = ContextSourceListing;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("name", &S::name, StringSchema())
      .Add("kind", &S::kind, {{"enum", {"folder", "built-in", "archive"}}})
      .AddWhenSet("version", &S::version, IntegerSchema())
      .AddWhenSet("files", &S::files, IntegerSchema())
      .AddWhenSet("problem", &S::problem, StringSchema());
  return table;
}

const ResultTable<ContextListing>& ContextListing::Fields() {
  using C = ContextListing;
  static const ResultTable<C> table = ResultTable<C>()
      .Add("name", &C::name, StringSchema())
      .Add("game", &C::game, StringSchema())
      .Add("title", &C::title, StringSchema(), false)
      .Add("path", &C::path, NullableString())
      .Add("builtin", &C::builtin, BooleanSchema())
      .Add("transparency", &C::transparency, StringSchema())
      .Add("files", &C::files, {{"type", {"integer", "null"}}}, false)
      .Add("sources", &C::sources, ArraySchema<ContextSourceListing>(), false)
      .AddWhenSet("error", &C::error, StringSchema())
      .AddWhenSet("available", &C::available, BooleanSchema());
  return table;
}

const ResultTable<ContextsListing>& ContextsListing::Fields() {
  using L = ContextsListing;
  static const ResultTable<L> table =
      ResultTable<L>()
          .Add("contexts", &L::contexts, ArraySchema<ContextListing>())
          .AddWhenSet("problems", &L::problems, StringArraySchema());
  return table;
}

ContextsListing ListContexts(const contexts::Workspace& workspace) {
  ContextsListing out;
  for (const contexts::Context& c : workspace.contexts()) out.contexts.push_back(Listing(c));
  if (!workspace.problems().empty()) out.problems = workspace.problems();
  return out;
}

nlohmann::json ContextListJson(const contexts::Workspace& workspace) {
  return ContextsListing::Fields().ToJson(ListContexts(workspace));
}

const RequestTable<ContextListRequest>& ContextListTable() {
  static const RequestTable<ContextListRequest> table;
  return table;
}

Tool ContextListTool() {
  return MakeTool<ContextListRequest>(
      {"context_list", "List the contexts",
       "The contexts served: game, folder, files, archives; why one is unavailable."},
      ContextListTable(), ContextsListing::Fields().Schema(),
      [](const ContextListRequest&, const ToolCall& call) {
        ToolResult result;
        result.structured = ContextListJson(call.workspace);
        return result;
      });
}

}  // namespace kbot::tools
