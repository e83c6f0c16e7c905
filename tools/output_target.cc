#include "tools/output_target.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "tools/tool_support.h"

namespace kbot::tools {

json TargetProperty() {
  return {{"type", "string"}, {"description", "Also write it here (output folder)"}};
}

json WrittenSchema() {
  return {{"type", "object"},
          {"properties",
           {{"path", {{"type", "string"}}}, {"bytes", {{"type", "integer"}, {"minimum", 0}}}}},
          {"required", {"path", "bytes"}}};
}

json WrittenJson(const WrittenFile& written) {
  return {{"path", written.path}, {"bytes", written.bytes}};
}

absl::StatusOr<WrittenFile> WriteTarget(contexts::ConfinedFolder* output,
                                        const std::string& target, Bytes bytes) {
  if (output == nullptr) {
    return absl::InvalidArgumentError(
        "target: this server has no output folder (start it with kbot mcp --output DIR)");
  }
  absl::StatusOr<std::string> inside = contexts::ConfinedFolder::Inside(target);
  if (!inside.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("target ", inside.status().message()));
  }
  if (absl::Status s = output->WriteFile(*inside, bytes); !s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("target ", *inside, ": ", s.message()));
  }
  return WrittenFile{*inside, bytes.size()};
}

absl::StatusOr<std::optional<WrittenFile>> WriteTargetIfGiven(
    contexts::ConfinedFolder* output, const std::optional<std::string>& target, Bytes bytes) {
  if (!target) return std::nullopt;
  absl::StatusOr<WrittenFile> written = WriteTarget(output, *target, bytes);
  if (!written.ok()) return written.status();
  return std::optional<WrittenFile>(*std::move(written));
}

ToolResult WithWritten(ToolResult result, const std::optional<WrittenFile>& written) {
  return written ? WithWritten(std::move(result), *written) : result;
}

ToolResult WithWritten(ToolResult result, const WrittenFile& written) {
  if (result.error) return result;
  result.structured["written"] = WrittenJson(written);
  const json line = {{"type", "text"},
                     {"text", absl::StrCat("Wrote ", written.bytes, " bytes to ", written.path,
                                           " in the output folder.")}};
  result.content.insert(result.content.begin() + std::min<size_t>(1, result.content.size()), line);
  return result;
}

std::vector<Tool> WithoutOutput(std::vector<Tool> tools) {
  std::vector<Tool> out;
  for (Tool& tool : tools) {
    if (tool.writes) continue;
    for (auto p = tool.params.begin(); p != tool.params.end();) {
      if (!p->output) {
        ++p;
        continue;
      }
      tool.input_schema["properties"].erase(p->name);
      // What the parameter writes is said in the result's "written".
      if (tool.output_schema.contains("properties")) {
        tool.output_schema["properties"].erase("written");
      }
      p = tool.params.erase(p);
    }
    out.push_back(std::move(tool));
  }
  return out;
}

std::vector<Tool> WithOutput(std::vector<Tool> tools) {
  for (Tool& tool : tools) {
    const bool writes = tool.writes || std::any_of(tool.params.begin(), tool.params.end(),
                                                   [](const Param& p) { return p.output; });
    if (!writes) continue;
    tool.annotations.read_only = false;
    tool.annotations.destructive = true;  // a file already there is replaced
    tool.annotations.idempotent = true;
  }
  return tools;
}

}  // namespace kbot::tools
