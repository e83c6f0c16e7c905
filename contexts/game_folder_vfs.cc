#include "contexts/game_folder_vfs.h"

#include <sys/stat.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "contexts/archive_vfs.h"
#include "contexts/overlay_vfs.h"

namespace kbot::contexts {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// Rule 2 of the header: the lower, the earlier.
int KindRank(absl::string_view name) {
  constexpr const char* kOrder[] = {".gp4", ".gp3", ".ccx", ".ufo", ".swx", ".hpi"};
  for (int i = 0; i < int(std::size(kOrder)); ++i) {
    if (absl::EndsWithIgnoreCase(name, kOrder[i])) return i;
  }
  return int(std::size(kOrder));
}

// How often an unchanged folder's archives are stat'ed for edits in place.
constexpr auto kArchiveRecheck = std::chrono::seconds(1);
// How long after a change a folder's time is not trusted (see Current).
constexpr int64_t kRacyWindowNs = 2'000'000'000;

int64_t ModifiedNs(const struct stat& st) {
  return int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

// The message of `status` without the leading "NAME: ": a source's problem
// is shown beside its name.
std::string WithoutName(const absl::Status& status, absl::string_view name) {
  absl::string_view message = status.message();
  absl::ConsumePrefix(&message, absl::StrCat(name, ": "));
  return std::string(message);
}

int64_t WallNs() {
  struct timespec ts {};
  ::clock_gettime(CLOCK_REALTIME, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

// The archives of the folder at one moment, opened, in precedence order.
struct Snapshot {
  int64_t folder_modified_ns = -1;
  Clock::time_point checked;
  struct Archive {
    VfsStat stat;
    std::shared_ptr<const Vfs> vfs;  // null when it could not be opened
    std::string problem;
  };
  std::vector<Archive> archives;
  std::shared_ptr<const Vfs> overlay;
};

class GameFolderVfs final : public Vfs {
 public:
  GameFolderVfs(std::string root, std::shared_ptr<const Vfs> loose)
      : root_(std::move(root)), loose_(std::move(loose)) {}

  absl::StatusOr<VfsFile> Read(absl::string_view path) const override {
    return Current()->overlay->Read(path);
  }
  absl::StatusOr<VfsStat> Stat(absl::string_view path) const override {
    return Current()->overlay->Stat(path);
  }
  absl::StatusOr<std::vector<VfsEntry>> List(Progress& progress) const override {
    return Current()->overlay->List(progress);
  }
  std::vector<VfsSource> Sources() const override {
    const std::shared_ptr<const Snapshot> now = Current();
    std::vector<VfsSource> out = loose_->Sources();
    for (const Snapshot::Archive& a : now->archives) {
      if (a.vfs == nullptr) {
        out.push_back({a.stat.path, "archive", 0, 0, a.problem});
      } else {
        for (VfsSource& s : a.vfs->Sources()) out.push_back(std::move(s));
      }
    }
    return out;
  }

 private:
  std::shared_ptr<const Snapshot> Current() const;
  static bool SameArchives(const Snapshot& s, const std::vector<VfsStat>& now);
  std::shared_ptr<const Snapshot> Open(int64_t folder_modified_ns,
                                       std::vector<VfsStat> archives) const;
  std::vector<VfsStat> ArchiveStats() const;

  std::string root_;
  std::shared_ptr<const Vfs> loose_;
  mutable std::mutex mu_;
  mutable std::shared_ptr<const Snapshot> snapshot_;  // guarded by mu_
};

std::shared_ptr<const Snapshot> GameFolderVfs::Current() const {
  struct stat st {};
  const int64_t folder_ns = ::stat(root_.c_str(), &st) == 0 ? ModifiedNs(st) : -1;
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = Clock::now();
  // File times tick coarsely (a few ms): two changes within one tick leave the
  // folder's time as it was. While its time is that recent, the archives are
  // checked on every lookup instead of trusting it.
  const bool racy = WallNs() - folder_ns < kRacyWindowNs;
  if (snapshot_ != nullptr && snapshot_->folder_modified_ns == folder_ns && !racy &&
      now - snapshot_->checked < kArchiveRecheck) {
    return snapshot_;
  }
  std::vector<VfsStat> archives = ArchiveStats();
  if (snapshot_ != nullptr && snapshot_->folder_modified_ns == folder_ns &&
      SameArchives(*snapshot_, archives)) {
    auto refreshed = std::make_shared<Snapshot>(*snapshot_);
    refreshed->checked = now;
    snapshot_ = std::move(refreshed);
    return snapshot_;
  }
  snapshot_ = Open(folder_ns, std::move(archives));
  return snapshot_;
}

bool GameFolderVfs::SameArchives(const Snapshot& s, const std::vector<VfsStat>& now) {
  if (s.archives.size() != now.size()) return false;
  for (size_t i = 0; i < now.size(); ++i) {
    const VfsStat& was = s.archives[i].stat;
    if (was.path != now[i].path || was.size != now[i].size ||
        was.modified_ns != now[i].modified_ns || was.identity != now[i].identity) {
      return false;
    }
  }
  return true;
}

// The archives at the top of the folder, as the loose VFS sees them (so a
// link leaving the folder is refused there), in precedence order.
std::vector<VfsStat> GameFolderVfs::ArchiveStats() const {
  std::vector<VfsStat> out;
  std::error_code ec;
  for (fs::directory_iterator it(root_, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!IsArchiveName(name)) continue;
    absl::StatusOr<VfsStat> stat = loose_->Stat(name);
    if (stat.ok()) out.push_back(*std::move(stat));
  }
  std::sort(out.begin(), out.end(), [](const VfsStat& a, const VfsStat& b) {
    return ArchivePrecedes(a.path, b.path);
  });
  return out;
}

std::shared_ptr<const Snapshot> GameFolderVfs::Open(int64_t folder_modified_ns,
                                                    std::vector<VfsStat> archives) const {
  // Archives that did not change are kept as they are: reopening costs their
  // directories, and readers may still hold them.
  std::map<std::string, const Snapshot::Archive*> before;
  if (snapshot_ != nullptr) {
    for (const Snapshot::Archive& a : snapshot_->archives) before[a.stat.path] = &a;
  }
  auto s = std::make_shared<Snapshot>();
  s->folder_modified_ns = folder_modified_ns;
  s->checked = Clock::now();
  std::vector<std::shared_ptr<const Vfs>> layers{loose_};
  for (VfsStat& stat : archives) {
    Snapshot::Archive archive{stat, nullptr, ""};
    auto same = before.find(stat.path);
    // The identity too: an archive renamed over another of the same size and
    // time (cp -p, an unpacked backup) is another file.
    if (same != before.end() && same->second->stat.size == stat.size &&
        same->second->stat.modified_ns == stat.modified_ns &&
        same->second->stat.identity == stat.identity) {
      archive = *same->second;
    } else if (absl::StatusOr<VfsFile> file = loose_->Read(stat.path); !file.ok()) {
      archive.problem = WithoutName(file.status(), stat.path);
    } else if (absl::StatusOr<std::unique_ptr<Vfs>> vfs = MakeArchiveVfs(file->blob, file->stat);
               !vfs.ok()) {
      archive.problem = WithoutName(vfs.status(), stat.path);
    } else {
      archive.stat = file->stat;
      archive.vfs = *std::move(vfs);
    }
    if (archive.vfs != nullptr) layers.push_back(archive.vfs);
    s->archives.push_back(std::move(archive));
  }
  s->overlay = MakeOverlayVfs(std::move(layers));
  return s;
}

}  // namespace

bool ArchivePrecedes(absl::string_view a, absl::string_view b) {
  const int ka = KindRank(a), kb = KindRank(b);
  if (ka != kb) return ka < kb;
  const std::string la = absl::AsciiStrToLower(a), lb = absl::AsciiStrToLower(b);
  if (la != lb) return la > lb;
  return a < b;  // names that differ only in case: any fixed order
}

absl::StatusOr<std::unique_ptr<Vfs>> MakeGameFolderVfs(const std::string& root) {
  absl::StatusOr<std::unique_ptr<Vfs>> loose = MakeDirectoryVfs(root);
  if (!loose.ok()) return loose.status();
  return std::make_unique<GameFolderVfs>(root, std::shared_ptr<const Vfs>(*std::move(loose)));
}

}  // namespace kbot::contexts
