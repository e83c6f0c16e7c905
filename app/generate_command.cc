#include "app/generate_command.h"

#include <iostream>
#include <memory>
#include <string>

#include "app/cli_docs.h"
#include "app/cli_support.h"

namespace kbot::app {

struct GenerateOptions {
  std::string what;
  std::string date;
};

void AddGenerateCommand(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<GenerateOptions>();
  CLI::App* cmd = app.add_subcommand("generate", "Print the man page or a shell completion script");
  cmd->group("");  // hidden from --help, the man page and the completions
  cmd->add_option("WHAT", o->what, "man, bash, zsh or fish")
      ->required()
      ->check(CLI::IsMember({"man", "bash", "zsh", "fish"}));
  cmd->add_option("--date", o->date, "The man page's date (YYYY-MM-DD)");
  cmd->callback([&app, o, &exit_code] {
    // KBOT_VERSION is the CMake project's version (app/CMakeLists.txt).
    if (o->what == "man") std::cout << ManPage(app, "kbot " KBOT_VERSION, o->date);
    if (o->what == "bash") std::cout << BashCompletion(app);
    if (o->what == "zsh") std::cout << ZshCompletion(app);
    if (o->what == "fish") std::cout << FishCompletion(app);
    std::cout.flush();
    if (!std::cout) {
      std::cerr << "kbot: generate: cannot write to stdout\n";
      exit_code = kExitFailed;
    }
  });
}

}  // namespace kbot::app
