// TA unit script tools (script_describe, script_disassemble,
// script_decompile) as commands: `kbot cob describe|disassemble|decompile
// FILE [--script NAME]`, a plain .cob or with --context a script in it.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddScriptCommands(CLI::App& app, int& exit_code);

}  // namespace kbot::app
