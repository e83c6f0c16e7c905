#include "web/palette_route.h"

#include <httplib.h>

#include <string>

#include "formats/palette/palette.h"
#include "tools/file_kind.h"
#include "tools/parsed_asset.h"
#include "tools/tool_support.h"
#include "nlohmann/json.hpp"
#include "web/render_cache.h"
#include "web/responses.h"

namespace kbot::web {

namespace {

using nlohmann::json;

absl::StatusOr<palette::Palette> ReadPaletteFile(const tools::Asset& asset) {
  if (absl::Status s = tools::RequireKind(asset, tools::kPaletteKinds); !s.ok()) return s;
  return palette::ParsePalette(asset.bytes, asset.path);
}

// The colours of an unchanged palette file, kept in the workspace's parse
// cache like the tools' parses (1 KB a palette).
const tools::AssetParser<palette::Palette>& PaletteFileParser() {
  static const tools::AssetParser<palette::Palette> parser{
      "palette", ReadPaletteFile,
      [](const palette::Palette&) { return sizeof(palette::Palette); }};
  return parser;
}

void ServePalette(const http::HttpHost& host, const contexts::Workspace& workspace,
                  const httplib::Request& req, httplib::Response& res) {
  if (!Admit(host, req, res)) return;
  if (!req.params.empty()) {
    return WriteError(res, 400, "unknown parameter \"" + req.params.begin()->first +
                                    "\" (/palette/CONTEXT/PATH takes none)");
  }
  absl::StatusOr<const contexts::Context*> context = workspace.Find(req.matches[1]);
  if (!context.ok()) return WriteError(res, 404, std::string(context.status().message()));
  absl::StatusOr<tools::ParsedAsset<palette::Palette>> parsed =
      tools::ParseContextAsset(**context, req.matches[2], PaletteFileParser());
  if (!parsed.ok()) return WriteError(res, parsed.status());
  json colors = json::array();
  for (const palette::Rgb& c : parsed->value->colors) colors.push_back({c.r, c.g, c.b});
  const std::string body = json{{"context", (*context)->name},
                                {"path", parsed->path},
                                {"bytes", parsed->size},
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
