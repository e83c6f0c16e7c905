// A context's virtual file system: the files of one game-data folder, looked
// up case-insensitively by '/'- or '\'-separated paths that never leave the
// root. Implementations: a folder on disk, files in memory, the entries of one
// HPI archive, and an overlay that stacks several of them (a game folder is
// its loose files over its archives; see game_folder_vfs.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "contexts/file_io.h"
#include "formats/common/byte_reader.h"
#include "base/progress.h"

namespace kbot::contexts {

// The bytes of one file read through a VFS. Copies share the storage (a
// memory map or a buffer), which lives as long as any copy.
class Blob {
 public:
  Blob() = default;
  static Blob FromFile(FileBytes file);
  static Blob FromBuffer(std::shared_ptr<const std::vector<uint8_t>> buffer);
  Bytes bytes() const { return bytes_; }

 private:
  std::shared_ptr<const void> owner_;
  Bytes bytes_;
};

// Which bytes a lookup found, for caches of what was parsed from them
// (contexts/parse_cache.h): equal identities hold the same bytes, as far as
// the file system tells. Unlike a VFS path it names the file itself, so two
// contexts over one folder share it, and a file replaced by another (a
// rename over it, even with the same size and time) has another inode.
struct FileIdentity {
  // The file holding the bytes: a loose file's real path (links followed),
  // or "memory#N" for the files of one in-memory VFS (N unique in the
  // process, so a VFS made later at the same address is another source).
  // Empty: the VFS cannot tell, and nothing may be kept for it.
  std::string file;
  uint64_t device = 0;
  uint64_t inode = 0;
  uint64_t size = 0;         // of `file` (an archive entry: of the archive)
  int64_t modified_ns = 0;   // of `file`
  // The bytes are a part of `file`: an in-memory VFS's path, an archive's
  // entry path; parts of parts (an entry of an archive held in memory) are
  // joined by a NUL byte, which no path holds. Empty: the whole file.
  std::string part;

  bool known() const { return !file.empty(); }
  bool operator==(const FileIdentity&) const = default;
  // The identity of entry `entry` of the archive whose identity this is.
  FileIdentity Entry(absl::string_view entry) const;
};

// Identity of a file's current content, for caches: changes when it is edited.
struct VfsStat {
  std::string path;  // the VFS's own spelling
  uint64_t size = 0;
  int64_t modified_ns = 0;
  FileIdentity identity;
};

// A file read through a VFS: its bytes, and what Stat would have said, from
// the same lookup (resolving a path twice costs a folder VFS its readlinks).
struct VfsFile {
  VfsStat stat;
  Blob blob;
  Bytes bytes() const { return blob.bytes(); }
};

// One file of a VFS listing.
struct VfsEntry {
  std::string path;    // relative, '/'-separated, in the VFS's own spelling
  uint64_t size = 0;
  std::string source;  // where the bytes come from: "folder", "built-in", an archive's name
  // The sources of other copies of this path that this one hides (an overlay
  // reads only the first), in precedence order.
  std::vector<std::string> hides;
};

// One place a VFS takes files from, in precedence order (the first wins).
struct VfsSource {
  std::string name;  // "folder", "built-in", or an archive's path in the folder
  std::string kind;  // "folder", "built-in" or "archive"
  // Archives: the HPI version and the number of files served.
  uint32_t version = 0;
  uint64_t files = 0;
  // Why the source is not used (an archive that cannot be opened), or what
  // it leaves out (entries whose names cannot be read back); empty when fine.
  std::string problem;
};

// Entries a listing goes through between two progress reports (and
// cancellation checks).
inline constexpr uint64_t kListReportEvery = 256;

class Vfs {
 public:
  virtual ~Vfs() = default;
  // Reads the file at `path`. InvalidArgument for a path that would leave the
  // root (see NormalizePath), NotFound when nothing is there,
  // FailedPrecondition when it is a folder; messages name the path as given.
  virtual absl::StatusOr<VfsFile> Read(absl::string_view path) const = 0;
  virtual absl::StatusOr<VfsStat> Stat(absl::string_view path) const = 0;
  // Every file, sorted by path (byte order of the lower-cased path). Reports
  // entries seen so far (total unknown) to `progress`; CancelledError when it
  // says stop.
  virtual absl::StatusOr<std::vector<VfsEntry>> List(Progress& progress = NoProgress()) const = 0;
  // Where the files come from, in precedence order.
  virtual std::vector<VfsSource> Sources() const = 0;
};

// A context path made canonical: '\' becomes '/', empty and "." components go.
// Refused (InvalidArgument, naming the path): "..", an absolute path ("/x",
// "\x", "C:..."), a NUL byte, an empty result.
absl::StatusOr<std::string> NormalizePath(absl::string_view path);

// True when `path` matches the glob `pattern`, case-insensitively: `*` and `?`
// stay inside one component, `**` spans components, `[abc]` / `[a-z]` / `[!a]`
// are classes; '\' in the pattern is a separator like '/'. An empty pattern
// matches everything.
bool GlobMatch(absl::string_view pattern, absl::string_view path);

// The folder `root` (must exist). Lookups try the exact spelling first, then a
// case-insensitive match component by component; the resolved file must lie
// inside the root once symbolic links are followed, else InvalidArgument.
// Listing skips links that leave the root.
absl::StatusOr<std::unique_ptr<Vfs>> MakeDirectoryVfs(const std::string& root);

// Files held in memory (the built-in demo context). `source` names them in
// listings.
struct MemoryFile {
  std::string path;
  std::vector<uint8_t> bytes;
};
std::unique_ptr<Vfs> MakeMemoryVfs(std::vector<MemoryFile> files, std::string source);

}  // namespace kbot::contexts
