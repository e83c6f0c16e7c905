// The contexts one run of kbot serves: the registry's, plus any given with
// --context for this run, or else the built-in demo context.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/registry.h"
#include "contexts/vfs.h"

namespace kbot::contexts {

struct Context {
  std::string name;
  Game game = Game::kTa;
  std::string root;      // the folder; empty for the built-in demo
  bool builtin = false;  // the demo context, generated in memory
  std::unique_ptr<Vfs> vfs;
};

inline constexpr const char* kDemoContextName = "demo";

class Workspace {
 public:
  // Opens a VFS for each spec (a folder that is missing is an error naming
  // the context and the folder). No spec at all: the built-in demo context.
  // Later specs with a name already taken replace the earlier one (a
  // --context flag overrides the registry for one run).
  static absl::StatusOr<Workspace> Open(const std::vector<ContextSpec>& specs);

  const std::vector<Context>& contexts() const { return contexts_; }

  // The context called `name`; without a name, the only context when there
  // is exactly one. Errors (NotFound / InvalidArgument) list the names known.
  absl::StatusOr<const Context*> Find(const std::optional<std::string>& name) const;

 private:
  std::vector<Context> contexts_;
};

// The built-in demo context (game takingdoms, so that the corner-guess default
// and the palette chain have something to show) over MakeDemoAssets().
absl::StatusOr<Context> MakeDemoContext();

}  // namespace kbot::contexts
