#include "web/image_routes.h"

#include <httplib.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "tools/query_arguments.h"
#include "base/json_schema.h"
#include "tools/gaf_export_tool.h"
#include "tools/tool_support.h"
#include "web/responses.h"
#include "web/single_flight.h"

namespace kbot::web {

namespace {

using nlohmann::json;

struct Routes {
  http::HttpHost& host;
  const contexts::Workspace& workspace;
  RenderCache& cache;
  json input_schema;
  CompiledSchema schema;
  mutable SingleFlight<absl::StatusOr<std::shared_ptr<const CachedImage>>> flights;
};

bool SameStat(const contexts::VfsStat& a, const contexts::VfsStat& b) {
  return a.path == b.path && a.size == b.size && a.modified_ns == b.modified_ns;
}

// Everything the rendering depends on, defaults made explicit, so equal
// renderings share a key and different ones never do.
std::string CacheKey(const std::string& kind, const contexts::Context& context,
                     const contexts::VfsStat& stat, const tools::GafExportRequest& request,
                     const std::string& transparency) {
  std::string palette = "auto";
  if (request.palette) {
    absl::StatusOr<std::string> p = contexts::NormalizePath(*request.palette);
    palette = absl::AsciiStrToLower(p.ok() ? *p : *request.palette);
  }
  const std::string frame =
      kind == "png" ? std::to_string(request.frame.value_or(0)) : std::string("-");
  return absl::StrJoin({kind, context.name, absl::AsciiStrToLower(stat.path),
                        std::to_string(stat.size), std::to_string(stat.modified_ns),
                        absl::AsciiStrToLower(request.sequence.value_or("0")), frame, palette,
                        transparency,
                        request.scale ? std::to_string(*request.scale) : std::string("fit")},
                       "\x1f");
}

void Answer(const httplib::Request& req, httplib::Response& res, const CachedImage& image,
            bool hit) {
  res.set_header("X-Kbot-Cache", hit ? "hit" : "miss");
  WriteWithEtag(req, res, image.bytes, image.mime_type, image.etag);
}

// The query's gaf_export request ("path" and "format" from the route),
// parsed by the tool's own table, or a 400 naming what is wrong.
absl::StatusOr<tools::GafExportRequest> RequestOf(const Routes& r, const std::string& kind,
                                                  const std::string& path,
                                                  const tools::QueryParams& query) {
  for (const auto& [key, value] : query) {
    if (key == "context" || key == "path" || key == "format") {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown argument '", key, "' (/", kind,
                       "/ takes sequence, frame, palette, transparency, scale)"));
    }
    if (key == "frame" && kind != "png") {
      return absl::InvalidArgumentError(absl::StrCat(
          "frame: only /png/ draws one frame; /", kind, "/ draws the whole sequence"));
    }
  }
  absl::StatusOr<json> arguments = tools::ArgumentsFromQuery(
      query, r.input_schema, r.schema, json{{"path", path}, {"format", kind}});
  if (!arguments.ok()) return arguments.status();
  return tools::GafExportTable().ParseChecked(*arguments);
}

// The transparency the rendering uses, by name: the argument's, else the
// context's default.
absl::StatusOr<std::string> TransparencyOf(const contexts::Context& context,
                                           const tools::GafExportRequest& request) {
  if (!request.transparency) return contexts::DefaultsFor(context.game).transparency.Name();
  absl::StatusOr<gaf::Transparency> parsed = gaf::Transparency::Parse(*request.transparency);
  if (!parsed.ok()) return parsed.status();
  return parsed->Name();
}

// The asset is there: a palette, sequence or frame it lacks is a bad
// parameter (400), not a missing asset (404).
absl::Status AsParameterError(const contexts::Context& context, const absl::Status& s) {
  const absl::Status named = tools::InContext(context, s);
  if (s.code() != absl::StatusCode::kNotFound) return named;
  return absl::InvalidArgumentError(named.message());
}

// Reads and draws the asset (`stat` is what keyed the request), and keeps
// the image in the cache.
absl::StatusOr<std::shared_ptr<const CachedImage>> RenderAndKeep(
    const Routes& r, const contexts::Context& context, const std::string& kind,
    const contexts::VfsStat& stat, const tools::GafExportRequest& request,
    const std::string& transparency) {
  absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(request.path);
  if (!file.ok()) return tools::InContext(context, file.status());
  const tools::Asset asset{file->stat.path, file->bytes()};
  absl::StatusOr<tools::GafExportOutcome> exported =
      tools::ExportGafAsset(context, asset, request);
  if (!exported.ok()) return AsParameterError(context, exported.status());

  auto image = std::make_shared<CachedImage>();
  image->bytes.assign(exported->exported.image.begin(), exported->exported.image.end());
  image->mime_type = exported->exported.mime_type;
  image->etag = EtagOf(image->bytes);
  if (const std::optional<std::string>& used = exported->resolved.palette.path) {
    absl::StatusOr<contexts::VfsStat> palette = context.vfs->Stat(*used);
    if (palette.ok()) {
      image->palette_path = *used;
      image->palette_stat = *palette;
    }
  }
  // Edited since the Stat: kept under the version that was drawn.
  r.cache.Put(CacheKey(kind, context, SameStat(file->stat, stat) ? stat : file->stat, request,
                       transparency),
              image);
  return image;
}

void ServeImage(const Routes& r, const std::string& kind, const httplib::Request& req,
                httplib::Response& res) {
  if (!Admit(r.host, req, res)) return;
  const std::string path = req.matches[2];
  absl::StatusOr<tools::GafExportRequest> request = RequestOf(r, kind, path, QueryOf(req));
  if (!request.ok()) return WriteError(res, 400, std::string(request.status().message()));
  absl::StatusOr<const contexts::Context*> found = r.workspace.Find(req.matches[1]);
  if (!found.ok()) return WriteError(res, 404, std::string(found.status().message()));
  const contexts::Context& context = **found;
  absl::StatusOr<std::string> transparency = TransparencyOf(context, *request);
  if (!transparency.ok()) return WriteError(res, 400, std::string(transparency.status().message()));
  absl::StatusOr<contexts::VfsStat> stat = context.vfs->Stat(path);
  if (!stat.ok()) return WriteError(res, tools::InContext(context, stat.status()));

  const std::string key = CacheKey(kind, context, *stat, *request, *transparency);
  const auto fresh = [&context](const CachedImage& image) {
    if (image.palette_path.empty()) return true;
    absl::StatusOr<contexts::VfsStat> now = context.vfs->Stat(image.palette_path);
    return now.ok() && SameStat(*now, image.palette_stat);
  };
  if (std::shared_ptr<const CachedImage> cached = r.cache.Get(key, fresh)) {
    return Answer(req, res, *cached, true);
  }
  // Requests for the same image while it is drawn wait for that drawing.
  absl::StatusOr<std::shared_ptr<const CachedImage>> image = r.flights.Do(key, [&] {
    return RenderAndKeep(r, context, kind, *stat, *request, *transparency);
  });
  if (!image.ok()) return WriteError(res, image.status());
  Answer(req, res, **image, false);
}

}  // namespace

void MountImageRoutes(http::HttpHost& host, const contexts::Workspace& workspace,
                      RenderCache& cache) {
  json input_schema = tools::GafExportTable().InputSchema();
  absl::StatusOr<CompiledSchema> schema = CompiledSchema::Compile(input_schema);
  // gaf_export's schema is kbot's own and compiles (the MCP server refuses to
  // start otherwise).
  std::shared_ptr<Routes> routes(
      new Routes{host, workspace, cache, std::move(input_schema), *std::move(schema), {}});
  for (const std::string kind : {"png", "apng", "gif", "sheet"}) {
    host.server().Get(absl::StrCat("/", kind, "/([^/]+)/(.+)"),
                      [routes, kind](const httplib::Request& q, httplib::Response& s) {
                        ServeImage(*routes, kind, q, s);
                      });
    host.server().Get(absl::StrCat("/", kind, "(/[^/]*)?"),
                      [routes, kind](const httplib::Request& q, httplib::Response& s) {
                        if (!Admit(routes->host, q, s)) return;
                        WriteError(s, 400,
                                   absl::StrCat("/", kind, "/CONTEXT/PATH: name a context and a "
                                                "file inside it"));
                      });
  }
}

}  // namespace kbot::web
