// A tool's parameters as its command's options. Each parameter the tool
// declares (tools/params.h) becomes --NAME, typed, bounded and described by
// its schema, so a command never restates a bound, an enum or a default;
// the values given are collected as the tool's JSON arguments, which the
// tool's own table turns into its request.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "nlohmann/json.hpp"
#include "tools/params.h"

namespace kbot::app {

// Adds --NAME for every parameter of `params` not in `skip` (a command's FILE
// and --context stand for `path` and `context`), with dashes for underscores
// (space_width is --space-width) and required when the parameter is. The
// values given land in `*arguments` under the parameter's own name: integers
// as integers, booleans as true, the rest as strings.
void AddToolOptions(CLI::App& command, const std::vector<tools::Param>& params,
                    const std::shared_ptr<nlohmann::json>& arguments,
                    const std::vector<std::string>& skip = {"context", "path"});

// The description a parameter's schema gives, with its default and allowed
// values: what --help shows.
std::string OptionHelp(const tools::Param& param);

}  // namespace kbot::app
