// Every MCP tool kbot offers, and the hooks its server core calls back into.
#pragma once

#include <vector>

#include "mcp/server.h"
#include "mcp/tool.h"

namespace kbot::tools {

using nlohmann::json;

std::vector<mcp::Tool> AllTools();
mcp::ServerHooks AllHooks();

// completion/complete: values for the `context`, `path`, `palette`,
// `sequence`, `format` and `transparency` arguments that start with `prefix`
// (case-insensitively), given the arguments the client already has.
absl::StatusOr<std::vector<std::string>> CompleteArgument(absl::string_view argument,
                                                          absl::string_view prefix,
                                                          const json& arguments,
                                                          const contexts::Workspace& workspace);

}  // namespace kbot::tools
