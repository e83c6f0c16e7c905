// The contexts one run of kbot serves: the registry's, plus any given with
// --context for this run, or else the built-in one the app makes (the demo
// context, demo/demo_context.h).
#pragma once

#include <functional>
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

// Makes the context served when no spec names one. The app passes the demo
// context's (demo::MakeDemoContext), so that contexts/ links no format writer.
using BuiltinFactory = std::function<absl::StatusOr<Context>()>;

class Workspace {
 public:
  // Opens a VFS for each spec (a folder that is missing is an error naming
  // the context and the folder). No spec at all: the context `builtin` makes
  // (none without one). Later specs with a name already taken replace the
  // earlier one (a --context flag overrides the registry for one run).
  static absl::StatusOr<Workspace> Open(const std::vector<ContextSpec>& specs,
                                        const BuiltinFactory& builtin = nullptr);

  const std::vector<Context>& contexts() const { return contexts_; }

  // The context called `name`; without a name, the only context when there
  // is exactly one. Errors (NotFound / InvalidArgument) list the names known.
  absl::StatusOr<const Context*> Find(const std::optional<std::string>& name) const;

 private:
  std::vector<Context> contexts_;
};

}  // namespace kbot::contexts
