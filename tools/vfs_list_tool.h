// The tool vfs_list: the files of a context matching a glob, sorted, a page at
// a time (docs/json.md, section vfs_list). `kbot vfs list` prints the same JSON.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "tools/paging.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct VfsListRequest : ContextRequest, PageRequest {};
const RequestTable<VfsListRequest>& VfsListTable();

// One file of a context.
struct VfsListEntry {
  std::string path;
  uint64_t size = 0;
  std::string source;              // "folder", "built-in" or the archive's name
  std::vector<std::string> hides;  // the sources of the copies this one hides
  std::string uri;                 // kbot://CONTEXT/PATH
  static const ResultTable<VfsListEntry>& Fields();
};

// vfs_list's structuredContent: {"context"} and a page (tools/paging.h).
struct VfsListing : Page<VfsListEntry> {
  std::string context;
  static const ResultTable<VfsListing>& Fields();
};

// An unset limit is every match.
absl::StatusOr<VfsListing> ListVfs(const contexts::Context& context, const VfsListRequest& request,
                                   Progress& progress);

Tool VfsListTool();

}  // namespace kbot::tools
