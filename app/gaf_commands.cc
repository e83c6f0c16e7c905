#include "app/gaf_commands.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "app/cli_support.h"
#include "app/gaf_edit_commands.h"
#include "app/table.h"
#include "app/workspace_support.h"
#include "app/tool_options.h"
#include "contexts/file_io.h"
#include "tools/gaf_export_tool.h"
#include "tools/gaf_info_tool.h"
#include "tools/gaf_list_tool.h"
#include "tools/gaf_tools.h"

namespace kbot::app {

namespace {

using tools::json;

// gaf_list's, gaf_info's and gaf_export's own parameters are in `arguments`
// (app/tool_options.h); FILE and --context stand for path and context.
struct ToolOptions {
  std::string file;
  std::optional<std::string> context;
  std::shared_ptr<tools::json> arguments = std::make_shared<tools::json>(tools::json::object());
  bool json = false;
};

struct ExportOptions : ToolOptions {
  std::string target;
};

struct CheckOptions {
  std::vector<std::string> paths;
  bool json = false;
};

std::string VersionText(uint32_t version) { return absl::StrFormat("0x%08x", version); }

int RunList(const ToolOptions& o) {
  absl::StatusOr<tools::GafListRequest> request =
      tools::GafListTable().ParseChecked(*o.arguments);
  if (!request.ok()) return Usage("gaf list", request.status());
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gaf list", opened.status());
  absl::StatusOr<tools::GafListing> listed = tools::ListGaf(opened->asset);
  if (!listed.ok()) return Fail("gaf list", listed.status());
  const json out = tools::GafListing::Fields().ToJson(*listed);
  if (o.json) {
    PrintJson(out);
    return kExitOk;
  }
  const json& sequences = out["sequences"];
  std::cout << "GAF: " << sequences.size() << " sequence(s), version "
            << VersionText(out["version"].get<uint32_t>())
            << (out["variant"] == "ta3d-truecolor" ? " (TA3D truecolor: zlib RGB(A) frames)" : "")
            << "\n\n";
  Table table({"#", "Name", "Frames", "Loops", "Duration (ticks)", "Duration (sec)"});
  for (const json& s : sequences) {
    table.Add({std::to_string(s["index"].get<size_t>()), s["name"].get<std::string>(),
               std::to_string(s["frames"].get<size_t>()), s["loops"].get<bool>() ? "yes" : "no",
               std::to_string(s["duration_ticks"].get<uint64_t>()),
               absl::StrFormat("%.2f", s["duration_sec"].get<double>())});
  }
  table.Print(std::cout);
  for (const json& w : out["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
  return kExitOk;
}

int RunInfo(const ToolOptions& o) {
  absl::StatusOr<tools::GafInfoRequest> request =
      tools::GafInfoTable().ParseChecked(*o.arguments);
  if (!request.ok()) return Usage("gaf info", request.status());
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gaf info", opened.status());
  absl::StatusOr<tools::GafInfoReport> info = tools::DescribeGaf(opened->asset, request->sequence);
  if (!info.ok()) return Fail("gaf info", info.status());
  const json out = tools::GafInfoReport::Fields().ToJson(*info);
  if (o.json) {
    PrintJson(out);
    return kExitOk;
  }
  std::cout << o.file << ": version " << VersionText(out["version"].get<uint32_t>()) << "\n";
  for (const json& s : out["sequences"]) {
    std::cout << "\nsequence " << s["index"].get<size_t>() << " \"" << s["name"].get<std::string>()
              << "\": " << s["frames"].size() << " frame(s), loop word "
              << absl::StrFormat("0x%04x", s["loop_flags"].get<unsigned>())
              << (s["loops"].get<bool>() ? " (loops)" : " (plays once)") << ", +4 word "
              << s["unknown4"].get<uint32_t>() << "\n";
    Table table({"#", "Size", "Origin", "Key", "Storage", "Layers", "Blend", "Duration", "Ticks"});
    for (const json& f : s["frames"]) {
      table.Add({std::to_string(f["index"].get<size_t>()),
                 absl::StrCat(f["width"].get<int>(), "x", f["height"].get<int>()),
                 absl::StrCat(f["origin_x"].get<int>(), ",", f["origin_y"].get<int>()),
                 std::to_string(f["transparency"].get<int>()), f["storage"].get<std::string>(),
                 std::to_string(f["layers"].get<int>()), std::to_string(f["blend"].get<int>()),
                 absl::StrFormat("0x%08x", f["duration"].get<uint32_t>()),
                 std::to_string(f["duration_ticks"].get<int>())});
    }
    table.Print(std::cout);
  }
  for (const json& w : out["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
  for (const json& e : out["errors"]) std::cout << "error: " << e.get<std::string>() << "\n";
  return out["errors"].empty() ? kExitOk : kExitFailed;
}

// A plain file's export: the game rule unless told otherwise, and the
// --palette file or the embedded TA palette.
absl::StatusOr<tools::ExportRequest> PlainFileRequest(const tools::GafExportRequest& r) {
  tools::ExportRequest req;
  absl::StatusOr<tools::ExportFormat> format = tools::ParseExportFormat(r.format);
  if (!format.ok()) return format.status();
  absl::StatusOr<gaf::Transparency> transparency =
      gaf::Transparency::Parse(r.transparency.value_or("game"));
  if (!transparency.ok()) return transparency.status();
  absl::StatusOr<tools::PaletteChoice> palette = LoadPalette(r.palette);
  if (!palette.ok()) return palette.status();
  req.format = *format;
  req.transparency = *transparency;
  req.palette = *std::move(palette);
  req.sequence = r.sequence;
  req.frame = r.frame;
  req.scale = r.scale;
  return req;
}

// In a context: what gaf_export does with the same request (the context's
// transparency default, its palette chain, --palette a path inside it).
absl::StatusOr<tools::ExportResult> Export(const CommandAsset& opened,
                                           const tools::GafExportRequest& request) {
  if (opened.context != nullptr) {
    absl::StatusOr<tools::GafExportOutcome> outcome =
        tools::ExportGafAsset(*opened.context, opened.asset, request);
    if (!outcome.ok()) return outcome.status();
    return std::move(outcome->exported);
  }
  absl::StatusOr<tools::ExportRequest> req = PlainFileRequest(request);
  if (!req.ok()) return req.status();
  return tools::GafExport(opened.asset, *req);
}

// A request the table's checks refuse (a frame for an animation) fails as
// the tool does: exit 1, as before the options came from the table.
int RunExport(const ExportOptions& o) {
  absl::StatusOr<tools::GafExportRequest> request =
      tools::GafExportTable().ParseChecked(*o.arguments);
  if (!request.ok()) return Fail("gaf export", request.status());
  request->path = o.file;
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gaf export", opened.status());
  absl::StatusOr<tools::ExportResult> result = Export(*opened, *request);
  if (!result.ok()) return Fail("gaf export", result.status());
  absl::Status written = contexts::WriteFileAtomically(o.target, result->image);
  if (!written.ok()) return Fail("gaf export", written);
  const tools::GafExportSummary& s = result->summary;
  std::cout << "wrote " << o.target << ": " << s.format << ", " << s.width << "x" << s.height
            << ", " << s.frames << " frame(s), " << s.bytes << " bytes, transparency "
            << s.transparency << ", palette " << s.palette.source << "\n";
  for (const std::string& w : s.warnings) std::cout << "warning: " << w << "\n";
  return kExitOk;
}

// A check report for a file or folder that could not be read at all.
json CheckFailure(const Unreadable& u) {
  return json{{"path", u.path}, {"sequences", 0},           {"frames", 0},
              {"pixels", 0},    {"warnings", json::array()}, {"errors", {u.why}}};
}

int RunCheck(const CheckOptions& o) {
  std::vector<Unreadable> unlistable;
  const std::vector<std::string> files = CollectGafFiles(o.paths, unlistable);
  std::vector<json> reports;
  for (const Unreadable& u : unlistable) reports.push_back(CheckFailure(u));
  for (const std::string& path : files) {
    absl::StatusOr<OpenedAsset> opened = OpenAsset(path);
    reports.push_back(opened.ok() ? tools::GafCheckFile(opened->asset)
                                  : CheckFailure({path, std::string(opened.status().message())}));
  }
  const json out = tools::GafCheckSummary(reports);
  const json& sum = out["summary"];
  if (o.json) {
    PrintJson(out);
  } else {
    for (const json& r : out["files"]) {
      for (const json& w : r["warnings"]) {
        std::cout << r["path"].get<std::string>() << ": warning: " << w.get<std::string>() << "\n";
      }
      for (const json& e : r["errors"]) std::cout << "error: " << e.get<std::string>() << "\n";
    }
    std::cout << "checked " << sum["files"] << " file(s): " << sum["sequences"]
              << " sequences, " << sum["frames"] << " frames, " << sum["pixels"] << " pixels, "
              << sum["warnings"] << " warnings, " << sum["errors"] << " errors\n";
  }
  return sum["errors"].get<uint64_t>() == 0 ? kExitOk : kExitFailed;
}

constexpr const char* kContextHelp =
    "Read FILE from this context (kbot context list) instead of the file system";

}  // namespace

void AddGafCommands(CLI::App& app, int& exit_code) {
  CLI::App* gaf = app.add_subcommand("gaf", "GAF/TAF sprite animations");
  gaf->require_subcommand(1);

  auto list = std::make_shared<ToolOptions>();
  CLI::App* l = gaf->add_subcommand("list", "List the sequences of a GAF/TAF");
  l->add_option("FILE", list->file, "GAF or TAF file")->required();
  l->add_option("--context", list->context, kContextHelp);
  AddToolOptions(*l, tools::GafListTable().Params(), list->arguments);
  l->add_flag("--json", list->json, "Print the gaf_list JSON");
  l->callback([list, &exit_code] { exit_code = RunList(*list); });

  auto info = std::make_shared<ToolOptions>();
  CLI::App* i = gaf->add_subcommand("info", "Every header value of every frame");
  i->add_option("FILE", info->file, "GAF or TAF file")->required();
  i->add_option("--context", info->context, kContextHelp);
  AddToolOptions(*i, tools::GafInfoTable().Params(), info->arguments);
  i->add_flag("--json", info->json, "Print the gaf_info JSON");
  i->callback([info, &exit_code] { exit_code = RunInfo(*info); });

  auto exp = std::make_shared<ExportOptions>();
  CLI::App* e = gaf->add_subcommand("export", "Render a frame or a sequence to an image");
  e->add_option("FILE", exp->file, "GAF or TAF file")->required();
  e->add_option("--target", exp->target, "Output image file")->required();
  e->add_option("--context", exp->context, kContextHelp);
  AddToolOptions(*e, tools::GafExportTable().Params(), exp->arguments);
  e->callback([exp, &exit_code] { exit_code = RunExport(*exp); });

  auto check = std::make_shared<CheckOptions>();
  CLI::App* c = gaf->add_subcommand("check", "Decode every frame; report warnings and errors");
  c->add_option("PATH", check->paths, "GAF/TAF files or folders (searched recursively)")
      ->required();
  c->add_flag("--json", check->json, "Print the report as JSON");
  c->callback([check, &exit_code] { exit_code = RunCheck(*check); });

  AddGafEditCommands(*gaf, exit_code);
}

}  // namespace kbot::app
