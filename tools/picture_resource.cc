#include "tools/picture_resource.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/json_schema.h"
#include "tools/catalog.h"
#include "tools/query_arguments.h"

namespace kbot::tools {

namespace {

struct PictureTool {
  Tool tool;
  CompiledSchema schema;
};

// The catalog's picture tools, their schemas compiled once.
const std::vector<PictureTool>& PictureTools() {
  static const std::vector<PictureTool>* tools = [] {
    auto* out = new std::vector<PictureTool>;
    for (Tool& tool : AllTools()) {
      if (!tool.picture) continue;
      absl::StatusOr<CompiledSchema> schema = CompiledSchema::Compile(tool.input_schema);
      if (schema.ok()) out->push_back({std::move(tool), *std::move(schema)});
    }
    return out;
  }();
  return *tools;
}

const PictureTool* ToolFor(const std::string& export_name) {
  for (const PictureTool& p : PictureTools()) {
    const std::vector<std::string>& names = p.tool.picture->names;
    if (std::find(names.begin(), names.end(), export_name) != names.end()) return &p;
  }
  return nullptr;
}

}  // namespace

absl::StatusOr<ResourceBytes> RenderPictureResource(const contexts::Context& context,
                                                    const ResourceUri& uri, Progress& progress) {
  std::vector<std::string> exports;
  QueryParams query;
  for (const auto& [key, value] : uri.query) {
    if (key == "export") {
      exports.push_back(value);
    } else if (key == "context" || key == "path") {
      return absl::InvalidArgumentError(absl::StrCat("the query's ", key, " is not an argument"));
    } else {
      query.emplace_back(key, value);
    }
  }
  if (exports.size() != 1) {
    return absl::InvalidArgumentError("a rendered resource needs one export=...");
  }
  const PictureTool* p = ToolFor(exports[0]);
  if (p == nullptr) {
    return absl::NotFoundError(absl::StrCat("no tool draws export=", exports[0]));
  }
  const PictureExport& picture = *p->tool.picture;
  if (!picture.argument.empty()) query.emplace_back(picture.argument, exports[0]);
  absl::StatusOr<json> arguments =
      ArgumentsFromQuery(query, p->tool.input_schema, p->schema, json{{"path", uri.path}});
  if (!arguments.ok()) return arguments.status();
  return picture.draw(context, *arguments, progress);
}

}  // namespace kbot::tools
