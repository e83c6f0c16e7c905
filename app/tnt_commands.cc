#include "app/tnt_commands.h"

#include <filesystem>
#include <iostream>
#include <memory>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "app/cli_support.h"
#include "app/file_command.h"
#include "app/game_file_place.h"
#include "app/tool_options.h"
#include "app/workspace_support.h"
#include "contexts/file_io.h"
#include "contexts/overlay_vfs.h"
#include "contexts/vfs.h"
#include "formats/tnt/tnt.h"
#include "tools/map_list_tool.h"
#include "tools/map_minimap_tool.h"
#include "tools/ta_map_describe.h"
#include "tools/ta_map_render.h"

namespace kbot::app {

namespace {

using tools::json;

// tnt's options: FILE (or with --context a map in it), --ota, --target,
// --json and the tool's own.
struct TntOptions : FileTargetOptions {
  std::optional<std::string> ota;
};

// Where a map is read (app/game_file_place.h: a plain map is read in the
// folder above maps/, so its features are found); --ota lays the given file
// over the map's own OTA.
using TntPlace = GameFilePlace;

// The game a TNT's first bytes name (TA when it cannot be told: the reader
// then says what is wrong).
contexts::Game TntGameOfFile(const std::string& file) {
  absl::StatusOr<contexts::FileBytes> bytes = contexts::FileBytes::Open(file);
  if (!bytes.ok() || bytes->bytes().size() < 4) return contexts::Game::kTa;
  return LoadU32(bytes->bytes().data()) == tnt::kVersionKingdoms ? contexts::Game::kTaKingdoms
                                                                 : contexts::Game::kTa;
}

// `place` with `ota_file`'s bytes standing for the map's own OTA.
absl::Status LayTntOta(TntPlace& place, const std::string& ota_file) {
  absl::StatusOr<contexts::FileBytes> bytes = contexts::FileBytes::Open(ota_file);
  if (!bytes.ok()) return bytes.status();
  absl::StatusOr<tools::TaMapNames> names = tools::FindTaMap(*place.context, place.path);
  if (!names.ok()) return names.status();
  std::vector<contexts::MemoryFile> files;
  files.push_back({names->tnt.substr(0, names->tnt.size() - 4) + ".ota",
                   std::vector<uint8_t>(bytes->bytes().begin(), bytes->bytes().end())});
  std::shared_ptr<const contexts::Vfs> over = contexts::MakeMemoryVfs(std::move(files), "--ota");
  // Not owned: the context under it is kept in `place` (workspace or made).
  std::shared_ptr<const contexts::Vfs> under(place.context->vfs.get(), [](const contexts::Vfs*) {});
  place.made.push_back(std::make_shared<const contexts::Context>(
      contexts::Context{place.context->name, place.context->game, place.context->root, false,
                        contexts::MakeOverlayVfs({over, under})}));
  place.context = place.made.back().get();
  place.path = names->tnt;
  return absl::OkStatus();
}

absl::StatusOr<TntPlace> TntPlaceOf(const TntOptions& o) {
  absl::StatusOr<TntPlace> place =
      PlaceGameFile(o.file, o.context, "maps", o.context ? contexts::Game::kTa : TntGameOfFile(o.file));
  if (!place.ok()) return place.status();
  if (o.ota) {
    if (absl::Status s = LayTntOta(*place, *o.ota); !s.ok()) return s;
  }
  return place;
}

// Parses the command's tool arguments with `table` and finds the map:
// `run(request, place)` is the exit code.
template <class Request, class Run>
int RunTntCommand(const std::string& command, const tools::RequestTable<Request>& table,
           const TntOptions& o, Run run) {
  absl::StatusOr<Request> request = table.ParseChecked(*o.arguments);
  if (!request.ok()) return Usage(command, request.status());
  absl::StatusOr<TntPlace> place = TntPlaceOf(o);
  if (!place.ok()) return Fail(command, place.status());
  request->path = place->path;
  return run(*request, *place);
}

void PrintTntWarnings(const json& result) {
  for (const json& w : result["warnings"]) std::cerr << "warning: " << w.get<std::string>() << "\n";
}

// Writes a drawn PNG to --target; the summary as JSON or one line.
int WriteTntPicture(const std::string& command, const TntOptions& o, const std::vector<uint8_t>& png,
                 const json& summary) {
  if (absl::Status s = contexts::WriteFileAtomically(o.target, png); !s.ok()) {
    return Fail(command, s);
  }
  PrintTntWarnings(summary);
  if (o.json) {
    PrintJson(summary);
  } else {
    std::cout << "wrote " << o.target << ": " << summary["width"] << " x " << summary["height"]
              << " px, " << summary["bytes"] << " bytes\n";
  }
  return kExitOk;
}

// tnt describe's text of map_describe's JSON.
int PrintTntDescription(const json& m) {
  std::cout << m["path"].get<std::string>() << ": "
            << (m["game"] == "ta" ? "TA" : "TA: Kingdoms") << " map, " << m["tiles"]["across"]
            << " x " << m["tiles"]["down"] << " tiles (" << m["width"] << " x " << m["height"]
            << " px), sea level " << m["sea_level"] << ", heights " << m["heights"]["min"]
            << ".." << m["heights"]["max"] << ", " << m["tile_count"]
            << (m["game"] == "ta" ? " tiles" : " tile sheets") << "\n";
  for (const json& f : m["features"]) {
    std::cout << "  feature " << f["name"].get<std::string>() << ": " << f["placed"]
              << " placed, " << (f["file"].is_null() ? "no definition" : f["file"].get<std::string>())
              << "\n";
  }
  if (!m["ota"].is_null()) {
    const json& ota = m["ota"];
    std::cout << "  " << ota["path"].get<std::string>() << ": " << ota["title"].get<std::string>()
              << ", " << ota["planet"].get<std::string>() << ", players "
              << (ota["players"].is_null() ? "?" : ota["players"].get<std::string>()) << "\n";
    for (const json& s : ota["schemas"]) {
      std::cout << "  schema " << s["index"] << " " << s["type"].get<std::string>() << ": "
                << s["starts"].size() << " start position(s)\n";
    }
  }
  PrintTntWarnings(m);
  return kExitOk;
}

void AddTntDescribe(CLI::App& tnt, int& exit_code) {
  auto o = std::make_shared<TntOptions>();
  CLI::App* c = tnt.add_subcommand("describe", "What a TA or TA: Kingdoms map holds, and its OTA");
  AddFileCommandOptions(*c, *o, "FILE", "The map (.tnt, or its .ota, or NAME with --context)",
                        tools::MapDescribeTable().Params(), "Print map_describe's JSON");
  c->add_option("--ota", o->ota, "The OTA to read (default: the .ota beside the map)");
  c->callback([o, &exit_code] {
    exit_code = RunTntCommand("tnt describe", tools::MapDescribeTable(), *o,
                       [&](const tools::MapDescribeRequest& r, const TntPlace& place) {
                         const tools::ToolResult result = tools::RunTaMapDescribe(*place.context, r);
                         if (result.error) {
                           return Fail("tnt describe", absl::InvalidArgumentError(*result.error));
                         }
                         return ReportJson(result.structured, o->json, PrintTntDescription);
                       });
  });
}

// A picture command: FILE, --target, the tool's options; `draw` returns a
// StatusOr of an outcome with `summary` and `png`.
template <class Request, class Draw>
void AddTntPicture(CLI::App& tnt, int& exit_code, const char* name, const char* help,
                const tools::RequestTable<Request>& table, Draw draw) {
  auto o = std::make_shared<TntOptions>();
  CLI::App* c = tnt.add_subcommand(name, help);
  c->add_option("--target", o->target, "PNG to write")->required();
  AddFileCommandOptions(*c, *o, "FILE", "The map (.tnt, or its .ota, or NAME with --context)",
                        table.Params(), "Print the summary as JSON");
  c->add_option("--ota", o->ota, "The OTA to read (default: the .ota beside the map)");
  const std::string command = absl::StrCat("tnt ", name);
  c->callback([o, &exit_code, &table, draw, command] {
    exit_code = RunTntCommand(command, table, *o, [&](const Request& r, const TntPlace& place) {
      auto drawn = draw(*place.context, r);
      if (!drawn.ok()) return Fail(command, drawn.status());
      return WriteTntPicture(command, *o, drawn->png, tools::ResultJson(drawn->summary));
    });
  });
}

int PrintTntMaps(const json& page) {
  for (const json& m : page["entries"]) {
    std::cout << m["path"].get<std::string>();
    if (!m["tiles"].is_null()) std::cout << "  " << m["tiles"]["across"] << " x " << m["tiles"]["down"];
    if (!m["title"].get<std::string>().empty()) std::cout << "  " << m["title"].get<std::string>();
    if (!m["players"].is_null()) std::cout << "  players " << m["players"].get<std::string>();
    if (!m["error"].is_null()) std::cout << "  (" << m["error"].get<std::string>() << ")";
    std::cout << "\n";
  }
  std::cout << page["total"] << " map(s)\n";
  return kExitOk;
}

void AddTntList(CLI::App& tnt, int& exit_code) {
  auto context = std::make_shared<std::optional<std::string>>();
  auto arguments = std::make_shared<json>(json::object());
  auto as_json = std::make_shared<bool>(false);
  CLI::App* c = tnt.add_subcommand("list", "Every map of a context, with its OTA's title and players");
  c->add_option("--context", *context, "The context (default: the only one)");
  AddToolOptions(*c, tools::MapListTable().Params(), arguments, {"context"});
  c->add_flag("--json", *as_json, "Print map_list's JSON");
  c->callback([=, &exit_code] {
    absl::StatusOr<contexts::Workspace> ws = OpenWorkspace({});
    if (!ws.ok()) {
      exit_code = Fail("tnt list", ws.status());
      return;
    }
    if (*context) (*arguments)["context"] = **context;
    absl::StatusOr<json> out = RunTool(tools::MapListTool(), *arguments, *ws);
    exit_code = out.ok() ? ReportJson(*out, *as_json, PrintTntMaps) : Fail("tnt list", out.status());
  });
}

}  // namespace

void AddTntCommands(CLI::App& app, int& exit_code) {
  CLI::App* tnt = app.add_subcommand("tnt", "TA and TA: Kingdoms maps (.tnt and .ota)");
  tnt->require_subcommand(1);
  AddTntDescribe(*tnt, exit_code);
  AddTntPicture(*tnt, exit_code, "render", "Draw a map, a region of it, at a scale, with overlays",
             tools::MapRenderTable(),
             [](const contexts::Context& c, const tools::MapRenderRequest& r) {
               return tools::RenderTaMap(c, r);
             });
  AddTntPicture(*tnt, exit_code, "minimap", "The minimap stored in a map, the part showing it",
             tools::MapMinimapTable(), tools::DrawMinimap);
  AddTntPicture(*tnt, exit_code, "heightmap", "A map's heights, one grey pixel a cell",
             tools::MapHeightmapTable(), tools::DrawHeightmap);
  AddTntList(*tnt, exit_code);
}

}  // namespace kbot::app
