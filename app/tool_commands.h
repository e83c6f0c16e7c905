// `kbot vfs list`, `kbot palette candidates` and `kbot palette describe`: the
// vfs_list, palette_candidates and palette_describe tools as commands.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddToolCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
