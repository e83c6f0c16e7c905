#include "app/file_command.h"

#include "absl/strings/str_cat.h"
#include "app/tool_options.h"

namespace kbot::app {

void AddFileCommandOptions(CLI::App& command, FileCommandOptions& o, const std::string& name,
                           const std::string& help, const std::vector<tools::Param>& params,
                           const std::string& json_help) {
  command.add_option(name, o.file, help)->required();
  command.add_option("--context", o.context,
                     absl::StrCat("Read ", name,
                                  " from this context (kbot context list) instead of the file "
                                  "system"));
  AddToolOptions(command, params, o.arguments);
  if (!json_help.empty()) command.add_flag("--json", o.json, json_help);
}

}  // namespace kbot::app
