// `kbot gta style|tiles|font|picture|player`: GTA1 styles, fonts, frontend
// pictures (and PCX pictures, for `kbot pcx export`) and saved settings,
// through the same functions as the MCP tools style_describe, style_tiles,
// font_render, picture_export, player_describe.
#pragma once

#include <string>

#include "CLI/CLI.hpp"
#include "app/file_command.h"
#include "app/workspace_support.h"
#include "tools/picture_export_tool.h"

namespace kbot::app {

// picture_export's command: `command` (gta picture, pcx export) writes the
// PNG of FILE to --target; a PCX says on stderr which palette drew it.
// `pcx_only` refuses any other kind by name (pcx export).
int RunPictureCommand(const std::string& command, const FileTargetOptions& o, bool pcx_only);

// How a command reads the files beside FILE (a RAT's palette, a style's
// texts): in its context with --context, else on disk beside it, the name
// matched in any case when the exact spelling is not there (the game's
// names are upper case).
absl::StatusOr<contexts::Blob> ReadDiskFile(const std::string& path);
tools::ReadBytes FileReader(const CommandAsset& opened);

// Adds the subcommands to the `gta` subcommand.
void AddGtaAssetCommands(CLI::App* gta, int& exit_code);

}  // namespace kbot::app
