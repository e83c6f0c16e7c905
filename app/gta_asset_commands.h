// `kbot gta style|tiles|font|picture|player`: GTA1 styles, fonts, frontend
// pictures (and PCX pictures, for `kbot pcx export`) and saved settings,
// through the same functions as the MCP tools style_describe, style_tiles,
// font_render, picture_export, player_describe.
#pragma once

#include <string>

#include "CLI/CLI.hpp"
#include "app/file_command.h"

namespace kbot::app {

// picture_export's command: `command` (gta picture, pcx export) writes the
// PNG of FILE to --target; a PCX says on stderr which palette drew it.
// `pcx_only` refuses any other kind by name (pcx export).
int RunPictureCommand(const std::string& command, const FileTargetOptions& o, bool pcx_only);

// Adds the subcommands to the `gta` subcommand.
void AddGtaAssetCommands(CLI::App* gta, int& exit_code);

}  // namespace kbot::app
