// `kbot weapon list|describe`, `kbot feature list|describe` and `kbot side
// list`: the weapon_list, weapon_describe, feature_list, feature_describe
// and side_list tools (the catalog of a TA or TA: Kingdoms mod) as commands.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddModCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
