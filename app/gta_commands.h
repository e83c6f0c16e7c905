// `kbot gta ...`: the GTA1 commands.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddGtaCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
