#include "app/mcp_catalog.h"

#include "app/mcp_apps.h"
#include "tools/catalog.h"
#include "tools/context_resources.h"
#include "tools/output_target.h"

namespace kbot::app {

using nlohmann::json;

namespace {

mcp::LogLevel McpLevel(tools::LogLevel level) {
  switch (level) {
    case tools::LogLevel::kDebug: return mcp::LogLevel::kDebug;
    case tools::LogLevel::kInfo: return mcp::LogLevel::kInfo;
    case tools::LogLevel::kWarning: return mcp::LogLevel::kWarning;
    case tools::LogLevel::kError: return mcp::LogLevel::kError;
  }
  return mcp::LogLevel::kError;
}

// A tool's log lines, sent as the MCP session's notifications/message.
class LogBridge final : public tools::Logger {
 public:
  explicit LogBridge(mcp::Logger& to) : to_(to) {}
  void Log(tools::LogLevel level, absl::string_view logger, const std::string& message) override {
    to_.Log(McpLevel(level), logger, message);
  }

 private:
  mcp::Logger& to_;
};

mcp::Completer TemplateCompleter(const contexts::Workspace& workspace) {
  return [&workspace](absl::string_view argument, absl::string_view prefix, const json& others) {
    absl::StatusOr<std::vector<std::string>> values =
        tools::CompleteArgument(argument, prefix, others, workspace);
    return values.ok() ? *std::move(values) : std::vector<std::string>();
  };
}

}  // namespace

mcp::Tool McpTool(tools::Tool tool, const contexts::Workspace& workspace,
                  contexts::ConfinedFolder* output) {
  mcp::Tool out{tool.name,
                tool.title,
                tool.description,
                tool.input_schema,
                tool.output_schema,
                tool.annotations,
                nullptr,
                ToolViewMeta(tool.name)};
  // The result, the annotations and the limits are one type on both sides
  // (base/tool_result.h); only the workspace and the logger are bridged.
  out.handler = [handler = std::move(tool.handler), &workspace,
                 output](const mcp::ToolCall& call) {
    LogBridge log(call.log);
    return handler({call.arguments, workspace, call.progress, log, call.limits, output});
  };
  return out;
}

std::vector<mcp::Tool> McpTools(const contexts::Workspace& workspace) {
  std::vector<mcp::Tool> out;
  for (tools::Tool& tool : tools::WithoutOutput(tools::AllTools())) {
    out.push_back(McpTool(std::move(tool), workspace));
  }
  return out;
}

absl::StatusOr<std::vector<mcp::Tool>> McpTools(const contexts::Workspace& workspace,
                                                const std::vector<std::string>& toolsets,
                                                contexts::ConfinedFolder* output) {
  absl::StatusOr<std::vector<tools::Tool>> chosen = tools::ToolsOf(toolsets);
  if (!chosen.ok()) return chosen.status();
  std::vector<mcp::Tool> out;
  for (tools::Tool& tool : output ? tools::WithOutput(*std::move(chosen))
                                  : tools::WithoutOutput(*std::move(chosen))) {
    out.push_back(McpTool(std::move(tool), workspace, output));
  }
  return out;
}

mcp::ServerHooks McpHooks(const contexts::Workspace& workspace, size_t max_resource_bytes) {
  mcp::ServerHooks hooks;
  hooks.instructions = tools::Instructions(workspace);
  hooks.complete = [&workspace](absl::string_view argument, absl::string_view prefix,
                                const json& arguments) {
    return tools::CompleteArgument(argument, prefix, arguments, workspace);
  };
  hooks.list_resources = [&workspace](Progress& progress) {
    return tools::ListContextFiles(workspace, progress);
  };
  hooks.read_resource = [&workspace, max_resource_bytes](
                            const std::string& uri, Progress& progress) -> absl::StatusOr<json> {
    absl::StatusOr<tools::ResourceBytes> read =
        tools::ReadContextUri(workspace, uri, max_resource_bytes, progress);
    if (!read.ok()) return read.status();
    const absl::string_view bytes(reinterpret_cast<const char*>(read->bytes.data()),
                                  read->bytes.size());
    return json::array({mcp::BlobContents(uri, read->mime_type, bytes)});
  };
  mcp::ResourceTemplate files;
  files.uri_template = tools::kResourceTemplate;
  files.name = tools::kContextFileTemplateName;
  files.title = tools::kContextFileTemplateTitle;
  files.description = tools::kContextFileTemplateDescription;
  files.complete = TemplateCompleter(workspace);
  hooks.resource_templates.push_back(std::move(files));
  AddAppViews(hooks);
  return hooks;
}

}  // namespace kbot::app
