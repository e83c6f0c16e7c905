// The files inside one HPI-family archive (*.hpi, *.ufo, *.ccx, *.gp3, *.gp4,
// *.swx), served as a VFS: lookups are case-insensitive like a folder's, and
// reading an entry decodes only that entry's bytes.
#pragma once

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "contexts/vfs.h"

namespace kbot::contexts {

// True for the file names of the HPI family, by extension, ignoring case.
bool IsArchiveName(absl::string_view name);

// Opens the archive held in `file` (its directory only; `file` stays alive as
// long as the VFS). `archive` is the archive's own stat in the enclosing VFS:
// its path names the archive in listings ("source") and errors, and its
// modification time stamps every entry, so a cache keyed by VfsStat sees an
// edited archive as edited entries. An archive that cannot be opened is an
// error naming it.
absl::StatusOr<std::unique_ptr<Vfs>> MakeArchiveVfs(Blob file, VfsStat archive);

}  // namespace kbot::contexts
