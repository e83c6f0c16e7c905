// Every GAF sequence of a context by name: what asset_find searches and what
// lets gaf_export find a sequence without its file. Built by reading each
// .gaf/.taf's structure (no pixels), kept in the workspace's parse cache
// (contexts/parse_cache.h), so a second search of an unchanged context reads
// no file again.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "base/progress.h"
#include "contexts/workspace.h"

namespace kbot::tools {

// Whether `path` names a GAF or TAF by its extension (any case).
bool IsGafPath(absl::string_view path);

struct GafSequenceName {
  std::string path;  // the file, as the context lists it
  size_t index = 0;
  std::string name;
  size_t frames = 0;
};

// The sequences of every GAF/TAF of `context`, in path order, then index
// order. A file that cannot be read is skipped (gaf_check says why).
// Progress counts files; CancelledError when it says stop.
absl::StatusOr<std::vector<GafSequenceName>> ContextSequences(const contexts::Context& context,
                                                              Progress& progress);

// The file holding the one sequence of `context` called `name` (ignoring
// case). NotFound naming the near sequence names; InvalidArgument naming
// the files when several hold one of that name.
absl::StatusOr<GafSequenceName> FindContextSequence(const contexts::Context& context,
                                                    const std::string& name, Progress& progress);

}  // namespace kbot::tools
