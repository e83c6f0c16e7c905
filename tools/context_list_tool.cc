#include "tools/context_list_tool.h"

#include <string>

#include "tools/tool_support.h"

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

json ContextListOutput() {
  json source = OutputSchema({{"name", {{"type", "string"}}},
                              {"kind", {{"enum", {"folder", "built-in", "archive"}}}},
                              {"version", {{"type", "integer"}}},
                              {"files", {{"type", "integer"}}},
                              {"problem", {{"type", "string"}}}},
                             {"name", "kind"});
  json context = OutputSchema({{"name", {{"type", "string"}}},
                               {"game", {{"type", "string"}}},
                               {"title", {{"type", "string"}}},
                               {"path", NullableString()},
                               {"builtin", {{"type", "boolean"}}},
                               {"transparency", {{"type", "string"}}},
                               {"files", {{"type", {"integer", "null"}}}},
                               {"sources", {{"type", "array"}, {"items", source}}},
                               {"error", {{"type", "string"}}}},
                              {"name", "game", "path", "builtin", "transparency"});
  return OutputSchema({{"contexts", {{"type", "array"}, {"items", context}}}}, {"contexts"});
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

const RequestTable<ContextListRequest>& ContextListTable() {
  static const RequestTable<ContextListRequest> table;
  return table;
}

Tool ContextListTool() {
  return MakeTool<ContextListRequest>(
      {"context_list", "List the game-data contexts",
       "The contexts kbot serves: each registered game-data folder with its game (ta, "
       "takingdoms, gta), folder, default transparency, file count, and sources: the folder "
       "and its HPI archives in precedence order (an archive that cannot be read is listed "
       "with its problem). With none registered, the built-in demo context of sample assets."},
      ContextListTable(), ContextListOutput(),
      [](const ContextListRequest&, const ToolCall& call) {
        ToolResult result;
        result.structured = ContextListJson(call.workspace);
        return result;
      });
}

}  // namespace kbot::tools
