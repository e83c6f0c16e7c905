// A VFS over files held in memory (the built-in demo context), looked up like
// a folder: NormalizePath, then the exact spelling, then ignoring ASCII case.
#include <algorithm>
#include <atomic>
#include <map>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "contexts/vfs.h"

namespace kbot::contexts {

namespace {

class MemoryVfs final : public Vfs {
 public:
  MemoryVfs(std::vector<MemoryFile> files, std::string source)
      : source_(std::move(source)), identity_(absl::StrCat("memory#", NextId())) {
    for (MemoryFile& f : files) {
      // A path that cannot be normalised could never be read back; the files
      // are the program's own, so such a file is a bug to drop, not to serve.
      absl::StatusOr<std::string> path = NormalizePath(f.path);
      if (!path.ok()) continue;
      files_[*path] = std::make_shared<const std::vector<uint8_t>>(std::move(f.bytes));
    }
    // Sorted by lower-cased path, then spelling: the listing order, and the
    // first of several spellings that differ only in case wins a lookup.
    for (const auto& [path, bytes] : files_) sorted_.push_back(path);
    std::stable_sort(sorted_.begin(), sorted_.end(),
                     [](const std::string& a, const std::string& b) {
                       return absl::AsciiStrToLower(a) < absl::AsciiStrToLower(b);
                     });
  }

  absl::StatusOr<VfsFile> Read(absl::string_view path) const override {
    absl::StatusOr<const Entry*> e = Find(path);
    if (!e.ok()) return e.status();
    return VfsFile{StatOf(**e), Blob::FromBuffer((*e)->second)};
  }

  absl::StatusOr<VfsStat> Stat(absl::string_view path) const override {
    absl::StatusOr<const Entry*> e = Find(path);
    if (!e.ok()) return e.status();
    return StatOf(**e);
  }

  absl::StatusOr<std::vector<VfsEntry>> List(Progress& progress) const override {
    std::vector<VfsEntry> out;
    for (const std::string& path : sorted_) {
      if ((out.size() + 1) % 256 == 0 &&
          !progress.Report(out.size() + 1, 0,
                           absl::StrCat("listed ", out.size() + 1, " files"))) {
        return absl::CancelledError(absl::StrCat(source_, ": listing cancelled"));
      }
      out.push_back({path, uint64_t(files_.at(path)->size()), source_});
    }
    return out;
  }

  std::vector<VfsSource> Sources() const override {
    return {{source_, "built-in", 0, uint64_t(files_.size())}};
  }

 private:
  using Map = std::map<std::string, std::shared_ptr<const std::vector<uint8_t>>>;
  using Entry = Map::value_type;

  // The files never change: one VFS's path names the same bytes for as long
  // as it lives, and another VFS gets another number.
  VfsStat StatOf(const Entry& e) const {
    const uint64_t size = e.second->size();
    return VfsStat{e.first, size, 0, FileIdentity{identity_, 0, 0, size, 0, e.first}};
  }
  static uint64_t NextId() {
    static std::atomic<uint64_t> next{1};
    return next.fetch_add(1);
  }

  absl::StatusOr<const Entry*> Find(absl::string_view given) const {
    absl::StatusOr<std::string> norm = NormalizePath(given);
    if (!norm.ok()) return norm.status();
    if (auto it = files_.find(*norm); it != files_.end()) return &*it;
    for (const std::string& path : sorted_) {
      if (absl::EqualsIgnoreCase(path, *norm)) return &*files_.find(path);
    }
    // A folder exists here only as the common prefix of its files.
    const std::string folder = *norm + "/";
    for (const std::string& path : sorted_) {
      if (absl::StartsWithIgnoreCase(path, folder)) {
        return absl::FailedPreconditionError(absl::StrCat(given, ": is a folder"));
      }
    }
    return absl::NotFoundError(absl::StrCat(given, ": no such file"));
  }

  Map files_;
  std::vector<std::string> sorted_;
  std::string source_;
  std::string identity_;  // "memory#N"
};

}  // namespace

std::unique_ptr<Vfs> MakeMemoryVfs(std::vector<MemoryFile> files, std::string source) {
  return std::make_unique<MemoryVfs>(std::move(files), std::move(source));
}

}  // namespace kbot::contexts
