#include "app/workspace_support.h"

#include "absl/strings/str_cat.h"
#include "contexts/registry.h"
#include "base/json_schema.h"
#include "demo/demo_context.h"
#include "tools/tool_support.h"

namespace kbot::app {

absl::StatusOr<contexts::Workspace> OpenWorkspace(const std::vector<std::string>& context_flags) {
  std::vector<contexts::ContextSpec> specs;
  std::vector<std::string> problems;
  absl::StatusOr<std::string> registry = contexts::RegistryPath();
  // No configuration folder at all (no HOME): nothing registered, not an error.
  if (registry.ok()) {
    absl::StatusOr<std::vector<contexts::ContextSpec>> loaded = contexts::LoadRegistry(*registry);
    if (loaded.ok()) {
      specs = *std::move(loaded);
    } else {
      // The rest still works (a server still starts); where contexts are
      // listed or looked up, this is said.
      problems.push_back(absl::StrCat(loaded.status().message(),
                                      ": its contexts are not served (fix or remove the file)"));
    }
  }
  for (const std::string& flag : context_flags) {
    absl::StatusOr<contexts::ContextSpec> spec = contexts::ParseContextFlag(flag);
    if (!spec.ok()) return spec.status();
    specs.push_back(*std::move(spec));
  }
  return contexts::Workspace::Open(specs, demo::MakeDemoContext, std::move(problems));
}

absl::StatusOr<CommandAsset> OpenCommandAsset(const std::string& file,
                                              const std::optional<std::string>& context) {
  CommandAsset out;
  if (!context) {
    absl::StatusOr<contexts::FileBytes> bytes = contexts::FileBytes::Open(file);
    if (!bytes.ok()) return bytes.status();
    out.blob = contexts::Blob::FromFile(*std::move(bytes));
    out.asset = {file, out.blob.bytes()};
    return out;
  }
  absl::StatusOr<contexts::Workspace> workspace = OpenWorkspace({});
  if (!workspace.ok()) return workspace.status();
  out.workspace = std::make_shared<const contexts::Workspace>(*std::move(workspace));
  absl::StatusOr<tools::ContextAsset> opened =
      tools::OpenContextAsset(*out.workspace, context, file);
  if (!opened.ok()) return opened.status();
  out.context = opened->context;
  out.blob = opened->blob;
  out.asset = opened->asset;
  return out;
}

absl::StatusOr<tools::json> RunTool(const tools::Tool& tool, const tools::json& arguments,
                                    const contexts::Workspace& workspace) {
  absl::StatusOr<CompiledSchema> schema = CompiledSchema::Compile(tool.input_schema);
  if (!schema.ok()) return schema.status();
  absl::StatusOr<CheckedArguments> checked = schema->Check(arguments);
  if (!checked.ok()) return checked.status();
  const tools::Limits limits;
  const tools::ToolCall call{checked->arguments, workspace, NoProgress(), tools::StderrLogger(),
                             limits};
  tools::ToolResult result = tool.handler(call);
  if (result.error) return absl::FailedPreconditionError(*result.error);
  return std::move(result.structured);
}

}  // namespace kbot::app
