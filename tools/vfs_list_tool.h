// The tool vfs_list: the files of a context matching a glob, sorted, a page at
// a time (docs/json.md, section vfs_list). `kbot vfs list` prints the same JSON.
#pragma once

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tools/paging.h"
#include "tools/params.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct VfsListRequest : ContextRequest, PageRequest {};
const RequestTable<VfsListRequest>& VfsListTable();

// {"context", "pattern", "total", "offset", "entries": [{"path", "size",
// "source", "hides", "uri"}], "next_offset"}; an unset limit is every match.
absl::StatusOr<json> VfsList(const contexts::Context& context, const VfsListRequest& request,
                             Progress& progress);

Tool VfsListTool();

}  // namespace kbot::tools
