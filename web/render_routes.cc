#include "web/render_routes.h"

#include <httplib.h>

#include <string>

#include "absl/strings/str_cat.h"
#include "base/progress.h"
#include "tools/resource_uri.h"
#include "tools/context_resources.h"
#include "tools/catalog.h"
#include "tools/tool_support.h"
#include "web/render_cache.h"
#include "web/responses.h"

namespace kbot::web {

namespace {

constexpr const char* kExports[] = {"map", "tiles", "font", "picture", "swatch"};

bool KnownExport(const std::string& name) {
  for (const char* e : kExports) {
    if (name == e) return true;
  }
  return false;
}

void ServeRender(const http::HttpHost& host, const contexts::Workspace& workspace,
                 const httplib::Request& req, httplib::Response& res) {
  if (!Admit(host, req, res)) return;
  tools::ResourceUri uri{req.matches[1], req.matches[2], QueryOf(req)};
  int exports = 0;
  for (const auto& [key, value] : uri.query) {
    if (key != "export") continue;
    if (!KnownExport(value)) {
      return WriteError(res, 400, absl::StrCat("export=", value, ": /render/ draws map, tiles, "
                                               "font or picture (GAFs have /png/, /apng/, /gif/ "
                                               "and /sheet/)"));
    }
    ++exports;
  }
  if (exports != 1) {
    return WriteError(res, 400, "/render/ needs one export=map|tiles|font|picture|swatch");
  }
  absl::StatusOr<const contexts::Context*> context = workspace.Find(uri.context);
  if (!context.ok()) return WriteError(res, 404, std::string(context.status().message()));
  absl::StatusOr<tools::ResourceBytes> drawn = tools::RenderResource(**context, uri, NoProgress());
  // The hook's errors name the context already, as resources/read gives them.
  if (!drawn.ok()) return WriteError(res, drawn.status());
  const std::string bytes(drawn->bytes.begin(), drawn->bytes.end());
  WriteWithEtag(req, res, bytes, drawn->mime_type, EtagOf(bytes));
}

}  // namespace

void MountRenderRoutes(http::HttpHost& host, const contexts::Workspace& workspace) {
  host.server().Get("/render/([^/]+)/(.+)", [&host, &workspace](
                                                const httplib::Request& req,
                                                httplib::Response& res) {
    ServeRender(host, workspace, req, res);
  });
}

}  // namespace kbot::web
