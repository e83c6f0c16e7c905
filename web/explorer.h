// The web explorer's server: mounts, on a shared HttpHost (beside /mcp when
// `kbot mcp --http` serves both), the image routes (web/image_routes.h,
// web/render_routes.h), the JSON routes (web/api_routes.h,
// web/palette_route.h) and the pages (web/pages.h). Other methods than GET
// on these paths get 405. Every route passes the
// host's security checks (Host, Origin, token) first and refuses with
// {"error": "message"} and a status; a path no route serves is a 404 in the
// same shape (under /mcp, a JSON-RPC error as before).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "contexts/workspace.h"
#include "http/http_host.h"
#include "tools/tool.h"
#include "web/render_cache.h"

namespace kbot::web {

struct ExplorerOptions {
  size_t cache_bytes = size_t{64} << 20;  // rendered images kept, at most
  tools::Limits limits;                     // passed to the tools the JSON routes run
  std::optional<std::string> pages_dir;   // serve the pages from here (web/pages.h)
};

class Explorer {
 public:
  // Mounts the routes on `host` (before it serves). `workspace` and `host`
  // outlive the Explorer, which outlives serving.
  static std::unique_ptr<Explorer> Mount(http::HttpHost& host, const contexts::Workspace& workspace,
                                         ExplorerOptions options = {});

  RenderCache& cache() { return cache_; }

 private:
  explicit Explorer(size_t cache_bytes) : cache_(cache_bytes) {}
  RenderCache cache_;
};

}  // namespace kbot::web
