#include "web/api_routes.h"

#include <httplib.h>

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "tools/query_arguments.h"
#include "base/json_schema.h"
#include "tools/catalog.h"
#include "tools/gaf_tools.h"
#include "tools/output_target.h"
#include "web/responses.h"

namespace kbot::web {

namespace {

using nlohmann::json;

struct ApiTool {
  tools::Tool tool;
  CompiledSchema schema;
};

struct Api {
  http::HttpHost& host;
  const contexts::Workspace& workspace;
  tools::Limits limits;
  std::map<std::string, ApiTool> tools;
};

void WriteJson(httplib::Response& res, const json& value) {
  res.status = 200;
  res.set_header("Cache-Control", "no-cache");
  res.set_content(tools::DumpJson(value), "application/json");
}

void Run(const Api& api, const httplib::Request& req, httplib::Response& res) {
  if (!Admit(api.host, req, res)) return;
  const std::string name = req.matches[1];
  auto it = api.tools.find(name);
  if (it == api.tools.end()) {
    return WriteError(res, 404, absl::StrCat("no tool \"", name, "\" here: GET /api lists them"));
  }
  const ApiTool& t = it->second;
  absl::StatusOr<json> arguments =
      tools::ArgumentsFromQuery(QueryOf(req), t.tool.input_schema, t.schema);
  if (!arguments.ok()) {
    // The words a tools/call with these arguments gets.
    return WriteError(res, 400, absl::StrCat(name, ": ", arguments.status().message()));
  }
  // A handler's log lines go nowhere: a route answers with the result alone.
  const tools::ToolCall call{*arguments, api.workspace, NoProgress(), tools::QuietLogger(),
                             api.limits};
  tools::ToolResult result = t.tool.handler(call);
  if (result.cancelled) return WriteError(res, 503, absl::StrCat(name, ": cancelled"));
  if (result.error) {
    const int status = result.error_code == absl::StatusCode::kNotFound   ? 404
                       : result.error_code == absl::StatusCode::kInternal ? 500
                                                                          : 400;
    return WriteError(res, status, *result.error);
  }
  WriteJson(res, result.structured);
}

}  // namespace

void MountApiRoutes(http::HttpHost& host, const contexts::Workspace& workspace,
                    const tools::Limits& limits) {
  auto api = std::make_shared<Api>(Api{host, workspace, limits, {}});
  json listing = json::array();
  for (tools::Tool& tool : tools::WithoutOutput(tools::AllTools())) {
    // Only tools that read (a GET must not write files) and answer with JSON.
    if (!tool.annotations.read_only || tool.output_schema.is_null()) continue;
    absl::StatusOr<CompiledSchema> schema = CompiledSchema::Compile(tool.input_schema);
    if (!schema.ok()) continue;
    listing.push_back({{"name", tool.name},
                       {"title", tool.title},
                       {"route", absl::StrCat("/api/", tool.name)},
                       {"input_schema", tool.input_schema}});
    std::string name = tool.name;
    api->tools.emplace(std::move(name), ApiTool{std::move(tool), *std::move(schema)});
  }
  host.server().Get("/api/([A-Za-z0-9_]+)", [api](const httplib::Request& q,
                                                   httplib::Response& s) { Run(*api, q, s); });
  host.server().Get("/api/?", [api, listing = json{{"tools", listing}}](
                                  const httplib::Request& q, httplib::Response& s) {
    if (!Admit(api->host, q, s)) return;
    WriteJson(s, listing);
  });
}

}  // namespace kbot::web
