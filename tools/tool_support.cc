#include "tools/tool_support.h"

#include <algorithm>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "tools/near_paths.h"

namespace kbot::tools {

json InputSchema(json properties, std::initializer_list<const char*> required) {
  json schema = {{"type", "object"},
                 {"properties", std::move(properties)},
                 {"additionalProperties", false}};
  if (required.size() > 0) {
    schema["required"] = json(std::vector<std::string>(required.begin(), required.end()));
  }
  return schema;
}

json OutputSchema(json properties, std::initializer_list<const char*> required) {
  json schema = {{"type", "object"}, {"properties", std::move(properties)}};
  if (required.size() > 0) {
    schema["required"] = json(std::vector<std::string>(required.begin(), required.end()));
  }
  return schema;
}

json CountSchema() { return {{"type", "integer"}, {"minimum", 0}}; }
json IntegerSchema() { return {{"type", "integer"}}; }
json StringSchema() { return {{"type", "string"}}; }
json BooleanSchema() { return {{"type", "boolean"}}; }

json ContextProperty() {
  return {{"type", "string"}};
}

// No minLength: an empty path is refused by the tool with its reason
// ("an empty path"), and every file tool would repeat the keyword.
json PathProperty(const char* what) { return {{"type", "string"}, {"description", what}}; }

bool IsContextPath(absl::string_view param_name) {
  return param_name == "path" || param_name == "palette" || param_name == "style";
}

json SequenceProperty() {
  return {{"anyOf", {{{"type", "string"}}, {{"type", "integer"}, {"minimum", 0}}}},
          {"description", "An index from 0, or a name (any case)"}};
}

json StringArraySchema() { return {{"type", "array"}, {"items", {{"type", "string"}}}}; }

json NullableString() { return {{"type", {"string", "null"}}}; }

std::optional<std::string> ContextArgument(const json& arguments) {
  auto it = arguments.find("context");
  if (it == arguments.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

std::optional<std::string> StringOrIndex(const json& arguments, const char* key) {
  auto it = arguments.find(key);
  if (it == arguments.end() || it->is_null()) return std::nullopt;
  if (it->is_string()) return it->get<std::string>();
  if (it->is_number_integer()) return std::to_string(it->get<int64_t>());
  return std::nullopt;
}

absl::StatusOr<ContextAsset> OpenContextAsset(const contexts::Workspace& workspace,
                                              const std::optional<std::string>& context,
                                              const std::string& path) {
  absl::StatusOr<const contexts::Context*> found = workspace.Find(context);
  if (!found.ok()) return found.status();
  return OpenContextAsset(**found, path);
}

absl::StatusOr<ContextAsset> OpenContextAsset(const contexts::Context& context,
                                              const std::string& path) {
  ContextAsset out;
  out.context = &context;
  absl::StatusOr<contexts::VfsFile> file = out.context->vfs->Read(path);
  if (!file.ok()) return InContext(*out.context, WithNearPaths(*context.vfs, path, file.status()));
  out.blob = std::move(file->blob);
  out.identity = std::move(file->stat.identity);
  out.asset.path = std::move(file->stat.path);
  out.asset.bytes = out.blob.bytes();
  return out;
}

absl::StatusOr<ContextAsset> OpenContextAsset(const ToolCall& call) {
  return OpenContextAsset(call.workspace, ContextArgument(call.arguments),
                          call.arguments.value("path", ""));
}

std::function<ToolResult(const ToolCall&)> InContextHandler(ContextRun run) {
  return [run = std::move(run)](const ToolCall& call) {
    absl::StatusOr<const contexts::Context*> context =
        call.workspace.Find(ContextArgument(call.arguments));
    if (!context.ok()) return ErrorResult(context.status());
    return run(**context, call);
  };
}

absl::Status AssetError(const Asset& asset, absl::StatusCode code, absl::string_view why) {
  return absl::Status(code, absl::StrCat(asset.path, ": ", why));
}

json PictureLinkBlock(const std::string& uri, const std::string& name,
                      const std::string& mime_type, size_t bytes, const std::string& what,
                      const std::string& why) {
  return {{"type", "resource_link"},
          {"uri", uri},
          {"name", name},
          {"mimeType", mime_type},
          {"size", bytes},
          {"description", absl::StrCat("the whole ", what, ", ", bytes, " bytes: ", why)}};
}

absl::Status InContext(const contexts::Context& context, const absl::Status& status) {
  if (context.name.empty()) return status;  // a command's plain file (app/tnt_commands.cc)
  return absl::Status(status.code(),
                      absl::StrCat("context ", context.name, ": ", status.message()));
}

size_t Base64Size(size_t bytes) { return (bytes + 2) / 3 * 4; }

json ImageBlock(const std::vector<uint8_t>& bytes, const std::string& mime_type) {
  const absl::string_view raw(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  return {{"type", "image"}, {"data", absl::Base64Escape(raw)}, {"mimeType", mime_type}};
}

ToolResult ErrorResult(const absl::Status& status) {
  ToolResult result = ToolResult::Error(std::string(status.message()));
  result.error_code = status.code();
  result.cancelled = status.code() == absl::StatusCode::kCancelled;
  return result;
}

json EitherShape(const json& a, const json& b) {
  json out = a;
  for (const auto& [name, schema] : b["properties"].items()) {
    json& mine = out["properties"][name];
    if (mine.is_null()) {
      mine = schema;
    } else if (mine != schema) {
      mine = {{"anyOf", json::array({mine, schema})}};
    }
  }
  json required = json::array();
  for (const json& name : a.value("required", json::array())) {
    const json theirs = b.value("required", json::array());
    if (std::find(theirs.begin(), theirs.end(), name) != theirs.end()) required.push_back(name);
  }
  out["required"] = std::move(required);
  return out;
}

}  // namespace kbot::tools
