// Every tool kbot offers, and the completion of their arguments.
#pragma once

#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/tool.h"

namespace kbot::tools {

using nlohmann::json;

// Every tool, write tools and output parameters included
// (tools/output_target.h: WithoutOutput and WithOutput make what is served).
std::vector<Tool> AllTools();

// The toolsets `kbot mcp --toolsets` chooses from, and the one a tool is in.
// "core" (context_list, asset_find, vfs_list) is always served.
const std::vector<std::string>& Toolsets();  // gaf, hpi, palette, gta, tdf
std::string ToolsetOf(absl::string_view tool_name);

// The tools of `toolsets` and of core; every tool when `toolsets` is empty.
// InvalidArgument naming an unknown toolset and the known ones.
absl::StatusOr<std::vector<Tool>> ToolsOf(const std::vector<std::string>& toolsets);

// completion/complete: values for the `context`, `path`, `palette` and
// `sequence` arguments, and for any argument a tool declares with an enum
// (`format`, `transparency`, `kind`...), that start with `prefix`
// (case-insensitively), given the arguments the client already has.
absl::StatusOr<std::vector<std::string>> CompleteArgument(absl::string_view argument,
                                                          absl::string_view prefix,
                                                          const json& arguments,
                                                          const contexts::Workspace& workspace);

}  // namespace kbot::tools
