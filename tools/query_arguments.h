// A tool's arguments written as a URL query (a kbot:// resource URI's, or a
// web explorer route's): each value is text, typed here by the tool's input
// schema, then the whole checked against it, as a tools/call would be.
#pragma once

#include "absl/status/statusor.h"
#include "tools/resource_uri.h"
#include "base/json_schema.h"
#include "nlohmann/json.hpp"

namespace kbot::tools {

// `base` plus every member of `query`: integer properties parsed as
// integers, number ones as numbers, boolean ones from true/false/1/0, array
// and object ones as JSON text, anything else (strings, anyOf) kept as the
// string. Then checked against `schema` (compiled from `input_schema`) as a
// tools/call's arguments are (CompiledSchema::Check: the same words, the same
// mended slips). InvalidArgument names the member: one given twice or already
// in `base`, or the check's complaint (an unknown key, a value not of its type).
absl::StatusOr<nlohmann::json> ArgumentsFromQuery(const QueryParams& query,
                                                  const nlohmann::json& input_schema,
                                                  const CompiledSchema& schema,
                                                  nlohmann::json base = nlohmann::json::object());

}  // namespace kbot::tools
