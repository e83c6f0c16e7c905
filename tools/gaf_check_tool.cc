#include "tools/gaf_check_tool.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "tools/gaf_sequences.h"
#include "tools/gaf_tools.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

// The GAFs `path` names: the file itself, or every one under the folder.
absl::StatusOr<std::vector<std::string>> GafsUnder(const contexts::Context& context,
                                                   const std::string& path, Progress& progress) {
  if (!path.empty() && context.vfs->Stat(path).ok()) return std::vector<std::string>{path};
  absl::StatusOr<std::vector<contexts::VfsEntry>> entries = context.vfs->List(progress);
  if (!entries.ok()) return entries.status();
  std::string folder = path;
  std::replace(folder.begin(), folder.end(), '\\', '/');
  while (!folder.empty() && folder.back() == '/') folder.pop_back();
  std::vector<std::string> out;
  for (const contexts::VfsEntry& e : *entries) {
    if (IsGafPath(e.path) && (folder.empty() || absl::StartsWithIgnoreCase(e.path, folder + "/"))) {
      out.push_back(e.path);
    }
  }
  if (out.empty() && !path.empty()) {
    return absl::NotFoundError(absl::StrCat(path, ": no such file, and no GAF or TAF under it"));
  }
  return out;
}

void Tally(const json& report, size_t most, GafCheckResult& out) {
  out.files += 1;
  out.sequences += report["sequences"].get<uint64_t>();
  out.frames += report["frames"].get<uint64_t>();
  out.pixels += report["pixels"].get<uint64_t>();
  out.warnings += report["warnings"].size();
  out.errors += report["errors"].size();
  if (!report["warnings"].empty() || !report["errors"].empty()) out.files_with_problems += 1;
  const std::string path = report["path"].get<std::string>();
  for (const char* severity : {"error", "warning"}) {
    for (const json& m : report[absl::StrCat(severity, "s")]) {
      out.problems.push_back({path, severity, m.get<std::string>()});
    }
  }
  // Errors first, then file order; only the first `most` are kept.
  std::stable_sort(out.problems.begin(), out.problems.end(),
                   [](const GafCheckProblem& a, const GafCheckProblem& b) {
                     return a.severity == "error" && b.severity != "error";
                   });
  if (out.problems.size() > most) out.problems.resize(most);
}

}  // namespace

const RequestTable<GafCheckRequest>& GafCheckTable() {
  static const RequestTable<GafCheckRequest> table = [] {
    using R = GafCheckRequest;
    RequestTable<R> t;
    AddContextParam(t);
    t.Add("path", &R::path,
          {{"type", "string"},
           {"description", "A .gaf/.taf file or a folder (default: the whole context)"}});
    t.Add("problems", &R::problems, IntegerParam(0, 500, "Most problems listed"));
    return t;
  }();
  return table;
}

const ResultTable<GafCheckProblem>& GafCheckProblem::Fields() {
  using P = GafCheckProblem;
  static const ResultTable<P> table = ResultTable<P>()
      .Add("path", &P::path, StringSchema())
      .Add("severity", &P::severity, {{"enum", {"error", "warning"}}})
      .Add("message", &P::message, StringSchema());
  return table;
}

const ResultTable<GafCheckResult>& GafCheckResult::Fields() {
  using R = GafCheckResult;
  static const ResultTable<R> table = ResultTable<R>()
      .Add("context", &R::context, StringSchema())
      .Add("path", &R::path, StringSchema())
      .Add("files", &R::files, IntegerSchema())
      .Add("sequences", &R::sequences, IntegerSchema())
      .Add("frames", &R::frames, IntegerSchema())
      .Add("pixels", &R::pixels, IntegerSchema())
      .Add("warnings", &R::warnings, IntegerSchema())
      .Add("errors", &R::errors, IntegerSchema())
      .Add("files_with_problems", &R::files_with_problems, IntegerSchema())
      .Add("problems", &R::problems, ArraySchema<GafCheckProblem>());
  return table;
}

absl::StatusOr<GafCheckResult> CheckContextGafs(const contexts::Context& context,
                                                const GafCheckRequest& request,
                                                Progress& progress) {
  const std::string path = request.path.value_or("");
  absl::StatusOr<std::vector<std::string>> paths = GafsUnder(context, path, progress);
  if (!paths.ok()) return paths.status();
  GafCheckResult out;
  out.context = context.name;
  out.path = path;
  for (size_t i = 0; i < paths->size(); ++i) {
    const std::string& gaf = (*paths)[i];
    if (!progress.Report(i, paths->size(), absl::StrCat("checking ", gaf))) {
      return absl::CancelledError();
    }
    absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(gaf);
    const json report = file.ok() ? GafCheckFile(Asset{gaf, file->bytes()})
                                  : GafCheckFailure(gaf, std::string(file.status().message()));
    Tally(report, size_t(request.problems), out);
  }
  progress.Report(paths->size(), paths->size(),
                  absl::StrCat("checked ", paths->size(), " file(s)"));
  return out;
}

Tool GafCheckTool() {
  return MakeContextTool<GafCheckRequest>(
      {"gaf_check", "Check GAFs",
       "Decodes every frame of a GAF/TAF, or of all under a folder: totals and the first "
       "problems.",
       {.long_running = true}},
      GafCheckTable(), GafCheckResult::Fields().Schema(),
      [](const contexts::Context& context, const GafCheckRequest& request, const ToolCall& call) {
        return ResultInContext(context, CheckContextGafs(context, request, call.progress));
      });
}

}  // namespace kbot::tools
