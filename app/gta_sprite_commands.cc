#include "app/gta_sprite_commands.h"

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "app/drawing_output.h"
#include "app/file_command.h"
#include "app/table.h"
#include "tools/sprite_export_tool.h"
#include "tools/sprite_list_tool.h"
#include "tools/sprite_sheet_tool.h"

namespace kbot::app {

namespace {

using tools::json;

int PrintSprites(const json& l) {
  std::cout << l["path"].get<std::string>() << ": " << l["total"] << " sprite(s)\n";
  Table kinds({"Kind", "First", "Count"});
  for (const json& k : l["kinds"]) {
    kinds.Add({k["kind"].get<std::string>(), k["first"].dump(),
               k.contains("stored") ? absl::StrCat(k["count"].dump(), " (", k["stored"].dump(),
                                                   " stored)")
                                    : k["count"].dump()});
  }
  kinds.Print(std::cout);
  Table sprites({"#", "Kind", "N", "Size", "Deltas", "Palette", "Page (x, y)", "Problem"});
  for (const json& s : l["sprites"]) {
    sprites.Add({s["number"].dump(), s["kind"].get<std::string>(), s["index"].dump(),
                 absl::StrCat(s["width"].dump(), " x ", s["height"].dump()), s["deltas"].dump(),
                 s["palette"].dump(),
                 absl::StrCat(s["page"].dump(), " (", s["x"].dump(), ", ", s["y"].dump(), ")"),
                 s.value("problem", "")});
  }
  std::cout << "\n";
  sprites.Print(std::cout);
  PrintWarnings(l);
  return kExitOk;
}

int RunSprites(const FileTargetOptions& o) {
  return RunFileCommand("gta sprites", tools::SpriteListTable(), o,
                        [&](const tools::SpriteListRequest& r, const CommandAsset& opened) {
                          return Report("gta sprites", tools::ListSprites(opened.asset, r), o.json,
                                        PrintSprites);
                        });
}

// gta sprite's options: sprite_export's, with --number no longer required
// (--sheet stands for it), and sprite_sheet's --first and --count.
std::vector<tools::Param> SpriteParams() {
  std::vector<tools::Param> params = tools::SpriteExportTable().Params();
  for (tools::Param& p : params) {
    if (p.name == "number") p.required = false;
  }
  for (const tools::Param& p : tools::SpriteSheetTable().Params()) {
    if (p.name == "first" || p.name == "count") params.push_back(p);
  }
  params.push_back({"sheet", tools::BooleanParam("Every sprite of the kind, numbered (sprite_sheet)")});
  return params;
}

// Which tool the options ask for, and why not when they mix the two.
absl::Status CheckSpriteOptions(const json& args, bool sheet) {
  if (sheet) {
    for (const char* name : {"number", "deltas"}) {
      if (args.contains(name)) {
        return absl::InvalidArgumentError(absl::StrCat("--", name, " draws one sprite; --sheet "
                                                       "draws the kind (--first, --count)"));
      }
    }
    return absl::OkStatus();
  }
  if (!args.contains("number")) {
    return absl::InvalidArgumentError("give --number N (one sprite) or --sheet (the kind)");
  }
  for (const char* name : {"first", "count"}) {
    if (args.contains(name)) {
      return absl::InvalidArgumentError(absl::StrCat("--", name, " is for --sheet"));
    }
  }
  return absl::OkStatus();
}

int RunSprite(const FileTargetOptions& o) {
  FileTargetOptions options = o;
  options.arguments = std::make_shared<json>(*o.arguments);
  const bool sheet = options.arguments->value("sheet", false);
  options.arguments->erase("sheet");
  if (absl::Status s = CheckSpriteOptions(*options.arguments, sheet); !s.ok()) {
    return Usage("gta sprite", s);
  }
  if (sheet) {
    return RunFileCommand("gta sprite", tools::SpriteSheetTable(), options,
                          [&](const tools::SpriteSheetRequest& r, const CommandAsset& opened) {
                            return WriteDrawing("gta sprite", options,
                                                tools::DrawSpriteSheet(opened.asset, r));
                          });
  }
  return RunFileCommand("gta sprite", tools::SpriteExportTable(), options,
                        [&](const tools::SpriteExportRequest& r, const CommandAsset& opened) {
                          return WriteDrawing("gta sprite", options,
                                              tools::ExportSprite(opened.asset, r));
                        });
}

}  // namespace

void AddGtaSpriteCommands(CLI::App* gta, int& exit_code) {
  AddToolCommand(gta, exit_code, "sprites", "List a style's sprites: kinds, sizes, deltas",
                 "Style (e.g. STYLE001.G24)", tools::SpriteListTable().Params(), "sprite_list",
                 false, RunSprites);
  AddToolCommand(gta, exit_code, "sprite",
                 "Draw one sprite (--number) or a numbered sheet of a kind (--sheet) as a PNG",
                 "Style (e.g. STYLE001.G24)", SpriteParams(), "sprite_export or sprite_sheet",
                 true, RunSprite);
}

}  // namespace kbot::app
