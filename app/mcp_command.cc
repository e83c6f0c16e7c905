#include "app/mcp_command.h"

#include <signal.h>
#include <unistd.h>

#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "app/cli_support.h"
#include "app/workspace_support.h"
#include "mcp/server.h"
#include "mcp/stdio_transport.h"
#include "mcp/tools/catalog.h"

namespace kbot::app {

namespace {

struct McpOptions {
  std::vector<std::string> contexts;
  size_t image_limit = 1 << 20;
};

int RunMcp(const McpOptions& o) {
  absl::StatusOr<contexts::Workspace> workspace = OpenWorkspace(o.contexts);
  if (!workspace.ok()) return Fail("mcp", workspace.status());
  mcp::ServerOptions options;
  options.limits.max_inline_image_base64 = o.image_limit;
  absl::StatusOr<std::unique_ptr<mcp::Server>> server =
      mcp::Server::Create(*workspace, tools::AllTools(), tools::AllHooks(), options);
  if (!server.ok()) return Fail("mcp", server.status());

  // stdout carries protocol messages only: the protocol keeps its own copy of
  // the descriptor, and anything else that writes to stdout lands on stderr.
  const int protocol_out = ::dup(STDOUT_FILENO);
  if (protocol_out < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    return Fail("mcp", absl::InternalError("cannot set up stdout"));
  }
  ::signal(SIGPIPE, SIG_IGN);  // a client that goes away is a write error, not a crash

  std::vector<std::string> names;
  for (const contexts::Context& c : workspace->contexts()) {
    names.push_back(absl::StrCat(c.name, " (", contexts::GameName(c.game), ")"));
  }
  std::cerr << "kbot mcp: serving over stdio; contexts: " << absl::StrJoin(names, ", ") << "\n";
  mcp::ServeStdio(**server, STDIN_FILENO, protocol_out);
  ::close(protocol_out);
  return kExitOk;
}

}  // namespace

void AddMcpCommand(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<McpOptions>();
  CLI::App* mcp = app.add_subcommand("mcp", "Serve the MCP tools over stdio");
  mcp->add_option("--context", o->contexts,
                  "NAME=GAME:DIR, a context for this run only (repeatable; GAME is ta, "
                  "takingdoms or gta)");
  mcp->add_option("--image-limit", o->image_limit,
                  "Largest image returned inline, in base64 characters; larger exports come "
                  "back as a resource_link")
      ->check(CLI::Range(size_t{1024}, size_t{64} << 20));
  mcp->callback([o, &exit_code] { exit_code = RunMcp(*o); });
}

}  // namespace kbot::app
