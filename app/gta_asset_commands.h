// `kbot gta style|tiles|font|picture|player`: GTA1 styles, fonts, frontend
// pictures and saved settings, through the same functions as the MCP tools
// style_describe, style_tiles, font_render, picture_export, player_describe.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

// Adds the subcommands to the `gta` subcommand.
void AddGtaAssetCommands(CLI::App* gta, int& exit_code);

}  // namespace kbot::app
