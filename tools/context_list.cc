#include "tools/context_list.h"

#include <string>

namespace kbot::tools {

namespace {

// Where a context's files come from, in precedence order: the folder, then
// its archives (with their version and file count, or why one is skipped).
nlohmann::json SourcesJson(const std::vector<contexts::VfsSource>& sources) {
  nlohmann::json out = nlohmann::json::array();
  for (const contexts::VfsSource& s : sources) {
    nlohmann::json source = {{"name", s.name}, {"kind", s.kind}};
    if (s.kind == "archive" && s.problem.empty()) source["version"] = s.version >> 16;
    if (s.kind != "folder") source["files"] = s.files;
    if (!s.problem.empty()) source["problem"] = s.problem;
    out.push_back(std::move(source));
  }
  return out;
}

}  // namespace

nlohmann::json ContextListJson(const contexts::Workspace& workspace) {
  nlohmann::json list = nlohmann::json::array();
  for (const contexts::Context& c : workspace.contexts()) {
    const contexts::GameDefaults defaults = contexts::DefaultsFor(c.game);
    nlohmann::json entry = {
        {"name", c.name},
        {"game", contexts::GameName(c.game)},
        {"title", defaults.title},
        {"path", c.builtin ? nlohmann::json(nullptr) : nlohmann::json(c.root)},
        {"builtin", c.builtin},
        {"transparency", defaults.transparency.Name()},
    };
    absl::StatusOr<std::vector<contexts::VfsEntry>> files = c.vfs->List();
    if (files.ok()) {
      entry["files"] = files->size();
    } else {
      entry["files"] = nullptr;
      entry["error"] = std::string(files.status().message());
    }
    entry["sources"] = SourcesJson(c.vfs->Sources());
    list.push_back(std::move(entry));
  }
  return {{"contexts", std::move(list)}};
}

}  // namespace kbot::tools
