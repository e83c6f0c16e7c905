// `kbot hpi list | extract | pack`: HPI-family archives (TA's .hpi, .ufo,
// .ccx, .gp3, .gp4, .swx and TA: Kingdoms' version 2).
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

// Adds the `hpi` subcommands; the one that runs stores its exit code in `exit_code`.
void AddHpiCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
