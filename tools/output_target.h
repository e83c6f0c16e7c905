// The output folder of `kbot mcp --output DIR`, as the tools see it. Write
// tools (Tool::writes: hpi_extract) and output parameters (Param::output:
// the `target` of gaf_export and map_render) are served only when there is
// one; every write stays inside it and lands whole (contexts/confined_folder.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"
#include "tools/tool.h"

namespace kbot::tools {

// The `target` parameter of a picture tool: a file in the output folder the
// picture is also written to.
json TargetProperty();

// A file written into the output folder: its path there and its size.
struct WrittenFile {
  std::string path;
  uint64_t bytes = 0;
};
// {"path", "bytes"}: the "written" member of a result.
json WrittenSchema();
json WrittenJson(const WrittenFile& written);

// Writes `bytes` at `target` in `output` (a call's output folder),
// atomically. InvalidArgument when there is no output folder, when `target`
// would leave it ("target ../x: \"..\" would leave the target folder"), or
// when the disk refuses.
absl::StatusOr<WrittenFile> WriteTarget(contexts::ConfinedFolder* output,
                                        const std::string& target, Bytes bytes);

// WriteTarget when a `target` was given; nullopt when none was.
absl::StatusOr<std::optional<WrittenFile>> WriteTargetIfGiven(
    contexts::ConfinedFolder* output, const std::optional<std::string>& target, Bytes bytes);

// `result` (a picture tool's success) with "written" in its structured
// content and a line saying so after its caption; as it is when nothing was
// written.
ToolResult WithWritten(ToolResult result, const WrittenFile& written);
ToolResult WithWritten(ToolResult result, const std::optional<WrittenFile>& written);

// The tools as served without an output folder: no write tool, and no output
// parameter in any schema.
std::vector<Tool> WithoutOutput(std::vector<Tool> tools);
// The tools as served with one: a tool with an output parameter is no longer
// read-only (it may replace a file there, the same bytes for the same call).
std::vector<Tool> WithOutput(std::vector<Tool> tools);

}  // namespace kbot::tools
