// `kbot hpi extract ARCHIVE [GLOB...] --target DIR`.
//
// What it guarantees, whatever the archive's names say:
//   - nothing is written outside DIR: every entry's path goes through
//     contexts::NormalizePath, and what it refuses ("..", absolute paths,
//     drive letters, NUL bytes, empty names) is reported and skipped; folders
//     are created one component at a time, and a component already in DIR
//     that is a link leading out of it (or a file) stops that entry;
//   - each file is written beside its target and renamed into place
//     (contexts::WriteFileAtomically): no partial file, no temporary left;
//   - the archive is case-insensitive, so entries whose paths differ only in
//     case (or in separators) would overwrite each other on a case-sensitive
//     disk: the first in the archive's order is extracted and each later one
//     is reported as a conflict; an entry whose path is also a folder of
//     another entry is reported the same way (the folder's files win).
//     Folder names are spelt as the first entry under them spells them, so
//     "Units/a" and "UNITS/b" share one folder;
//   - a corrupt entry is reported ("kbot: hpi extract: ARCHIVE: ENTRY: why")
//     and the others still come out; a glob that matches nothing is reported.
// Exit status 1 when anything was reported, else 0. Entries are decoded on
// every core (hpi::ReadEntriesParallel); progress goes to stderr when it is a
// terminal.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace kbot::app {

struct HpiExtractOptions {
  std::string archive;
  std::optional<std::string> context;  // ARCHIVE is a path inside this context
  std::vector<std::string> globs;      // none: every entry
  std::string target;
  int threads = 0;                     // 0: every core
};

int RunHpiExtract(const HpiExtractOptions& options);

// Whether `real` lies under `real_root` (both already resolved): what
// extract checks before it writes and pack before it reads a folder.
bool PathInside(const std::filesystem::path& real, const std::filesystem::path& real_root);

}  // namespace kbot::app
