// A tool made from its declarations: a request struct with its RequestTable
// (tools/params.h), an output schema, and one typed function. The handler
// turns the call's arguments (already valid against the table's schema) into
// the struct, runs the table's cross-field checks, finds the context, and
// calls the function; an error in any step is the call's isError result.
//
// Adding a tool is one file holding these and one line in tools/catalog.cc
// (docs/design.md, "Adding a tool").
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/tool_support.h"

namespace kbot::tools {

// What a catalog lists about a tool besides its parameters.
struct ToolInfo {
  std::string name;
  std::string title;
  std::string description;
  ToolAnnotations annotations = {};
};

// The members most requests share: the context (default: the only one) and,
// for a tool that reads one file, its path in the context.
struct ContextRequest {
  std::optional<std::string> context;
};
struct AssetRequest : ContextRequest {
  std::string path;
};

// Declares `context`, then `path` (required) described by `what`.
template <class Request>
RequestTable<Request>& AddContextParam(RequestTable<Request>& table) {
  return table.Add("context", &ContextRequest::context, ContextProperty());
}
template <class Request>
RequestTable<Request>& AddAssetParams(RequestTable<Request>& table, const char* what) {
  return AddContextParam(table).Add("path", &AssetRequest::path, PathProperty(what), true);
}

template <class Request>
using ToolRun = std::function<ToolResult(const Request&, const ToolCall&)>;

// A tool that does not work in one context (context_list): `run` gets the
// request and the call, the workspace included.
template <class Request>
Tool MakeTool(ToolInfo info, const RequestTable<Request>& table, json output_schema,
              ToolRun<Request> run) {
  Tool tool{std::move(info.name), std::move(info.title), std::move(info.description),
            table.InputSchema(),  std::move(output_schema), info.annotations,
            nullptr,              table.Params(),           std::nullopt};
  tool.handler = [table, run = std::move(run)](const ToolCall& call) {
    absl::StatusOr<Request> request = table.ParseChecked(call.arguments);
    if (!request.ok()) return ErrorResult(request.status());
    return run(*request, call);
  };
  return tool;
}

template <class Request>
using ContextToolRun =
    std::function<ToolResult(const contexts::Context&, const Request&, const ToolCall&)>;

// A tool over one context: `run` gets the context the request names.
template <class Request>
Tool MakeContextTool(ToolInfo info, const RequestTable<Request>& table, json output_schema,
                     ContextToolRun<Request> run) {
  static_assert(std::is_base_of_v<ContextRequest, Request>);
  return MakeTool<Request>(
      std::move(info), table, std::move(output_schema),
      [run = std::move(run)](const Request& request, const ToolCall& call) {
        absl::StatusOr<const contexts::Context*> context = call.workspace.Find(request.context);
        if (!context.ok()) return ErrorResult(context.status());
        return run(**context, request, call);
      });
}

// `work(asset)` (a StatusOr) on the asset `path` names in `context`. Either
// error names the context once: OpenContextAsset's already does, work's is
// given the prefix here.
template <class Work>
auto WithContextAsset(const contexts::Context& context, const std::string& path, Work work)
    -> decltype(work(std::declval<const Asset&>())) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, path);
  if (!opened.ok()) return opened.status();
  auto out = work(opened->asset);
  if (!out.ok()) return InContext(context, out.status());
  return out;
}

// `out` as a tool's result: its JSON (a result struct's, or json as it is)
// as the structuredContent, or its error.
template <class T>
ToolResult StructuredResult(const absl::StatusOr<T>& out) {
  if (!out.ok()) return ErrorResult(out.status());
  ToolResult result;
  result.structured = ResultJson(*out);
  return result;
}

// The same for work on `context` whose errors do not name it yet (a
// listing, a palette chain): they get its name.
template <class T>
ToolResult ResultInContext(const contexts::Context& context, const absl::StatusOr<T>& out) {
  if (!out.ok()) return ErrorResult(InContext(context, out.status()));
  return StructuredResult(out);
}

// The result of a tool that reads the one asset `request.path` names:
// `describe(asset)` (a StatusOr of a result struct, or of json).
template <class Request, class Describe>
ToolResult RunAssetTool(const contexts::Context& context, const Request& request,
                        Describe describe) {
  static_assert(std::is_base_of_v<AssetRequest, Request>);
  return StructuredResult(WithContextAsset(context, request.path, std::move(describe)));
}

template <class Request>
using PictureDraw = std::function<absl::StatusOr<ResourceBytes>(const contexts::Context&,
                                                                const Request&, Progress&)>;

// How a link names a picture tool and draws it again from its arguments.
template <class Request>
PictureExport MakePictureExport(std::vector<std::string> names, std::string argument,
                                const RequestTable<Request>& table, PictureDraw<Request> draw) {
  return {std::move(names), std::move(argument),
          [table, draw = std::move(draw)](const contexts::Context& context, const json& arguments,
                                          Progress& progress) -> absl::StatusOr<ResourceBytes> {
            absl::StatusOr<Request> request = table.ParseChecked(arguments);
            if (!request.ok()) return request.status();
            return draw(context, *request, progress);
          }};
}

// The export `name` of a tool whose pictures are PNGs: `draw(context,
// request)` (or `draw(context, request, progress)`, for a drawing that takes
// long) returns a StatusOr of what it drew, the PNG in its `png` (or in its
// `image.png`: tools/image_result.h's PictureOutcome).
template <class Request, class Draw>
PictureExport MakePngExport(std::string name, const RequestTable<Request>& table, Draw draw) {
  return MakePictureExport<Request>(
      {std::move(name)}, "", table,
      [draw = std::move(draw)](const contexts::Context& context, const Request& request,
                               Progress& progress) -> absl::StatusOr<ResourceBytes> {
        auto drawn = [&] {
          if constexpr (std::is_invocable_v<const Draw&, const contexts::Context&,
                                            const Request&, Progress&>) {
            return draw(context, request, progress);
          } else {
            return draw(context, request);
          }
        }();
        if (!drawn.ok()) return drawn.status();
        if constexpr (requires { drawn->png; }) {
          return ResourceBytes{std::move(drawn->png), "image/png"};
        } else {
          return ResourceBytes{std::move(drawn->image.png), "image/png"};
        }
      });
}

// kbot://CONTEXT/PATH?export=NAME&... carrying `request` (all but context,
// path and the members in `skip`, in table order): the link a picture tool
// answers with when its picture is too large to inline, parsed back by the
// same table. `skip` names a member the export value already carries
// (gaf_export's format: export=gif).
template <class Request>
std::string PictureUri(const contexts::Context& context, const std::string& export_name,
                       const RequestTable<Request>& table, const Request& request,
                       std::vector<std::string> skip = {}) {
  skip.push_back("context");
  skip.push_back("path");
  QueryParams query = {{"export", export_name}};
  for (auto& item : table.Query(request, skip)) query.push_back(std::move(item));
  return MakeResourceUri(context.name, request.path, query);
}

}  // namespace kbot::tools
