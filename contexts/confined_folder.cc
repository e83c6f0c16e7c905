#include "contexts/confined_folder.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "contexts/vfs.h"

namespace kbot::contexts {

namespace fs = std::filesystem;

namespace {

absl::Status PathError(const fs::path& path, absl::string_view what, int err) {
  return absl::InvalidArgumentError(
      absl::StrCat(path.string(), ": ", what, ": ", std::strerror(err)));
}

}  // namespace

absl::StatusOr<std::unique_ptr<ConfinedFolder>> ConfinedFolder::Open(const std::string& path) {
  std::error_code ec;
  fs::create_directories(path, ec);
  if (!ec && !fs::is_directory(path, ec)) ec = std::make_error_code(std::errc::not_a_directory);
  if (ec) {
    return absl::InvalidArgumentError(
        absl::StrCat(path, ": cannot use it as the target folder: ", ec.message()));
  }
  fs::path real = fs::canonical(path, ec);
  if (ec) return absl::InvalidArgumentError(absl::StrCat(path, ": ", ec.message()));
  return std::unique_ptr<ConfinedFolder>(new ConfinedFolder(path, std::move(real)));
}

absl::StatusOr<std::string> ConfinedFolder::Inside(absl::string_view name) {
  absl::StatusOr<std::string> normal = NormalizePath(name);
  if (!normal.ok()) return absl::InvalidArgumentError(absl::StrCat(name, ": ", WhyUnsafe(name)));
  return normal;
}

absl::Status ConfinedFolder::MakeFolders(absl::string_view relative) {
  if (relative.empty()) return absl::OkStatus();
  std::lock_guard<std::mutex> lock(mu_);
  std::string rel;
  for (absl::string_view part : absl::StrSplit(relative, '/')) {
    if (!rel.empty()) rel += '/';
    rel.append(part.data(), part.size());
    if (made_.count(rel)) continue;
    if (absl::Status s = MakeOne(root_ / rel); !s.ok()) return s;
    made_.insert(rel);
  }
  return absl::OkStatus();
}

// One component: made when missing; else it must be a folder, or a link to a
// folder inside the root.
absl::Status ConfinedFolder::MakeOne(const fs::path& path) const {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno != ENOENT) return PathError(path, "cannot look at it", errno);
    if (::mkdir(path.c_str(), 0777) == 0) return absl::OkStatus();
    // Another process made it meanwhile: look again.
    if (errno != EEXIST || ::lstat(path.c_str(), &st) != 0) {
      return PathError(path, "cannot create the folder", errno);
    }
  }
  if (S_ISDIR(st.st_mode)) return absl::OkStatus();
  if (!S_ISLNK(st.st_mode)) {
    return absl::InvalidArgumentError(
        absl::StrCat(path.string(), ": is there and is not a folder"));
  }
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  if (ec || !fs::is_directory(real, ec) || !PathInside(real, real_root_)) {
    return absl::InvalidArgumentError(absl::StrCat(
        path.string(), ": a link that does not lead to a folder inside the target"));
  }
  return absl::OkStatus();
}

absl::Status ConfinedFolder::WriteFile(absl::string_view relative, Bytes bytes, Flush flush) {
  const size_t slash = relative.rfind('/');
  if (slash != absl::string_view::npos) {
    if (absl::Status s = MakeFolders(relative.substr(0, slash)); !s.ok()) return s;
  }
  const fs::path path = root_ / std::string(relative);
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(path.string(), ": is a folder"));
  }
  // The rename replaces a link at `path` itself, never what it points to.
  return WriteFileAtomically(path.string(), bytes, flush);
}

absl::Status ConfinedFolder::FlushAll() const { return FlushFileSystem(real_root_.string()); }

std::string WhyUnsafe(absl::string_view name) {
  if (absl::StrContains(name, '\0')) return "a NUL byte in the name";
  if (!name.empty() && (name[0] == '/' || name[0] == '\\')) return "an absolute path";
  if (name.size() >= 2 && absl::ascii_isalpha(static_cast<unsigned char>(name[0])) &&
      name[1] == ':') {
    return "a drive path";
  }
  for (absl::string_view part : absl::StrSplit(name, absl::ByAnyChar("/\\"))) {
    if (part == "..") return "\"..\" would leave the target folder";
  }
  return "an empty name";
}

bool PathInside(const fs::path& real, const fs::path& real_root) {
  const fs::path rel = real.lexically_relative(real_root);
  return !rel.empty() && *rel.begin() != "..";
}

}  // namespace kbot::contexts
