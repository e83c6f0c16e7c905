// The kbot binary: subcommands parse flags and call tools/.
#include <malloc.h>

#include <cstdio>
#include <iostream>
#include <string_view>
#include <vector>

#include "CLI/CLI.hpp"
#include "app/cli_support.h"
#include "app/context_commands.h"
#include "app/demo_command.h"
#include "app/explore_command.h"
#include "app/gaf_commands.h"
#include "app/generate_command.h"
#include "app/gta_commands.h"
#include "app/hpi_commands.h"
#include "app/mcp_command.h"
#include "app/mod_commands.h"
#include "app/pcx_commands.h"
#include "app/tnt_commands.h"
#include "app/model_commands.h"
#include "app/script_commands.h"
#include "app/tdf_command.h"
#include "app/unit_commands.h"
#include "app/tool_commands.h"

namespace {

// KBOT_VERSION is the CMake project's version (app/CMakeLists.txt).
constexpr const char* kVersion = "kbot " KBOT_VERSION;

using AddCommands = void (*)(CLI::App&, int&);

// Each top-level command and the function that adds it (and its subcommands,
// options and callbacks). AddToolCommands adds three.
struct CommandGroup {
  std::vector<std::string_view> names;
  AddCommands add;
};

const std::vector<CommandGroup>& CommandGroups() {
  using namespace kbot::app;
  static const std::vector<CommandGroup> groups = {
      {{"gaf"}, AddGafCommands},       {{"gta"}, AddGtaCommands},
      {{"hpi"}, AddHpiCommands},       {{"mcp"}, AddMcpCommand},
      {{"explore"}, AddExploreCommand}, {{"find", "vfs", "palette"}, AddToolCommands},
      {{"demo"}, AddDemoCommand},      {{"context"}, AddContextCommands},
      {{"tdf"}, AddTdfCommand},        {{"pcx"}, AddPcxCommands},
      {{"weapon", "feature", "side"}, AddModCommands},
      {{"unit"}, AddUnitCommands},     {{"tnt"}, AddTntCommands},
      {{"3do"}, AddModelCommands},     {{"cob"}, AddScriptCommands},
  };
  return groups;
}

// Adds only what this run needs: building every command's options costs more
// than a short command's own work (issue 20, bench/startup_bench.cc). The
// command named first on the line is added alone; `kbot --version` needs none;
// anything else (--help, no command, a misspelt one, `generate`, which
// describes them all) gets every command, so help and errors list them all.
void AddCommandsFor(CLI::App& app, int& exit_code, int argc, char** argv) {
  const std::string_view first = argc > 1 ? argv[1] : "";
  if (first == "--version") return;
  for (const CommandGroup& group : CommandGroups()) {
    for (std::string_view name : group.names) {
      if (name == first) return group.add(app, exit_code);
    }
  }
  for (const CommandGroup& group : CommandGroups()) group.add(app, exit_code);
  kbot::app::AddGenerateCommand(app, exit_code);  // last: it describes all of the above
}

}  // namespace

int main(int argc, char** argv) {
  // The one command a script runs to probe for kbot answers before anything is
  // built: CLI11 would throw to report it, and unwinding a 10 MB binary's
  // tables is a tenth of the start (issue 20, bench/startup_bench.cc).
  if (argc == 2 && std::string_view(argv[1]) == "--version") {
    std::puts(kVersion);
    return kbot::app::kExitOk;
  }
  // Frames are drawn and freed one after another; by default glibc gives the
  // freed top of the heap back to the kernel after each and faults it in again
  // for the next (a sixth of a dump's time, measured by bench/run.sh).
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  CLI::App app{"kbot: look inside Total Annihilation, TA: Kingdoms and GTA1 game data"};
  app.name("kbot");
  app.require_subcommand(1);
  app.set_version_flag("--version", kVersion);
  int exit_code = kbot::app::kExitOk;
  AddCommandsFor(app, exit_code, argc, argv);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // docs/json.md: a usage error is one line on stderr and exit status 2.
    std::cerr << "kbot: usage: " << e.what() << " (see kbot --help)\n";
    return kbot::app::kExitUsage;
  }
  return exit_code;
}
