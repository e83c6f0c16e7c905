#include "app/serve_options.h"

namespace kbot::app {

void AddServeOptions(CLI::App& command, ServeOptions& o, const std::string& http_help) {
  command.add_option("--context", o.contexts,
                     "NAME=GAME:DIR, a context for this run only (repeatable; GAME is ta, "
                     "takingdoms or gta)");
  command.add_option("--http", o.http, http_help);
  command.add_option("--allow-origin", o.allow_origins,
                     "An Origin allowed besides localhost ones, e.g. https://tools.example "
                     "(repeatable; others get 403)");
  command
      .add_option("--token", o.token,
                  "Require Authorization: Bearer TOKEN on every HTTP request (needed to serve a "
                  "non-loopback address)")
      ->envname("KBOT_MCP_TOKEN");
}

absl::Status ApplyServeOptions(const ServeOptions& o, http::HttpOptions& options) {
  if (absl::Status s = http::ParseHttpAddress(o.http, options); !s.ok()) return s;
  options.allowed_origins = o.allow_origins;
  options.token = o.token;
  return absl::OkStatus();
}

}  // namespace kbot::app
