// The command of a GTA1 MISSION.INI: `kbot gta mission FILE` lists its
// missions (the mission_list tool); with --mission N it describes one
// (mission_describe: --type, --offset, --limit).
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

// Adds the subcommand to the `gta` subcommand.
void AddGtaMissionCommands(CLI::App* gta, int& exit_code);

}  // namespace kbot::app
