// The context registry: named game-data folders with their game kind, kept in
// contexts.json, plus the per-game defaults every tool applies.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/gaf/transparency.h"

namespace kbot::contexts {

enum class Game { kTa, kTaKingdoms, kGta };

// "ta", "takingdoms", "gta"; anything else is InvalidArgument listing them.
absl::StatusOr<Game> ParseGame(absl::string_view text);
const char* GameName(Game game);

// Everything that differs by game, in one place.
struct GameDefaults {
  const char* title;                // "Total Annihilation", ...
  gaf::Transparency transparency;  // game rule for ta, corner guess for takingdoms
};
GameDefaults DefaultsFor(Game game);

struct ContextSpec {
  std::string name;
  Game game = Game::kTa;
  std::string path;  // absolute folder
};

// 1-64 of [A-Za-z0-9_.-], not starting with '.': a name appears in kbot://
// URIs and on command lines.
absl::Status ValidateContextName(absl::string_view name);

// `dir` made absolute (relative to the working folder) and normal, whether
// or not anything is there. InvalidArgument naming `dir` when it cannot be.
absl::StatusOr<std::string> AbsolutePath(const std::string& dir);

// AbsolutePath, for storing a folder: NotFound when nothing is there,
// InvalidArgument when it is not a folder. Messages name `dir` as given.
absl::StatusOr<std::string> AbsoluteFolder(const std::string& dir);

// "NAME=GAME:DIR" of `--context` (DIR made absolute; a DIR that is not a
// folder makes an unavailable context when the workspace opens it).
absl::StatusOr<ContextSpec> ParseContextFlag(absl::string_view flag);

// contexts.json in $KBOT_CONFIG_DIR, else $XDG_CONFIG_HOME/kbot, else
// ~/.config/kbot. FailedPrecondition when none of those is set.
absl::StatusOr<std::string> RegistryPath();

// A missing file is an empty registry. Anything else that is not a valid
// registry (unreadable, not JSON, wrong shape, bad name or game, duplicate
// name) is an error naming the file and what is wrong; never silently empty.
absl::StatusOr<std::vector<ContextSpec>> LoadRegistry(const std::string& file);
// Creates the folder when needed; writes atomically.
absl::Status SaveRegistry(const std::string& file, const std::vector<ContextSpec>& contexts);

}  // namespace kbot::contexts
