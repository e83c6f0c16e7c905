#include "tools/vfs_list_tool.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "contexts/vfs.h"
#include "tools/resource_uri.h"
#include "tools/tool_support.h"

namespace kbot::tools {

const RequestTable<VfsListRequest>& VfsListTable() {
  static const RequestTable<VfsListRequest> table = [] {
    RequestTable<VfsListRequest> t;
    AddContextParam(t);
    AddPageParams(t, "anims/*.gaf");
    return t;
  }();
  return table;
}

const ResultTable<VfsListEntry>& VfsListEntry::Fields() {
  using E = VfsListEntry;
  static const ResultTable<E> table = ResultTable<E>()
      .Add("path", &E::path, StringSchema())
      .Add("size", &E::size, IntegerSchema())
      .Add("source", &E::source, StringSchema())
      .Add("hides", &E::hides, StringArraySchema())
      .Add("uri", &E::uri, StringSchema(), false);
  return table;
}

const ResultTable<VfsListing>& VfsListing::Fields() {
  static const ResultTable<VfsListing> table = [] {
    ResultTable<VfsListing> t;
    t.Add("context", &VfsListing::context, StringSchema());
    return AddPageFields<VfsListing, VfsListEntry>(t);
  }();
  return table;
}

absl::StatusOr<VfsListing> ListVfs(const contexts::Context& context, const VfsListRequest& request,
                                   Progress& progress) {
  absl::StatusOr<std::vector<contexts::VfsEntry>> entries = context.vfs->List(progress);
  if (!entries.ok()) return entries.status();
  Pager<VfsListEntry> pager(request);
  for (const contexts::VfsEntry& e : *entries) {
    pager.Offer(e.path, [&] {
      return VfsListEntry{e.path, e.size, e.source, e.hides, MakeResourceUri(context.name, e.path)};
    });
  }
  // n entries walked, then the page: n + 1 units, so that the end is always
  // past the walk's last count (whose total was unknown).
  const uint64_t units = entries->size() + 1;
  if (!progress.Report(units, units, absl::StrCat("listed ", entries->size(), " files"))) {
    return absl::CancelledError("vfs_list: cancelled");
  }
  VfsListing out;
  static_cast<Page<VfsListEntry>&>(out) = std::move(pager).Finish();
  out.context = context.name;
  return out;
}

Tool VfsListTool() {
  return MakeContextTool<VfsListRequest>(
      {"vfs_list", "List a context's files",
       "A context's files matching a glob, loose and in archives: source, hidden copies."},
      VfsListTable(), VfsListing::Fields().Schema(),
      [](const contexts::Context& context, VfsListRequest request, const ToolCall& call) {
        request.limit = PageLimitOr(request, kDefaultPageLimit);
        return ResultInContext(context, ListVfs(context, request, call.progress));
      });
}

}  // namespace kbot::tools
