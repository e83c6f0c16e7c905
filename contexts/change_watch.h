// Whether anything changed under a context's folder: a recursive inotify
// watch, so that what was worked out from the folder (tacatalog::CatalogOf's
// catalog) can be answered again without listing and statting every file.
//
// It watches every folder under the root (the root included): a file or
// folder created, deleted, written, closed after writing, renamed in, out or
// within, its attributes or times changed (IN_CREATE, IN_DELETE, IN_MODIFY,
// IN_CLOSE_WRITE, IN_MOVED_FROM, IN_MOVED_TO, IN_ATTRIB, IN_DELETE_SELF,
// IN_MOVE_SELF). Each is a change; so is a lost event (IN_Q_OVERFLOW). A
// folder that appears (made, or moved in) is watched at once, with what it
// already holds. Links are never followed: a link to a folder inside the root
// is a path to a folder that is watched anyway, one leading out is a path the
// VFS refuses.
//
// What it cannot see, and so what must not be given a watch: writes made on
// another machine (a network or FUSE file system: Start returns null for the
// known kinds), writes to a file through a hard link from outside the root,
// and stores into a shared memory map of a file (no event at all). A watch
// that loses track (the root deleted or moved, a folder that appeared over
// the bound or cannot be watched) says "changed" on every call from then on:
// its callers take their full path.
//
// Thread-safe. Costs one inotify instance and a watch per folder (the
// kernel's per-user limits: fs.inotify.max_user_instances and
// max_user_watches); Start returns null when they are reached.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_set>

namespace kbot::contexts {

// Folders one watch takes at most: past this a full check is cheaper to keep
// than a watch per folder.
inline constexpr size_t kMaxWatchedFolders = 10'000;

class ChangeWatch {
 public:
  // A watch over every folder under `root` (links followed in `root` itself
  // only). Null when inotify is unavailable, the kernel's limits are reached,
  // `root` is not a folder, lies on a file system changed from elsewhere
  // (NFS, SMB, FUSE, 9p, Ceph, AFS, Coda, vboxsf), or holds more than
  // `max_folders` folders or one that cannot be watched (unreadable).
  static std::shared_ptr<ChangeWatch> Start(const std::string& root,
                                            size_t max_folders = kMaxWatchedFolders);
  ~ChangeWatch();
  ChangeWatch(const ChangeWatch&) = delete;
  ChangeWatch& operator=(const ChangeWatch&) = delete;

  // Takes the events that arrived, without waiting, and returns a number
  // that is larger than every earlier answer when anything changed since
  // (the same number otherwise). A change made before this call returned is
  // in it: the kernel queues an event before the call that made the change
  // returns. A watch that lost track answers a new number every time.
  uint64_t Generation();

  // Folders watched now (tests).
  size_t folders() const;

 private:
  ChangeWatch(int fd, std::string root, size_t max_folders);
  bool Rescan();                          // mu_ held; false: lost track
  bool Drain(bool& changed, bool& rescan);  // mu_ held; false: lost track

  const int fd_;
  const std::string root_;  // canonical
  const size_t max_folders_;
  mutable std::mutex mu_;
  int root_wd_ = -1;
  std::unordered_set<int> folders_;  // the watch descriptors
  uint64_t generation_ = 0;
  bool lost_ = false;
};

}  // namespace kbot::contexts
