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
#include "contexts/context_watch.h"
#include "contexts/parse_cache.h"
#include "contexts/registry.h"
#include "contexts/vfs.h"

namespace kbot::contexts {

struct Context {
  std::string name;
  Game game = Game::kTa;
  std::string root;      // the folder; empty for the built-in demo
  bool builtin = false;  // the demo context, generated in memory
  std::unique_ptr<Vfs> vfs;
  // Why the context cannot be read ("/data/ta: no such folder"); empty when
  // it can. Its VFS then answers every call with that reason.
  std::string unavailable;
  // What was parsed from its files (contexts/parse_cache.h): the workspace's
  // one cache, shared by all its contexts. Null (a context made by hand):
  // every call parses again.
  std::shared_ptr<ParseCache> parse_cache;
  // Changes under `root` (contexts/context_watch.h), watched from the first
  // call of Watch(), never when the workspace opens; and the keys of values
  // worked out from the whole folder, valid while nothing changes.
  std::shared_ptr<ContextWatch> changes = std::make_shared<ContextWatch>();

  // The watch over the folder, started by the first call; null for the
  // built-in context, an unavailable one, one without a folder, and a folder
  // that cannot be watched (see ChangeWatch::Start): callers then take their
  // full path.
  std::shared_ptr<ChangeWatch> Watch() const;
};

// Makes the context served when no spec names one. The app passes the demo
// context's (demo::MakeDemoContext), so that contexts/ links no format writer.
using BuiltinFactory = std::function<absl::StatusOr<Context>()>;

class Workspace {
 public:
  // Opens a VFS for each spec. A folder that is missing or cannot be opened
  // makes an unavailable context with the reason, never a failed start: one
  // bad folder must not take the others (and a server) down. No spec at all:
  // the context `builtin` makes (none without one). Later specs with a name
  // already taken replace the earlier one (a --context flag overrides the
  // registry for one run). `problems`: what kept contexts from being known at
  // all (a registry that cannot be read), said wherever contexts are listed.
  // The contexts share one parse cache, bounded by $KBOT_PARSE_CACHE_MB
  // (default 64 MiB; a value that is not a number is this call's error).
  static absl::StatusOr<Workspace> Open(const std::vector<ContextSpec>& specs,
                                        const BuiltinFactory& builtin = nullptr,
                                        std::vector<std::string> problems = {});

  const std::vector<Context>& contexts() const { return contexts_; }
  const std::vector<std::string>& problems() const { return problems_; }
  // The cache the contexts share: its bound can be set, its figures read.
  ParseCache& parse_cache() const { return *parse_cache_; }

  // The context called `name`; without a name, the only context when there
  // is exactly one. Errors (NotFound / InvalidArgument) list the names known
  // and the workspace's problems; an unavailable context is
  // FailedPrecondition with its reason.
  absl::StatusOr<const Context*> Find(const std::optional<std::string>& name) const;

 private:
  std::vector<Context> contexts_;
  std::vector<std::string> problems_;
  std::shared_ptr<ParseCache> parse_cache_ = std::make_shared<ParseCache>();
};

}  // namespace kbot::contexts
