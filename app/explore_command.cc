#include "app/explore_command.h"

#include <signal.h>

#include <iostream>
#include <memory>

#include "absl/strings/str_cat.h"
#include "app/cli_support.h"
#include "app/serve_options.h"
#include "app/workspace_support.h"
#include "http/http_host.h"
#include "http/stop_signals.h"
#include "web/explorer.h"

namespace kbot::app {

namespace {

struct ExploreOptions : ServeOptions {
  ExploreOptions() { http = "127.0.0.1:8809"; }
  size_t cache_mib = 64;
  std::string pages_dir;
};

int RunExplore(const ExploreOptions& o) {
  absl::StatusOr<contexts::Workspace> workspace = OpenWorkspace(o.contexts);
  if (!workspace.ok()) return Fail("explore", workspace.status());
  http::HttpOptions options;
  if (absl::Status s = ApplyServeOptions(o, options); !s.ok()) return Fail("explore", s);
  // SIGINT and SIGTERM stop the server (blocked before any thread starts).
  const sigset_t stop_signals = http::BlockStopSignals();
  ::signal(SIGPIPE, SIG_IGN);
  absl::StatusOr<std::unique_ptr<http::HttpHost>> host = http::HttpHost::Bind(options);
  if (!host.ok()) return Fail("explore", host.status());
  web::ExplorerOptions explorer_options;
  explorer_options.cache_bytes = o.cache_mib << 20;
  if (!o.pages_dir.empty()) explorer_options.pages_dir = o.pages_dir;
  std::unique_ptr<web::Explorer> explorer =
      web::Explorer::Mount(**host, *workspace, explorer_options);
  // With a token, a browser opens the page once with it (web/pages.h).
  std::cerr << "kbot explore: serving " << (*host)->base_url() << "/"
            << (o.token.empty() ? "" : "?token=TOKEN (the token is required)") << "\n";
  http::HttpHost* h = host->get();
  http::ServeUntilStopSignal(stop_signals, [h] { h->Serve(); }, [h] { h->Stop(); });
  std::cerr << "kbot explore: stopped\n";
  return kExitOk;
}

}  // namespace

void AddExploreCommand(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ExploreOptions>();
  CLI::App* cmd =
      app.add_subcommand("explore", "Serve the web explorer: pages, images and JSON routes");
  AddServeOptions(*cmd, *o,
                  "Where to listen: HOST:PORT, [V6]:PORT, or PORT on 127.0.0.1 (default "
                  "127.0.0.1:8809; port 0 picks a free one)");
  cmd->add_option("--cache-mib", o->cache_mib,
                  "Rendered images kept in memory, in MiB (default 64)")
      ->check(CLI::Range(size_t{1}, size_t{4096}));
  cmd->add_option("--pages", o->pages_dir,
                  "Serve the explorer's pages from this folder (web/static) instead of the "
                  "built-in ones, read at each request: for editing them")
      ->check(CLI::ExistingDirectory);
  cmd->callback([o, &exit_code] { exit_code = RunExplore(*o); });
}

}  // namespace kbot::app
