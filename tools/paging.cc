#include "tools/paging.h"

#include "contexts/vfs.h"

namespace kbot::tools {

bool PageMatches(absl::string_view pattern, absl::string_view path) {
  return contexts::GlobMatch(pattern, path);
}

}  // namespace kbot::tools
