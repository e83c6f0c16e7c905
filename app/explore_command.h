// `kbot explore`: the web explorer's server (web/explorer.h) on its own, at
// http://127.0.0.1:8809/ by default. `kbot mcp --http` serves it too, at /
// beside /mcp.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddExploreCommand(CLI::App& app, int& exit_code);

}  // namespace kbot::app
