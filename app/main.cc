// The kbot binary: subcommands parse flags and call tools/.
#include <malloc.h>

#include <iostream>

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
#include "app/tool_commands.h"

int main(int argc, char** argv) {
  // Frames are drawn and freed one after another; by default glibc gives the
  // freed top of the heap back to the kernel after each and faults it in again
  // for the next (a sixth of a dump's time, measured by bench/run.sh).
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
  CLI::App app{"kbot: look inside Total Annihilation, TA: Kingdoms and GTA1 game data"};
  app.name("kbot");
  app.require_subcommand(1);
  app.set_version_flag("--version", "kbot 0.1.0");
  int exit_code = kbot::app::kExitOk;
  kbot::app::AddGafCommands(app, exit_code);
  kbot::app::AddGtaCommands(app, exit_code);
  kbot::app::AddHpiCommands(app, exit_code);
  kbot::app::AddMcpCommand(app, exit_code);
  kbot::app::AddExploreCommand(app, exit_code);
  kbot::app::AddToolCommands(app, exit_code);
  kbot::app::AddDemoCommand(app, exit_code);
  kbot::app::AddContextCommands(app, exit_code);
  kbot::app::AddGenerateCommand(app, exit_code);  // last: it describes all of the above
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
