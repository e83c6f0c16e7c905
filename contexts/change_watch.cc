#include "contexts/change_watch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <vector>

namespace kbot::contexts {

namespace {

constexpr uint32_t kChangeEvents = IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE |
                                   IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF |
                                   IN_MOVE_SELF;

// File systems whose files may change without this kernel seeing it (another
// machine, a FUSE server writing its own backing store): inotify stays silent.
bool ChangedFromElsewhere(int dir_fd) {
  struct statfs info {};
  if (::fstatfs(dir_fd, &info) != 0) return true;
  switch (static_cast<uint64_t>(info.f_type)) {
    case 0x6969:      // NFS
    case 0x517B:      // SMB
    case 0xFF534D42:  // CIFS
    case 0xFE534D42:  // SMB2
    case 0x65735546:  // FUSE (sshfs, virtiofs, ...)
    case 0x01021997:  // 9p
    case 0x00C36400:  // Ceph
    case 0x5346414F:  // AFS
    case 0x73757245:  // Coda
    case 0x786F4256:  // vboxsf
      return true;
    default:
      return false;
  }
}

// The folders directly in `dir` (not links to folders), appended to `out`.
// False when `dir` cannot be read or lies on a file system changed from
// elsewhere; true for a folder that went away meanwhile (its parent's event
// says so).
bool AddSubfolders(const std::string& dir, std::vector<std::string>& out) {
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return errno == ENOENT || errno == ENOTDIR;
  bool ok = !ChangedFromElsewhere(::dirfd(d));
  for (struct dirent* e; ok && (e = ::readdir(d)) != nullptr;) {
    if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
    bool folder = e->d_type == DT_DIR;
    if (e->d_type == DT_UNKNOWN) {
      struct stat st {};
      folder = ::fstatat(::dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
               S_ISDIR(st.st_mode);
    }
    if (folder) out.push_back(dir == "/" ? "/" + std::string(e->d_name) : dir + "/" + e->d_name);
  }
  ::closedir(d);
  return ok;
}

}  // namespace

ChangeWatch::ChangeWatch(int fd, std::string root, size_t max_folders)
    : fd_(fd), root_(std::move(root)), max_folders_(max_folders) {}

ChangeWatch::~ChangeWatch() { ::close(fd_); }  // closing drops every watch

std::shared_ptr<ChangeWatch> ChangeWatch::Start(const std::string& root, size_t max_folders) {
  char* real = ::realpath(root.c_str(), nullptr);
  if (real == nullptr) return nullptr;
  std::string canonical(real);
  std::free(real);
  const int fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd < 0) return nullptr;
  std::shared_ptr<ChangeWatch> watch(new ChangeWatch(fd, std::move(canonical), max_folders));
  std::lock_guard<std::mutex> lock(watch->mu_);
  if (!watch->Rescan()) return nullptr;
  return watch;
}

// Watches every folder under the root, walking down from it. A folder is
// watched before it is read, so what appears in it later is an event and what
// was there before is found by the reading. Folders already watched keep
// their descriptors; watches of folders no longer found are removed.
bool ChangeWatch::Rescan() {
  std::unordered_set<int> seen;
  std::vector<std::string> pending{root_};
  while (!pending.empty()) {
    const std::string dir = std::move(pending.back());
    pending.pop_back();
    const int wd = ::inotify_add_watch(fd_, dir.c_str(), kChangeEvents | IN_ONLYDIR |
                                                            IN_DONT_FOLLOW);
    if (wd < 0) {
      // Gone (or replaced by a file) since its parent was read: an event
      // tells. Anything else (no permission, the kernel's limit) loses track.
      if ((errno == ENOENT || errno == ENOTDIR) && dir != root_) continue;
      return false;
    }
    if (dir == root_) root_wd_ = wd;
    // The same folder reached twice (a bind mount of a folder inside itself):
    // walked once.
    if (!seen.insert(wd).second) continue;
    if (seen.size() > max_folders_) return false;
    if (!AddSubfolders(dir, pending)) return false;
  }
  for (int wd : folders_) {
    if (seen.count(wd) == 0) ::inotify_rm_watch(fd_, wd);
  }
  folders_ = std::move(seen);
  return true;
}

// Reads every pending event. `changed`: any was a change; `rescan`: a folder
// appeared, left or was renamed, or events were lost, so the set of folders
// watched must be walked again. False when the root itself went away.
bool ChangeWatch::Drain(bool& changed, bool& rescan) {
  alignas(struct inotify_event) char buffer[16 * 1024];
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return true;
    if (n <= 0) return false;
    for (ssize_t at = 0; at + ssize_t(sizeof(struct inotify_event)) <= n;) {
      struct inotify_event event {};
      std::memcpy(&event, buffer + at, sizeof event);  // the header; the name is not needed
      at += ssize_t(sizeof event) + ssize_t(event.len);
      if (event.mask & IN_Q_OVERFLOW) {
        changed = rescan = true;
        continue;
      }
      if (event.mask & IN_IGNORED) {  // a folder deleted, or a watch removed by Rescan
        folders_.erase(event.wd);
        if (event.wd == root_wd_) return false;
        continue;
      }
      if (event.wd == root_wd_ && (event.mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT))) {
        return false;
      }
      if (event.mask & IN_UNMOUNT) rescan = true;  // the folder beneath shows again
      if ((event.mask & IN_ISDIR) && (event.mask & (IN_CREATE | IN_MOVED_FROM | IN_MOVED_TO))) {
        rescan = true;
      }
      changed = true;
    }
  }
}

uint64_t ChangeWatch::Generation() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!lost_) {
    bool changed = false, rescan = false;
    lost_ = !Drain(changed, rescan) || (rescan && !Rescan());
    if (changed) ++generation_;
  }
  if (lost_) ++generation_;  // every answer differs: callers take their full path
  return generation_;
}

size_t ChangeWatch::folders() const {
  std::lock_guard<std::mutex> lock(mu_);
  return folders_.size();
}

}  // namespace kbot::contexts
