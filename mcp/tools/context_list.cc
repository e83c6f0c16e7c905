#include "mcp/tools/context_list.h"

#include <string>

namespace kbot::tools {

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
    list.push_back(std::move(entry));
  }
  return {{"contexts", std::move(list)}};
}

}  // namespace kbot::tools
