#include "app/demo_command.h"

#include <filesystem>
#include <memory>

#include "app/cli_support.h"
#include "contexts/file_io.h"
#include "demo/demo_assets.h"

namespace kbot::app {

namespace {

int RunDemo(const std::string& target) {
  absl::StatusOr<std::vector<demo::DemoAsset>> assets = demo::MakeDemoAssets();
  if (!assets.ok()) return Fail("demo", assets.status());
  for (const demo::DemoAsset& asset : *assets) {
    const std::filesystem::path path = std::filesystem::path(target) / asset.path;
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) {
      return Fail("demo", absl::InvalidArgumentError(
                              path.parent_path().string() + ": cannot create: " + ec.message()));
    }
    absl::Status s = contexts::WriteFileAtomically(path.string(), asset.bytes);
    if (!s.ok()) return Fail("demo", s);
    std::cout << "wrote " << path.string() << " (" << asset.bytes.size() << " bytes)\n";
  }
  return kExitOk;
}

}  // namespace

void AddDemoCommand(CLI::App& app, int& exit_code) {
  auto target = std::make_shared<std::string>();
  CLI::App* demo = app.add_subcommand("demo", "Write the built-in sample assets to a folder");
  demo->add_option("--target", *target, "Folder to write them into")->required();
  demo->callback([target, &exit_code] { exit_code = RunDemo(*target); });
}

}  // namespace kbot::app
