#include "app/cli_support.h"

#include <algorithm>
#include <filesystem>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "tools/file_kind.h"

namespace kbot::app {

using tools::json;

int Fail(const std::string& command, const absl::Status& status) {
  std::cerr << "kbot: " << command << ": " << status.message() << "\n";
  return kExitFailed;
}

int Usage(const std::string& command, const absl::Status& status) {
  std::cerr << "kbot: usage: " << status.message() << " (see kbot " << command << " --help)\n";
  return kExitUsage;
}

void PrintJson(const tools::json& value) { std::cout << tools::DumpJson(value, 2) << "\n"; }

absl::StatusOr<OpenedAsset> OpenAsset(const std::string& path) {
  absl::StatusOr<contexts::FileBytes> file = contexts::FileBytes::Open(path);
  if (!file.ok()) return file.status();
  OpenedAsset opened{*std::move(file), {path, {}}};
  opened.asset.bytes = opened.file.bytes();
  return opened;
}

absl::StatusOr<tools::PaletteChoice> LoadPalette(const std::optional<std::string>& path) {
  tools::PaletteChoice choice;
  if (!path) return choice;
  absl::StatusOr<contexts::FileBytes> file = contexts::FileBytes::Open(*path);
  if (!file.ok()) return file.status();
  if (absl::Status s = tools::RequireKind(tools::Asset{*path, file->bytes()}, tools::kPaletteKinds);
      !s.ok()) {
    return s;
  }
  absl::StatusOr<palette::Palette> pal = palette::ParsePalette(file->bytes(), *path);
  if (!pal.ok()) return pal.status();
  choice.colors = *pal;
  choice.source = "override";
  choice.path = *path;
  return choice;
}

namespace {

bool IsGafName(const std::filesystem::path& p) {
  const std::string ext = absl::AsciiStrToLower(p.extension().string());
  return ext == ".gaf" || ext == ".taf";
}

}  // namespace

std::vector<std::string> CollectGafFiles(const std::vector<std::string>& paths,
                                         std::vector<Unreadable>& unlistable) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    for (fs::recursive_directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->is_regular_file(ec) && IsGafName(it->path())) found.push_back(it->path().string());
    }
    if (ec) {
      unlistable.push_back({path, absl::StrCat(path, ": cannot list: ", ec.message())});
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

}  // namespace kbot::app
