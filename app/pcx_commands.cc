#include "app/pcx_commands.h"

#include <memory>
#include <utility>
#include <vector>

#include "app/file_command.h"
#include "app/gta_asset_commands.h"
#include "tools/picture_export_tool.h"

namespace kbot::app {

void AddPcxCommands(CLI::App& app, int& exit_code) {
  CLI::App* pcx = app.add_subcommand("pcx", "PCX pictures (TA's unitpics, loading screens)");
  pcx->require_subcommand(1);
  auto o = std::make_shared<FileTargetOptions>();
  CLI::App* e = pcx->add_subcommand(
      "export", "Export a PCX picture as a PNG: 8-bit with its own palette (else the "
                "context's, or TA's), 24-bit as it is");
  e->add_option("--target", o->target, "PNG to write")->required();
  // width and height size a RAW or a RAT; a PCX's header gives its size.
  std::vector<tools::Param> params;
  for (tools::Param p : tools::PictureExportTable().Params()) {
    if (p.name == "width" || p.name == "height") continue;
    // The tool's own says what it does for a RAT too.
    if (p.name == "palette") {
      p.schema["description"] = "A .pal or .pcx drawn with instead of its own";
    }
    params.push_back(std::move(p));
  }
  AddFileCommandOptions(*e, *o, "FILE", "PCX picture (e.g. unitpics/ARMCOM.PCX)", params,
                        "Print the picture_export JSON");
  e->callback([o, &exit_code] { exit_code = RunPictureCommand("pcx export", *o, true); });
}

}  // namespace kbot::app
