#include "app/script_commands.h"

#include <iostream>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "app/cli_support.h"
#include "app/file_command.h"
#include "app/game_file_place.h"
#include "contexts/file_io.h"
#include "formats/cob/cob.h"
#include "tools/script_describe_tool.h"
#include "tools/script_listing_tool.h"

namespace kbot::app {

namespace {

using tools::json;

// The game a COB's version names (TA when it cannot be told).
contexts::Game ScriptGameOfFile(const std::string& file) {
  absl::StatusOr<contexts::FileBytes> bytes = contexts::FileBytes::Open(file);
  if (!bytes.ok() || bytes->bytes().size() < 4) return contexts::Game::kTa;
  return LoadU32(bytes->bytes().data()) == cob::kVersionKingdoms ? contexts::Game::kTaKingdoms
                                                                 : contexts::Game::kTa;
}

template <class Request, class Run>
int RunScriptCommand(const std::string& command, const tools::RequestTable<Request>& table,
                     const FileCommandOptions& o, Run run) {
  absl::StatusOr<Request> request = table.ParseChecked(*o.arguments);
  if (!request.ok()) return Usage(command, request.status());
  absl::StatusOr<GameFilePlace> place = PlaceGameFile(
      o.file, o.context, "scripts", o.context ? contexts::Game::kTa : ScriptGameOfFile(o.file));
  if (!place.ok()) return Fail(command, place.status());
  request->path = place->path;
  return run(*request, *place);
}

void PrintScriptWarnings(const json& result) {
  for (const json& w : result["warnings"]) std::cerr << "warning: " << w.get<std::string>() << "\n";
}

int PrintScriptDescription(const json& d) {
  std::cout << d["path"].get<std::string>() << ": " << (d["game"] == "ta" ? "TA" : "TA: Kingdoms")
            << " script (version " << d["version"] << "), " << d["scripts"].size()
            << " function(s), " << d["pieces"].size() << " piece(s), " << d["statics"]
            << " static(s), " << d["code_words"] << " code words\n";
  for (const json& s : d["scripts"]) {
    std::cout << "  " << s["name"].get<std::string>() << "  code " << s["start"] << ", "
              << s["length"] << " words\n";
  }
  std::cout << "  pieces: " << absl::StrJoin(d["pieces"].get<std::vector<std::string>>(), ", ")
            << "\n";
  if (!d["sounds"].empty()) {
    std::cout << "  sounds: " << absl::StrJoin(d["sounds"].get<std::vector<std::string>>(), ", ")
              << "\n";
  }
  if (!d["missing_standard"].empty()) {
    std::cout << "  lacks: "
              << absl::StrJoin(d["missing_standard"].get<std::vector<std::string>>(), ", ") << "\n";
  }
  PrintScriptWarnings(d);
  return kExitOk;
}

int PrintListing(const json& l) {
  std::cout << l["text"].get<std::string>();
  for (const json& f : l["fallbacks"]) std::cerr << "note: " << f.get<std::string>() << "\n";
  PrintScriptWarnings(l);
  return kExitOk;
}

void AddScriptDescribe(CLI::App& group, int& exit_code) {
  auto o = std::make_shared<FileCommandOptions>();
  CLI::App* c = group.add_subcommand("describe", "A unit script's functions, pieces and statics");
  AddFileCommandOptions(*c, *o, "FILE", "The script (.cob, or NAME with --context)",
                        tools::ScriptDescribeTable().Params(), "Print script_describe's JSON");
  c->callback([o, &exit_code] {
    exit_code = RunScriptCommand(
        "cob describe", tools::ScriptDescribeTable(), *o,
        [&](const tools::ScriptDescribeRequest& r, const GameFilePlace& place) {
          return Report("cob describe", tools::DescribeScript(*place.context, r), o->json,
                        PrintScriptDescription);
        });
  });
}

// disassemble and decompile: `list` makes the listing.
template <class List>
void AddScriptListing(CLI::App& group, int& exit_code, const char* name, const char* help,
                      List list) {
  auto o = std::make_shared<FileCommandOptions>();
  CLI::App* c = group.add_subcommand(name, help);
  AddFileCommandOptions(*c, *o, "FILE", "The script (.cob, or NAME with --context)",
                        tools::ScriptListingTable().Params(), "Print the tool's JSON");
  const std::string command = absl::StrCat("cob ", name);
  c->callback([o, &exit_code, command, list] {
    exit_code = RunScriptCommand(
        command, tools::ScriptListingTable(), *o,
        [&](const tools::ScriptListingRequest& r, const GameFilePlace& place) {
          return Report(command, list(*place.context, r), o->json, PrintListing);
        });
  });
}

}  // namespace

void AddScriptCommands(CLI::App& app, int& exit_code) {
  CLI::App* group = app.add_subcommand("cob", "TA and TA: Kingdoms unit scripts (.cob)");
  group->require_subcommand(1);
  AddScriptDescribe(*group, exit_code);
  AddScriptListing(*group, exit_code, "disassemble", "A unit script as instructions",
                   tools::DisassembleScriptFile);
  AddScriptListing(*group, exit_code, "decompile", "A unit script as BOS source",
                   tools::DecompileScriptFile);
}

}  // namespace kbot::app
