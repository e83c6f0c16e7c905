#include "tools/near_paths.h"

#include <algorithm>
#include <tuple>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/near_names.h"

namespace kbot::tools {

namespace {

struct Split {
  absl::string_view folder;  // up to and without the last '/'; "" at the top
  absl::string_view name;
};

Split SplitPath(absl::string_view path) {
  const size_t slash = path.find_last_of("/\\");
  if (slash == absl::string_view::npos) return {"", path};
  return {path.substr(0, slash), path.substr(slash + 1)};
}

struct Candidate {
  size_t edits;       // on the file name
  bool other_folder;  // not in the folder asked for
  std::string path;
  bool operator<(const Candidate& o) const {
    return std::tie(edits, other_folder, path) < std::tie(o.edits, o.other_folder, o.path);
  }
};

// The paths one listed entry can be read by: its own, and its hidden copies'
// archive paths when `wanted` starts with that archive's name.
std::vector<std::string> Spellings(const contexts::VfsEntry& e, absl::string_view wanted) {
  std::vector<std::string> out = {e.path};
  for (const std::string& archive : e.hides) {
    if (absl::StartsWithIgnoreCase(wanted, absl::StrCat(archive, "/"))) {
      out.push_back(absl::StrCat(archive, "/", e.path));
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> NearPaths(const contexts::Vfs& vfs, absl::string_view wanted,
                                   size_t most) {
  absl::StatusOr<std::vector<contexts::VfsEntry>> entries = vfs.List();
  if (!entries.ok()) return {};
  const Split asked = SplitPath(wanted);
  std::vector<Candidate> near;
  for (const contexts::VfsEntry& e : *entries) {
    for (const std::string& path : Spellings(e, wanted)) {
      const Split has = SplitPath(path);
      if (absl::EqualsIgnoreCase(path, wanted) || !IsNear(asked.name, has.name)) continue;
      near.push_back({EditDistance(asked.name, has.name),
                      !absl::EqualsIgnoreCase(has.folder, asked.folder), path});
    }
  }
  std::sort(near.begin(), near.end());
  std::vector<std::string> out;
  for (size_t i = 0; i < near.size() && out.size() < most; ++i) out.push_back(near[i].path);
  return out;
}

absl::Status WithNearPaths(const contexts::Vfs& vfs, absl::string_view wanted,
                           const absl::Status& status) {
  if (!absl::IsNotFound(status)) return status;
  const std::vector<std::string> near = NearPaths(vfs, wanted);
  if (near.empty()) return status;
  return absl::NotFoundError(absl::StrCat(status.message(), DidYouMean(near)));
}

}  // namespace kbot::tools
