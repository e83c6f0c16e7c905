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
#include "mcp/query_arguments.h"
#include "mcp/schema.h"
#include "mcp/tools/gaf_handlers.h"
#include "mcp/tools/tool_support.h"
#include "web/responses.h"

namespace kbot::web {

namespace {

using nlohmann::json;

struct Routes {
  mcp::HttpHost& host;
  const contexts::Workspace& workspace;
  RenderCache& cache;
  json input_schema;
  mcp::CompiledSchema schema;
};

bool SameStat(const contexts::VfsStat& a, const contexts::VfsStat& b) {
  return a.path == b.path && a.size == b.size && a.modified_ns == b.modified_ns;
}

// Everything the rendering depends on, defaults made explicit, so equal
// renderings share a key and different ones never do.
std::string CacheKey(const std::string& kind, const contexts::Context& context,
                     const contexts::VfsStat& stat, const json& arguments,
                     const std::string& transparency) {
  const std::string sequence =
      tools::StringOrIndex(arguments, "sequence").value_or("0");
  std::string palette = "auto";
  if (arguments.contains("palette")) {
    absl::StatusOr<std::string> p = contexts::NormalizePath(arguments["palette"].get<std::string>());
    palette = absl::AsciiStrToLower(p.ok() ? *p : arguments["palette"].get<std::string>());
  }
  const std::string frame =
      kind == "png" ? std::to_string(arguments.value("frame", 0)) : std::string("-");
  return absl::StrJoin({kind, context.name, absl::AsciiStrToLower(stat.path),
                        std::to_string(stat.size), std::to_string(stat.modified_ns),
                        absl::AsciiStrToLower(sequence), frame, palette, transparency,
                        std::to_string(arguments.value("scale", 1))},
                       "\x1f");
}

void Answer(const httplib::Request& req, httplib::Response& res, const CachedImage& image,
            bool hit) {
  res.set_header("X-Kbot-Cache", hit ? "hit" : "miss");
  WriteWithEtag(req, res, image.bytes, image.mime_type, image.etag);
}

void Serve(const Routes& r, const std::string& kind, const httplib::Request& req,
           httplib::Response& res) {
  if (!Admit(r.host, req, res)) return;
  const std::string context_name = req.matches[1];
  const std::string path = req.matches[2];
  mcp::QueryParams query = QueryOf(req);
  for (const auto& [key, value] : query) {
    if (key == "context" || key == "path" || key == "format") {
      WriteError(res, 400,
                 absl::StrCat("unknown parameter \"", key, "\" (/", kind,
                              "/ takes sequence, frame, palette, transparency, scale)"));
      return;
    }
    if (key == "frame" && kind != "png") {
      WriteError(res, 400, absl::StrCat("frame: only /png/ draws one frame; /", kind,
                                        "/ draws the whole sequence"));
      return;
    }
  }
  absl::StatusOr<json> arguments = mcp::ArgumentsFromQuery(
      query, r.input_schema, r.schema, json{{"path", path}, {"format", kind}});
  if (!arguments.ok()) return WriteError(res, 400, std::string(arguments.status().message()));
  absl::StatusOr<const contexts::Context*> found = r.workspace.Find(context_name);
  if (!found.ok()) return WriteError(res, 404, std::string(found.status().message()));
  const contexts::Context& context = **found;

  std::string transparency = contexts::DefaultsFor(context.game).transparency.Name();
  if (std::optional<std::string> t = tools::StringOrIndex(*arguments, "transparency")) {
    absl::StatusOr<gaf::Transparency> parsed = gaf::Transparency::Parse(*t);
    if (!parsed.ok()) return WriteError(res, 400, std::string(parsed.status().message()));
    transparency = parsed->Name();
  }
  absl::StatusOr<contexts::VfsStat> stat = context.vfs->Stat(path);
  if (!stat.ok()) return WriteError(res, tools::InContext(context, stat.status()));

  std::string key = CacheKey(kind, context, *stat, *arguments, transparency);
  const auto fresh = [&context](const CachedImage& image) {
    if (image.palette_path.empty()) return true;
    absl::StatusOr<contexts::VfsStat> now = context.vfs->Stat(image.palette_path);
    return now.ok() && SameStat(*now, image.palette_stat);
  };
  if (std::shared_ptr<const CachedImage> cached = r.cache.Get(key, fresh)) {
    return Answer(req, res, *cached, true);
  }

  absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(path);
  if (!file.ok()) return WriteError(res, tools::InContext(context, file.status()));
  if (!SameStat(file->stat, *stat)) {  // edited since the Stat: key the new version
    key = CacheKey(kind, context, file->stat, *arguments, transparency);
  }
  const tools::Asset asset{file->stat.path, file->bytes()};
  std::vector<std::string> warnings;
  absl::StatusOr<tools::ExportRequest> request =
      tools::ExportRequestFor(context, asset.path, *arguments, warnings);
  if (!request.ok()) {
    // A palette that is not there is a bad parameter, not a missing asset.
    const absl::Status& s = request.status();
    return WriteError(res, s.code() == absl::StatusCode::kNotFound ? 400 : HttpStatusFor(s.code()),
                      std::string(tools::InContext(context, s).message()));
  }
  absl::StatusOr<tools::ExportResult> exported = tools::GafExport(asset, *request);
  if (!exported.ok()) {
    // The asset is there: a sequence or frame it lacks is a bad parameter.
    const absl::Status& s = exported.status();
    return WriteError(res, s.code() == absl::StatusCode::kNotFound ? 400 : HttpStatusFor(s.code()),
                      std::string(tools::InContext(context, s).message()));
  }

  auto image = std::make_shared<CachedImage>();
  image->bytes.assign(exported->image.begin(), exported->image.end());
  image->mime_type = exported->mime_type;
  image->etag = EtagOf(image->bytes);
  if (request->palette.path) {
    absl::StatusOr<contexts::VfsStat> palette = context.vfs->Stat(*request->palette.path);
    if (palette.ok()) {
      image->palette_path = *request->palette.path;
      image->palette_stat = *palette;
    }
  }
  r.cache.Put(key, image);
  Answer(req, res, *image, false);
}

}  // namespace

void MountImageRoutes(mcp::HttpHost& host, const contexts::Workspace& workspace,
                      RenderCache& cache) {
  const mcp::Tool tool = tools::GafExportTool();
  absl::StatusOr<mcp::CompiledSchema> schema = mcp::CompiledSchema::Compile(tool.input_schema);
  // gaf_export's schema is kbot's own and compiles (the MCP server refuses to
  // start otherwise).
  auto routes = std::make_shared<Routes>(
      Routes{host, workspace, cache, tool.input_schema, *std::move(schema)});
  for (const std::string kind : {"png", "apng", "gif", "sheet"}) {
    host.server().Get(absl::StrCat("/", kind, "/([^/]+)/(.+)"),
                      [routes, kind](const httplib::Request& q, httplib::Response& s) {
                        Serve(*routes, kind, q, s);
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
