// `kbot generate man|bash|zsh|fish`: prints kbot's man page or a shell
// completion script, made from the command-line definitions themselves
// (app/cli_docs.h). Hidden from --help; the build runs it to make the files
// `cmake --install` puts in place.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

// Call after every other command is added: the output describes `app` as it
// is when the command runs.
void AddGenerateCommand(CLI::App& app, int& exit_code);

}  // namespace kbot::app
