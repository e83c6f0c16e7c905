#include "app/tool_commands.h"

#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "app/cli_support.h"
#include "app/table.h"
#include "app/workspace_support.h"
#include "tools/context_handlers.h"

namespace kbot::app {

namespace {

using tools::json;

struct VfsListOptions {
  std::optional<std::string> context;
  std::optional<std::string> pattern;
  size_t offset = 0;
  size_t limit = 1000;
  bool json = false;
};

struct CandidatesOptions {
  std::string path;
  std::optional<std::string> context;
  std::optional<std::string> palette;
  bool json = false;
};

// Runs `tool` over the contexts this run serves.
absl::StatusOr<json> Run(const tools::Tool& tool, const json& arguments) {
  absl::StatusOr<contexts::Workspace> workspace = OpenWorkspace({});
  if (!workspace.ok()) return workspace.status();
  return RunTool(tool, arguments, *workspace);
}

int RunVfsList(const VfsListOptions& o) {
  json arguments = {{"offset", o.offset}, {"limit", o.limit}};
  if (o.context) arguments["context"] = *o.context;
  if (o.pattern) arguments["pattern"] = *o.pattern;
  absl::StatusOr<json> out = Run(tools::VfsListTool(), arguments);
  if (!out.ok()) return Fail("vfs list", out.status());
  if (o.json) {
    PrintJson(*out);
    return kExitOk;
  }
  Table table({"Path", "Size", "Source", "Hides"});
  for (const json& e : (*out)["entries"]) {
    std::string hides;
    for (const json& h : e["hides"]) absl::StrAppend(&hides, hides.empty() ? "" : ", ", h.get<std::string>());
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
  json arguments = {{"path", o.path}};
  if (o.context) arguments["context"] = *o.context;
  if (o.palette) arguments["palette"] = *o.palette;
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
               c["usable"].get<bool>() ? "yes" : absl::StrCat("no: ", c["problem"].get<std::string>())});
  }
  table.Print(std::cout);
  std::cout << "chosen: " << (*out)["chosen"].get<std::string>() << "\n";
  return kExitOk;
}

}  // namespace

void AddToolCommands(CLI::App& app, int& exit_code) {
  CLI::App* vfs = app.add_subcommand("vfs", "The files of a context");
  vfs->require_subcommand(1);
  auto list = std::make_shared<VfsListOptions>();
  CLI::App* l = vfs->add_subcommand("list", "List a context's files matching a glob");
  l->add_option("PATTERN", list->pattern, "A glob: * and ? within a folder, ** across (default **)");
  l->add_option("--context", list->context, "The context (optional when there is only one)");
  l->add_option("--offset", list->offset, "Skip this many matches");
  l->add_option("--limit", list->limit, "Show at most this many (1-1000)")->check(CLI::Range(1, 1000));
  l->add_flag("--json", list->json, "Print the vfs_list JSON");
  l->callback([list, &exit_code] { exit_code = RunVfsList(*list); });

  CLI::App* palette = app.add_subcommand("palette", "Palettes");
  palette->require_subcommand(1);
  auto candidates = std::make_shared<CandidatesOptions>();
  CLI::App* c = palette->add_subcommand("candidates", "Every palette the chain finds for an asset");
  c->add_option("PATH", candidates->path, "The asset, inside the context")->required();
  c->add_option("--context", candidates->context, "The context (optional when there is only one)");
  c->add_option("--palette", candidates->palette, "An explicit palette to put first");
  c->add_flag("--json", candidates->json, "Print the palette_candidates JSON");
  c->callback([candidates, &exit_code] { exit_code = RunCandidates(*candidates); });
}

}  // namespace kbot::app
