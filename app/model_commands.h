// TA unit model tools (model_describe, model_render) as commands: `kbot 3do
// describe|render FILE`, a plain .3do (read in the folder above objects3d/,
// so its textures and script are found) or with --context a model in it.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddModelCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
