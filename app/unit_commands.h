// `kbot unit list|describe|compare`: the unit_list, unit_describe and
// unit_compare tools as commands over a context (--context NAME), printing
// a table or, with --json, the tool's JSON.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddUnitCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
