#include "app/tdf_command.h"

#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "app/cli_support.h"
#include "app/file_command.h"
#include "app/tool_options.h"
#include "app/workspace_support.h"
#include "tools/tdf_parse_tool.h"

namespace kbot::app {

namespace {

using tools::json;

// tdf_parse's parameters but limit are in `arguments`: the command prints
// the whole file unless --limit is given, where the tool stops at 500.
struct TdfOptions : FileCommandOptions {
  std::optional<size_t> limit;
};

// A section as the game's files lay it out (formats/tdf/tdf_writer.h: the
// name, then braces and entries one tab deeper), its entries and child
// sections in file order. Lines end in LF here: this is for reading.
void PrintTdfSection(const json& section, const std::string& indent) {
  std::cout << indent << "[" << section["name"].get<std::string>() << "]\n";
  const std::string inner = indent + "\t";
  std::cout << inner << "{\n";
  const json& entries = section["entries"];
  const json& children = section["sections"];
  size_t e = 0, c = 0;
  while (e < entries.size() || c < children.size()) {
    const bool entry = c == children.size() ||
                       (e < entries.size() && entries[e]["line"] <= children[c]["line"]);
    if (entry) {
      const json& x = entries[e++];
      std::cout << inner << x["key"].get<std::string>() << "=" << x["value"].get<std::string>()
                << ";\n";
    } else {
      PrintTdfSection(children[c++], inner);
    }
  }
  std::cout << inner << "}\n";
}

int PrintTdf(const json& out) {
  for (const json& s : out["sections"]) PrintTdfSection(s, "");
  return kExitOk;
}

// Warnings and the cut on stderr, so that stdout stays the file.
void PrintTdfNotes(const json& out) {
  for (const json& w : out["warnings"]) {
    std::cerr << "warning: line " << w["line"] << " column " << w["column"] << ": "
              << w["message"].get<std::string>() << "\n";
  }
  const uint64_t more = out["warning_count"].get<uint64_t>() - out["warnings"].size();
  if (more > 0) std::cerr << "... and " << more << " more warning(s)\n";
  if (!out["note"].is_null()) std::cerr << out["note"].get<std::string>() << "\n";
}

int RunTdf(const TdfOptions& o) {
  absl::StatusOr<tools::TdfParseRequest> request =
      tools::TdfParseTable().ParseChecked(*o.arguments);
  if (!request.ok()) return Usage("tdf", request.status());
  request->limit = o.limit;
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("tdf", opened.status());
  absl::StatusOr<tools::TdfParseResult> parsed = tools::ParseTdfAsset(opened->asset, *request);
  if (!parsed.ok()) return Fail("tdf", parsed.status());
  const json out = tools::TdfParseResult::Fields().ToJson(*parsed);
  PrintTdfNotes(out);
  return ReportJson(out, o.json, PrintTdf);
}

}  // namespace

void AddTdfCommand(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<TdfOptions>();
  CLI::App* c = app.add_subcommand(
      "tdf", "Read a file in TA's TDF syntax (.fbi, .tdf, .ota, .gui): sections and entries");
  c->add_option("FILE", o->file, "TDF-syntax file (e.g. units/ARMCOM.FBI)")->required();
  c->add_option("--context", o->context,
                "Read FILE from this context (kbot context list) instead of the file system");
  AddToolOptions(*c, tools::TdfParseTable().Params(), o->arguments, {"context", "path", "limit"});
  c->add_option("--limit", o->limit, "Show at most this many sections and entries (default: all)")
      ->check(CLI::PositiveNumber);
  c->add_flag("--json", o->json, "Print the tdf_parse JSON");
  c->callback([o, &exit_code] { exit_code = RunTdf(*o); });
}

}  // namespace kbot::app
