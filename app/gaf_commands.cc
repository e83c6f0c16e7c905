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
#include "contexts/file_io.h"
#include "tools/gaf_handlers.h"
#include "tools/gaf_tools.h"

namespace kbot::app {

namespace {

using tools::json;

struct ListOptions {
  std::string file;
  std::optional<std::string> context;
  bool json = false;
};

struct InfoOptions {
  std::string file;
  std::optional<std::string> context;
  std::optional<std::string> sequence;
  bool json = false;
};

struct ExportOptions {
  std::string file;
  std::optional<std::string> context;
  std::string target;
  std::string format = "png";
  std::optional<std::string> sequence;
  std::optional<int> frame;
  std::optional<std::string> palette;
  std::optional<std::string> transparency;
  int scale = 1;
};

struct CheckOptions {
  std::vector<std::string> paths;
  bool json = false;
};

std::string VersionText(uint32_t version) { return absl::StrFormat("0x%08x", version); }

int RunList(const ListOptions& o) {
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gaf list", opened.status());
  absl::StatusOr<json> out = tools::GafList(opened->asset);
  if (!out.ok()) return Fail("gaf list", out.status());
  if (o.json) {
    PrintJson(*out);
    return kExitOk;
  }
  const json& sequences = (*out)["sequences"];
  std::cout << "GAF: " << sequences.size() << " sequence(s), version "
            << VersionText((*out)["version"].get<uint32_t>())
            << ((*out)["variant"] == "ta3d-truecolor" ? " (TA3D truecolor: zlib RGB(A) frames)" : "")
            << "\n\n";
  Table table({"#", "Name", "Frames", "Loops", "Duration (ticks)", "Duration (sec)"});
  for (const json& s : sequences) {
    table.Add({std::to_string(s["index"].get<size_t>()), s["name"].get<std::string>(),
               std::to_string(s["frames"].get<size_t>()), s["loops"].get<bool>() ? "yes" : "no",
               std::to_string(s["duration_ticks"].get<uint64_t>()),
               absl::StrFormat("%.2f", s["duration_sec"].get<double>())});
  }
  table.Print(std::cout);
  for (const json& w : (*out)["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
  return kExitOk;
}

int RunInfo(const InfoOptions& o) {
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gaf info", opened.status());
  absl::StatusOr<json> out = tools::GafInfo(opened->asset, o.sequence);
  if (!out.ok()) return Fail("gaf info", out.status());
  if (o.json) {
    PrintJson(*out);
    return kExitOk;
  }
  std::cout << o.file << ": version " << VersionText((*out)["version"].get<uint32_t>()) << "\n";
  for (const json& s : (*out)["sequences"]) {
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
  for (const json& w : (*out)["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
  for (const json& e : (*out)["errors"]) std::cout << "error: " << e.get<std::string>() << "\n";
  return (*out)["errors"].empty() ? kExitOk : kExitFailed;
}

// A plain file's export: the game rule unless told otherwise, and the
// --palette file or the embedded TA palette.
absl::StatusOr<tools::ExportRequest> PlainFileRequest(const ExportOptions& o) {
  tools::ExportRequest req;
  absl::StatusOr<tools::ExportFormat> format = tools::ParseExportFormat(o.format);
  if (!format.ok()) return format.status();
  absl::StatusOr<gaf::Transparency> transparency =
      gaf::Transparency::Parse(o.transparency.value_or("game"));
  if (!transparency.ok()) return transparency.status();
  absl::StatusOr<tools::PaletteChoice> palette = LoadPalette(o.palette);
  if (!palette.ok()) return palette.status();
  req.format = *format;
  req.transparency = *transparency;
  req.palette = *std::move(palette);
  req.sequence = o.sequence;
  req.frame = o.frame;
  req.scale = o.scale;
  return req;
}

// In a context: what gaf_export does with the same arguments (the context's
// transparency default, its palette chain, --palette a path inside it).
absl::StatusOr<tools::ExportRequest> ContextRequest(const ExportOptions& o,
                                                    const CommandAsset& opened,
                                                    std::vector<std::string>& warnings) {
  json arguments = {{"path", o.file}, {"format", o.format}, {"scale", o.scale}};
  if (o.sequence) arguments["sequence"] = *o.sequence;
  if (o.frame) arguments["frame"] = *o.frame;
  if (o.palette) arguments["palette"] = *o.palette;
  if (o.transparency) arguments["transparency"] = *o.transparency;
  return tools::ExportRequestFor(*opened.context, opened.asset.path, arguments, warnings);
}

int RunExport(const ExportOptions& o) {
  absl::StatusOr<CommandAsset> opened = OpenCommandAsset(o.file, o.context);
  if (!opened.ok()) return Fail("gaf export", opened.status());
  std::vector<std::string> warnings;
  absl::StatusOr<tools::ExportRequest> req = opened->context != nullptr
                                                 ? ContextRequest(o, *opened, warnings)
                                                 : PlainFileRequest(o);
  if (!req.ok()) return Fail("gaf export", req.status());
  absl::StatusOr<tools::ExportResult> result = tools::GafExport(opened->asset, *req);
  if (!result.ok()) return Fail("gaf export", result.status());
  absl::Status written = contexts::WriteFileAtomically(o.target, result->image);
  if (!written.ok()) return Fail("gaf export", written);
  const json& s = result->structured;
  std::cout << "wrote " << o.target << ": " << s["format"].get<std::string>() << ", "
            << s["width"].get<int>() << "x" << s["height"].get<int>() << ", "
            << s["frames"].get<size_t>() << " frame(s), " << s["bytes"].get<size_t>()
            << " bytes, transparency " << s["transparency"].get<std::string>() << ", palette "
            << s["palette"]["source"].get<std::string>() << "\n";
  for (const json& w : s["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
  for (const std::string& w : warnings) std::cout << "warning: " << w << "\n";
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

  auto list = std::make_shared<ListOptions>();
  CLI::App* l = gaf->add_subcommand("list", "List the sequences of a GAF/TAF");
  l->add_option("FILE", list->file, "GAF or TAF file")->required();
  l->add_option("--context", list->context, kContextHelp);
  l->add_flag("--json", list->json, "Print the gaf_list JSON");
  l->callback([list, &exit_code] { exit_code = RunList(*list); });

  auto info = std::make_shared<InfoOptions>();
  CLI::App* i = gaf->add_subcommand("info", "Every header value of every frame");
  i->add_option("FILE", info->file, "GAF or TAF file")->required();
  i->add_option("--context", info->context, kContextHelp);
  i->add_option("--sequence", info->sequence, "A sequence index or name (case-insensitive)");
  i->add_flag("--json", info->json, "Print the gaf_info JSON");
  i->callback([info, &exit_code] { exit_code = RunInfo(*info); });

  auto exp = std::make_shared<ExportOptions>();
  CLI::App* e = gaf->add_subcommand("export", "Render a frame or a sequence to an image");
  e->add_option("FILE", exp->file, "GAF or TAF file")->required();
  e->add_option("--target", exp->target, "Output image file")->required();
  e->add_option("--format", exp->format, "png (one frame), gif, apng or sheet (the sequence)")
      ->check(CLI::IsMember({"png", "gif", "apng", "sheet"}));
  e->add_option("--sequence", exp->sequence, "A sequence index or name (default 0)");
  e->add_option("--frame", exp->frame, "Frame index for png (default 0)")
      ->check(CLI::NonNegativeNumber);
  e->add_option("--palette", exp->palette, "A 1024-byte PAL or a 256-colour PCX");
  e->add_option("--context", exp->context, kContextHelp);
  e->add_option("--transparency", exp->transparency,
                "game, heuristic, none or an index 0..255 (default: game, or the context's)");
  e->add_option("--scale", exp->scale, "Nearest-neighbour enlargement, 1-8")
      ->check(CLI::Range(1, 8));
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
