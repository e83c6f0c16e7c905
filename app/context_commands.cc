#include "app/context_commands.h"

#include <algorithm>
#include <memory>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "app/cli_support.h"
#include "app/table.h"
#include "contexts/registry.h"
#include "contexts/workspace.h"
#include "demo/demo_context.h"
#include "tools/context_list_tool.h"

namespace kbot::app {

namespace {

using tools::json;

struct AddOptions {
  std::string name;
  std::string game;
  std::string path;
};

struct ListOptions {
  bool json = false;
};

// A usage problem (a bad name or game): the same one line, exit status 2.
int Usage(const std::string& command, const absl::Status& status) {
  Fail(command, status);
  return kExitUsage;
}

// The registry file and what it holds now.
struct Loaded {
  std::string file;
  std::vector<contexts::ContextSpec> specs;
};

absl::StatusOr<Loaded> Load() {
  absl::StatusOr<std::string> file = contexts::RegistryPath();
  if (!file.ok()) return file.status();
  absl::StatusOr<std::vector<contexts::ContextSpec>> specs = contexts::LoadRegistry(*file);
  if (!specs.ok()) return specs.status();
  return Loaded{*file, *std::move(specs)};
}

std::string Names(const std::vector<contexts::ContextSpec>& specs) {
  if (specs.empty()) return "none";
  return absl::StrJoin(
      specs, ", ", [](std::string* out, const contexts::ContextSpec& s) { out->append(s.name); });
}

int RunAdd(const AddOptions& o) {
  const std::string cmd = "context add";
  if (absl::Status s = contexts::ValidateContextName(o.name); !s.ok()) return Usage(cmd, s);
  absl::StatusOr<contexts::Game> game = contexts::ParseGame(o.game);
  if (!game.ok()) return Usage(cmd, game.status());
  absl::StatusOr<std::string> path = contexts::AbsoluteFolder(o.path);
  if (!path.ok()) return Fail(cmd, path.status());
  const contexts::ContextSpec spec{o.name, *game, *std::move(path)};
  absl::StatusOr<Loaded> reg = Load();
  if (!reg.ok()) return Fail(cmd, reg.status());
  for (const contexts::ContextSpec& s : reg->specs) {
    if (s.name == spec.name) {
      return Fail(cmd, absl::AlreadyExistsError(absl::StrCat("a context \"", s.name,
                                                             "\" is already registered (", s.path,
                                                             "); remove it first")));
    }
  }
  reg->specs.push_back(spec);
  if (absl::Status s = contexts::SaveRegistry(reg->file, reg->specs); !s.ok()) return Fail(cmd, s);
  std::cout << "added context \"" << spec.name << "\" (" << contexts::GameName(spec.game) << ", "
            << spec.path << ") to " << reg->file << "\n";
  return kExitOk;
}

int RunRemove(const std::string& name) {
  const std::string cmd = "context remove";
  absl::StatusOr<Loaded> reg = Load();
  if (!reg.ok()) return Fail(cmd, reg.status());
  auto it = std::find_if(reg->specs.begin(), reg->specs.end(),
                         [&](const contexts::ContextSpec& s) { return s.name == name; });
  if (it == reg->specs.end()) {
    return Fail(cmd, absl::NotFoundError(absl::StrCat("no context \"", name, "\" in ", reg->file,
                                                      " (known: ", Names(reg->specs), ")")));
  }
  reg->specs.erase(it);
  if (absl::Status s = contexts::SaveRegistry(reg->file, reg->specs); !s.ok()) return Fail(cmd, s);
  std::cout << "removed context \"" << name << "\" from " << reg->file << "\n";
  return kExitOk;
}

// What `kbot mcp` would serve: the registry's contexts, or the demo.
int RunContextList(const ListOptions& o) {
  const std::string cmd = "context list";
  absl::StatusOr<Loaded> reg = Load();
  if (!reg.ok()) return Fail(cmd, reg.status());
  absl::StatusOr<contexts::Workspace> ws =
      contexts::Workspace::Open(reg->specs, demo::MakeDemoContext);
  if (!ws.ok()) return Fail(cmd, ws.status());
  const json out = tools::ContextListJson(*ws);
  if (o.json) {
    PrintJson(out);
    return kExitOk;
  }
  Table table({"Name", "Game", "Files", "Archives", "Transparency", "Path"});
  for (const json& c : out["contexts"]) {
    int archives = 0;
    for (const json& s : c["sources"]) archives += s["kind"] == "archive" && !s.contains("problem");
    table.Add({c["name"].get<std::string>(), c["game"].get<std::string>(),
               c["files"].is_null() ? "?" : std::to_string(c["files"].get<uint64_t>()),
               std::to_string(archives), c["transparency"].get<std::string>(),
               c["builtin"].get<bool>() ? "(built-in)" : c["path"].get<std::string>()});
  }
  table.Print(std::cout);
  if (reg->specs.empty()) {
    std::cout << "\nno context registered in " << reg->file
              << ": kbot mcp serves the built-in demo (add one with kbot context add)\n";
  }
  for (const json& c : out["contexts"]) {
    if (c.value("available", true) == false) {
      std::cout << "warning: context " << c["name"].get<std::string>()
                << " is unavailable: " << c["error"].get<std::string>() << "\n";
    } else if (c.contains("error")) {
      std::cout << "warning: " << c["error"].get<std::string>() << "\n";
    }
    for (const json& s : c["sources"]) {
      if (s.contains("problem")) {
        std::cout << "warning: context " << c["name"].get<std::string>() << ": "
                  << s["name"].get<std::string>() << ": " << s["problem"].get<std::string>()
                  << "\n";
      }
    }
  }
  return kExitOk;
}

}  // namespace

void AddContextCommands(CLI::App& app, int& exit_code) {
  CLI::App* context = app.add_subcommand("context", "Named game-data folders (contexts.json)");
  context->require_subcommand(1);

  auto add = std::make_shared<AddOptions>();
  CLI::App* a = context->add_subcommand("add", "Register a game-data folder");
  a->add_option("NAME", add->name, "Context name: letters, digits, '_', '.', '-'")->required();
  a->add_option("--game", add->game, "ta, takingdoms or gta")->required();
  a->add_option("--path", add->path, "The game-data folder")->required();
  a->callback([add, &exit_code] { exit_code = RunAdd(*add); });

  auto list = std::make_shared<ListOptions>();
  CLI::App* l = context->add_subcommand("list", "The contexts kbot mcp serves");
  l->add_flag("--json", list->json, "Print the context_list JSON");
  l->callback([list, &exit_code] { exit_code = RunContextList(*list); });

  auto name = std::make_shared<std::string>();
  CLI::App* r = context->add_subcommand("remove", "Forget a registered context");
  r->add_option("NAME", *name, "Context name")->required();
  r->callback([name, &exit_code] { exit_code = RunRemove(*name); });
}

}  // namespace kbot::app
