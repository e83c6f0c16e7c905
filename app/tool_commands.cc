#include "app/tool_commands.h"

#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "app/cli_support.h"
#include "app/file_command.h"
#include "app/table.h"
#include "app/workspace_support.h"
#include "contexts/file_io.h"
#include "app/tool_options.h"
#include "tools/asset_find_tool.h"
#include "tools/palette_candidates_tool.h"
#include "tools/palette_describe_tool.h"
#include "tools/vfs_list_tool.h"

namespace kbot::app {

namespace {

using tools::json;

// The tools' own parameters land in `arguments` (app/tool_options.h);
// --context and the positionals stand for context and path (or pattern).
struct VfsListOptions {
  std::optional<std::string> context;
  std::optional<std::string> pattern;  // PATTERN, the same as --pattern
  std::shared_ptr<tools::json> arguments = std::make_shared<tools::json>(tools::json::object());
  bool json = false;
};

// The command shows more than the tool's page by default.
constexpr int64_t kVfsListCommandLimit = 1000;

struct CandidatesOptions {
  std::string path;
  std::optional<std::string> context;
  std::shared_ptr<tools::json> arguments = std::make_shared<tools::json>(tools::json::object());
  bool json = false;
};

struct DescribeOptions : FileCommandOptions {
  std::optional<std::string> swatch;
};

struct FindOptions {
  std::optional<std::string> context;
  std::shared_ptr<tools::json> arguments = std::make_shared<tools::json>(tools::json::object());
  bool json = false;
};

// Runs `tool` over the contexts this run serves.
absl::StatusOr<json> Run(const tools::Tool& tool, const json& arguments) {
  absl::StatusOr<contexts::Workspace> workspace = OpenWorkspace({});
  if (!workspace.ok()) return workspace.status();
  return RunTool(tool, arguments, *workspace);
}

int RunVfsList(const VfsListOptions& o) {
  json arguments = *o.arguments;
  if (o.context) arguments["context"] = *o.context;
  if (o.pattern) {
    if (arguments.contains("pattern") && arguments["pattern"] != *o.pattern) {
      return Usage("vfs list", absl::InvalidArgumentError("give PATTERN or --pattern, not both"));
    }
    arguments["pattern"] = *o.pattern;
  }
  if (!arguments.contains("limit")) arguments["limit"] = kVfsListCommandLimit;
  absl::StatusOr<json> out = Run(tools::VfsListTool(), arguments);
  if (!out.ok()) return Fail("vfs list", out.status());
  if (o.json) {
    PrintJson(*out);
    return kExitOk;
  }
  Table table({"Path", "Size", "Source", "Hides"});
  for (const json& e : (*out)["entries"]) {
    std::string hides;
    for (const json& h : e["hides"]) {
      absl::StrAppend(&hides, hides.empty() ? "" : ", ", h.get<std::string>());
    }
    table.Add({e["path"].get<std::string>(), std::to_string(e["size"].get<uint64_t>()),
               e["source"].get<std::string>(), hides});
  }
  table.Print(std::cout);
  const size_t shown = (*out)["entries"].size(), total = (*out)["total"].get<size_t>();
  std::cout << shown << " of " << total << " file(s) matching \""
            << (*out)["pattern"].get<std::string>() << "\" in context "
            << (*out)["context"].get<std::string>();
  if (!(*out)["next_offset"].is_null()) {
    std::cout << " (more: --offset " << (*out)["next_offset"].get<size_t>() << ")";
  }
  std::cout << "\n";
  return kExitOk;
}

int RunCandidates(const CandidatesOptions& o) {
  json arguments = *o.arguments;
  arguments["path"] = o.path;
  if (o.context) arguments["context"] = *o.context;
  absl::StatusOr<json> out = Run(tools::PaletteCandidatesTool(), arguments);
  if (!out.ok()) return Fail("palette candidates", out.status());
  if (o.json) {
    PrintJson(*out);
    return kExitOk;
  }
  Table table({"#", "Source", "Path", "Usable"});
  int n = 0;
  for (const json& c : (*out)["candidates"]) {
    table.Add({std::to_string(n++), c["source"].get<std::string>(),
               c["path"].is_null() ? "(built in)" : c["path"].get<std::string>(),
               c["usable"].get<bool>() ? "yes"
                                       : absl::StrCat("no: ", c["problem"].get<std::string>())});
  }
  table.Print(std::cout);
  std::cout << "chosen: " << (*out)["chosen"].get<std::string>() << "\n";
  return kExitOk;
}

void PrintPalette(const json& d) {
  std::cout << d["path"].get<std::string>() << ": " << d["format"].get<std::string>()
            << " palette, " << d["distinct"] << " distinct colour(s)\n";
  for (const json& dup : d["duplicates"]) {
    std::string indices;
    for (const json& i : dup["indices"]) {
      absl::StrAppend(&indices, indices.empty() ? "" : " ", i.dump());
    }
    std::cout << "  " << dup["hex"].get<std::string>() << " at " << indices << "\n";
  }
  Table table({"#", "Colour", "Role", "Windows", "TA", "Note"});
  for (const json& r : d["reserved"]) {
    table.Add({r["index"].dump(), r["hex"].get<std::string>(), r["role"].get<std::string>(),
               absl::StrCat(r["windows"].get<std::string>(), " ", r["name"].get<std::string>()),
               r["ta"].get<std::string>(), r["note"].get<std::string>()});
  }
  std::cout << "\n";
  table.Print(std::cout);
}

// The description, and the swatch written to --swatch when given.
int DescribeAndWrite(const DescribeOptions& o, const CommandAsset& opened) {
  const std::string cmd = "palette describe";
  absl::StatusOr<tools::PaletteDescribeOutcome> out = tools::DescribePalette(opened.asset);
  if (!out.ok()) return Fail(cmd, out.status());
  if (o.swatch) {
    if (absl::Status s = contexts::WriteFileAtomically(*o.swatch, out->png); !s.ok()) {
      return Fail(cmd, s);
    }
  }
  return ReportJson(tools::ResultJson(out->description), o.json, [&](const json& d) {
    PrintPalette(d);
    if (o.swatch) std::cout << "wrote " << *o.swatch << ": the 16 x 16 swatch, 128 x 128\n";
    return kExitOk;
  });
}

int RunDescribe(const DescribeOptions& o) {
  return RunFileCommand(
      "palette describe", tools::PaletteDescribeTable(), o,
      [&](const tools::PaletteDescribeRequest&, const CommandAsset& opened) {
        return DescribeAndWrite(o, opened);
      });
}

// asset_find's hits as a table: what, where, and the tool that opens it.
int RunFind(const FindOptions& o) {
  json arguments = *o.arguments;
  if (o.context) arguments["context"] = *o.context;
  absl::StatusOr<json> out = Run(tools::AssetFindTool(), arguments);
  if (!out.ok()) return Fail("find", out.status());
  if (o.json) {
    PrintJson(*out);
    return kExitOk;
  }
  Table table({"Kind", "Context", "Path", "Name", "Score", "Open with"});
  for (const json& h : (*out)["hits"]) {
    table.Add({h["kind"].get<std::string>(), h["context"].get<std::string>(),
               h["path"].get<std::string>(), h.value("name", ""),
               std::to_string(h["score"].get<int64_t>()), h["tool"].get<std::string>()});
  }
  table.Print(std::cout);
  std::cout << (*out)["hits"].size() << " of " << (*out)["total"] << " hit(s) for \""
            << (*out)["query"].get<std::string>() << "\"\n";
  return kExitOk;
}

void AddFind(CLI::App& app, int& exit_code) {
  auto find = std::make_shared<FindOptions>();
  CLI::App* f = app.add_subcommand("find", "Find assets by name: files, GAF sequences, GTA1 texts");
  f->add_option("--context", find->context, "Search this context only (default: every one)");
  AddToolOptions(*f, tools::AssetFindTable().Params(), find->arguments, {"context"});
  // QUERY may also be given first, without --query (the tool's check says
  // when neither is).
  f->get_option("--query")->required(false);
  f->add_option_function<std::string>(
      "QUERY", [find](const std::string& q) { (*find->arguments)["query"] = q; },
      "What to look for (or --query)");
  f->add_flag("--json", find->json, "Print the asset_find JSON");
  f->callback([find, &exit_code] { exit_code = RunFind(*find); });
}

void AddPaletteDescribe(CLI::App& palette, int& exit_code) {
  auto describe = std::make_shared<DescribeOptions>();
  CLI::App* d = palette.add_subcommand("describe", "The 256 colours of a PAL or PCX palette");
  AddFileCommandOptions(*d, *describe, "FILE", "The palette (.pal or .pcx)",
                        tools::PaletteDescribeTable().Params(), "Print the palette_describe JSON");
  d->add_option("--swatch", describe->swatch, "Also write the 16 x 16 swatch PNG here");
  d->callback([describe, &exit_code] { exit_code = RunDescribe(*describe); });
}

}  // namespace

void AddToolCommands(CLI::App& app, int& exit_code) {
  CLI::App* vfs = app.add_subcommand("vfs", "The files of a context");
  vfs->require_subcommand(1);
  auto list = std::make_shared<VfsListOptions>();
  CLI::App* l = vfs->add_subcommand("list", "List a context's files matching a glob");
  l->add_option("PATTERN", list->pattern,
                "A glob: * and ? within a folder, ** across (default **); or --pattern");
  l->add_option("--context", list->context, "The context (optional when there is only one)");
  AddToolOptions(*l, tools::VfsListTable().Params(), list->arguments);
  l->get_option("--limit")->description(
      absl::StrCat("Show at most this many (1-1000) [default: ", kVfsListCommandLimit, "]"));
  l->add_flag("--json", list->json, "Print the vfs_list JSON");
  l->callback([list, &exit_code] { exit_code = RunVfsList(*list); });

  AddFind(app, exit_code);

  CLI::App* palette = app.add_subcommand("palette", "Palettes");
  palette->require_subcommand(1);
  auto candidates = std::make_shared<CandidatesOptions>();
  CLI::App* c = palette->add_subcommand("candidates", "Every palette the chain finds for an asset");
  c->add_option("PATH", candidates->path, "The asset, inside the context")->required();
  c->add_option("--context", candidates->context, "The context (optional when there is only one)");
  AddToolOptions(*c, tools::PaletteCandidatesTable().Params(), candidates->arguments);
  c->add_flag("--json", candidates->json, "Print the palette_candidates JSON");
  c->callback([candidates, &exit_code] { exit_code = RunCandidates(*candidates); });
  AddPaletteDescribe(*palette, exit_code);
}

}  // namespace kbot::app
