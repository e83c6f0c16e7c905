#include "tools/vfs_list_tool.h"

#include "contexts/vfs.h"
#include "tools/resource_uri.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

json VfsListOutput() {
  json entry = OutputSchema({{"path", {{"type", "string"}}},
                             {"size", {{"type", "integer"}}},
                             {"source", {{"type", "string"}}},
                             {"hides", {{"type", "array"}, {"items", {{"type", "string"}}}}},
                             {"uri", {{"type", "string"}}}},
                            {"path", "size", "source", "hides"});
  return PagedOutputSchema({{"context", {{"type", "string"}}}}, {"context"}, std::move(entry));
}

}  // namespace

const RequestTable<VfsListRequest>& VfsListTable() {
  static const RequestTable<VfsListRequest> table = [] {
    RequestTable<VfsListRequest> t;
    AddContextParam(t);
    AddPageParams(t, "anims/*.gaf or **/*.pcx");
    return t;
  }();
  return table;
}

absl::StatusOr<json> VfsList(const contexts::Context& context, const VfsListRequest& request,
                             Progress& progress) {
  absl::StatusOr<std::vector<contexts::VfsEntry>> entries = context.vfs->List(progress);
  if (!entries.ok()) return entries.status();
  Pager pager(request);
  for (const contexts::VfsEntry& e : *entries) {
    pager.Offer(e.path, [&] {
      return json{{"path", e.path},
                  {"size", e.size},
                  {"source", e.source},
                  {"hides", e.hides},
                  {"uri", MakeResourceUri(context.name, e.path)}};
    });
  }
  json out = {{"context", context.name}};
  out.update(std::move(pager).Fields());
  return out;
}

Tool VfsListTool() {
  return MakeContextTool<VfsListRequest>(
      {"vfs_list", "List the files of a context",
       "The files of a context whose paths match a glob (case-insensitive; * and ? within a "
       "folder, ** across folders, e.g. \"**/*.gaf\"), sorted, a page at a time: pass "
       "next_offset back as offset for the next page. Loose files and the entries of the "
       "HPI archives in the folder (.hpi .ufo .ccx .gp3 .gp4 .swx) alike: each entry's "
       "source is \"folder\" (or \"built-in\") or the archive it is read from, and hides "
       "lists the sources of other copies of that path it takes precedence over (a loose file "
       "over any archive; then .gp4, .gp3, .ccx, .ufo, .swx, .hpi; then later names first)."},
      VfsListTable(), VfsListOutput(),
      [](const contexts::Context& context, VfsListRequest request, const ToolCall& call) {
        request.limit = PageLimitOr(request, kDefaultPageLimit);
        absl::StatusOr<json> listed = VfsList(context, request, call.progress);
        if (!listed.ok()) return ErrorResult(InContext(context, listed.status()));
        ToolResult result;
        result.structured = *std::move(listed);
        return result;
      });
}

}  // namespace kbot::tools
