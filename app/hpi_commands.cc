#include "app/hpi_commands.h"

#include <csignal>
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
#include "formats/hpi/hpi_stream_writer.h"
#include "tools/hpi_list_tool.h"
#include "tools/hpi_packing.h"

namespace kbot::app {

namespace {

using tools::json;

struct PackOptions {
  std::string dir;
  std::string target;
  int version = 1;
  std::string compression = "zlib";
  int threads = 0;  // 0: every core
};

// --threads of pack and extract: 0 is every core; more than kMaxPackThreads
// is a typing error rather than a plan (2 cores here, 64 on a big machine).
void AddThreadsOption(CLI::App& command, int& threads, const char* what) {
  command
      .add_option("--threads", threads,
                  absl::StrCat("Threads that ", what, ": 0 (default) every core, or 1..",
                               hpi::kMaxPackThreads))
      ->check(CLI::Range(0, hpi::kMaxPackThreads));
}

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

// Ctrl-C (or a TERM) during a pack: the packing stops at its next read and
// removes its temporary file; then the signal ends the process as it would have.
volatile std::sig_atomic_t pack_signal = 0;
extern "C" void OnPackSignal(int signal) { pack_signal = signal; }

class PackSignals {
 public:
  // A signal the process was started ignoring (nohup, a background job)
  // stays ignored.
  PackSignals() {
    struct sigaction on {};
    on.sa_handler = OnPackSignal;
    sigemptyset(&on.sa_mask);
    ::sigaction(SIGINT, &on, &old_int_);
    if (old_int_.sa_handler == SIG_IGN) ::sigaction(SIGINT, &old_int_, nullptr);
    ::sigaction(SIGTERM, &on, &old_term_);
    if (old_term_.sa_handler == SIG_IGN) ::sigaction(SIGTERM, &old_term_, nullptr);
  }
  ~PackSignals() {
    ::sigaction(SIGINT, &old_int_, nullptr);
    ::sigaction(SIGTERM, &old_term_, nullptr);
    if (pack_signal != 0) ::raise(pack_signal);
  }

 private:
  struct sigaction old_int_ {}, old_term_ {};
};

int RunPack(const PackOptions& o) {
  absl::StatusOr<tools::FolderToPack> folder = tools::ListFolderToPack(o.dir, o.target);
  if (!folder.ok()) return Fail("hpi pack", folder.status());
  for (const std::string& s : folder->skipped) std::cout << "warning: skipped " << s << "\n";
  const hpi::HpiPackOptions options{o.version, ParseCompression(o.compression), o.threads};
  absl::StatusOr<uint64_t> size;
  {
    PackSignals signals;
    size = tools::PackFolder(*folder, o.target, options, [] { return pack_signal != 0; });
    if (!size.ok()) Fail("hpi pack", size.status());
  }
  if (!size.ok()) return kExitFailed;
  std::cout << "packed " << folder->files.size() << " file(s) of " << o.dir << " ("
            << folder->bytes << " bytes) into " << o.target << ": HPI version " << o.version
            << ", " << o.compression << ", " << *size << " bytes\n";
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
  AddThreadsOption(*x, extract->threads, "decompress entries");
  x->callback([extract, &exit_code] { exit_code = RunHpiExtract(*extract); });

  auto pack = std::make_shared<PackOptions>();
  CLI::App* p = hpi->add_subcommand("pack", "Pack every file under a folder into an archive");
  p->add_option("DIR", pack->dir, "Folder to pack")->required();
  p->add_option("--target", pack->target, "Archive to write")->required();
  p->add_option("--version", pack->version, "1 (TA, default) or 2 (TA: Kingdoms)")
      ->check(CLI::IsMember({1, 2}));
  p->add_option("--compression", pack->compression, "none, zlib (default) or lz77")
      ->check(CLI::IsMember({"none", "zlib", "lz77"}));
  AddThreadsOption(*p, pack->threads, "compress chunks");
  p->callback([pack, &exit_code] { exit_code = RunPack(*pack); });
}

}  // namespace kbot::app
