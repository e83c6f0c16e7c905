// `kbot tnt describe|render|minimap|heightmap FILE` and `kbot tnt list`: the
// TA and TA: Kingdoms map tools (map_describe, map_render, map_minimap,
// map_heightmap, map_list) as commands, on a plain file (its .ota beside it,
// or --ota) or with --context on a map inside a context.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddTntCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
