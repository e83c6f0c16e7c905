#include "app/game_file_place.h"

#include <filesystem>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "app/workspace_support.h"
#include "contexts/vfs.h"

namespace kbot::app {

namespace {

absl::Status FolderPlace(const std::string& file, absl::string_view folder, contexts::Game game,
                         GameFilePlace& place) {
  const std::filesystem::path p(file);
  std::filesystem::path root = p.parent_path().empty() ? "." : p.parent_path();
  place.path = p.filename().string();
  if (absl::EqualsIgnoreCase(root.filename().string(), folder)) {
    place.path = absl::StrCat(root.filename().string(), "/", place.path);
    root = root.parent_path().empty() ? "." : root.parent_path();
  }
  absl::StatusOr<std::unique_ptr<contexts::Vfs>> vfs = contexts::MakeDirectoryVfs(root.string());
  if (!vfs.ok()) return vfs.status();
  place.made.push_back(std::make_shared<const contexts::Context>(
      // Nameless: its errors name the file alone, as a plain file's should.
      contexts::Context{"", game, root.string(), false, *std::move(vfs)}));
  place.context = place.made.back().get();
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<GameFilePlace> PlaceGameFile(const std::string& file,
                                            const std::optional<std::string>& context,
                                            absl::string_view folder, contexts::Game game) {
  GameFilePlace place;
  if (!context) {
    if (absl::Status s = FolderPlace(file, folder, game, place); !s.ok()) return s;
    return place;
  }
  absl::StatusOr<contexts::Workspace> ws = OpenWorkspace({});
  if (!ws.ok()) return ws.status();
  place.workspace = std::make_shared<const contexts::Workspace>(*std::move(ws));
  absl::StatusOr<const contexts::Context*> found = place.workspace->Find(*context);
  if (!found.ok()) return found.status();
  place.context = *found;
  place.path = file;
  return place;
}

}  // namespace kbot::app
