#include "contexts/archive_vfs.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/hpi/hpi.h"

namespace kbot::contexts {

namespace {

constexpr const char* kArchiveExtensions[] = {".hpi", ".ufo", ".ccx", ".gp3", ".gp4", ".swx"};

class ArchiveVfs final : public Vfs {
 public:
  ArchiveVfs(Blob file, VfsStat archive, hpi::HpiArchive directory)
      : file_(std::move(file)), archive_(std::move(archive)), directory_(std::move(directory)) {
    // An entry is served only under a name that NormalizePath keeps as it is
    // ("../x", "c:x" or "a//b" could never be asked for, and must not be
    // listed as if they could).
    for (const hpi::HpiEntry& e : directory_.entries) {
      if (IsServed(e)) {
        served_.push_back(&e);
      } else {
        ++unreadable_;
      }
    }
  }

  absl::StatusOr<VfsFile> Read(absl::string_view path) const override {
    absl::StatusOr<const hpi::HpiEntry*> e = Find(path);
    if (!e.ok()) return e.status();
    absl::StatusOr<std::vector<uint8_t>> data = hpi::ReadEntry(directory_, file_.bytes(), **e);
    if (!data.ok()) return data.status();  // names the archive, the entry and the offset
    return VfsFile{StatOf(**e),
                   Blob::FromBuffer(std::make_shared<const std::vector<uint8_t>>(*std::move(data)))};
  }

  absl::StatusOr<VfsStat> Stat(absl::string_view path) const override {
    absl::StatusOr<const hpi::HpiEntry*> e = Find(path);
    if (!e.ok()) return e.status();
    return StatOf(**e);
  }

  absl::StatusOr<std::vector<VfsEntry>> List(Progress& progress) const override {
    std::vector<VfsEntry> out;
    out.reserve(served_.size());
    for (const hpi::HpiEntry* e : served_) {
      if ((out.size() + 1) % kListReportEvery == 0 &&
          !progress.Report(out.size() + 1, 0,
                           absl::StrCat("listed ", out.size() + 1, " entries"))) {
        return absl::CancelledError(absl::StrCat(archive_.path, ": listing cancelled"));
      }
      out.push_back({e->path, e->size, archive_.path, {}});
    }
    return out;
  }

  std::vector<VfsSource> Sources() const override {
    VfsSource source{archive_.path, "archive", directory_.version, served_.size()};
    if (unreadable_ > 0) {
      source.problem = absl::StrCat(unreadable_, " entries left out: their names would leave the "
                                    "folder or cannot be spelled as a path");
    }
    return {source};
  }

 private:
  static bool IsServed(const hpi::HpiEntry& e) {
    absl::StatusOr<std::string> norm = NormalizePath(e.path);
    return norm.ok() && *norm == e.path;
  }

  VfsStat StatOf(const hpi::HpiEntry& e) const {
    return VfsStat{e.path, e.size, archive_.modified_ns, archive_.identity.Entry(e.path)};
  }

  absl::StatusOr<const hpi::HpiEntry*> Find(absl::string_view given) const {
    absl::StatusOr<std::string> norm = NormalizePath(given);
    if (!norm.ok()) return norm.status();
    const hpi::HpiEntry* e = directory_.Find(*norm);
    if (e != nullptr && (e->path == *norm || IsServed(*e))) return e;
    if (IsFolder(*norm)) return absl::FailedPreconditionError(absl::StrCat(given, ": is a folder"));
    return absl::NotFoundError(absl::StrCat(given, ": no such file"));
  }

  // A folder exists in an archive only as the common prefix of its files.
  // The entries are sorted ignoring case, so the files under "a/b/" follow
  // the first path at or after it.
  bool IsFolder(const std::string& norm) const {
    const std::string folder = norm + "/";
    auto it = std::lower_bound(served_.begin(), served_.end(), folder,
                               [](const hpi::HpiEntry* e, const std::string& f) {
                                 return CompareIgnoringCase(e->path, f) < 0;
                               });
    return it != served_.end() && absl::StartsWithIgnoreCase((*it)->path, folder);
  }

  // The archive's own order: ASCII case-insensitive ('\' never occurs in a
  // served path).
  static int CompareIgnoringCase(absl::string_view a, absl::string_view b) {
    const size_t n = std::min(a.size(), b.size());
    for (size_t i = 0; i < n; ++i) {
      const unsigned char x = absl::ascii_tolower(a[i]), y = absl::ascii_tolower(b[i]);
      if (x != y) return x < y ? -1 : 1;
    }
    return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
  }

  Blob file_;
  VfsStat archive_;
  hpi::HpiArchive directory_;
  std::vector<const hpi::HpiEntry*> served_;  // in directory_.entries' order
  uint64_t unreadable_ = 0;
};

}  // namespace

bool IsArchiveName(absl::string_view name) {
  for (const char* ext : kArchiveExtensions) {
    if (absl::EndsWithIgnoreCase(name, ext) && name.size() > 4) return true;
  }
  return false;
}

absl::StatusOr<std::unique_ptr<Vfs>> MakeArchiveVfs(Blob file, VfsStat archive) {
  absl::StatusOr<hpi::HpiArchive> directory = hpi::OpenHpi(file.bytes(), archive.path);
  if (!directory.ok()) return directory.status();
  return std::make_unique<ArchiveVfs>(std::move(file), std::move(archive), *std::move(directory));
}

}  // namespace kbot::contexts
