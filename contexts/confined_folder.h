// A folder that writes stay inside: `kbot hpi extract --target DIR` and the
// write tools of `kbot mcp --output DIR` (hpi_extract, and gaf_export and
// map_render with a `target`).
//
// What it guarantees, whatever names it is given:
//   - nothing is written outside the folder: a name goes through
//     contexts::NormalizePath, and what that refuses ("..", absolute paths,
//     drive letters, NUL bytes, empty names) is refused here with the reason;
//     folders are created one component at a time, and a component already
//     there that is a file, or a link leading out of the folder, is refused;
//   - each file is written beside its target and renamed into place
//     (contexts::WriteFileAtomically): no partial file, no temporary left.
// Safe to use from several threads at once.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "contexts/file_io.h"

namespace kbot::contexts {

class ConfinedFolder {
 public:
  // The folder at `path`, made (with its parents) when missing.
  // InvalidArgument when it cannot be made or is not a folder.
  static absl::StatusOr<std::unique_ptr<ConfinedFolder>> Open(const std::string& path);

  const std::filesystem::path& root() const { return root_; }  // as given

  // `name` as a path inside the folder ('/'-separated), or InvalidArgument
  // "NAME: WHY" (WhyUnsafe) when it would not stay inside.
  static absl::StatusOr<std::string> Inside(absl::string_view name);

  // Makes the folders of `relative` (a path Inside() returned), one at a time.
  absl::Status MakeFolders(absl::string_view relative);

  // Writes `bytes` at `relative` (a path Inside() returned), its folders made,
  // atomically; a folder already at that path is refused.
  absl::Status WriteFile(absl::string_view relative, Bytes bytes, Flush flush = Flush::kYes);

  // One flush of the whole file system, after many files written with kNo.
  absl::Status FlushAll() const;

 private:
  ConfinedFolder(std::filesystem::path root, std::filesystem::path real_root)
      : root_(std::move(root)), real_root_(std::move(real_root)) {}
  absl::Status MakeOne(const std::filesystem::path& path) const;

  const std::filesystem::path root_, real_root_;
  std::mutex mu_;
  std::set<std::string> made_;  // folders already made or checked
};

// Why NormalizePath refuses `name`, in words about a target folder: "a NUL
// byte in the name", "an absolute path", "a drive path", "\"..\" would leave
// the target folder", "an empty name".
std::string WhyUnsafe(absl::string_view name);

// Whether `real` lies under `real_root` (both already resolved): what a
// confined folder checks before it writes, and `kbot hpi pack` before it
// reads a folder.
bool PathInside(const std::filesystem::path& real, const std::filesystem::path& real_root);

}  // namespace kbot::contexts
