// The context_list tool: the contexts this run serves, with their per-game
// defaults. `kbot context list --json` prints the same JSON.
#pragma once

#include "contexts/workspace.h"
#include "nlohmann/json.hpp"

namespace kbot::tools {

// {"contexts": [{"name": "demo", "game": "takingdoms", "title": "TA: Kingdoms",
//                "path": null, "builtin": true, "transparency": "heuristic",
//                "files": 3}]}
// `path` is the folder, null for the built-in demo; `files` counts the
// entries the context's VFS lists. A context whose folder cannot be listed
// any more has "files": null and an "error" saying why, so that one broken
// context does not hide the others.
nlohmann::json ContextListJson(const contexts::Workspace& workspace);

}  // namespace kbot::tools
