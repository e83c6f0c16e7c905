// `kbot mcp`: the MCP server over stdio.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddMcpCommand(CLI::App& app, int& exit_code);

}  // namespace kbot::app
