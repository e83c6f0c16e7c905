#include "app/gaf_edit_commands.h"

#include <unistd.h>

#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "app/cli_support.h"
#include "edit/gaf_build.h"
#include "edit/gaf_dump.h"
#include "edit/gaf_roundtrip.h"

namespace kbot::app {

namespace {

using tools::json;

struct DumpOptions {
  std::string file, target, format = "png";
  std::optional<std::string> palette;
};

struct BuildOptions {
  std::string dir, target;
  std::optional<std::string> storage;
  std::optional<std::string> palette;
  std::optional<std::string> variant;
};

struct RoundtripOptions {
  std::vector<std::string> paths;
  bool json = false;
};

int RunDump(const DumpOptions& o) {
  absl::StatusOr<tools::PaletteChoice> palette = LoadPalette(o.palette);
  if (!palette.ok()) return Fail("gaf dump", palette.status());
  absl::StatusOr<OpenedAsset> opened = OpenAsset(o.file);
  if (!opened.ok()) return Fail("gaf dump", opened.status());
  edit::DumpRequest req{o.target, o.format == "gif", *std::move(palette)};
  absl::StatusOr<json> out = edit::GafDump(opened->asset, req);
  if (!out.ok()) return Fail("gaf dump", out.status());
  std::cout << "dumped " << o.file << " to " << o.target << ": " << (*out)["sequences"].size()
            << " sequence(s), " << (*out)["frames"] << " frame(s), " << (*out)["images"]
            << " image(s)";
  if ((*out)["flattened"].get<size_t>() > 0) {
    std::cout << ", " << (*out)["flattened"] << " layered frame(s) flattened";
  }
  std::cout << "\n";
  for (const json& w : (*out)["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
  return kExitOk;
}

int RunBuild(const BuildOptions& o) {
  absl::StatusOr<tools::PaletteChoice> palette = LoadPalette(o.palette);
  if (!palette.ok()) return Fail("gaf build", palette.status());
  edit::BuildRequest req{o.dir, o.target, std::nullopt, *std::move(palette)};
  if (o.storage) {
    req.storage_override = *o.storage == "raw" ? gaf::Storage::kRaw : gaf::Storage::kRunEncoded;
  }
  if (o.variant) req.variant = gaf::ParseVariant(*o.variant);  // checked by CLI11
  absl::StatusOr<json> out = edit::GafBuild(req);
  if (!out.ok()) return Fail("gaf build", out.status());
  for (const json& w : (*out)["warnings"]) std::cout << "warning: " << w.get<std::string>() << "\n";
  const bool ta3d = (*out)["variant"] == "ta3d-truecolor";
  std::cout << "built " << o.target << (ta3d ? " (TA3D truecolor)" : "") << ": "
            << (*out)["sequences"] << " sequence(s), " << (*out)["frames"] << " frame(s), "
            << (*out)["bytes"] << " bytes\n";
  return kExitOk;
}

// A roundtrip report for a file or folder that could not be read at all.
json Failed(const Unreadable& u) {
  return json{{"path", u.path}, {"ok", false},     {"sequences", 0},
              {"frames", 0},    {"flattened", 0},  {"difference", u.why}};
}

int RunRoundtrip(const RoundtripOptions& o) {
  std::vector<Unreadable> unlistable;
  const std::vector<std::string> files = CollectGafFiles(o.paths, unlistable);
  std::vector<json> reports;
  for (const Unreadable& u : unlistable) reports.push_back(Failed(u));
  // Progress on a terminal only: a pipe gets the lines alone.
  const bool progress = !o.json && ::isatty(STDERR_FILENO);
  size_t failed = 0, flattened = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    if (progress) std::cerr << "\r[" << i + 1 << "/" << files.size() << "] " << std::flush;
    absl::StatusOr<OpenedAsset> opened = OpenAsset(files[i]);
    json report = opened.ok() ? edit::GafRoundtripFile(opened->asset)
                              : Failed({files[i], std::string(opened.status().message())});
    if (progress) std::cerr << "\r\033[K" << std::flush;
    if (!o.json) {
      std::cout << (report["ok"].get<bool>() ? "ok      " : "DIFFERS ") << files[i] << ": "
                << report["sequences"] << " sequences, " << report["frames"] << " frames";
      if (report["flattened"].get<size_t>() > 0) {
        std::cout << ", " << report["flattened"] << " layered flattened";
      }
      if (!report["ok"].get<bool>()) std::cout << ": " << report["difference"].get<std::string>();
      std::cout << "\n";
    }
    failed += report["ok"].get<bool>() ? 0 : 1;
    flattened += report["flattened"].get<size_t>();
    reports.push_back(std::move(report));
  }
  failed += unlistable.size();
  if (o.json) {
    PrintJson(json{{"files", reports},
                   {"summary", {{"files", reports.size()}, {"differ", failed},
                                {"flattened", flattened}}}});
  } else {
    std::cout << "roundtrip: " << reports.size() << " file(s), " << reports.size() - failed
              << " identical, " << failed << " differ, " << flattened
              << " layered frame(s) flattened\n";
  }
  return failed == 0 ? kExitOk : kExitFailed;
}

}  // namespace

void AddGafEditCommands(CLI::App& gaf, int& exit_code) {
  auto dump = std::make_shared<DumpOptions>();
  CLI::App* d = gaf.add_subcommand("dump", "Write a GAF/TAF as a folder of CSVs and images");
  d->add_option("FILE", dump->file, "GAF or TAF file")->required();
  d->add_option("--target", dump->target, "Folder to write")->required();
  d->add_option("--format", dump->format, "Frame images: png or gif")
      ->check(CLI::IsMember({"png", "gif"}));
  d->add_option("--palette", dump->palette, "A 1024-byte PAL or a 256-colour PCX");
  d->callback([dump, &exit_code] { exit_code = RunDump(*dump); });

  auto build = std::make_shared<BuildOptions>();
  CLI::App* b = gaf.add_subcommand("build", "Build a GAF/TAF from a dumped folder");
  b->add_option("DIR", build->dir, "Folder written by gaf dump (and edited)")->required();
  b->add_option("--target", build->target, "GAF or TAF file to write")->required();
  b->add_option("--storage", build->storage, "raw or compressed for every paletted frame")
      ->check(CLI::IsMember({"raw", "compressed"}));
  b->add_option("--palette", build->palette, "Palette for matching RGBA images");
  b->add_option("--variant", build->variant,
                "standard, or ta3d-truecolor (every frame a zlib RGB(A) image, as the TA3D "
                "engine writes); default: ta3d-truecolor when frames.csv says zlib-rgba or "
                "zlib-rgb")
      ->check(CLI::IsMember({"standard", "ta3d-truecolor"}));
  b->callback([build, &exit_code] { exit_code = RunBuild(*build); });

  auto trip = std::make_shared<RoundtripOptions>();
  CLI::App* r =
      gaf.add_subcommand("roundtrip", "Check that dump and build keep what the game reads");
  r->add_option("PATH", trip->paths, "GAF/TAF files or folders (searched recursively)")
      ->required();
  r->add_flag("--json", trip->json, "Print the report as JSON");
  r->callback([trip, &exit_code] { exit_code = RunRoundtrip(*trip); });
}

}  // namespace kbot::app
