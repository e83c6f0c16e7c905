// A command that runs a tool's typed function on one file (gaf list, gta map,
// palette describe...): FILE and --context stand for the tool's path and
// context, and the tool's own parameters fill `arguments` (AddToolOptions,
// app/tool_options.h), which the tool's table turns into its request.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "CLI/CLI.hpp"
#include "absl/status/statusor.h"
#include "app/cli_support.h"
#include "app/workspace_support.h"
#include "nlohmann/json.hpp"
#include "tools/params.h"
#include "tools/result_fields.h"

namespace kbot::app {

struct FileCommandOptions {
  std::string file;
  std::optional<std::string> context;
  std::shared_ptr<nlohmann::json> arguments =
      std::make_shared<nlohmann::json>(nlohmann::json::object());
  bool json = false;  // --json: print the tool's JSON
};

// A command that writes a file: --target.
struct FileTargetOptions : FileCommandOptions {
  std::string target;
};

// The positional FILE (`name` as --help shows it, described by `help`),
// --context, the tool's own options (`params`), and --json (`json_help`;
// none when empty).
void AddFileCommandOptions(CLI::App& command, FileCommandOptions& o, const std::string& name,
                           const std::string& help, const std::vector<tools::Param>& params,
                           const std::string& json_help);

// Parses the arguments with `table` (a refused one is a usage error), opens
// FILE (a plain file, or with --context a path inside that context; an error
// fails the command) and returns `run(request, opened)`: the exit code.
template <class Request, class Run>
int RunFileCommand(const std::string& command, const tools::RequestTable<Request>& table,
                   const FileCommandOptions& o, Run run) {
  absl::StatusOr<Request> request = table.ParseChecked(*o.arguments);
  if (!request.ok()) return Usage(command, request.status());
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail(command, opened.status());
  return run(*request, *opened);
}

// What a command answers with a tool's JSON: with --json the JSON; else
// `print` shows it and returns the exit code.
template <class Print>
int ReportJson(const nlohmann::json& out, bool as_json, Print print) {
  if (as_json) {
    PrintJson(out);
    return kExitOk;
  }
  return print(out);
}
// The same for the result of a tool's typed function, whose error fails the
// command.
template <class Result, class Print>
int Report(const std::string& command, const absl::StatusOr<Result>& result, bool as_json,
           Print print) {
  if (!result.ok()) return Fail(command, result.status());
  return ReportJson(tools::ResultJson(*result), as_json, print);
}

}  // namespace kbot::app
