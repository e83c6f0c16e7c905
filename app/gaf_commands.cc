#include "app/gaf_commands.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "app/cli_support.h"
#include "app/file_command.h"
#include "app/gaf_edit_commands.h"
#include "app/table.h"
#include "app/workspace_support.h"
#include "app/tool_options.h"
#include "contexts/file_io.h"
#include "formats/gaf/gaf.h"
#include "tools/gaf_check_tool.h"
#include "tools/gaf_export_tool.h"
#include "tools/gaf_info_tool.h"
#include "tools/gaf_list_tool.h"
#include "tools/gaf_tools.h"

namespace kbot::app {

namespace {

using tools::json;

struct CheckOptions {
  std::vector<std::string> paths;
  std::optional<std::string> context;
  std::shared_ptr<nlohmann::json> arguments =
      std::make_shared<nlohmann::json>(nlohmann::json::object());
  bool json = false;
};

std::string VersionText(uint32_t version) { return absl::StrFormat("0x%08x", version); }

// A plain file as gaf::ReadGaf reads it by pieces. A small piece comes from a
// window read around it: a sequence's header, its frame list and its first
// frame's header lie together, so one read serves the three.
class FilePieces : public gaf::RandomAccess {
 public:
  explicit FilePieces(const contexts::FileReader& file) : file_(file) {}
  uint64_t size() const override { return file_.size(); }
  bool Read(uint64_t offset, std::span<uint8_t> out) const override {
    if (out.size() > kWindow) return file_.ReadAt(offset, out);
    if (offset < window_at_ || offset - window_at_ + out.size() > window_.size()) {
      if (offset > file_.size()) return false;
      window_.resize(std::min<uint64_t>(kWindow, file_.size() - offset));
      window_at_ = offset;
      if (!file_.ReadAt(offset, window_)) {
        window_.clear();
        return false;
      }
      if (out.size() > window_.size()) return false;
    }
    std::copy_n(window_.begin() + long(offset - window_at_), out.size(), out.begin());
    return true;
  }

 private:
  static constexpr size_t kWindow = 4096;
  const contexts::FileReader& file_;
  mutable std::vector<uint8_t> window_;
  mutable uint64_t window_at_ = 0;
};

// The structure of a large plain GAF read by pieces (contexts::FileReader says
// why), so that listing or checking it never pages in its pixel data. Nothing
// for a small file (read whole anyway), or for one whose pieces do not read as
// a GAF: the usual path then reads it, and says what the file is instead. A
// file whose header has a GAF version and whose structure reads whole is one
// identify::IdentifyFile names a GAF (or nothing), so the check by kind is met.
std::optional<gaf::Gaf> GafByPieces(const std::string& path) {
  absl::StatusOr<contexts::FileReader> file = contexts::FileReader::Open(path);
  if (!file.ok() || file->size() <= contexts::FileBytes::kReadBelow) return std::nullopt;
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(FilePieces(*file), path);
  if (!gaf.ok()) return std::nullopt;
  const bool gaf_version = gaf->version == gaf::kVersionStandard ||
                           gaf->version == gaf::kVersionTa3dTruecolor ||
                           (gaf->version == gaf::kVersionZero && !gaf->sequences.empty());
  if (!gaf_version) return std::nullopt;
  return *std::move(gaf);
}

// gaf check's report on one plain file: its structure read by pieces when it
// is large, its frames checked on the file's mapping (a raw frame's pages are
// never touched; gaf::CheckFrame).
json CheckPlainFile(const std::string& path) {
  const std::optional<gaf::Gaf> gaf = GafByPieces(path);
  absl::StatusOr<OpenedAsset> opened = OpenAsset(path);
  if (!opened.ok()) return tools::GafCheckFailure(path, std::string(opened.status().message()));
  return gaf ? tools::GafCheckFile(opened->asset, *gaf) : tools::GafCheckFile(opened->asset);
}

// gaf list's table of gaf_list's JSON.
int PrintGafListing(const json& out) {
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

// gaf info's tables of gaf_info's JSON for `file`: exit 1 when a frame
// could not be decoded.
int PrintGafInfo(const std::string& file, const json& out) {
  std::cout << file << ": version " << VersionText(out["version"].get<uint32_t>()) << "\n";
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

int RunGafList(const FileCommandOptions& o) {
  // A large plain file: its headers only, read by pieces (GafByPieces).
  if (!o.context && tools::GafListTable().ParseChecked(*o.arguments).ok()) {
    if (std::optional<gaf::Gaf> gaf = GafByPieces(o.file)) {
      const absl::StatusOr<tools::GafListing> listing = tools::GafListingOf(o.file, *gaf);
      return Report("gaf list", listing, o.json, PrintGafListing);
    }
  }
  return RunFileCommand("gaf list", tools::GafListTable(), o,
                        [&](const tools::GafListRequest&, const CommandAsset& opened) {
                          return Report("gaf list", tools::ListGaf(opened.asset), o.json,
                                        PrintGafListing);
                        });
}

int RunGafInfo(const FileCommandOptions& o) {
  return RunFileCommand(
      "gaf info", tools::GafInfoTable(), o,
      [&](const tools::GafInfoRequest& request, const CommandAsset& opened) {
        return Report("gaf info", tools::DescribeGaf(opened.asset, request.sequence), o.json,
                      [&](const json& out) { return PrintGafInfo(o.file, out); });
      });
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
  req.scale = r.scale.value_or(1);
  req.fit_sheet = !r.scale;
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
int RunExport(const FileTargetOptions& o) {
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

// gaf check --context: gaf_check over each PATH of the context (or the
// whole context), its JSON or its summary and first problems.
int RunContextCheck(const CheckOptions& o) {
  absl::StatusOr<contexts::Workspace> workspace = OpenWorkspace({});
  if (!workspace.ok()) return Fail("gaf check", workspace.status());
  std::vector<std::string> paths = o.paths.empty() ? std::vector<std::string>{""} : o.paths;
  bool errors = false;
  for (const std::string& path : paths) {
    json arguments = *o.arguments;
    arguments["context"] = *o.context;
    if (!path.empty()) arguments["path"] = path;
    absl::StatusOr<json> out = RunTool(tools::GafCheckTool(), arguments, *workspace);
    if (!out.ok()) return Fail("gaf check", out.status());
    errors = errors || (*out)["errors"].get<uint64_t>() > 0;
    if (o.json) {
      PrintJson(*out);
      continue;
    }
    for (const json& p : (*out)["problems"]) {
      std::cout << p["path"].get<std::string>() << ": " << p["severity"].get<std::string>()
                << ": " << p["message"].get<std::string>() << "\n";
    }
    const json& r = *out;
    std::cout << "checked " << r["files"] << " file(s) in context " << *o.context << ": "
              << r["sequences"] << " sequences, " << r["frames"] << " frames, " << r["pixels"]
              << " pixels, " << r["warnings"] << " warnings, " << r["errors"] << " errors\n";
  }
  return errors ? kExitFailed : kExitOk;
}

int RunCheck(const CheckOptions& o) {
  if (o.context) return RunContextCheck(o);
  if (o.paths.empty()) {
    return Usage("gaf check", absl::InvalidArgumentError("give PATH, or --context"));
  }
  std::vector<Unreadable> unlistable;
  const std::vector<std::string> files = CollectGafFiles(o.paths, unlistable);
  std::vector<json> reports;
  for (const Unreadable& u : unlistable) reports.push_back(tools::GafCheckFailure(u.path, u.why));
  for (const std::string& path : files) reports.push_back(CheckPlainFile(path));
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

}  // namespace

void AddGafCommands(CLI::App& app, int& exit_code) {
  CLI::App* gaf = app.add_subcommand("gaf", "GAF/TAF sprite animations");
  gaf->require_subcommand(1);

  auto list = std::make_shared<FileCommandOptions>();
  CLI::App* l = gaf->add_subcommand("list", "List the sequences of a GAF/TAF");
  AddFileCommandOptions(*l, *list, "FILE", "GAF or TAF file", tools::GafListTable().Params(),
                        "Print the gaf_list JSON");
  l->callback([list, &exit_code] { exit_code = RunGafList(*list); });

  auto info = std::make_shared<FileCommandOptions>();
  CLI::App* i = gaf->add_subcommand("info", "Every header value of every frame");
  AddFileCommandOptions(*i, *info, "FILE", "GAF or TAF file", tools::GafInfoTable().Params(),
                        "Print the gaf_info JSON");
  i->callback([info, &exit_code] { exit_code = RunGafInfo(*info); });

  auto exp = std::make_shared<FileTargetOptions>();
  CLI::App* e = gaf->add_subcommand("export", "Render a frame or a sequence to an image");
  e->add_option("--target", exp->target, "Output image file")->required();
  AddFileCommandOptions(*e, *exp, "FILE", "GAF or TAF file", tools::GafExportTable().Params(),
                        "");
  e->callback([exp, &exit_code] { exit_code = RunExport(*exp); });

  auto check = std::make_shared<CheckOptions>();
  CLI::App* c = gaf->add_subcommand("check", "Decode every frame; report warnings and errors");
  c->add_option("PATH", check->paths,
                "GAF/TAF files or folders (searched recursively); with --context, inside it "
                "(default: the whole context)");
  c->add_option("--context", check->context, "Check in this context (kbot context list)");
  AddToolOptions(*c, tools::GafCheckTable().Params(), check->arguments);
  c->add_flag("--json", check->json, "Print the report as JSON");
  c->callback([check, &exit_code] { exit_code = RunCheck(*check); });

  AddGafEditCommands(*gaf, exit_code);
}

}  // namespace kbot::app
