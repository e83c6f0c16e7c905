// The tool context_list: the contexts this run serves, with their per-game
// defaults (docs/json.md, section context_list). `kbot context list --json`
// prints the same JSON.
#pragma once

#include "contexts/workspace.h"
#include "nlohmann/json.hpp"
#include "tools/params.h"
#include "tools/tool.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

// {"contexts": [{"name": "demo", "game": "takingdoms", "title": "TA: Kingdoms",
//                "path": null, "builtin": true, "transparency": "heuristic",
//                "files": 3}]}
// `path` is the folder, null for the built-in demo; `files` counts the
// entries the context's VFS lists. A context whose folder cannot be listed
// any more has "files": null and an "error" saying why, so that one broken
// context does not hide the others.
nlohmann::json ContextListJson(const contexts::Workspace& workspace);

// No parameters: every context is listed.
struct ContextListRequest {};
const RequestTable<ContextListRequest>& ContextListTable();

Tool ContextListTool();

}  // namespace kbot::tools
