// `kbot pcx export FILE --target OUT.png`: a PCX picture as a PNG, through
// the same function as the MCP tool picture_export (tools/pcx_picture.h).
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddPcxCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
