#include "contexts/workspace.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "contexts/game_folder_vfs.h"

namespace kbot::contexts {

absl::StatusOr<Workspace> Workspace::Open(const std::vector<ContextSpec>& specs,
                                          const BuiltinFactory& builtin) {
  Workspace ws;
  if (specs.empty()) {
    if (!builtin) return ws;
    absl::StatusOr<Context> made = builtin();
    if (!made.ok()) return made.status();
    ws.contexts_.push_back(*std::move(made));
    return ws;
  }
  for (const ContextSpec& spec : specs) {
    absl::StatusOr<std::unique_ptr<Vfs>> vfs = MakeGameFolderVfs(spec.path);
    if (!vfs.ok()) {
      // The VFS error names the folder; say which context wanted it.
      return absl::Status(vfs.status().code(),
                          absl::StrCat("context \"", spec.name, "\": ", vfs.status().message()));
    }
    Context c{spec.name, spec.game, spec.path, false, *std::move(vfs)};
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
    return absl::StrJoin(contexts_, ", ",
                         [](std::string* out, const Context& c) { out->append(c.name); });
  };
  if (name) {
    for (const Context& c : contexts_) {
      if (c.name == *name) return &c;
    }
    return absl::NotFoundError(absl::StrCat("no context \"", *name, "\" (known: ", known(), ")"));
  }
  if (contexts_.size() == 1) return &contexts_[0];
  if (contexts_.empty()) return absl::NotFoundError("no context is registered");
  return absl::InvalidArgumentError(
      absl::StrCat("several contexts are registered (", known(), "): name one with `context`"));
}

}  // namespace kbot::contexts
