// NearPaths / WithNearPaths: "no such file" with the paths the caller may
// have meant.
#include "tools/near_paths.h"

#include <gtest/gtest.h>

#include "contexts/archive_vfs.h"
#include "contexts/overlay_vfs.h"
#include "tests/support/hpi_bytes.h"

namespace kbot::tools {
namespace {

using contexts::Vfs;

// Loose files over the archive demo.ufo, which also holds anims/cursors.gaf.
std::unique_ptr<Vfs> Context() {
  auto bytes = std::make_shared<const std::vector<uint8_t>>(
      kbot::testing::FlatHpiV1({{"anims/cursors.gaf", {'A'}}, {"units/verflag.gaf", {'v'}}}));
  absl::StatusOr<std::unique_ptr<Vfs>> archive = contexts::MakeArchiveVfs(
      contexts::Blob::FromBuffer(bytes), contexts::VfsStat{"demo.ufo", bytes->size(), 1});
  EXPECT_TRUE(archive.ok());
  std::shared_ptr<const Vfs> loose = contexts::MakeMemoryVfs(
      {{"anims/cursors.gaf", {'L'}}, {"anims/explode.gaf", {}}, {"sfx/cursors.gaf", {}},
       {"units/araflag.gaf", {}}, {"readme.txt", {}}},
      "built-in");
  return contexts::MakeOverlayVfs({loose, *std::move(archive)});
}

using Paths = std::vector<std::string>;

TEST(NearPaths, SameNameElsewhereThenFewEditsInTheFolderAskedFirst) {
  const std::unique_ptr<Vfs> vfs = Context();
  // One edit; the folder asked for first, then the same name elsewhere.
  EXPECT_EQ(NearPaths(*vfs, "anims/cursor.gaf"), (Paths{"anims/cursors.gaf", "sfx/cursors.gaf"}));
  // Right name, wrong folder.
  EXPECT_EQ(NearPaths(*vfs, "cursors.gaf"), (Paths{"anims/cursors.gaf", "sfx/cursors.gaf"}));
  EXPECT_EQ(NearPaths(*vfs, "units/verflags.gaf", 1), (Paths{"units/verflag.gaf"}));
  EXPECT_TRUE(NearPaths(*vfs, "anims/zzz.gaf").empty());
}

TEST(NearPaths, AHiddenCopyByItsArchivePath) {
  const std::unique_ptr<Vfs> vfs = Context();
  EXPECT_EQ(NearPaths(*vfs, "demo.ufo/anims/cursor.gaf", 2),
            (Paths{"demo.ufo/anims/cursors.gaf", "anims/cursors.gaf"}));
}

TEST(WithNearPaths, AddsTheWayForwardToNotFoundOnly) {
  const std::unique_ptr<Vfs> vfs = Context();
  absl::Status missing = vfs->Read("anims/cursor.gaf").status();
  EXPECT_EQ(WithNearPaths(*vfs, "anims/cursor.gaf", missing).message(),
            "anims/cursor.gaf: no such file; did you mean anims/cursors.gaf or sfx/cursors.gaf?");
  EXPECT_EQ(WithNearPaths(*vfs, "anims/cursor.gaf", missing).code(), absl::StatusCode::kNotFound);
  const absl::Status other = absl::InvalidArgumentError("../x: leaves the folder");
  EXPECT_EQ(WithNearPaths(*vfs, "../x", other), other);
  const absl::Status none = vfs->Read("zzz/qqq.bin").status();
  EXPECT_EQ(WithNearPaths(*vfs, "zzz/qqq.bin", none), none);
}

}  // namespace
}  // namespace kbot::tools
