// `kbot context add | list | remove`: the registry of game-data folders.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

// Adds the `context` subcommands; the one that runs stores its exit code in `exit_code`.
void AddContextCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
