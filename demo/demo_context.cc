#include "demo/demo_context.h"

#include <memory>
#include <utility>
#include <vector>

#include "contexts/archive_vfs.h"
#include "contexts/overlay_vfs.h"
#include "contexts/vfs.h"
#include "demo/demo_archive.h"
#include "demo/demo_assets.h"

namespace kbot::demo {

using contexts::Context;
using contexts::MemoryFile;
using contexts::Vfs;
using contexts::VfsFile;

absl::StatusOr<Context> MakeDemoContext() {
  absl::StatusOr<std::vector<DemoAsset>> assets = MakeDemoAssets();
  if (!assets.ok()) return assets.status();
  std::vector<MemoryFile> files;
  files.reserve(assets->size());
  for (DemoAsset& a : *assets) files.push_back({std::move(a.path), std::move(a.bytes)});
  // The demo is served like a game folder: its files over its archive.
  std::shared_ptr<const Vfs> loose = contexts::MakeMemoryVfs(std::move(files), "built-in");
  absl::StatusOr<VfsFile> archive = loose->Read(kDemoArchiveName);
  if (!archive.ok()) return archive.status();
  absl::StatusOr<std::unique_ptr<Vfs>> archived =
      contexts::MakeArchiveVfs(archive->blob, archive->stat);
  if (!archived.ok()) return archived.status();
  std::shared_ptr<const Vfs> packed(*std::move(archived));
  return Context{kDemoContextName, contexts::Game::kTaKingdoms, "", true,
                 contexts::MakeOverlayVfs({loose, packed})};
}

}  // namespace kbot::demo
