#include "tools/unit_files.h"

#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "tools/file_kind.h"
#include "tools/near_paths.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

std::optional<std::string> UnitSpelling(const contexts::Context& context, const std::string& path) {
  absl::StatusOr<contexts::VfsStat> stat = context.vfs->Stat(path);
  if (!stat.ok()) return std::nullopt;
  return stat->path;
}

// The paths FindUnitFile tries, in order.
std::vector<std::string> Candidates(const std::string& path, const UnitFileKind& kind) {
  std::vector<std::string> out = {path};
  const std::string with_ext =
      absl::EndsWithIgnoreCase(path, kind.extension) ? path : path + kind.extension;
  if (path.find('/') == std::string::npos) out.push_back(absl::StrCat(kind.folder, "/", with_ext));
  if (with_ext != path) out.push_back(with_ext);
  return out;
}

// A file's name without its folder and extension: "objects3d/ArmCom.3do" -> "ArmCom".
std::string BaseName(const std::string& path) {
  const size_t slash = path.rfind('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  const size_t dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(0, dot);
}

absl::StatusOr<model3do::Model> ReadModelAsset(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, {FileKind::kModel3do}); !s.ok()) return s;
  return model3do::Read3do(asset.bytes, asset.path);
}

absl::StatusOr<cob::Cob> ReadScriptAsset(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, {FileKind::kCob}); !s.ok()) return s;
  return cob::ReadCob(asset.bytes, asset.path);
}

}  // namespace

absl::StatusOr<std::string> FindUnitFile(const contexts::Context& context,
                                         const std::string& path, const UnitFileKind& kind) {
  const std::vector<std::string> tried = Candidates(path, kind);
  for (const std::string& p : tried) {
    if (std::optional<std::string> found = UnitSpelling(context, p)) return *found;
  }
  // The error any tool gives for a missing file, about the path as given,
  // or for a bare name the one under the kind's folder, with near paths.
  const std::string& wanted = path.find('/') == std::string::npos ? tried[1] : tried[0];
  absl::StatusOr<contexts::VfsFile> missing = context.vfs->Read(wanted);
  const absl::Status why =
      missing.ok() ? absl::NotFoundError(absl::StrCat(wanted, ": no such file")) : missing.status();
  return InContext(context, WithNearPaths(*context.vfs, wanted, why));
}

std::optional<std::string> CompanionFile(const contexts::Context& context,
                                         const std::string& path, const UnitFileKind& other) {
  return UnitSpelling(context, absl::StrCat(other.folder, "/", BaseName(path), other.extension));
}

absl::StatusOr<ParsedAsset<model3do::Model>> OpenModel(const contexts::Context& context,
                                                       const std::string& path) {
  static const AssetParser<model3do::Model> parser{"3do", ReadModelAsset, nullptr};
  absl::StatusOr<std::string> found = FindUnitFile(context, path, kModelFiles);
  if (!found.ok()) return found.status();
  return ParseContextAsset(context, *found, parser);
}

absl::StatusOr<ParsedAsset<cob::Cob>> OpenScript(const contexts::Context& context,
                                                 const std::string& path) {
  static const AssetParser<cob::Cob> parser{"cob", ReadScriptAsset, nullptr};
  absl::StatusOr<std::string> found = FindUnitFile(context, path, kScriptFiles);
  if (!found.ok()) return found.status();
  return ParseContextAsset(context, *found, parser);
}

}  // namespace kbot::tools
