// `kbot demo --target DIR`: writes the built-in sample assets to a folder.
#pragma once

#include "CLI/CLI.hpp"

namespace kbot::app {

void AddDemoCommand(CLI::App& app, int& exit_code);

}  // namespace kbot::app
