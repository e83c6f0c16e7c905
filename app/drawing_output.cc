#include "app/drawing_output.h"

#include <iostream>
#include <memory>

#include "absl/strings/str_cat.h"
#include "contexts/file_io.h"

namespace kbot::app {

int WritePng(const std::string& command, const std::string& target,
             const tools::EncodedPicture& image, const tools::json& summary, bool as_json) {
  if (absl::Status s = contexts::WriteFileAtomically(target, image.png); !s.ok()) {
    return Fail(command, s);
  }
  if (as_json) {
    PrintJson(summary);
  } else {
    std::cout << "wrote " << target << ": " << summary["width"] << " x " << summary["height"]
              << ", " << image.png.size() << " bytes\n";
  }
  return kExitOk;
}

void PrintWarnings(const tools::json& out) {
  auto warnings = out.find("warnings");
  if (warnings == out.end()) return;
  for (const tools::json& w : *warnings) std::cerr << "warning: " << w.get<std::string>() << "\n";
}

CLI::App* AddToolCommand(CLI::App* group, int& exit_code, const char* name, const char* summary,
                         const char* file, const std::vector<tools::Param>& params,
                         const char* tool, bool target, int (*run)(const FileTargetOptions&)) {
  auto o = std::make_shared<FileTargetOptions>();
  CLI::App* c = group->add_subcommand(name, summary);
  if (target) c->add_option("--target", o->target, "PNG to write")->required();
  AddFileCommandOptions(*c, *o, "FILE", file, params, absl::StrCat("Print the ", tool, " JSON"));
  c->callback([o, run, &exit_code] { exit_code = run(*o); });
  return c;
}

}  // namespace kbot::app
