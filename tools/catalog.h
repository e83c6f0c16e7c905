// Every tool kbot offers, and the completion of their arguments.
#pragma once

#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/tool.h"

namespace kbot::tools {

using nlohmann::json;

std::vector<Tool> AllTools();

// completion/complete: values for the `context`, `path`, `palette` and
// `sequence` arguments, and for any argument a tool declares with an enum
// (`format`, `transparency`, `kind`...), that start with `prefix`
// (case-insensitively), given the arguments the client already has.
absl::StatusOr<std::vector<std::string>> CompleteArgument(absl::string_view argument,
                                                          absl::string_view prefix,
                                                          const json& arguments,
                                                          const contexts::Workspace& workspace);

}  // namespace kbot::tools
