// kbot's man page and shell completion scripts, generated from the CLI11
// definitions of its commands (the CLI::App tree main() builds): subcommands,
// options, flags, positionals, their descriptions, and the choices of
// CLI::IsMember checks (the "{png,gif}" part of a type name "TEXT:{png,gif}").
// A subcommand or option in the group "" is hidden, as in --help.
#pragma once

#include <string>
#include <string_view>

#include "CLI/CLI.hpp"

namespace kbot::app {

// The man page (roff, man macros) of `app` and every visible subcommand.
// `source` is the .TH footer naming the program and version ("kbot 0.1.0"),
// `date` the .TH date (may be empty).
std::string ManPage(const CLI::App& app, std::string_view source, std::string_view date);

// Completion scripts of `app`'s name: bash (a function `_<name>` registered
// with `complete -F`), zsh (an autoloadable `#compdef` file) and fish.
std::string BashCompletion(const CLI::App& app);
std::string ZshCompletion(const CLI::App& app);
std::string FishCompletion(const CLI::App& app);

}  // namespace kbot::app
