#include "web/explorer.h"

#include <httplib.h>

#include <string>

#include "web/api_routes.h"
#include "web/image_routes.h"
#include "web/pages.h"
#include "web/palette_route.h"
#include "web/render_routes.h"
#include "web/responses.h"

namespace kbot::web {

namespace {

// The explorer's paths, for refusing other methods than GET with 405.
constexpr const char* kExplorerPaths =
    "/|/(png|apng|gif|sheet|render|palette|api|static)(/.*)?";

void RefuseOtherMethods(http::HttpHost& host) {
  const auto refuse = [&host](const httplib::Request& req, httplib::Response& res) {
    if (!Admit(host, req, res)) return;
    res.set_header("Allow", "GET, HEAD");
    WriteError(res, 405, req.method + " " + req.path + ": the explorer answers GET only");
  };
  host.server().Post(kExplorerPaths, refuse);
  host.server().Put(kExplorerPaths, refuse);
  host.server().Patch(kExplorerPaths, refuse);
  host.server().Delete(kExplorerPaths, refuse);
}

}  // namespace

std::unique_ptr<Explorer> Explorer::Mount(http::HttpHost& host,
                                          const contexts::Workspace& workspace,
                                          ExplorerOptions options) {
  std::unique_ptr<Explorer> explorer(new Explorer(options.cache_bytes));
  MountImageRoutes(host, workspace, explorer->cache_);
  MountRenderRoutes(host, workspace);
  MountPaletteRoute(host, workspace);
  MountApiRoutes(host, workspace, options.limits);
  MountPages(host, options.pages_dir);
  RefuseOtherMethods(host);
  host.AddPathHint("the explorer is served at / (images at /png/, /apng/, /gif/, /sheet/ "
                   "and /render/; JSON at /api/ and /palette/)");
  host.SetRefusalWriter("/", [](const httplib::Request&, httplib::Response& res, int status,
                                const std::string& message) { WriteError(res, status, message); });
  return explorer;
}

}  // namespace kbot::web
