#include "app/gta_sprite_commands.h"

#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "app/drawing_output.h"
#include "app/file_command.h"
#include "app/table.h"
#include "contexts/file_io.h"
#include "app/gta_asset_commands.h"
#include "tools/car_describe_tool.h"
#include "tools/car_list_tool.h"
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
                 s.contains("palette") ? s["palette"].dump() : "-",
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

int PrintCars(const json& l) {
  std::cout << l["path"].get<std::string>() << ": " << l["cars"].size() << " car(s)"
            << (l["texts"].is_null() ? "" : ", named from " + l["texts"].get<std::string>())
            << "\n";
  Table cars({"#", "Model", "Name", "Type", "Sprite", "Size", "Doors", "Max speed", "Weight"});
  for (const json& c : l["cars"]) {
    cars.Add({c["index"].dump(), c["model"].dump(), c["name"].is_null() ? "" : c["name"].get<std::string>(),
              c["type"].get<std::string>(),
              absl::StrCat(c["kind"].get<std::string>(), " ", c["sprite"].dump()),
              absl::StrCat(c["width"].dump(), " x ", c["height"].dump(), " x ", c["depth"].dump()),
              c["doors"].dump(), c["max_speed"].dump(), c["weight"].dump()});
  }
  cars.Print(std::cout);
  PrintWarnings(l);
  return kExitOk;
}

// gta car's options: car_list's and car_describe's (model, remap, doors_open).
std::vector<tools::Param> CarParams() {
  std::vector<tools::Param> params = tools::CarListTable().Params();
  for (tools::Param p : tools::CarDescribeTable().Params()) {
    if (p.name == "model" || p.name == "remap" || p.name == "doors_open") {
      p.required = false;
      params.push_back(std::move(p));
    }
  }
  return params;
}

// One car: its JSON, or its values as text; its sprite written to --target
// when given.
int RunCarDescribe(const FileTargetOptions& o) {
  if (o.arguments->contains("texts")) {
    return Usage("gta car", absl::InvalidArgumentError(
                                "--texts names the cars of the list; a car's name comes from "
                                "ENGLISH.FXT beside the style"));
  }
  return RunFileCommand(
      "gta car", tools::CarDescribeTable(), o,
      [&](const tools::CarDescribeRequest& r, const CommandAsset& opened) {
        absl::StatusOr<tools::CarDescribeOutcome> car =
            tools::DescribeCar(opened.asset, r, FileReader(opened));
        if (!car.ok()) return Fail("gta car", car.status());
        const json summary = tools::CarDescribeSummary::Fields().ToJson(car->summary);
        PrintWarnings(summary);
        if (!o.target.empty()) {
          if (absl::Status s = contexts::WriteFileAtomically(o.target, car->image.png); !s.ok()) {
            return Fail("gta car", s);
          }
        }
        if (o.json) {
          PrintJson(summary);
        } else {
          std::cout << summary["car"].dump(2) << "\n";
          if (!o.target.empty()) std::cout << "wrote " << o.target << "\n";
        }
        return kExitOk;
      });
}

int RunCar(const FileTargetOptions& o) {
  if (o.arguments->contains("model")) return RunCarDescribe(o);
  for (const char* name : {"remap", "doors_open"}) {
    if (o.arguments->contains(name)) {
      return Usage("gta car", absl::InvalidArgumentError(
                                  absl::StrCat("--", name, " draws one car: give --model")));
    }
  }
  if (!o.target.empty()) {
    return Usage("gta car", absl::InvalidArgumentError("--target writes one car: give --model"));
  }
  return RunFileCommand("gta car", tools::CarListTable(), o,
                        [&](const tools::CarListRequest& r, const CommandAsset& opened) {
                          return Report("gta car",
                                        tools::ListCars(opened.asset, r, FileReader(opened)),
                                        o.json, PrintCars);
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
  // Not AddToolCommand: --target is optional, for a car described (--model).
  auto car = std::make_shared<FileTargetOptions>();
  CLI::App* c = gta->add_subcommand(
      "car", "List a style's cars, or describe one (--model) and draw it (--target)");
  c->add_option("--target", car->target, "PNG of the car's sprite (with --model)");
  AddFileCommandOptions(*c, *car, "FILE", "Style (e.g. STYLE001.G24)", CarParams(),
                        "Print the car_list or car_describe JSON");
  c->callback([car, &exit_code] { exit_code = RunCar(*car); });
}

}  // namespace kbot::app
