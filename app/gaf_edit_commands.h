// `kbot gaf dump | build | roundtrip`: editing GAFs as folders of images.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

// Adds the editing subcommands to the `gaf` command.
void AddGafEditCommands(CLI::App& gaf, int& exit_code);

}  // namespace kbot::app
