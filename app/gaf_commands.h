// `kbot gaf list | info | export | check`.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

// Adds the `gaf` subcommands; the one that runs stores its exit code in `exit_code`.
void AddGafCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
