// The VFS of a game-data folder on disk.
//
// Game data comes from Windows installs and CDs, where names are stored in any
// case ("ANIMS\Cursors.GAF") and scripts refer to them in another; lookups are
// therefore case-insensitive. Confinement is checked on the resolved path, not
// on the text: a symbolic link inside the folder may point anywhere, and a
// path may only reach what lies inside the folder once links are followed.
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <system_error>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "contexts/vfs.h"

namespace kbot::contexts {

namespace {

namespace fs = std::filesystem;

bool Exists(const fs::path& p) {
  std::error_code ec;
  return fs::exists(fs::symlink_status(p, ec));
}

// The entry of `dir` whose name equals `name` ignoring ASCII case; the first
// in byte order when several do (the exact spelling was tried before).
std::optional<std::string> FindIgnoringCase(const fs::path& dir, const std::string& name) {
  std::optional<std::string> best;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string entry = it->path().filename().string();
    if (absl::EqualsIgnoreCase(entry, name) && (!best || entry < *best)) best = std::move(entry);
  }
  return best;
}

class DirectoryVfs final : public Vfs {
 public:
  explicit DirectoryVfs(std::string root) : root_(std::move(root)) {
    prefix_ = root_ == "/" ? root_ : root_ + "/";
  }

  absl::StatusOr<VfsFile> Read(absl::string_view path) const override {
    absl::StatusOr<Found> found = Resolve(path);
    if (!found.ok()) return found.status();
    absl::StatusOr<FileBytes> file = FileBytes::Open(found->real);
    if (!file.ok()) return Rename(file.status(), found->real, path);
    return VfsFile{StatOf(*found), Blob::FromFile(*std::move(file))};
  }

  absl::StatusOr<VfsStat> Stat(absl::string_view path) const override {
    absl::StatusOr<Found> found = Resolve(path);
    if (!found.ok()) return found.status();
    return StatOf(*found);
  }

  absl::StatusOr<std::vector<VfsEntry>> List(Progress& progress) const override;

  std::vector<VfsSource> Sources() const override { return {{"folder", "folder"}}; }

 private:
  struct Found {
    std::string real;      // the file, links followed
    std::string spelling;  // its path relative to the root, as on disk
    struct stat st {};
  };

  static VfsStat StatOf(const Found& found) {
    const int64_t modified_ns =
        int64_t(found.st.st_mtim.tv_sec) * 1000000000 + found.st.st_mtim.tv_nsec;
    const uint64_t size = uint64_t(found.st.st_size);
    return VfsStat{found.spelling, size, modified_ns,
                   FileIdentity{found.real, uint64_t(found.st.st_dev), uint64_t(found.st.st_ino),
                                size, modified_ns, ""}};
  }

  bool Inside(const std::string& real) const {
    return real == root_ || absl::StartsWith(real, prefix_);
  }
  // With links followed; false when that cannot be worked out.
  bool InsideResolved(const fs::path& p) const {
    std::error_code ec;
    const fs::path real = fs::weakly_canonical(p, ec);
    return !ec && Inside(real.string());
  }

  absl::StatusOr<Found> Resolve(absl::string_view given) const;
  bool ResolvePlain(const std::string& norm, Found& found) const;
  static absl::StatusOr<Found> RegularFile(Found found, absl::string_view given);
  // A FileBytes error names the real path; the caller knows the one it gave.
  static absl::Status Rename(const absl::Status& s, const std::string& real,
                             absl::string_view given) {
    std::string message(s.message());
    if (absl::StartsWith(message, real + ": ")) message = message.substr(real.size() + 2);
    return absl::Status(s.code(), absl::StrCat(given, ": ", message));
  }

  std::string root_;    // canonical
  std::string prefix_;  // root_ with a trailing '/'
};

absl::StatusOr<DirectoryVfs::Found> DirectoryVfs::Resolve(absl::string_view given) const {
  absl::StatusOr<std::string> norm = NormalizePath(given);
  if (!norm.ok()) return norm.status();
  const auto leaves = [&] {
    return absl::InvalidArgumentError(absl::StrCat(given, ": leaves the context folder"));
  };
  const auto missing = [&] { return absl::NotFoundError(absl::StrCat(given, ": no such file")); };

  Found found;
  if (ResolvePlain(*norm, found)) return RegularFile(std::move(found), given);
  fs::path full = fs::path(root_) / *norm;
  found.spelling = *norm;
  if (!Exists(full)) {
    // Component by component, matching names case-insensitively. A folder is
    // checked to be inside the root before it is looked into, so a link
    // leading out cannot be used to probe what exists outside.
    fs::path cur = root_;
    found.spelling.clear();
    for (absl::string_view part : absl::StrSplit(*norm, '/')) {
      if (cur != fs::path(root_) && !InsideResolved(cur)) return leaves();
      std::string name(part);
      if (!Exists(cur / name)) {
        std::optional<std::string> other = FindIgnoringCase(cur, name);
        if (!other) return missing();
        name = *std::move(other);
      }
      cur /= name;
      if (!found.spelling.empty()) found.spelling += '/';
      found.spelling += name;
    }
    full = cur;
  }
  std::error_code ec;
  const fs::path real = fs::weakly_canonical(full, ec);
  if (ec) return missing();
  found.real = real.string();
  if (!Inside(found.real)) return leaves();
  if (::stat(found.real.c_str(), &found.st) != 0) return missing();  // a dangling link
  return RegularFile(std::move(found), given);
}

// The common case, in one lstat per component and nothing else: the path as
// spelt names an existing file through no symbolic link. The root is
// canonical, so then root/norm is the real path and the last lstat the file's
// own stat. Anything else (a missing component, another spelling, a link on
// the way, an error) is false, and Resolve takes the general path, whose
// weakly_canonical costs a readlink and a stat per component of the absolute
// path: on a 5,000-file mod that was most of what a catalog's check cost.
bool DirectoryVfs::ResolvePlain(const std::string& norm, Found& found) const {
  std::string path = prefix_;
  for (absl::string_view part : absl::StrSplit(norm, '/')) {
    if (path.size() > prefix_.size()) path += '/';
    path.append(part.data(), part.size());
    if (::lstat(path.c_str(), &found.st) != 0 || S_ISLNK(found.st.st_mode)) return false;
  }
  found.real = std::move(path);
  found.spelling = norm;
  return true;
}

absl::StatusOr<DirectoryVfs::Found> DirectoryVfs::RegularFile(Found found,
                                                              absl::string_view given) {
  if (S_ISDIR(found.st.st_mode)) {
    return absl::FailedPreconditionError(absl::StrCat(given, ": is a folder"));
  }
  if (!S_ISREG(found.st.st_mode)) {
    return absl::InvalidArgumentError(absl::StrCat(given, ": not a regular file"));
  }
  return found;
}

absl::StatusOr<std::vector<VfsEntry>> DirectoryVfs::List(Progress& progress) const {
  struct Keyed {
    std::string key;  // the lower-cased path: the sort order
    VfsEntry entry;
  };
  std::vector<Keyed> files;
  struct Pending {
    fs::path dir;
    std::string rel;  // "" or "a/b/"
  };
  std::vector<Pending> pending{{root_, ""}};
  uint64_t seen = 0;
  while (!pending.empty()) {
    const Pending at = std::move(pending.back());
    pending.pop_back();
    std::error_code ec;
    fs::directory_iterator it(at.dir, ec);
    if (ec && at.rel.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(root_, ": cannot list: ", ec.message()));
    }
    // An unreadable subfolder (or one that fails half-way) loses only its own
    // entries: one bad folder in a game install must not hide all the rest.
    for (fs::directory_iterator end; !ec && it != end; it.increment(ec)) {
      if (++seen % kListReportEvery == 0 &&
          !progress.Report(seen, 0, absl::StrCat("listed ", seen, " files"))) {
        return absl::CancelledError(absl::StrCat(root_, ": listing cancelled"));
      }
      const std::string rel = at.rel + it->path().filename().string();
      // A name that NormalizePath would read differently (a '\' in it, a
      // top-level "c:x") could not be read back; listing it would only mislead.
      absl::StatusOr<std::string> norm = NormalizePath(rel);
      if (!norm.ok() || *norm != rel) continue;
      std::error_code ec2;
      const fs::file_status link = it->symlink_status(ec2);
      if (ec2) continue;
      if (fs::is_directory(link)) {
        pending.push_back({it->path(), rel + "/"});
        continue;
      }
      uint64_t size = 0;
      if (fs::is_symlink(link)) {
        // Links to folders are not followed at all (that also rules out
        // loops); links to files count when the file is inside the root.
        if (!fs::is_regular_file(fs::status(it->path(), ec2)) || ec2) continue;
        if (!InsideResolved(it->path())) continue;
        size = fs::file_size(it->path(), ec2);
      } else if (fs::is_regular_file(link)) {
        size = it->file_size(ec2);
      } else {
        continue;  // devices, pipes, sockets
      }
      if (ec2) continue;
      files.push_back({absl::AsciiStrToLower(rel), {rel, size, "folder"}});
    }
  }
  std::sort(files.begin(), files.end(), [](const Keyed& a, const Keyed& b) {
    return a.key != b.key ? a.key < b.key : a.entry.path < b.entry.path;
  });
  std::vector<VfsEntry> out;
  out.reserve(files.size());
  for (Keyed& f : files) out.push_back(std::move(f.entry));
  return out;
}

}  // namespace

absl::StatusOr<std::unique_ptr<Vfs>> MakeDirectoryVfs(const std::string& root) {
  namespace fs = std::filesystem;
  if (root.empty()) return absl::InvalidArgumentError("the context folder is an empty path");
  std::error_code ec;
  const fs::path real = fs::canonical(root, ec);
  if (ec == std::errc::no_such_file_or_directory) {
    return absl::NotFoundError(absl::StrCat(root, ": no such folder"));
  }
  if (ec) return absl::InvalidArgumentError(absl::StrCat(root, ": ", ec.message()));
  if (!fs::is_directory(real, ec)) {
    return absl::InvalidArgumentError(absl::StrCat(root, ": not a folder"));
  }
  return std::make_unique<DirectoryVfs>(real.string());
}

}  // namespace kbot::contexts
