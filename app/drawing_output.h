// What the commands that draw a picture (gta tiles, gta font, gta sprite,
// pcx export...) share: the PNG written to --target with its summary, the
// warnings on stderr, and the declaration of a command that runs one tool on
// one file.
#pragma once

#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/status/statusor.h"
#include "app/cli_support.h"
#include "app/file_command.h"
#include "tools/image_result.h"
#include "tools/params.h"

namespace kbot::app {

// Writes the PNG atomically to `target`; prints the summary's JSON with
// `as_json`, else one line naming the file and its size.
int WritePng(const std::string& command, const std::string& target,
             const tools::EncodedPicture& image, const tools::json& summary, bool as_json);

// The summary's warnings, on stderr: stdout may be the JSON.
void PrintWarnings(const tools::json& out);

// A drawing command's PNG written to --target, with its summary: warnings
// (and what `note` prints of it) on stderr, the JSON with --json.
template <class Summary>
int WriteDrawing(const std::string& command, const FileTargetOptions& o,
                 const absl::StatusOr<tools::PictureOutcome<Summary>>& drawn,
                 void (*note)(const tools::json&) = nullptr) {
  if (!drawn.ok()) return Fail(command, drawn.status());
  const tools::json summary = Summary::Fields().ToJson(drawn->summary);
  PrintWarnings(summary);
  if (note != nullptr) note(summary);
  return WritePng(command, o.target, drawn->image, summary, o.json);
}

// `name` under `group`: FILE (described by `file`), --context, --target when
// `target`, the tool's own parameters, --json; running `run`.
CLI::App* AddToolCommand(CLI::App* group, int& exit_code, const char* name, const char* summary,
                         const char* file, const std::vector<tools::Param>& params,
                         const char* tool, bool target, int (*run)(const FileTargetOptions&));

}  // namespace kbot::app
