#include "app/mcp_command.h"

#include <signal.h>
#include <unistd.h>

#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "app/cli_support.h"
#include "app/serve_options.h"
#include "app/workspace_support.h"
#include "contexts/confined_folder.h"
#include "mcp/http_transport.h"
#include "app/mcp_catalog.h"
#include "mcp/server.h"
#include "http/stop_signals.h"
#include "mcp/stdio_transport.h"
#include "tools/catalog.h"
#include "web/explorer.h"

namespace kbot::app {

namespace {

struct McpOptions : ServeOptions {  // http empty: stdio
  size_t image_limit = 1 << 20;
  std::vector<std::string> toolsets;  // empty: every one
  std::string output;                 // empty: no write tools
};

std::string ContextNames(const contexts::Workspace& workspace) {
  std::vector<std::string> names;
  for (const contexts::Context& c : workspace.contexts()) {
    names.push_back(absl::StrCat(c.name, " (", contexts::GameName(c.game), ")"));
  }
  return absl::StrJoin(names, ", ");
}

// Serves Streamable HTTP until one of `stop_signals`, which ends every session.
int ServeHttp(const McpOptions& o, mcp::Server& server, const contexts::Workspace& workspace,
              sigset_t stop_signals) {
  mcp::HttpOptions options;
  if (absl::Status s = ApplyServeOptions(o, options); !s.ok()) return Fail("mcp", s);
  absl::StatusOr<std::unique_ptr<mcp::HttpTransport>> transport =
      mcp::HttpTransport::Bind(server, options);
  if (!transport.ok()) return Fail("mcp", transport.status());
  // The web explorer at /, beside /mcp, on the same host and security checks.
  web::ExplorerOptions explorer_options;
  explorer_options.limits.max_inline_image_base64 = server.options().limits.max_inline_image_base64;
  std::unique_ptr<web::Explorer> explorer =
      web::Explorer::Mount((*transport)->host(), workspace, explorer_options);
  std::cerr << "kbot mcp: serving " << (*transport)->url()
            << (o.token.empty() ? "" : " (bearer token required)") << "; explorer at "
            << (*transport)->host().base_url() << "/; contexts: " << ContextNames(workspace)
            << "\n";
  mcp::HttpTransport* t = transport->get();
  http::ServeUntilStopSignal(stop_signals, [t] { t->Serve(); }, [t] { t->Stop(); });
  std::cerr << "kbot mcp: stopped\n";
  return kExitOk;
}

int RunMcp(const McpOptions& o) {
  absl::StatusOr<contexts::Workspace> workspace = OpenWorkspace(o.contexts);
  if (!workspace.ok()) return Fail("mcp", workspace.status());
  mcp::ServerOptions options;
  options.limits.max_inline_image_base64 = o.image_limit;
  const sigset_t stop_signals = o.http.empty() ? sigset_t{} : http::BlockStopSignals();
  std::unique_ptr<contexts::ConfinedFolder> output;
  if (!o.output.empty()) {
    absl::StatusOr<std::unique_ptr<contexts::ConfinedFolder>> opened =
        contexts::ConfinedFolder::Open(o.output);
    if (!opened.ok()) return Usage("mcp", opened.status());
    output = *std::move(opened);
  }
  absl::StatusOr<std::vector<mcp::Tool>> tools = McpTools(*workspace, o.toolsets, output.get());
  if (!tools.ok()) return Usage("mcp", tools.status());
  absl::StatusOr<std::unique_ptr<mcp::Server>> server =
      mcp::Server::Create(*std::move(tools), McpHooks(*workspace), options);
  if (!server.ok()) return Fail("mcp", server.status());
  ::signal(SIGPIPE, SIG_IGN);  // a client that goes away is a write error, not a crash
  if (!o.http.empty()) return ServeHttp(o, **server, *workspace, stop_signals);

  // stdout carries protocol messages only: the protocol keeps its own copy of
  // the descriptor, and anything else that writes to stdout lands on stderr.
  const int protocol_out = ::dup(STDOUT_FILENO);
  if (protocol_out < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    return Fail("mcp", absl::InternalError("cannot set up stdout"));
  }
  std::cerr << "kbot mcp: serving over stdio; contexts: " << ContextNames(*workspace) << "\n";
  mcp::ServeStdio(**server, STDIN_FILENO, protocol_out);
  ::close(protocol_out);
  return kExitOk;
}

}  // namespace

void AddMcpCommand(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<McpOptions>();
  CLI::App* mcp = app.add_subcommand("mcp", "Serve the MCP tools over stdio, or Streamable HTTP");
  AddServeOptions(*mcp, *o,
                  "Serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio, and the web "
                  "explorer at / (HOST:PORT, [V6]:PORT, or PORT on 127.0.0.1; port 0 picks a "
                  "free one)");
  mcp->add_option("--image-limit", o->image_limit,
                  "Largest image returned inline, in base64 characters; larger exports come "
                  "back as a resource_link")
      ->check(CLI::Range(size_t{1024}, size_t{64} << 20));
  mcp->add_option("--toolsets", o->toolsets,
                  absl::StrCat("Serve only these toolsets (", absl::StrJoin(tools::Toolsets(), ","),
                               "; comma-separated) besides the core tools context_list, "
                               "asset_find and vfs_list [default: all]"))
      ->delimiter(',');
  mcp->add_option("--output", o->output,
                  "A folder the write tools may write into (made when missing): hpi_extract, and "
                  "gaf_export and map_render with a target; without it no tool writes")
      ->type_name("DIR");
  mcp->callback([o, &exit_code] { exit_code = RunMcp(*o); });
}

}  // namespace kbot::app
