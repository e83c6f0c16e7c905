#include "tools/hpi_extract_tool.h"

#include <filesystem>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "contexts/vfs.h"
#include "formats/hpi/hpi.h"
#include "tools/file_kind.h"
#include "tools/hpi_extraction.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

// The problems (the first few kept) and the progress of one call: bytes
// unpacked of the bytes selected, and a stop when the call is cancelled.
class CallObserver final : public ExtractObserver {
 public:
  explicit CallObserver(Progress& progress) : progress_(progress) {}

  void Start(size_t entries, uint64_t bytes) override {
    entries_ = entries;
    total_ = bytes;
    Tell();
  }
  void Problem(const std::string& what) override {
    if (problems_.size() < kExtractProblemsListed) problems_.push_back(what);
  }
  void Done(uint64_t bytes) override {
    ++done_entries_;
    done_ += bytes;
    Tell();
  }
  bool Stopped() override { return stopped_; }

  std::vector<std::string> TakeProblems() { return std::move(problems_); }

 private:
  void Tell() {
    const std::string message =
        absl::StrCat("extracted ", done_entries_, " of ", entries_, " entries");
    if (!progress_.Report(done_, total_, message)) stopped_ = true;
  }

  Progress& progress_;
  size_t entries_ = 0, done_entries_ = 0;
  uint64_t total_ = 0, done_ = 0;
  bool stopped_ = false;
  std::vector<std::string> problems_;
};

// The archive's file name without its extension: demo.ufo -> demo.
std::string DefaultTarget(const std::string& archive_path) {
  std::string stem = std::filesystem::path(archive_path).stem().string();
  return stem.empty() ? "extracted" : stem;
}

// Whether any of `patterns` selects an entry (none given: every entry does).
bool AnySelected(const hpi::HpiArchive& archive, const std::vector<std::string>& patterns) {
  if (patterns.empty()) return !archive.entries.empty();
  for (const hpi::HpiEntry& e : archive.entries) {
    for (const std::string& p : patterns) {
      if (contexts::GlobMatch(p, e.path)) return true;
    }
  }
  return false;
}

// The target folder inside the output folder, before anything is read:
// "target ../x: why" when it would leave it.
absl::StatusOr<std::string> TargetFolder(const HpiExtractRequest& request, const ToolCall& call) {
  if (call.output == nullptr) {
    return absl::FailedPreconditionError(
        "hpi_extract: this server has no output folder (start it with kbot mcp --output DIR)");
  }
  absl::StatusOr<std::string> target =
      contexts::ConfinedFolder::Inside(request.target.value_or(DefaultTarget(request.path)));
  if (!target.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("target ", target.status().message()));
  }
  return target;
}

absl::StatusOr<HpiExtraction> Extract(const Asset& asset, const HpiExtractRequest& request,
                                      const std::string& target, const ToolCall& call) {
  if (absl::Status s = RequireKind(asset, {FileKind::kHpi}); !s.ok()) return s;
  absl::StatusOr<hpi::HpiArchive> archive = hpi::OpenHpi(asset.bytes, asset.path);
  if (!archive.ok()) return archive.status();
  const std::vector<std::string> patterns = request.patterns.value_or(std::vector<std::string>());
  // Nothing to do makes no folder.
  if (!AnySelected(*archive, patterns)) {
    std::vector<std::string> quoted;
    for (const std::string& p : patterns) quoted.push_back(absl::StrCat("\"", p, "\""));
    return absl::NotFoundError(absl::StrCat(asset.path, ": no entry matches ",
                                            absl::StrJoin(quoted, " or "),
                                            " (hpi_list lists the entries)"));
  }
  if (absl::Status s = call.output->MakeFolders(target); !s.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("target ", target, ": ", s.message()));
  }
  absl::StatusOr<std::unique_ptr<contexts::ConfinedFolder>> folder =
      contexts::ConfinedFolder::Open((call.output->root() / target).string());
  if (!folder.ok()) return folder.status();

  CallObserver observer(call.progress);
  const ExtractCounts counts = ExtractHpi(*archive, asset.bytes, patterns, **folder, 0, observer);
  if (counts.stopped) return absl::CancelledError("hpi_extract: cancelled");
  return HpiExtraction{asset.path,      target,         archive->entries.size(),
                       counts.selected, counts.written, counts.written_bytes,
                       counts.problems, observer.TakeProblems()};
}

}  // namespace

const RequestTable<HpiExtractRequest>& HpiExtractTable() {
  static const RequestTable<HpiExtractRequest> table = [] {
    using R = HpiExtractRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The archive (.hpi, .ufo, .ccx, .gp3, .gp4, .swx)");
    t.Add("patterns", &R::patterns,
          {{"type", "array"},
           {"items", {{"type", "string"}, {"minLength", 1}}},
           {"description", "Entry globs, e.g. anims/*.gaf (default: all)"}});
    t.Add("target", &R::target,
          {{"type", "string"},
           {"description", "A folder in the output folder (default: the archive's name)"}});
    return t;
  }();
  return table;
}

const ResultTable<HpiExtraction>& HpiExtraction::Fields() {
  using E = HpiExtraction;
  static const ResultTable<E> table = ResultTable<E>()
      .Add("path", &E::path, StringSchema())
      .Add("target", &E::target, StringSchema())
      .Add("entries", &E::entries, CountSchema())
      .Add("selected", &E::selected, CountSchema())
      .Add("extracted", &E::extracted, CountSchema())
      .Add("bytes", &E::bytes, CountSchema())
      .Add("problem_count", &E::problem_count, CountSchema())
      .Add("problems", &E::problems, StringArraySchema());
  return table;
}

Tool HpiExtractTool() {
  Tool tool = MakeContextTool<HpiExtractRequest>(
      {"hpi_extract", "Extract an HPI archive",
       "Extracts an HPI archive (every entry, or those matching globs) into the output folder; "
       "says what it skipped.",
       {.read_only = false, .destructive = true, .idempotent = true, .long_running = true}},
      HpiExtractTable(), HpiExtraction::Fields().Schema(),
      [](const contexts::Context& context, const HpiExtractRequest& request,
         const ToolCall& call) {
        absl::StatusOr<std::string> target = TargetFolder(request, call);
        if (!target.ok()) return ErrorResult(target.status());
        return RunAssetTool(context, request, [&](const Asset& asset) {
          return Extract(asset, request, *target, call);
        });
      });
  tool.writes = true;
  return tool;
}

}  // namespace kbot::tools
