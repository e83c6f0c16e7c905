// The VFS of a game-data folder: its loose files over every HPI-family
// archive at its top level (*.hpi, *.ufo, *.ccx, *.gp3, *.gp4, *.swx, any
// case), as the games themselves see it.
//
// Which copy of a path is read (the precedence rule; listings name the
// source of each entry and the copies it hides):
//   1. a loose file in the folder wins over every archive (what modders
//      expect: drop a file in to override the archived one);
//   2. then archives by kind, patches and add-ons over the base data:
//      .gp4, .gp3, .ccx, .ufo, .swx, .hpi;
//   3. archives of one kind by file name, ignoring case, the later name
//      first (rev31.gp3 over rev30.gp3, totala4.hpi over totala1.hpi).
//
// Archives are opened on first use (their directories only), and again when
// they change: the folder's modification time is checked on every lookup (an
// archive added, removed or renamed into place), the archives' names, sizes
// and times at most once a second (one rewritten in place), and on every
// lookup while the folder's time is under two seconds old (file times tick
// too coarsely to tell two quick changes apart). Unchanged archives are kept.
// An archive that cannot be opened is skipped; Sources() names it and why.
#pragma once

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "contexts/vfs.h"

namespace kbot::contexts {

// True when the archive named `a` takes precedence over the one named `b`
// (rules 2 and 3 above; both are archive names).
bool ArchivePrecedes(absl::string_view a, absl::string_view b);

// The folder `root` (must exist; see MakeDirectoryVfs).
absl::StatusOr<std::unique_ptr<Vfs>> MakeGameFolderVfs(const std::string& root);

}  // namespace kbot::contexts
