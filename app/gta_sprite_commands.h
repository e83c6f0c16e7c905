// The commands of a GTA1 style's sprite-side sections: `kbot gta sprites
// STYLE` (the sprite_list tool), `kbot gta sprite STYLE --kind KIND (--number
// N | --sheet) ... --target OUT.png` (sprite_export, or sprite_sheet with
// --sheet), and `kbot gta car STYLE [--model N [--target OUT.png]]`
// (car_list, or car_describe with --model).
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

// Adds the subcommands to the `gta` subcommand.
void AddGtaSpriteCommands(CLI::App* gta, int& exit_code);

}  // namespace kbot::app
