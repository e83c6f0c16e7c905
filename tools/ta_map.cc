#include "tools/ta_map.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "tools/file_kind.h"
#include "tools/near_paths.h"
#include "tools/parsed_asset.h"
#include "tools/tool_support.h"

namespace kbot::tools {

namespace {

// `path` without a .tnt or .ota extension (any case).
std::string BaseOf(const std::string& path) {
  for (const char* ext : {".tnt", ".ota"}) {
    if (absl::EndsWithIgnoreCase(path, ext)) return path.substr(0, path.size() - 4);
  }
  return path;
}

// The context's spelling of `path`, or nullopt when nothing is there.
std::optional<std::string> Spelling(const contexts::Context& context, const std::string& path) {
  absl::StatusOr<contexts::VfsStat> stat = context.vfs->Stat(path);
  if (!stat.ok()) return std::nullopt;
  return stat->path;
}

absl::StatusOr<tnt::TntMap> ReadTntAsset(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, {FileKind::kTnt}); !s.ok()) return s;
  return tnt::ReadTnt(asset.bytes, asset.path);
}

// A map's value holds about what its file does (it copies out the arrays).
const AssetParser<tnt::TntMap>& TntParser() {
  static const AssetParser<tnt::TntMap> parser{"tnt", ReadTntAsset, nullptr};
  return parser;
}

absl::StatusOr<tnt::Ota> ReadOtaAsset(const Asset& asset) {
  return tnt::ReadOta(asset.bytes, asset.path);
}

const AssetParser<tnt::Ota> & OtaParser() {
  static const AssetParser<tnt::Ota> parser{"ota", ReadOtaAsset, nullptr};
  return parser;
}

}  // namespace

bool IsTaMapPath(const contexts::Context& context, const std::string& path) {
  if (absl::EndsWithIgnoreCase(path, ".tnt") || absl::EndsWithIgnoreCase(path, ".ota")) {
    return true;
  }
  if (absl::EndsWithIgnoreCase(path, ".cmp")) return false;
  return context.game != contexts::Game::kGta;
}

absl::StatusOr<TaMapNames> FindTaMap(const contexts::Context& context, const std::string& path) {
  const std::string base = BaseOf(path);
  std::vector<std::string> bases = {base};
  if (base.find('/') == std::string::npos) bases.insert(bases.begin(), "maps/" + base);
  for (const std::string& b : bases) {
    if (std::optional<std::string> tnt = Spelling(context, b + ".tnt")) {
      return TaMapNames{*tnt, Spelling(context, b + ".ota")};
    }
  }
  // Not a map by name: the path itself, when it is a file, is read as given
  // (a map under another extension; the kind check then says what it is).
  if (std::optional<std::string> as_given = Spelling(context, path)) {
    if (!absl::EndsWithIgnoreCase(path, ".ota")) return TaMapNames{*as_given, std::nullopt};
  }
  // The error any tool gives for a missing file ("PATH: no such file"), the
  // suggestions looked for beside the map the name would have been.
  absl::StatusOr<contexts::VfsFile> missing = context.vfs->Read(path);
  if (missing.ok()) {  // an .ota alone
    return InContext(context, absl::NotFoundError(absl::StrCat(path, ": no map ", bases.front(),
                                                               ".tnt beside it")));
  }
  return InContext(context, WithNearPaths(*context.vfs, bases.front() + ".tnt", missing.status()));
}

absl::StatusOr<OpenedTaMap> OpenTaMap(const contexts::Context& context, const std::string& path) {
  absl::StatusOr<TaMapNames> names = FindTaMap(context, path);
  if (!names.ok()) return names.status();
  absl::StatusOr<ParsedAsset<tnt::TntMap>> map = ParseContextAsset(context, names->tnt, TntParser());
  if (!map.ok()) return map.status();
  OpenedTaMap out;
  out.path = map->path;
  out.map = map->value;
  out.ota_path = names->ota;
  if (!names->ota) {
    out.warnings.push_back(absl::StrCat("no ", BaseOf(out.path), ".ota beside the map"));
    return out;
  }
  absl::StatusOr<ParsedAsset<tnt::Ota>> ota = ParseContextAsset(context, *names->ota, OtaParser());
  if (ota.ok()) {
    out.ota = ota->value;
  } else {
    out.warnings.push_back(absl::StrCat(*names->ota, ": not read: ", ota.status().message()));
  }
  return out;
}

}  // namespace kbot::tools
