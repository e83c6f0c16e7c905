// The commands of a GTA1 style's sprites: `kbot gta sprites STYLE` (the
// sprite_list tool) and `kbot gta sprite STYLE --kind KIND (--number N |
// --sheet) ... --target OUT.png` (sprite_export, or sprite_sheet with
// --sheet).
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

// Adds the subcommands to the `gta` subcommand.
void AddGtaSpriteCommands(CLI::App* gta, int& exit_code);

}  // namespace kbot::app
