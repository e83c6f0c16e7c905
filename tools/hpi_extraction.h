// Extracting an archive's entries into a folder: the work behind
// `kbot hpi extract ARCHIVE [GLOB...] --target DIR` and the hpi_extract tool
// of `kbot mcp --output DIR`.
//
// What it guarantees, whatever the archive's names say:
//   - nothing is written outside the folder (contexts/confined_folder.h): an
//     entry whose name would leave it ("..", absolute paths, drive letters,
//     NUL bytes, empty names) is reported and skipped, and so is one whose
//     folder is already there as a file or as a link leading out;
//   - each file is renamed into place whole: no partial file, no temporary;
//   - the archive is case-insensitive, so entries whose paths differ only in
//     case (or in separators) would overwrite each other on a case-sensitive
//     disk: the first in the archive's order is extracted and each later one
//     is reported as a conflict; an entry whose path is also a folder of
//     another entry is reported the same way (the folder's files win).
//     Folder names are spelt as the first entry under them spells them, so
//     "Units/a" and "UNITS/b" share one folder;
//   - a corrupt entry is reported ("ARCHIVE: ENTRY: why") and the others
//     still come out; a glob that matches nothing is reported.
// Entries are decoded on several threads (hpi::ReadEntriesParallel).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "contexts/confined_folder.h"
#include "formats/common/byte_reader.h"
#include "formats/hpi/hpi.h"

namespace kbot::tools {

// What an extraction tells as it goes. Problem and Done are called from the
// worker threads, one at a time (the extraction holds a lock around them).
class ExtractObserver {
 public:
  virtual ~ExtractObserver() = default;
  // The entries about to be extracted and their unpacked bytes.
  virtual void Start(size_t entries, uint64_t bytes) {}
  // Something not extracted: "ARCHIVE: ENTRY: why", "ARCHIVE: no entry
  // matches \"GLOB\"", or a flush that failed.
  virtual void Problem(const std::string& what) = 0;
  // One entry finished, written or not; `bytes` is its unpacked size.
  virtual void Done(uint64_t bytes) {}
  // True once the extraction should start no new entry (a cancelled call).
  virtual bool Stopped() { return false; }
};

struct ExtractCounts {
  size_t selected = 0;  // entries the globs chose (every entry without globs)
  size_t written = 0;
  uint64_t written_bytes = 0;
  size_t problems = 0;
  bool stopped = false;  // the observer said stop before every entry was done
};

// Extracts the entries of `archive` (read from `file`) that any of `globs`
// selects (every entry when there is none) into `target`, on `threads`
// threads (0: every core).
ExtractCounts ExtractHpi(const hpi::HpiArchive& archive, Bytes file,
                         const std::vector<std::string>& globs, contexts::ConfinedFolder& target,
                         int threads, ExtractObserver& observer);

}  // namespace kbot::tools
