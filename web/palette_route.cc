#include "web/palette_route.h"

#include <httplib.h>

#include <string>

#include "formats/palette/palette.h"
#include "tools/file_kind.h"
#include "tools/tool_support.h"
#include "nlohmann/json.hpp"
#include "web/render_cache.h"
#include "web/responses.h"

namespace kbot::web {

namespace {

using nlohmann::json;

void ServePalette(const http::HttpHost& host, const contexts::Workspace& workspace,
                  const httplib::Request& req, httplib::Response& res) {
  if (!Admit(host, req, res)) return;
  if (!req.params.empty()) {
    return WriteError(res, 400, "unknown parameter \"" + req.params.begin()->first +
                                    "\" (/palette/CONTEXT/PATH takes none)");
  }
  absl::StatusOr<const contexts::Context*> context = workspace.Find(req.matches[1]);
  if (!context.ok()) return WriteError(res, 404, std::string(context.status().message()));
  absl::StatusOr<tools::ContextAsset> file = tools::OpenContextAsset(**context, req.matches[2]);
  if (!file.ok()) return WriteError(res, file.status());
  if (absl::Status s = tools::RequireKind(file->asset, tools::kPaletteKinds); !s.ok()) {
    return WriteError(res, tools::InContext(**context, s));
  }
  absl::StatusOr<palette::Palette> parsed =
      palette::ParsePalette(file->asset.bytes, file->asset.path);
  if (!parsed.ok()) return WriteError(res, tools::InContext(**context, parsed.status()));
  json colors = json::array();
  for (const palette::Rgb& c : parsed->colors) colors.push_back({c.r, c.g, c.b});
  const std::string body = json{{"context", (*context)->name},
                                {"path", file->asset.path},
                                {"bytes", file->asset.bytes.size()},
                                {"colors", std::move(colors)}}
                               .dump();
  WriteWithEtag(req, res, body, "application/json", EtagOf(body));
}

}  // namespace

void MountPaletteRoute(http::HttpHost& host, const contexts::Workspace& workspace) {
  host.server().Get("/palette/([^/]+)/(.+)",
                    [&host, &workspace](const httplib::Request& req, httplib::Response& res) {
                      ServePalette(host, workspace, req, res);
                    });
}

}  // namespace kbot::web
