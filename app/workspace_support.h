// The contexts a command serves: the registry's, the --context NAME=GAME:DIR
// flags of this run, else the built-in demo.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/tool.h"
#include "tools/gaf_tools.h"

namespace kbot::app {

absl::StatusOr<contexts::Workspace> OpenWorkspace(const std::vector<std::string>& context_flags);

// The asset a command reads: a plain file, or with `--context NAME` a path
// inside that context (looked up as the MCP tools look it up).
struct CommandAsset {
  std::shared_ptr<const contexts::Workspace> workspace;  // with a context
  const contexts::Context* context = nullptr;
  contexts::Blob blob;
  tools::Asset asset;
};
absl::StatusOr<CommandAsset> OpenCommandAsset(const std::string& file,
                                              const std::optional<std::string>& context);

// Runs an MCP tool's handler for a command, after checking `arguments`
// against its input schema: the command prints exactly what the tool returns.
absl::StatusOr<tools::json> RunTool(const tools::Tool& tool, const tools::json& arguments,
                                    const contexts::Workspace& workspace);

}  // namespace kbot::app
