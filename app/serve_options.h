// The options the two serving commands share, `kbot mcp` (over --http) and
// `kbot explore`: the contexts of the run and how the HTTP host listens and
// whom it lets in.
#pragma once

#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/status/status.h"
#include "http/http_host.h"

namespace kbot::app {

struct ServeOptions {
  std::vector<std::string> contexts;
  std::string http;  // the listening address; a command may give it a default
  std::vector<std::string> allow_origins;
  std::string token;
};

// Adds --context, --http (described by `http_help`), --allow-origin and --token
// (also from KBOT_MCP_TOKEN) to `command`, stored in `o`.
void AddServeOptions(CLI::App& command, ServeOptions& o, const std::string& http_help);

// `o`'s address, origins and token set in `options`; the address's error when
// it does not parse.
absl::Status ApplyServeOptions(const ServeOptions& o, http::HttpOptions& options);

}  // namespace kbot::app
