#include "app/cli_support.h"

namespace kbot::app {

int Fail(const std::string& command, const absl::Status& status) {
  std::cerr << "kbot: " << command << ": " << status.message() << "\n";
  return kExitFailed;
}

void PrintJson(const tools::json& value) { std::cout << tools::DumpJson(value, 2) << "\n"; }

absl::StatusOr<OpenedAsset> OpenAsset(const std::string& path) {
  absl::StatusOr<contexts::FileBytes> file = contexts::FileBytes::Open(path);
  if (!file.ok()) return file.status();
  OpenedAsset opened{*std::move(file), {path, {}}};
  opened.asset.bytes = opened.file.bytes();
  return opened;
}

}  // namespace kbot::app
