#include "app/hpi_commands.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "app/cli_support.h"
#include "app/file_command.h"
#include "app/hpi_extract.h"
#include "app/table.h"
#include "app/tool_options.h"
#include "app/workspace_support.h"
#include "contexts/confined_folder.h"
#include "contexts/file_io.h"
#include "formats/hpi/hpi_writer.h"
#include "tools/hpi_list_tool.h"

namespace kbot::app {

namespace {

namespace fs = std::filesystem;
using tools::json;

struct PackOptions {
  std::string dir;
  std::string target;
  int version = 1;
  std::string compression = "zlib";
};

// Stored bytes per file byte; "-" for an empty file, or a compressed v1
// entry whose extent the reader could not tell (stored 0).
std::string Ratio(uint64_t stored, uint64_t size) {
  if (size == 0 || stored == 0) return "-";
  return absl::StrFormat("%.0f%%", 100.0 * double(stored) / double(size));
}

// hpi list's table of hpi_list's JSON.
int PrintHpiListing(const json& out) {
  Table table({"Path", "Size", "Stored", "Ratio", "Compression"});
  uint64_t size = 0, stored = 0;
  for (const json& e : out["entries"]) {
    const uint64_t n = e["size"].get<uint64_t>(), c = e["compressed_size"].get<uint64_t>();
    size += n;
    stored += c;
    table.Add({e["path"].get<std::string>(), std::to_string(n), std::to_string(c), Ratio(c, n),
               e["compression"].get<std::string>()});
  }
  table.Print(std::cout);
  std::cout << out["path"].get<std::string>() << ": HPI version " << out["version"]
            << (out["encrypted"].get<bool>() ? ", encrypted" : "") << ", "
            << out["entries"].size() << " file(s), " << size << " bytes (" << stored
            << " stored)";
  if (!out["next_offset"].is_null()) {
    std::cout << "; " << out["total"] << " match (more: --offset " << out["next_offset"]
              << ")";
  }
  std::cout << "\n";
  return kExitOk;
}

int RunHpiList(const FileCommandOptions& o) {
  return RunFileCommand("hpi list", tools::HpiListTable(), o,
                        [&](const tools::HpiListRequest& request, const CommandAsset& opened) {
                          // Every match unless --limit: the tool pages by default, the
                          // command does not.
                          return Report("hpi list", tools::ListHpi(opened.asset, request), o.json,
                                        PrintHpiListing);
                        });
}

hpi::Compression ParseCompression(const std::string& name) {
  if (name == "none") return hpi::Compression::kNone;
  if (name == "lz77") return hpi::Compression::kLz77;
  return hpi::Compression::kZlib;  // CLI11 allowed only these three
}

// What pack takes from DIR, and what it leaves out and why.
struct Collected {
  std::vector<hpi::HpiFileToWrite> files;
  std::vector<std::string> skipped;  // "PATH: why"
  uint64_t bytes = 0;
};

absl::Status ReadInto(const fs::path& path, const fs::path& relative, Collected& out) {
  absl::StatusOr<contexts::FileBytes> bytes = contexts::FileBytes::Open(path.string());
  if (!bytes.ok()) return bytes.status();
  const Bytes b = bytes->bytes();
  out.files.push_back({relative.generic_string(), std::vector<uint8_t>(b.begin(), b.end())});
  out.bytes += b.size();
  return absl::OkStatus();
}

// Every regular file under `dir`, with its path relative to it,
// '/'-separated. A link is followed only to a file inside `dir`; links to
// folders are not followed (a link back up would loop). The target archive,
// when it is already there inside `dir` (packing a folder again), is skipped
// rather than packed into its own next version.
absl::StatusOr<Collected> CollectFiles(const std::string& dir, const std::string& target) {
  std::error_code ec;
  const fs::path real_root = fs::canonical(dir, ec);
  if (ec || !fs::is_directory(real_root, ec)) {
    return absl::InvalidArgumentError(absl::StrCat(dir, ": not a folder"));
  }
  const fs::path real_target = fs::weakly_canonical(target, ec);
  Collected out;
  fs::recursive_directory_iterator it(dir, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::path& path = it->path();
    const fs::path relative = path.lexically_relative(dir);
    std::error_code e;
    if (it->is_symlink(e)) {
      const fs::path real = fs::canonical(path, e);
      if (e || !contexts::PathInside(real, real_root)) {
        out.skipped.push_back(absl::StrCat(path.string(), ": a link that leads out of ", dir));
        continue;
      }
      if (!fs::is_regular_file(real, e)) {
        if (fs::is_directory(real, e)) {
          out.skipped.push_back(absl::StrCat(path.string(), ": links to folders are not followed"));
        }
        continue;
      }
      if (real == real_target) continue;
      if (absl::Status s = ReadInto(path, relative, out); !s.ok()) return s;
      continue;
    }
    if (it->is_directory(e)) continue;
    if (!it->is_regular_file(e)) {
      out.skipped.push_back(absl::StrCat(path.string(), ": not a regular file"));
      continue;
    }
    if (fs::weakly_canonical(path, e) == real_target) continue;
    if (absl::Status s = ReadInto(path, relative, out); !s.ok()) return s;
  }
  if (ec) return absl::InvalidArgumentError(absl::StrCat(dir, ": cannot list: ", ec.message()));
  std::sort(out.files.begin(), out.files.end(),
            [](const hpi::HpiFileToWrite& a, const hpi::HpiFileToWrite& b) {
              return a.path < b.path;
            });
  return out;
}

int RunPack(const PackOptions& o) {
  absl::StatusOr<Collected> collected = CollectFiles(o.dir, o.target);
  if (!collected.ok()) return Fail("hpi pack", collected.status());
  for (const std::string& s : collected->skipped) std::cout << "warning: skipped " << s << "\n";
  const hpi::HpiWriteOptions options{o.version, ParseCompression(o.compression)};
  absl::StatusOr<std::vector<uint8_t>> archive = hpi::WriteHpi(collected->files, options);
  if (!archive.ok()) {
    return Fail("hpi pack", absl::Status(archive.status().code(),
                                         absl::StrCat(o.dir, ": ", archive.status().message())));
  }
  if (absl::Status s = contexts::WriteFileAtomically(o.target, *archive); !s.ok()) {
    return Fail("hpi pack", s);
  }
  std::cout << "packed " << collected->files.size() << " file(s) of " << o.dir << " ("
            << collected->bytes << " bytes) into " << o.target << ": HPI version " << o.version
            << ", " << o.compression << ", " << archive->size() << " bytes\n";
  return kExitOk;
}

constexpr const char* kContextHelp =
    "Read ARCHIVE from this context (kbot context list) instead of the file system";

}  // namespace

void AddHpiCommands(CLI::App& app, int& exit_code) {
  CLI::App* hpi = app.add_subcommand("hpi", "HPI archives (TA .hpi/.ufo/.ccx/.gp3, TA:K)");
  hpi->require_subcommand(1);

  auto list = std::make_shared<FileCommandOptions>();
  CLI::App* l = hpi->add_subcommand("list", "List the files inside an archive");
  AddFileCommandOptions(*l, *list, "ARCHIVE", "HPI-family archive", tools::HpiListTable().Params(),
                        "Print the hpi_list JSON");
  l->get_option("--limit")->description("Show at most this many (1-1000) [default: every match]");
  l->callback([list, &exit_code] { exit_code = RunHpiList(*list); });

  auto extract = std::make_shared<HpiExtractOptions>();
  CLI::App* x = hpi->add_subcommand(
      "extract", "Write an archive's files (or those matching globs) to a folder");
  x->add_option("ARCHIVE", extract->archive, "HPI-family archive")->required();
  x->add_option("GLOB", extract->globs,
                "Only entries matching one of these (case-insensitive; * and ? within a folder, "
                "** across)");
  x->add_option("--target", extract->target, "Folder to write into (made when missing)")
      ->required();
  x->add_option("--context", extract->context, kContextHelp);
  x->callback([extract, &exit_code] { exit_code = RunHpiExtract(*extract); });

  auto pack = std::make_shared<PackOptions>();
  CLI::App* p = hpi->add_subcommand("pack", "Pack every file under a folder into an archive");
  p->add_option("DIR", pack->dir, "Folder to pack")->required();
  p->add_option("--target", pack->target, "Archive to write")->required();
  p->add_option("--version", pack->version, "1 (TA, default) or 2 (TA: Kingdoms)")
      ->check(CLI::IsMember({1, 2}));
  p->add_option("--compression", pack->compression, "none, zlib (default) or lz77")
      ->check(CLI::IsMember({"none", "zlib", "lz77"}));
  p->callback([pack, &exit_code] { exit_code = RunPack(*pack); });
}

}  // namespace kbot::app
