#include "app/mod_commands.h"

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "app/cli_support.h"
#include "app/file_command.h"
#include "app/table.h"
#include "app/tool_options.h"
#include "app/workspace_support.h"
#include "base/argument_check.h"
#include "base/json_schema.h"
#include "tools/catalog_listing.h"
#include "tools/feature_describe_tool.h"
#include "tools/feature_list_tool.h"
#include "tools/side_list_tool.h"
#include "tools/weapon_describe_tool.h"
#include "tools/weapon_list_tool.h"

namespace kbot::app {

namespace {

using tools::json;

// The tool's own parameters land in `arguments` (app/tool_options.h);
// --context stands for context.
struct ModCommandOptions {
  std::optional<std::string> context;
  std::shared_ptr<tools::json> arguments = std::make_shared<tools::json>(tools::json::object());
  bool json = false;
};

// What a listing command needs to know of its tool.
struct ModListing {
  const char* command;  // "weapon list"
  const char* name;     // "weapon_list"
  tools::Tool (*tool)();
  const char* rows;  // the result's member holding the rows: "weapons"
  const char* noun;  // "weapon(s)"
};

// A describe command's tool, its id parameter and the positional for it.
struct ModDescribing {
  const char* command;  // "weapon describe"
  const char* name;     // "weapon_describe"
  tools::Tool (*tool)();
  const char* param;       // "weapon"
  const char* positional;  // "WEAPON"
  int (*print)(const json&);
};

// The commands show a whole catalog by default, not the tools' page of 100.
constexpr int64_t kModListCommandLimit = tools::kMaxCatalogPage;

// The tool's answer, its JSON printed with --json, else by `print`. Arguments
// its input schema refuses (a missing id) are a usage error, as a wrong option
// is; what the tool reports fails the command.
template <class Print>
int RunModTool(const char* command, tools::Tool (*make)(), const json& arguments, bool as_json,
               Print print) {
  const tools::Tool tool = make();
  absl::StatusOr<CompiledSchema> schema = CompiledSchema::Compile(tool.input_schema);
  if (!schema.ok()) return Fail(command, schema.status());
  if (absl::StatusOr<CheckedArguments> checked = schema->Check(arguments); !checked.ok()) {
    return Usage(command, checked.status());
  }
  absl::StatusOr<contexts::Workspace> workspace = OpenWorkspace({});
  if (!workspace.ok()) return Fail(command, workspace.status());
  absl::StatusOr<json> out = RunTool(tool, arguments, *workspace);
  if (!out.ok()) return Fail(command, out.status());
  return ReportJson(*out, as_json, print);
}

// A value of a row or a description as a table shows it: null as "", a
// list joined by commas.
std::string ModCell(const json& value) {
  if (value.is_null()) return "";
  if (value.is_string()) return value.get<std::string>();
  if (value.is_array()) {
    std::vector<std::string> items;
    for (const json& v : value) items.push_back(ModCell(v));
    return absl::StrJoin(items, ", ");
  }
  return value.dump();
}

int PrintModPage(const ModListing& listing, const json& page) {
  std::vector<std::string> headers;
  for (const json& f : page["fields"]) headers.push_back(f.get<std::string>());
  Table table(headers);
  for (const json& row : page[listing.rows]) {
    std::vector<std::string> cells;
    for (const std::string& f : headers) cells.push_back(ModCell(row.value(f, json())));
    // Empty cells at the end left out: no line ends in spaces.
    while (!cells.empty() && cells.back().empty()) cells.pop_back();
    table.Add(std::move(cells));
  }
  table.Print(std::cout);
  std::cout << page[listing.rows].size() << " of " << page["total"] << " " << listing.noun
            << " in context " << page["context"].get<std::string>() << " ("
            << page["game"].get<std::string>() << ")";
  if (!page["next_offset"].is_null())
    std::cout << " (more: --offset " << page["next_offset"] << ")";
  std::cout << "\n";
  return kExitOk;
}

int RunModList(const ModListing& listing, const ModCommandOptions& o) {
  json arguments = *o.arguments;
  if (o.context) arguments["context"] = *o.context;
  if (!arguments.contains("limit")) arguments["limit"] = kModListCommandLimit;
  return RunModTool(listing.command, listing.tool, arguments, o.json,
                    [&](const json& page) { return PrintModPage(listing, page); });
}

int RunModDescribe(const ModDescribing& describing, const ModCommandOptions& o) {
  json arguments = *o.arguments;
  if (o.context) arguments["context"] = *o.context;
  return RunModTool(describing.command, describing.tool, arguments, o.json, describing.print);
}

// The file that won, what it overrode, every key and the warnings: the end
// of each description.
void PrintModSource(const json& d) {
  std::cout << "file: " << d["file"]["path"].get<std::string>() << " line " << d["line"] << " ("
            << d["file"]["source"].get<std::string>() << ")\n";
  for (const json& o : d["overrides"]) {
    std::cout << "overrides: " << o["path"].get<std::string>() << " ("
              << o["source"].get<std::string>() << ")\n";
  }
  Table keys({"Key", "Value", "Line"});
  for (const json& k : d["keys"]) {
    keys.Add({k["key"].get<std::string>(), k["value"].get<std::string>(), k["line"].dump()});
  }
  std::cout << "\n";
  keys.Print(std::cout);
  for (const json& w : d["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
}

int PrintWeapon(const json& d) {
  std::cout << d["id"].get<std::string>() << ": " << d["name"].get<std::string>();
  if (!d["unit"].is_null()) std::cout << " (in " << d["unit"].get<std::string>() << "'s FBI)";
  std::cout << "\n";
  std::vector<std::string> stats;
  for (const auto& [key, value] : d["stats"].items()) {
    if (!value.is_null()) stats.push_back(absl::StrCat(key, " ", value.dump()));
  }
  if (!stats.empty()) std::cout << absl::StrJoin(stats, ", ") << "\n";
  std::vector<std::string> damage;
  if (!d["default_damage"].is_null()) damage.push_back("default " + d["default_damage"].dump());
  for (const json& x : d["damage"]) {
    damage.push_back(absl::StrCat(x["target"].get<std::string>(), " ", x["damage"].dump()));
  }
  std::cout << "damage: " << (damage.empty() ? "none given" : absl::StrJoin(damage, ", ")) << "\n";
  std::vector<std::string> users;
  for (const json& u : d["used_by"]) {
    users.push_back(absl::StrCat(u["id"].get<std::string>(), " (", u["name"].get<std::string>(),
                                 ") slot ", u["slot"].dump()));
  }
  std::cout << "used by: " << (users.empty() ? "no unit" : absl::StrJoin(users, ", ")) << "\n";
  PrintModSource(d);
  return kExitOk;
}

int PrintFeature(const json& d) {
  std::cout << d["id"].get<std::string>() << ": " << d["description"].get<std::string>() << "\n";
  std::vector<std::string> facts;
  for (const char* key : {"world", "category", "metal", "energy"}) {
    const std::string value = ModCell(d[key]);
    if (!value.empty()) facts.push_back(absl::StrCat(key, " ", value));
  }
  if (!facts.empty()) std::cout << absl::StrJoin(facts, ", ") << "\n";
  const json& draws = d["draws"];
  if (draws["kind"].is_null()) {
    std::cout << "draws: nothing (no object, no filename)\n";
  } else {
    std::cout << "draws: " << draws["kind"].get<std::string>() << " "
              << draws["path"].get<std::string>();
    if (!draws["sequence"].is_null()) {
      std::cout << " sequence " << draws["sequence"].get<std::string>();
    }
    std::cout << (draws["found"].is_null() ? ": missing"
                                           : ": found " + draws["found"].get<std::string>())
              << "\n";
  }
  std::vector<std::string> units;
  for (const json& u : d["corpse_of"]) {
    units.push_back(
        absl::StrCat(u["id"].get<std::string>(), " (", u["name"].get<std::string>(), ")"));
  }
  if (!units.empty()) std::cout << "corpse of: " << absl::StrJoin(units, ", ") << "\n";
  PrintModSource(d);
  return kExitOk;
}

int PrintSides(const json& d) {
  Table table({"Name", "Prefix", "Commander", "Units", "File"});
  for (const json& s : d["sides"]) {
    const std::string file =
        s["file"].is_null()
            ? "(built in)"
            : absl::StrCat(s["file"]["path"].get<std::string>(), " line ", s["line"].dump());
    table.Add({s["name"].get<std::string>(), s["prefix"].get<std::string>(),
               s["commander"].get<std::string>(), s["units"].dump(), file});
  }
  table.Print(std::cout);
  std::cout << d["sides"].size() << " side(s), " << d["units"] << " unit(s), " << d["without_side"]
            << " on no side, in context " << d["context"].get<std::string>() << " ("
            << d["game"].get<std::string>() << ")\n";
  return kExitOk;
}

CLI::App* AddModCommand(CLI::App& parent, const char* name, const char* help,
                        const std::vector<tools::Param>& params,
                        const std::shared_ptr<ModCommandOptions>& o, const std::string& json_help) {
  CLI::App* c = parent.add_subcommand(name, help);
  c->add_option("--context", o->context, "The context (optional when there is only one)");
  AddToolOptions(*c, params, o->arguments, {"context"});
  c->add_flag("--json", o->json, json_help);
  return c;
}

void AddModList(CLI::App& parent, int& exit_code, const ModListing& listing, const char* help,
                const std::vector<tools::Param>& params) {
  auto o = std::make_shared<ModCommandOptions>();
  CLI::App* c = AddModCommand(parent, "list", help, params, o,
                              absl::StrCat("Print the ", listing.name, " JSON"));
  c->get_option("--limit")->description(
      absl::StrCat("Show at most this many (1-1000) [default: ", kModListCommandLimit, "]"));
  c->callback([listing, o, &exit_code] { exit_code = RunModList(listing, *o); });
}

// ID may be given first, without --weapon (the tool's check says when
// neither is).
void AddModDescribe(CLI::App& parent, int& exit_code, const ModDescribing& describing,
                    const char* help, const std::vector<tools::Param>& params) {
  auto o = std::make_shared<ModCommandOptions>();
  CLI::App* c = AddModCommand(parent, "describe", help, params, o,
                              absl::StrCat("Print the ", describing.name, " JSON"));
  c->get_option(absl::StrCat("--", describing.param))->required(false);
  const std::string param = describing.param;
  c->add_option_function<std::string>(
      describing.positional, [o, param](const std::string& id) { (*o->arguments)[param] = id; },
      absl::StrCat("The ", param, "'s id (or --", param, ")"));
  c->callback([describing, o, &exit_code] { exit_code = RunModDescribe(describing, *o); });
}

}  // namespace

void AddModCommands(CLI::App& app, int& exit_code) {
  CLI::App* weapon = app.add_subcommand("weapon", "The weapons of a TA or TA: Kingdoms mod");
  weapon->require_subcommand(1);
  AddModList(*weapon, exit_code,
             {"weapon list", "weapon_list", tools::WeaponListTool, "weapons", "weapon(s)"},
             "List weapons: range, reload, damage, the units using them",
             tools::WeaponListTable().Params());
  AddModDescribe(*weapon, exit_code,
                 {"weapon describe", "weapon_describe", tools::WeaponDescribeTool, "weapon",
                  "WEAPON", PrintWeapon},
                 "One weapon: every key, damage by target, the units using it",
                 tools::WeaponDescribeTable().Params());

  CLI::App* feature = app.add_subcommand("feature", "The features of a TA or TA: Kingdoms mod");
  feature->require_subcommand(1);
  AddModList(*feature, exit_code,
             {"feature list", "feature_list", tools::FeatureListTool, "features", "feature(s)"},
             "List features: trees, rocks, wrecks", tools::FeatureListTable().Params());
  AddModDescribe(*feature, exit_code,
                 {"feature describe", "feature_describe", tools::FeatureDescribeTool, "feature",
                  "FEATURE", PrintFeature},
                 "One feature: every key, what draws it, the units leaving it",
                 tools::FeatureDescribeTable().Params());

  CLI::App* side = app.add_subcommand("side", "The sides of a TA or TA: Kingdoms mod");
  side->require_subcommand(1);
  auto o = std::make_shared<ModCommandOptions>();
  CLI::App* list = AddModCommand(*side, "list", "List sides: prefix, commander, unit count",
                                 tools::SideListTable().Params(), o, "Print the side_list JSON");
  list->callback([o, &exit_code] {
    exit_code =
        RunModDescribe({"side list", "side_list", tools::SideListTool, "", "", PrintSides}, *o);
  });
}

}  // namespace kbot::app
