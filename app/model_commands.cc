#include "app/model_commands.h"

#include <iostream>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "app/cli_support.h"
#include "app/file_command.h"
#include "app/game_file_place.h"
#include "contexts/file_io.h"
#include "tools/model_describe_tool.h"
#include "tools/model_render_tool.h"

namespace kbot::app {

namespace {

using tools::json;

// A model command's tool request with FILE placed: run(request, place).
template <class Request, class Run>
int RunModelCommand(const std::string& command, const tools::RequestTable<Request>& table,
                    const FileCommandOptions& o, Run run) {
  absl::StatusOr<Request> request = table.ParseChecked(*o.arguments);
  if (!request.ok()) return Usage(command, request.status());
  absl::StatusOr<GameFilePlace> place =
      PlaceGameFile(o.file, o.context, "objects3d", contexts::Game::kTa);
  if (!place.ok()) return Fail(command, place.status());
  request->path = place->path;
  return run(*request, *place);
}

void PrintModelWarnings(const json& result) {
  for (const json& w : result["warnings"]) std::cerr << "warning: " << w.get<std::string>() << "\n";
}

std::string Triple(const json& v) {
  return absl::StrCat(v[0].get<double>(), ", ", v[1].get<double>(), ", ", v[2].get<double>());
}

// 3do describe's text: the piece tree indented by depth, then textures and
// the script's pieces.
int PrintModelDescription(const json& m) {
  std::cout << m["path"].get<std::string>() << ": " << m["pieces"].size() << " piece(s), size "
            << Triple(m["size"]) << " (x, y, z units)\n";
  for (const json& p : m["pieces"]) {
    std::cout << std::string(2 + 2 * p["depth"].get<size_t>(), ' ') << p["name"].get<std::string>()
              << "  at " << Triple(p["offset"]) << ", " << p["vertices"] << " vertices, "
              << p["primitives"] << " primitives";
    if (p["markers"].get<int>() > 0) std::cout << " (" << p["markers"] << " markers)";
    std::cout << "\n";
  }
  for (const json& t : m["textures"]) {
    std::cout << "  texture " << t["name"].get<std::string>() << ": " << t["faces"] << " face(s), "
              << (t["file"].is_null() ? "missing" : t["file"].get<std::string>()) << "\n";
  }
  if (!m["script"].is_null()) {
    const json& s = m["script"];
    std::cout << "  script " << s["path"].get<std::string>() << ": pieces it names that the model "
              << "lacks: " << s["missing_pieces"].dump() << "; model pieces it does not name: "
              << s["unused_pieces"].dump() << "\n";
  }
  PrintModelWarnings(m);
  return kExitOk;
}

void AddModelDescribe(CLI::App& group, int& exit_code) {
  auto o = std::make_shared<FileCommandOptions>();
  CLI::App* c = group.add_subcommand("describe", "A unit model's pieces, sizes and textures");
  AddFileCommandOptions(*c, *o, "FILE", "The model (.3do, or NAME with --context)",
                        tools::ModelDescribeTable().Params(), "Print model_describe's JSON");
  c->callback([o, &exit_code] {
    exit_code = RunModelCommand(
        "3do describe", tools::ModelDescribeTable(), *o,
        [&](const tools::ModelDescribeRequest& r, const GameFilePlace& place) {
          return Report("3do describe", tools::DescribeModel(*place.context, r), o->json,
                        PrintModelDescription);
        });
  });
}

void AddModelRender(CLI::App& group, int& exit_code) {
  auto o = std::make_shared<FileTargetOptions>();
  CLI::App* c = group.add_subcommand("render", "Draw a unit model, a turntable or a wireframe");
  c->add_option("--target", o->target, "PNG (or APNG, GIF) to write")->required();
  AddFileCommandOptions(*c, *o, "FILE", "The model (.3do, or NAME with --context)",
                        tools::ModelRenderTable().Params(), "Print the summary as JSON");
  c->callback([o, &exit_code] {
    exit_code = RunModelCommand(
        "3do render", tools::ModelRenderTable(), *o,
        [&](const tools::ModelRenderRequest& r, const GameFilePlace& place) {
          absl::StatusOr<tools::ModelRenderOutcome> drawn =
              tools::RenderModelFile(*place.context, r, NoProgress());
          if (!drawn.ok()) return Fail("3do render", drawn.status());
          if (absl::Status s = contexts::WriteFileAtomically(o->target, drawn->bytes); !s.ok()) {
            return Fail("3do render", s);
          }
          const json summary = tools::ResultJson(drawn->summary);
          PrintModelWarnings(summary);
          if (o->json) {
            PrintJson(summary);
          } else {
            std::cout << "wrote " << o->target << ": " << summary["width"] << " x "
                      << summary["height"] << " px, " << summary["frames"] << " frame(s), "
                      << summary["bytes"] << " bytes\n";
          }
          return kExitOk;
        });
  });
}

}  // namespace

void AddModelCommands(CLI::App& app, int& exit_code) {
  CLI::App* group = app.add_subcommand("3do", "TA and TA: Kingdoms unit models (.3do)");
  group->require_subcommand(1);
  AddModelDescribe(*group, exit_code);
  AddModelRender(*group, exit_code);
}

}  // namespace kbot::app
