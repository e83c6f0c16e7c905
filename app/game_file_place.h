// Where a command reads a game file it is given: the named context (FILE is
// then a path in it), or, for a plain file, a nameless folder context over
// the file's game folder, so that what the file refers to is found beside
// it: a map's features (maps/ -> the folder above), a model's textures
// (objects3d/ -> the folder above), a script's model (scripts/ -> above).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "contexts/workspace.h"

namespace kbot::app {

struct GameFilePlace {
  std::shared_ptr<const contexts::Workspace> workspace;      // with --context
  std::vector<std::shared_ptr<const contexts::Context>> made;  // contexts made here
  const contexts::Context* context = nullptr;
  std::string path;  // the file in `context`
};

// With `context`, that context of the user's workspace and `file` as the
// path in it. Else a folder context, playing `game`, rooted at the parent
// of `file`'s folder when that folder is called `folder` (any case; the
// path is then "FOLDER/NAME"), or at the file's own folder.
absl::StatusOr<GameFilePlace> PlaceGameFile(const std::string& file,
                                            const std::optional<std::string>& context,
                                            absl::string_view folder, contexts::Game game);

}  // namespace kbot::app
