// `kbot vfs list` and `kbot palette candidates`: the vfs_list and
// palette_candidates tools as commands.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddToolCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
