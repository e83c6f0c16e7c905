#include "contexts/workspace.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "contexts/game_folder_vfs.h"

namespace kbot::contexts {

namespace {

// The VFS of a context that cannot be read: every lookup is the reason.
class UnavailableVfs final : public Vfs {
 public:
  explicit UnavailableVfs(std::string reason) : reason_(std::move(reason)) {}
  absl::StatusOr<VfsFile> Read(absl::string_view) const override { return Why(); }
  absl::StatusOr<VfsStat> Stat(absl::string_view) const override { return Why(); }
  absl::StatusOr<std::vector<VfsEntry>> List(Progress&) const override { return Why(); }
  std::vector<VfsSource> Sources() const override { return {}; }

 private:
  absl::Status Why() const { return absl::FailedPreconditionError(reason_); }
  std::string reason_;
};

Context OpenContext(const ContextSpec& spec) {
  Context c{spec.name, spec.game, spec.path, false, nullptr, ""};
  absl::StatusOr<std::unique_ptr<Vfs>> vfs = MakeGameFolderVfs(spec.path);
  if (vfs.ok()) {
    c.vfs = *std::move(vfs);
  } else {
    c.unavailable = std::string(vfs.status().message());  // names the folder
    c.vfs = std::make_unique<UnavailableVfs>(
        absl::StrCat("context \"", spec.name, "\" is unavailable: ", c.unavailable));
  }
  return c;
}

}  // namespace

std::shared_ptr<ChangeWatch> Context::Watch() const {
  if (builtin || root.empty() || !unavailable.empty() || changes == nullptr) return nullptr;
  return changes->Get(root);
}

absl::StatusOr<Workspace> Workspace::Open(const std::vector<ContextSpec>& specs,
                                          const BuiltinFactory& builtin,
                                          std::vector<std::string> problems) {
  absl::StatusOr<size_t> capacity = ParseCacheCapacityFromEnvironment();
  if (!capacity.ok()) return capacity.status();
  Workspace ws;
  ws.problems_ = std::move(problems);
  ws.parse_cache_ = std::make_shared<ParseCache>(*capacity);
  if (specs.empty()) {
    if (!builtin) return ws;
    absl::StatusOr<Context> made = builtin();
    if (!made.ok()) return made.status();
    made->parse_cache = ws.parse_cache_;
    ws.contexts_.push_back(*std::move(made));
    return ws;
  }
  for (const ContextSpec& spec : specs) {
    Context c = OpenContext(spec);
    c.parse_cache = ws.parse_cache_;
    auto same = std::find_if(ws.contexts_.begin(), ws.contexts_.end(),
                             [&](const Context& o) { return o.name == spec.name; });
    if (same != ws.contexts_.end()) {
      *same = std::move(c);  // keeps its place in the list
    } else {
      ws.contexts_.push_back(std::move(c));
    }
  }
  return ws;
}

absl::StatusOr<const Context*> Workspace::Find(const std::optional<std::string>& name) const {
  const auto known = [&] {
    std::string out = absl::StrJoin(contexts_, ", ", [](std::string* o, const Context& c) {
      o->append(c.name);
    });
    for (const std::string& p : problems_) absl::StrAppend(&out, "; ", p);
    return out;
  };
  const auto usable = [](const Context& c) -> absl::StatusOr<const Context*> {
    if (!c.unavailable.empty()) {
      return absl::FailedPreconditionError(
          absl::StrCat("context \"", c.name, "\" is unavailable: ", c.unavailable));
    }
    return &c;
  };
  if (name) {
    for (const Context& c : contexts_) {
      if (c.name == *name) return usable(c);
    }
    return absl::NotFoundError(absl::StrCat("no context \"", *name, "\" (known: ", known(), ")"));
  }
  if (contexts_.size() == 1) return usable(contexts_[0]);
  if (contexts_.empty()) {
    return absl::NotFoundError(problems_.empty() ? std::string("no context is registered")
                                                 : absl::StrCat("no context: ", known().substr(2)));
  }
  return absl::InvalidArgumentError(
      absl::StrCat("several contexts are registered (", known(), "): name one with `context`"));
}

}  // namespace kbot::contexts
