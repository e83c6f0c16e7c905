// Stacked VFSs: the first layer holding a path wins, listings name what each
// entry hides.
#include <gtest/gtest.h>

#include "contexts/archive_vfs.h"
#include "contexts/overlay_vfs.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/hpi_bytes.h"

namespace kbot::contexts {
namespace {

std::shared_ptr<const Vfs> Layer(std::vector<MemoryFile> files, std::string source) {
  return MakeMemoryVfs(std::move(files), std::move(source));
}

std::unique_ptr<Vfs> Sample() {
  return MakeOverlayVfs({
      Layer({{"anims/Cursors.gaf", {'L'}}, {"only-loose.txt", {'l'}}}, "folder"),
      Layer({{"ANIMS/CURSORS.GAF", {'P', 'P'}}, {"units/b.fbi", {'p'}}, {"anims", {'f'}}},
            "rev31.gp3"),
      Layer({{"anims/cursors.gaf", {'B', 'B', 'B'}},
             {"units/B.FBI", {'b'}},
             {"units/a.fbi", {'a'}}},
            "totala1.hpi"),
  });
}

std::string ReadText(const Vfs& vfs, absl::string_view path) {
  absl::StatusOr<VfsFile> file = vfs.Read(path);
  if (!file.ok()) return "error: " + std::string(file.status().message());
  return kbot::testing::Text(file->bytes());
}

TEST(OverlayVfs, TheFirstLayerHoldingAPathWins) {
  std::unique_ptr<Vfs> vfs = Sample();
  EXPECT_EQ(ReadText(*vfs, "anims/cursors.gaf"), "L");
  EXPECT_EQ(ReadText(*vfs, "units/b.fbi"), "p");
  EXPECT_EQ(ReadText(*vfs, "UNITS\\A.FBI"), "a");
  EXPECT_EQ(vfs->Stat("units/B.fbi")->path, "units/b.fbi");
  EXPECT_EQ(vfs->Stat("units/a.fbi")->path, "units/a.fbi");
}

TEST(OverlayVfs, MissesAndRefusalsGetOneAnswer) {
  std::unique_ptr<Vfs> vfs = Sample();
  EXPECT_EQ(ReadText(*vfs, "nope.gaf"), "error: nope.gaf: no such file");
  EXPECT_EQ(vfs->Stat("nope.gaf").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(ReadText(*vfs, "../x"), "error: ../x: \"..\" would leave the context folder");
  // A folder in the loose files does not hide the archive's file of that
  // name: the listing shows it, so it must be readable.
  EXPECT_EQ(ReadText(*vfs, "anims"), "f");
  EXPECT_EQ(ReadText(*vfs, "units"), "error: units: is a folder");
  EXPECT_EQ(vfs->Stat("units").status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(OverlayVfs, ListsEachPathOnceWithTheCopiesItHides) {
  absl::StatusOr<std::vector<VfsEntry>> list = Sample()->List();
  ASSERT_TRUE(list.ok());
  std::vector<std::tuple<std::string, uint64_t, std::string, std::vector<std::string>>> got;
  for (const VfsEntry& e : *list) got.emplace_back(e.path, e.size, e.source, e.hides);
  using Row = std::tuple<std::string, uint64_t, std::string, std::vector<std::string>>;
  EXPECT_EQ(got, (std::vector<Row>{
                     {"anims", 1, "rev31.gp3", {}},
                     {"anims/Cursors.gaf", 1, "folder", {"rev31.gp3", "totala1.hpi"}},
                     {"only-loose.txt", 1, "folder", {}},
                     {"units/a.fbi", 1, "totala1.hpi", {}},
                     {"units/b.fbi", 1, "rev31.gp3", {"totala1.hpi"}},
                 }));
}

TEST(OverlayVfs, SourcesFollowTheLayers) {
  std::vector<VfsSource> sources = Sample()->Sources();
  ASSERT_EQ(sources.size(), 3u);
  EXPECT_EQ(sources[0].name, "folder");
  EXPECT_EQ(sources[1].name, "rev31.gp3");
  EXPECT_EQ(sources[2].name, "totala1.hpi");
}

// Loose files over a real (hand-built) archive, rev31.gp3, whose
// anims/cursors.gaf the loose copy hides.
std::unique_ptr<Vfs> LooseOverArchive() {
  auto bytes = std::make_shared<const std::vector<uint8_t>>(kbot::testing::FlatHpiV1(
      {{"anims/cursors.gaf", {'A', 'A'}}, {"units/x.fbi", {'x'}}}));
  VfsStat stat{"rev31.gp3", bytes->size(), 7};
  absl::StatusOr<std::unique_ptr<Vfs>> archive = MakeArchiveVfs(Blob::FromBuffer(bytes), stat);
  EXPECT_TRUE(archive.ok()) << archive.status();
  return MakeOverlayVfs({Layer({{"anims/cursors.gaf", {'L'}}}, "folder"), *std::move(archive)});
}

TEST(OverlayVfs, AnArchiveEntryHasAPathOfItsOwn) {
  std::unique_ptr<Vfs> vfs = LooseOverArchive();
  EXPECT_EQ(ReadText(*vfs, "anims/cursors.gaf"), "L");
  EXPECT_EQ(ReadText(*vfs, "rev31.gp3/anims/cursors.gaf"), "AA");  // the hidden copy
  EXPECT_EQ(ReadText(*vfs, "REV31.GP3\\Anims\\Cursors.gaf"), "AA");
  EXPECT_EQ(ReadText(*vfs, "rev31.gp3/units/x.fbi"), "x");
  // Its own name keeps the archive's, so caches keep the two copies apart.
  EXPECT_EQ(vfs->Stat("rev31.gp3/anims/cursors.gaf")->path, "rev31.gp3/anims/cursors.gaf");
  EXPECT_EQ(vfs->Read("rev31.gp3/anims/cursors.gaf")->stat.path, "rev31.gp3/anims/cursors.gaf");
  EXPECT_EQ(ReadText(*vfs, "rev31.gp3/anims/nope.gaf"),
            "error: rev31.gp3/anims/nope.gaf: no such file");
  EXPECT_EQ(ReadText(*vfs, "other.hpi/anims/cursors.gaf"),
            "error: other.hpi/anims/cursors.gaf: no such file");
  // A memory layer is not an archive, whatever its source is called.
  EXPECT_EQ(ReadText(*Sample(), "totala1.hpi/units/a.fbi"),
            "error: totala1.hpi/units/a.fbi: no such file");
}

TEST(OverlayVfs, ListingStopsWhenProgressSaysSo) {
  std::vector<MemoryFile> many;
  for (int i = 0; i < 1000; ++i) many.push_back({"f" + std::to_string(i), {}});
  std::unique_ptr<Vfs> vfs = MakeOverlayVfs({Layer(many, "a"), Layer(many, "b")});
  struct Stop : Progress {
    bool Report(uint64_t, uint64_t) override { return false; }
  } stop;
  EXPECT_EQ(vfs->List(stop).status().code(), absl::StatusCode::kCancelled);
  absl::StatusOr<std::vector<VfsEntry>> all = vfs->List();
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->size(), 1000u);
  EXPECT_EQ((*all)[0].hides, std::vector<std::string>{"b"});
}

}  // namespace
}  // namespace kbot::contexts
