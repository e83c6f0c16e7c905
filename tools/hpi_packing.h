// Packing a folder into an HPI archive: the work behind
// `kbot hpi pack DIR --target ARCHIVE`.
//
// ListFolderToPack says what goes in: every regular file under the folder,
// by its path relative to it ('/'-separated), and its size. A link is
// followed only to a file inside the folder; links to folders are not
// followed (a link back up would loop); special files are left out. Each
// left-out path is returned with the reason. The archive itself, when the
// target is inside the folder (packing it again), is left out silently.
//
// PackFolder then streams the archive (formats/hpi/hpi_stream_writer.h): each
// file is opened when its turn comes and read in pieces, and the archive is
// written to a temporary file beside the target, renamed into place at the
// end (contexts::AtomicFileWriter). Memory stays a few chunks per thread plus
// the directory, whatever the folder holds. A file that is gone, cannot be
// read or changed size since the listing stops the packing with an error
// naming it, and then neither the archive nor the temporary file is left.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/hpi/hpi_stream_writer.h"

namespace kbot::tools {

struct FolderToPack {
  std::string dir;
  std::vector<hpi::HpiFileToPack> files;  // paths relative to `dir`, sorted
  std::vector<std::string> skipped;       // "PATH: why"
  uint64_t bytes = 0;                     // all files together
};

absl::StatusOr<FolderToPack> ListFolderToPack(const std::string& dir, const std::string& target);

// Packs what ListFolderToPack listed into `target`; returns the archive's size.
// `stop`, when given, is asked before each read: true ends the packing as a
// failure does ("interrupted"; no archive, no temporary file). An interrupted
// command (Ctrl-C) says so through it.
absl::StatusOr<uint64_t> PackFolder(const FolderToPack& folder, const std::string& target,
                                    const hpi::HpiPackOptions& options,
                                    const std::function<bool()>& stop = {});

}  // namespace kbot::tools
