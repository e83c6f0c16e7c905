// `kbot tdf FILE`: a file in TA's TDF syntax (FBI, TDF, OTA, GUI) read by the
// same function as the MCP tool tdf_parse: laid out as the game writes it,
// or with --json the tool's JSON; the reader's warnings go to stderr.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddTdfCommand(CLI::App& app, int& exit_code);

}  // namespace kbot::app
