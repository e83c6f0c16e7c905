#include "app/unit_commands.h"

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "app/cli_support.h"
#include "app/table.h"
#include "app/tool_options.h"
#include "app/workspace_support.h"
#include "contexts/file_io.h"
#include "tools/build_picture.h"
#include "tools/catalog_listing.h"
#include "tools/unit_compare_tool.h"
#include "tools/unit_describe_tool.h"
#include "tools/unit_list_tool.h"

namespace kbot::app {

namespace {

using tools::json;

// The tool's own parameters land in `arguments` (app/tool_options.h).
struct UnitOptions {
  std::optional<std::string> context;
  std::optional<std::string> picture;  // describe: write the build picture here
  std::shared_ptr<tools::json> arguments = std::make_shared<tools::json>(tools::json::object());
  bool json = false;
};

absl::StatusOr<json> Run(const tools::Tool& tool, json arguments,
                         const std::optional<std::string>& context) {
  if (context) arguments["context"] = *context;
  absl::StatusOr<contexts::Workspace> workspace = OpenWorkspace({});
  if (!workspace.ok()) return workspace.status();
  return RunTool(tool, arguments, *workspace);
}

// A JSON value as a table cell: text as it is, arrays joined by spaces.
std::string Cell(const json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_array()) {
    std::vector<std::string> parts;
    for (const json& item : v) parts.push_back(Cell(item));
    return absl::StrJoin(parts, " ");
  }
  if (v.is_object() && v.contains("path")) return Cell(v["path"]);
  return v.dump();
}

int RunList(const UnitOptions& o) {
  json arguments = *o.arguments;
  // A command lists every unit unless told otherwise (at most a page's maximum).
  if (!arguments.contains("limit")) arguments["limit"] = tools::kMaxCatalogPage;
  absl::StatusOr<json> out = Run(tools::UnitListTool(), arguments, o.context);
  if (!out.ok()) return Fail("unit list", out.status());
  if (o.json) {
    PrintJson(*out);
    return kExitOk;
  }
  const std::vector<std::string> fields = (*out)["fields"].get<std::vector<std::string>>();
  Table table(fields);
  for (const json& row : (*out)["units"]) {
    std::vector<std::string> cells;
    for (const std::string& f : fields) cells.push_back(Cell(row[f]));
    table.Add(std::move(cells));
  }
  table.Print(std::cout);
  std::cout << (*out)["units"].size() << " of " << (*out)["total"] << " unit(s) in context "
            << (*out)["context"].get<std::string>();
  if (!(*out)["next_offset"].is_null()) {
    std::cout << " (more: --offset " << (*out)["next_offset"] << ")";
  }
  std::cout << "\n";
  return kExitOk;
}

void PrintBuilds(const char* title, const json& items) {
  if (items.empty()) return;
  std::cout << "\n" << title << ":\n";
  Table table({"Unit", "Name", "Via", "File", "Line", "Menu", "Button"});
  for (const json& b : items) {
    // Line 0: the pairing is the whole file (a canbuild/ file names it by its path).
    const std::string line = b["line"] == 0 ? "" : Cell(b["line"]);
    table.Add({Cell(b["unit"]), Cell(b["name"]), Cell(b["via"]), Cell(b["file"]), line,
               Cell(b["menu"]), Cell(b["button"])});
  }
  table.Print(std::cout);
}

void PrintWeapons(const json& weapons) {
  if (weapons.empty()) return;
  std::cout << "\nWeapons:\n";
  Table table({"Slot", "Id", "Name", "Range", "Reload", "Damage", "By target"});
  for (const json& w : weapons) {
    std::vector<std::string> by;
    for (const json& d : w["damage"]) {
      by.push_back(absl::StrCat(Cell(d["target"]), "=", Cell(d["damage"])));
    }
    table.Add({Cell(w["slot"]), Cell(w["id"]),
               w["found"].get<bool>() ? Cell(w["name"]) : "(no definition)",
               Cell(w["stats"]["range"]), Cell(w["stats"]["reloadtime"]),
               Cell(w["default_damage"]), absl::StrJoin(by, " ")});
  }
  table.Print(std::cout);
}

void PrintDescription(const json& d) {
  std::cout << d["id"].get<std::string>() << ": " << Cell(d["name"]) << " (side "
            << Cell(d["side"]) << ")\n";
  if (!Cell(d["description"]).empty()) std::cout << "  " << Cell(d["description"]) << "\n";
  std::cout << "  file " << Cell(d["file"]) << " (" << Cell(d["file"]["source"]) << ") line "
            << d["line"] << "\n";
  for (const json& o : d["overrides"]) {
    std::cout << "  overrides " << Cell(o) << " (" << Cell(o["source"]) << ")\n";
  }
  std::vector<std::string> stats;
  for (const auto& [k, v] : d["stats"].items()) {
    if (!v.is_null()) stats.push_back(absl::StrCat(k, " ", Cell(v)));
  }
  std::cout << "  " << absl::StrJoin(stats, ", ") << "\n";
  for (const json& a : d["assets"]) {
    std::cout << "  " << Cell(a["kind"]) << ": "
              << (a["found"].is_null() ? absl::StrCat(Cell(a["path"]), " (missing)")
                                       : Cell(a["found"]))
              << "\n";
  }
  PrintWeapons(d["weapons"]);
  PrintBuilds("Builds", d["builds"]);
  PrintBuilds("Built by", d["built_by"]);
  std::cout << "\nKeys:\n";
  Table keys({"Key", "Value", "Line"});
  for (const json& k : d["keys"]) keys.Add({Cell(k["key"]), Cell(k["value"]), Cell(k["line"])});
  keys.Print(std::cout);
  for (const json& w : d["warnings"]) std::cout << "warning: " << Cell(w) << "\n";
}

// Writes the build picture `description` links to (as unit_describe
// returns it: a PCX drawn and enlarged, a JPEG as it is) to `target`.
absl::Status WritePicture(const json& description, const std::optional<std::string>& context,
                          const std::string& target) {
  std::optional<std::string> found;
  for (const json& a : description["assets"]) {
    if (a["kind"] == "picture" && a["found"].is_string()) found = a["found"].get<std::string>();
  }
  if (!found) {
    return absl::NotFoundError(absl::StrCat(description["id"].get<std::string>(),
                                            " has no build picture in the context"));
  }
  absl::StatusOr<contexts::Workspace> workspace = OpenWorkspace({});
  if (!workspace.ok()) return workspace.status();
  absl::StatusOr<const contexts::Context*> c = workspace->Find(context);
  if (!c.ok()) return c.status();
  absl::StatusOr<tools::BuildPicture> picture = tools::ReadBuildPicture(**c, *found);
  if (!picture.ok()) return picture.status();
  if (absl::Status s = contexts::WriteFileAtomically(target, picture->bytes); !s.ok()) return s;
  std::cerr << "wrote " << target << ": " << *found << ", " << picture->width << " x "
            << picture->height << " px"
            << (picture->scale > 1 ? absl::StrCat(" at scale ", picture->scale) : "") << "\n";
  return absl::OkStatus();
}

int RunDescribe(const UnitOptions& o) {
  json arguments = *o.arguments;
  arguments["picture"] = false;  // a terminal shows no image: --picture FILE writes it
  absl::StatusOr<json> out = Run(tools::UnitDescribeTool(), arguments, o.context);
  if (!out.ok()) return Fail("unit describe", out.status());
  if (o.json) {
    PrintJson(*out);
  } else {
    PrintDescription(*out);
  }
  if (o.picture) {
    if (absl::Status s = WritePicture(*out, o.context, *o.picture); !s.ok()) {
      return Fail("unit describe", s);
    }
  }
  return kExitOk;
}

int RunCompare(const UnitOptions& o) {
  absl::StatusOr<json> out = Run(tools::UnitCompareTool(), *o.arguments, o.context);
  if (!out.ok()) return Fail("unit compare", out.status());
  if (o.json) {
    PrintJson(*out);
    return kExitOk;
  }
  std::vector<std::string> headers = {"", "Key"};
  for (const json& u : (*out)["units"]) headers.push_back(Cell(u["id"]));
  Table table(headers);
  for (const json& k : (*out)["keys"]) {
    std::vector<std::string> row = {k["differs"].get<bool>() ? "*" : "", Cell(k["key"])};
    for (const json& v : k["values"]) row.push_back(v.is_null() ? "-" : Cell(v));
    table.Add(std::move(row));
  }
  table.Print(std::cout);
  std::cout << (*out)["differing"] << " key(s) differ, " << (*out)["same"] << " the same\n";
  return kExitOk;
}

CLI::App* AddSubcommand(CLI::App& unit, const char* name, const char* help,
                        const std::shared_ptr<UnitOptions>& o, const tools::Tool& tool,
                        const std::vector<std::string>& skip) {
  CLI::App* c = unit.add_subcommand(name, help);
  c->add_option("--context", o->context, "The context (optional when there is only one)");
  AddToolOptions(*c, tool.params, o->arguments, skip);
  c->add_flag("--json", o->json, absl::StrCat("Print the ", tool.name, " JSON"));
  return c;
}

}  // namespace

void AddUnitCommands(CLI::App& app, int& exit_code) {
  CLI::App* unit = app.add_subcommand("unit", "The units of a TA or TA: Kingdoms context");
  unit->require_subcommand(1);

  auto list = std::make_shared<UnitOptions>();
  CLI::App* l = AddSubcommand(*unit, "list", "List units: filters, conditions, fields, sort",
                              list, tools::UnitListTool(), {"context"});
  l->callback([list, &exit_code] { exit_code = RunList(*list); });

  auto describe = std::make_shared<UnitOptions>();
  CLI::App* d = AddSubcommand(*unit, "describe", "One unit: keys, weapons, build menus, assets",
                              describe, tools::UnitDescribeTool(), {"context", "unit", "picture"});
  d->add_option_function<std::string>(
       "UNIT", [describe](const std::string& id) { (*describe->arguments)["unit"] = id; },
       "The unit's id (UnitName)")
      ->required();
  d->add_option("--picture", describe->picture,
                 "Write the build picture here (PNG; TA: Kingdoms: the JPEG as it is)");
  d->callback([describe, &exit_code] { exit_code = RunDescribe(*describe); });

  auto compare = std::make_shared<UnitOptions>();
  CLI::App* c = AddSubcommand(*unit, "compare", "Units side by side, differing keys first",
                              compare, tools::UnitCompareTool(), {"context", "units"});
  c->add_option_function<std::vector<std::string>>(
       "UNITS",
       [compare](const std::vector<std::string>& ids) { (*compare->arguments)["units"] = ids; },
       "Two or more unit ids")
      ->required()
      ->expected(2, static_cast<int>(tools::kMaxComparedUnits));
  c->callback([compare, &exit_code] { exit_code = RunCompare(*compare); });
}

}  // namespace kbot::app
