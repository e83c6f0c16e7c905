// The tool context_list: the contexts this run serves, with their per-game
// defaults (docs/json.md, section context_list). `kbot context list --json`
// prints the same JSON.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "contexts/workspace.h"
#include "nlohmann/json.hpp"
#include "tools/params.h"
#include "tools/result_fields.h"
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
// Where a context's files come from, in precedence order: the folder, then
// its archives (their HPI version and file count, or why one is skipped).
struct ContextSourceListing {
  std::string name;
  std::string kind;  // folder, built-in, archive
  std::optional<uint32_t> version;
  std::optional<uint64_t> files;
  std::optional<std::string> problem;
  static const ResultTable<ContextSourceListing>& Fields();
};

struct ContextListing {
  std::string name;
  std::string game;
  std::string title;
  std::optional<std::string> path;
  bool builtin = false;
  std::string transparency;
  std::optional<uint64_t> files;
  std::vector<ContextSourceListing> sources;
  std::optional<std::string> error;
  std::optional<bool> available;  // false: the folder cannot be opened; `error` says why
  static const ResultTable<ContextListing>& Fields();
};

// context_list's structuredContent.
struct ContextsListing {
  std::vector<ContextListing> contexts;
  // What kept contexts from being known at all (a registry that cannot be read).
  std::optional<std::vector<std::string>> problems;
  static const ResultTable<ContextsListing>& Fields();
};

ContextsListing ListContexts(const contexts::Workspace& workspace);
// ListContexts' JSON.
nlohmann::json ContextListJson(const contexts::Workspace& workspace);

// No parameters: every context is listed.
struct ContextListRequest {};
const RequestTable<ContextListRequest>& ContextListTable();

Tool ContextListTool();

}  // namespace kbot::tools
