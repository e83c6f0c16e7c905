// A game folder: loose files over the HPI-family archives at its top level,
// by the documented precedence rule.
#include <gtest/gtest.h>

#include <filesystem>

#include "absl/strings/match.h"

#include "contexts/game_folder_vfs.h"
#include "formats/hpi/hpi_writer.h"
#include "tests/contexts/test_dir.h"

namespace kbot::contexts {
namespace {

namespace fs = std::filesystem;

class GameFolderVfsTest : public kbot::testing::TempDirTest {
 protected:
  // An archive at dir_/name holding text files.
  void PutArchive(const std::string& name,
                  const std::vector<std::pair<std::string, std::string>>& files,
                  int version = 1) {
    std::vector<hpi::HpiFileToWrite> entries;
    for (const auto& [path, text] : files) entries.push_back({path, {text.begin(), text.end()}});
    absl::StatusOr<std::vector<uint8_t>> bytes =
        hpi::WriteHpi(entries, {version, hpi::Compression::kZlib});
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    Put(name, std::string(bytes->begin(), bytes->end()));
  }

  std::unique_ptr<Vfs> Open() {
    absl::StatusOr<std::unique_ptr<Vfs>> vfs = MakeGameFolderVfs(dir_.string());
    EXPECT_TRUE(vfs.ok()) << vfs.status();
    return vfs.ok() ? *std::move(vfs) : nullptr;
  }

  // A standard install: loose files, base archives, an add-on and a patch.
  void PutInstall() {
    Put("anims/cursors.gaf", "loose");
    PutArchive("totala1.hpi", {{"anims/cursors.gaf", "base1"},
                               {"units/armcom.fbi", "base1"},
                               {"units/corcom.fbi", "base1"}});
    PutArchive("TOTALA2.HPI", {{"units/corcom.fbi", "base2"}, {"maps/x.tnt", "base2"}}, 2);
    PutArchive("ccdata.ccx", {{"units/armcom.fbi", "cc"}, {"units/cc.fbi", "cc"}});
    PutArchive("rev31.gp3", {{"units/cc.fbi", "patch"}});
    PutArchive("mine.ufo", {{"units/armcom.fbi", "ufo"}, {"units/mine.fbi", "ufo"}});
  }
};

std::string ReadText(const Vfs& vfs, absl::string_view path) {
  absl::StatusOr<VfsFile> file = vfs.Read(path);
  if (!file.ok()) return "error: " + std::string(file.status().message());
  return kbot::testing::Text(file->bytes());
}

TEST(ArchivePrecedence, PatchesThenExpansionsThenAddOnsThenBaseLaterNamesFirst) {
  std::vector<std::string> names = {"totala1.hpi", "mine.ufo", "rev30.gp3", "ccdata.ccx",
                                    "TOTALA2.HPI", "rev31.GP3", "tak.swx",  "new.gp4"};
  std::sort(names.begin(), names.end(),
            [](const std::string& a, const std::string& b) { return ArchivePrecedes(a, b); });
  EXPECT_EQ(names, (std::vector<std::string>{"new.gp4", "rev31.GP3", "rev30.gp3", "ccdata.ccx",
                                             "mine.ufo", "tak.swx", "TOTALA2.HPI",
                                             "totala1.hpi"}));
  EXPECT_FALSE(ArchivePrecedes("a.hpi", "a.hpi"));
}

TEST_F(GameFolderVfsTest, LooseFilesWinThenArchivesByPrecedence) {
  PutInstall();
  std::unique_ptr<Vfs> vfs = Open();
  ASSERT_NE(vfs, nullptr);
  EXPECT_EQ(ReadText(*vfs, "ANIMS/CURSORS.GAF"), "loose");
  EXPECT_EQ(ReadText(*vfs, "units/cc.fbi"), "patch");
  EXPECT_EQ(ReadText(*vfs, "units/armcom.fbi"), "cc");
  EXPECT_EQ(ReadText(*vfs, "units/mine.fbi"), "ufo");
  EXPECT_EQ(ReadText(*vfs, "units/corcom.fbi"), "base2");
  EXPECT_EQ(ReadText(*vfs, "maps\\x.tnt"), "base2");
  // The archives stay files of the folder too.
  EXPECT_EQ(vfs->Stat("rev31.gp3")->path, "rev31.gp3");
  EXPECT_EQ(ReadText(*vfs, "units"), "error: units: is a folder");
  EXPECT_EQ(ReadText(*vfs, "units/none.fbi"), "error: units/none.fbi: no such file");
}

TEST_F(GameFolderVfsTest, ListingNamesEachSourceAndWhatItHides) {
  PutInstall();
  std::unique_ptr<Vfs> vfs = Open();
  ASSERT_NE(vfs, nullptr);
  absl::StatusOr<std::vector<VfsEntry>> list = vfs->List();
  ASSERT_TRUE(list.ok()) << list.status();
  std::vector<std::tuple<std::string, std::string, std::vector<std::string>>> got;
  for (const VfsEntry& e : *list) {
    if (absl::StrContains(e.path, "/")) got.emplace_back(e.path, e.source, e.hides);
  }
  using Row = std::tuple<std::string, std::string, std::vector<std::string>>;
  EXPECT_EQ(got, (std::vector<Row>{
                     {"anims/cursors.gaf", "folder", {"totala1.hpi"}},
                     {"maps/x.tnt", "TOTALA2.HPI", {}},
                     {"units/armcom.fbi", "ccdata.ccx", {"mine.ufo", "totala1.hpi"}},
                     {"units/cc.fbi", "rev31.gp3", {"ccdata.ccx"}},
                     {"units/corcom.fbi", "TOTALA2.HPI", {"totala1.hpi"}},
                     {"units/mine.fbi", "mine.ufo", {}},
                 }));
  std::vector<std::pair<std::string, std::string>> sources;
  for (const VfsSource& s : vfs->Sources()) sources.emplace_back(s.name, s.kind);
  EXPECT_EQ(sources, (std::vector<std::pair<std::string, std::string>>{
                         {"folder", "folder"},
                         {"rev31.gp3", "archive"},
                         {"ccdata.ccx", "archive"},
                         {"mine.ufo", "archive"},
                         {"TOTALA2.HPI", "archive"},
                         {"totala1.hpi", "archive"}}));
  EXPECT_EQ(vfs->Sources()[4].version, 0x00020000u);
  EXPECT_EQ(vfs->Sources()[5].files, 3u);
}

TEST_F(GameFolderVfsTest, AnArchiveThatCannotBeOpenedIsSkippedAndNamed) {
  Put("anims/a.gaf", "loose");
  PutArchive("good.hpi", {{"units/a.fbi", "good"}});
  Put("broken.ufo", "HAPI but nothing after");
  Put("save.hpi", std::string("HAPI") + std::string("BANK") + std::string(12, '\0'));
  std::unique_ptr<Vfs> vfs = Open();
  ASSERT_NE(vfs, nullptr);
  EXPECT_EQ(ReadText(*vfs, "units/a.fbi"), "good");
  std::vector<VfsSource> sources = vfs->Sources();
  // In precedence order, the skipped ones included.
  ASSERT_EQ(sources.size(), 4u);
  EXPECT_EQ(sources[1].name, "broken.ufo");
  EXPECT_TRUE(absl::StartsWith(sources[1].problem, "header")) << sources[1].problem;
  EXPECT_EQ(sources[2].name, "save.hpi");
  EXPECT_NE(sources[2].problem.find("saved game"), std::string::npos) << sources[2].problem;
  EXPECT_EQ(sources[3].name, "good.hpi");
  EXPECT_EQ(sources[3].problem, "");
  // The broken files are still loose files of the folder.
  EXPECT_TRUE(vfs->Stat("broken.ufo").ok());
}

TEST_F(GameFolderVfsTest, ArchivesOnlyCountAtTheTopAndOnlyAsRegularFilesInside) {
  PutArchive("sub/deep.hpi", {{"units/deep.fbi", "deep"}});
  fs::create_directories(dir_ / "folder.hpi");
  const fs::path outside = dir_.parent_path() / (dir_.filename().string() + "-outside.hpi");
  {
    absl::StatusOr<std::vector<uint8_t>> bytes = hpi::WriteHpi({{"units/out.fbi", {'o'}}});
    ASSERT_TRUE(bytes.ok());
    std::ofstream(outside, std::ios::binary).write(reinterpret_cast<const char*>(bytes->data()),
                                                   std::streamsize(bytes->size()));
  }
  fs::create_symlink(outside, dir_ / "link.hpi");
  std::unique_ptr<Vfs> vfs = Open();
  ASSERT_NE(vfs, nullptr);
  EXPECT_EQ(vfs->Read("units/deep.fbi").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(vfs->Read("units/out.fbi").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(vfs->Sources().size(), 1u);
  fs::remove(outside);
}

TEST_F(GameFolderVfsTest, SeesArchivesAddedRemovedAndReplaced) {
  Put("readme.txt", "x");
  std::unique_ptr<Vfs> vfs = Open();
  ASSERT_NE(vfs, nullptr);
  EXPECT_EQ(vfs->Read("units/a.fbi").status().code(), absl::StatusCode::kNotFound);
  // Written beside and renamed into place, as tools (and kbot hpi pack) do.
  PutArchive("new.tmp", {{"units/a.fbi", "one"}});
  fs::rename(dir_ / "new.tmp", dir_ / "mod.ufo");
  EXPECT_EQ(ReadText(*vfs, "units/a.fbi"), "one");
  PutArchive("new.tmp", {{"units/a.fbi", "two"}, {"units/b.fbi", "two"}});
  fs::rename(dir_ / "new.tmp", dir_ / "mod.ufo");
  EXPECT_EQ(ReadText(*vfs, "units/a.fbi"), "two");
  EXPECT_EQ(ReadText(*vfs, "units/b.fbi"), "two");
  fs::remove(dir_ / "mod.ufo");
  EXPECT_EQ(vfs->Read("units/a.fbi").status().code(), absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace kbot::contexts
