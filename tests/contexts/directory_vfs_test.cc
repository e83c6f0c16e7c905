// The folder VFS: case-insensitive lookups, confinement to the root, listing.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include "contexts/vfs.h"
#include "tests/contexts/test_dir.h"

namespace kbot::contexts {
namespace {

namespace fs = std::filesystem;

// Records every report; says stop once `stop_at` entries were reported.
struct Recorder final : Progress {
  std::vector<std::pair<uint64_t, uint64_t>> reports;
  uint64_t stop_at = UINT64_MAX;
  bool Report(uint64_t done, uint64_t total) override {
    reports.emplace_back(done, total);
    return done < stop_at;
  }
};

class DirectoryVfsTest : public testing::TempDirTest {
 protected:
  // dir_/root is the context; dir_/outside lies beside it.
  void SetUp() override {
    TempDirTest::SetUp();
    Put("root/anims/demo.gaf", "GAF1");
    Put("root/anims/Sub/deep.taf", "TAF22");
    Put("root/palettes/palette.pal", "PAL");
    Put("root/a.txt", "a");
    Put("root/B.txt", "bb");
    Put("outside/secret.txt", "SECRET");
    root_ = dir_ / "root";
    absl::StatusOr<std::unique_ptr<Vfs>> vfs = MakeDirectoryVfs(root_.string());
    ASSERT_TRUE(vfs.ok()) << vfs.status();
    vfs_ = *std::move(vfs);
  }

  std::string ReadText(absl::string_view path) {
    absl::StatusOr<VfsFile> blob = vfs_->Read(path);
    if (!blob.ok()) return "error: " + std::string(blob.status().message());
    return testing::Text(blob->bytes());
  }
  absl::StatusCode ReadCode(absl::string_view path) { return vfs_->Read(path).status().code(); }

  std::vector<std::string> ListedPaths() {
    absl::StatusOr<std::vector<VfsEntry>> list = vfs_->List();
    EXPECT_TRUE(list.ok()) << list.status();
    std::vector<std::string> paths;
    if (list.ok()) {
      for (const VfsEntry& e : *list) paths.push_back(e.path);
    }
    return paths;
  }

  fs::path root_;
  std::unique_ptr<Vfs> vfs_;
};

TEST_F(DirectoryVfsTest, RootMustBeAnExistingFolder) {
  absl::StatusOr<std::unique_ptr<Vfs>> missing = MakeDirectoryVfs((dir_ / "nope").string());
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(missing.status().message(), (dir_ / "nope").string() + ": no such folder");
  const std::string file = (root_ / "a.txt").string();
  EXPECT_EQ(MakeDirectoryVfs(file).status().message(), file + ": not a folder");
  EXPECT_EQ(MakeDirectoryVfs("").status().message(), "the context folder is an empty path");
}

TEST_F(DirectoryVfsTest, RootIsMadeCanonical) {
  fs::create_directory_symlink(root_, dir_ / "alias");
  absl::StatusOr<std::unique_ptr<Vfs>> vfs =
      MakeDirectoryVfs((dir_ / "alias" / "." / "anims" / "..").string());
  ASSERT_TRUE(vfs.ok()) << vfs.status();
  absl::StatusOr<VfsFile> blob = (*vfs)->Read("a.txt");
  ASSERT_TRUE(blob.ok()) << blob.status();
  EXPECT_EQ(testing::Text(blob->bytes()), "a");
}

TEST_F(DirectoryVfsTest, ReadsByExactSpelling) {
  EXPECT_EQ(ReadText("anims/demo.gaf"), "GAF1");
  EXPECT_EQ(ReadText("anims\\Sub\\deep.taf"), "TAF22");
  EXPECT_EQ(ReadText("./anims//demo.gaf"), "GAF1");
}

TEST_F(DirectoryVfsTest, ReadsIgnoringCase) {
  EXPECT_EQ(ReadText("ANIMS\\Demo.GAF"), "GAF1");
  EXPECT_EQ(ReadText("anims/sub/DEEP.taf"), "TAF22");
  absl::StatusOr<VfsStat> st = vfs_->Stat("ANIMS\\SUB\\Deep.Taf");
  ASSERT_TRUE(st.ok()) << st.status();
  EXPECT_EQ(st->path, "anims/Sub/deep.taf");  // the spelling on disk
  EXPECT_EQ(st->size, 5u);
}

TEST_F(DirectoryVfsTest, SeveralSpellingsPreferExactThenFirstSorted) {
  Put("root/dup/README.txt", "1");
  Put("root/dup/Readme.TXT", "2");
  Put("root/dup/readme.txt", "3");
  EXPECT_EQ(ReadText("dup/readme.txt"), "3");
  EXPECT_EQ(ReadText("dup/Readme.TXT"), "2");
  EXPECT_EQ(ReadText("DUP/readme.TXT"), "1");  // "README.txt" sorts first in byte order
  EXPECT_EQ(vfs_->Stat("Dup/ReadMe.txt")->path, "dup/README.txt");
}

TEST_F(DirectoryVfsTest, MissingFilesAndFolders) {
  EXPECT_EQ(ReadText("anims/nope.gaf"), "error: anims/nope.gaf: no such file");
  EXPECT_EQ(ReadCode("anims/nope.gaf"), absl::StatusCode::kNotFound);
  EXPECT_EQ(ReadText("nope/demo.gaf"), "error: nope/demo.gaf: no such file");
  EXPECT_EQ(ReadText("a.txt/x"), "error: a.txt/x: no such file");
  EXPECT_EQ(ReadText("ANIMS"), "error: ANIMS: is a folder");
  EXPECT_EQ(ReadCode("anims"), absl::StatusCode::kFailedPrecondition);
}

TEST_F(DirectoryVfsTest, RefusesDotDot) {
  EXPECT_EQ(ReadText("../x"), "error: ../x: \"..\" would leave the context folder");
  EXPECT_EQ(ReadCode("../x"), absl::StatusCode::kInvalidArgument);
}

TEST_F(DirectoryVfsTest, RefusesDotDotPastTheRoot) {
  EXPECT_EQ(ReadText("a/../../x"), "error: a/../../x: \"..\" would leave the context folder");
  EXPECT_EQ(ReadText("anims/../../outside/secret.txt"),
            "error: anims/../../outside/secret.txt: \"..\" would leave the context folder");
}

TEST_F(DirectoryVfsTest, RefusesAnAbsolutePath) {
  EXPECT_EQ(ReadText("/etc/passwd"),
            "error: /etc/passwd: an absolute path; give a path inside the context");
  EXPECT_EQ(ReadCode("/etc/passwd"), absl::StatusCode::kInvalidArgument);
}

TEST_F(DirectoryVfsTest, RefusesABackslashAbsolutePath) {
  EXPECT_EQ(ReadText("\\etc\\passwd"),
            "error: \\etc\\passwd: an absolute path; give a path inside the context");
}

TEST_F(DirectoryVfsTest, RefusesADrivePath) {
  EXPECT_EQ(ReadText("C:/x"), "error: C:/x: a drive path; give a path inside the context");
}

TEST_F(DirectoryVfsTest, FileLinkLeavingTheRootIsRefusedAndNotListed) {
  fs::create_symlink(dir_ / "outside" / "secret.txt", root_ / "leak.txt");
  EXPECT_EQ(ReadText("leak.txt"), "error: leak.txt: leaves the context folder");
  EXPECT_EQ(ReadCode("LEAK.TXT"), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(vfs_->Stat("leak.txt").status().message(), "leak.txt: leaves the context folder");
  EXPECT_EQ(ListedPaths(),
            (std::vector<std::string>{"a.txt", "anims/demo.gaf", "anims/Sub/deep.taf", "B.txt",
                                      "palettes/palette.pal"}));
}

TEST_F(DirectoryVfsTest, FolderLinkLeavingTheRootIsRefusedAndNotListed) {
  fs::create_directory_symlink(dir_ / "outside", root_ / "out");
  EXPECT_EQ(ReadText("out/secret.txt"), "error: out/secret.txt: leaves the context folder");
  EXPECT_EQ(ReadText("OUT/Secret.TXT"), "error: OUT/Secret.TXT: leaves the context folder");
  // Whether a file exists out there must not show either.
  EXPECT_EQ(ReadText("out/missing.txt"), "error: out/missing.txt: leaves the context folder");
  EXPECT_EQ(ReadText("out"), "error: out: leaves the context folder");
  EXPECT_EQ(ListedPaths().size(), 5u);
}

TEST_F(DirectoryVfsTest, LinkToAFileInsideIsAllowed) {
  fs::create_symlink(root_ / "anims" / "demo.gaf", root_ / "alias.gaf");
  fs::create_symlink("../a.txt", root_ / "anims" / "rel.txt");
  EXPECT_EQ(ReadText("alias.gaf"), "GAF1");
  EXPECT_EQ(ReadText("ANIMS/REL.TXT"), "a");
  absl::StatusOr<std::vector<VfsEntry>> list = vfs_->List();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 7u);
  EXPECT_EQ((*list)[1].path, "alias.gaf");
  EXPECT_EQ((*list)[1].size, 4u);
  EXPECT_EQ((*list)[3].path, "anims/rel.txt");
}

TEST_F(DirectoryVfsTest, LinkLoopsAndDanglingLinksDoNotHang) {
  fs::create_directory_symlink(root_, root_ / "loop");
  fs::create_directory_symlink(root_ / "anims" / "Sub", root_ / "anims" / "Sub" / "again");
  fs::create_symlink(root_ / "nothing-here", root_ / "dangling.txt");
  EXPECT_EQ(ListedPaths().size(), 5u);  // folder links are not followed at all
  EXPECT_EQ(ReadText("dangling.txt"), "error: dangling.txt: no such file");
  EXPECT_EQ(ReadText("loop/a.txt"), "a");  // a link back into the root stays inside
}

// Plain paths (no link on the way) and paths through links inside the root
// name the same real file; a link leading out anywhere on the way is refused.
TEST_F(DirectoryVfsTest, IdentityIsTheRealPathThroughLinksInside) {
  const fs::path real_root = fs::canonical(root_);
  fs::create_directory_symlink(root_ / "anims", root_ / "art");
  fs::create_symlink("Sub/deep.taf", root_ / "anims" / "deep-alias.taf");
  fs::create_directory_symlink(dir_ / "outside", root_ / "anims" / "Sub" / "out");
  struct stat st {};
  ASSERT_EQ(::stat((root_ / "anims" / "Sub" / "deep.taf").c_str(), &st), 0);
  for (absl::string_view path : {"anims/Sub/deep.taf", "art/Sub/deep.taf", "ART/sub/DEEP.TAF",
                                 "anims/deep-alias.taf", "art/deep-alias.taf"}) {
    absl::StatusOr<VfsStat> got = vfs_->Stat(path);
    ASSERT_TRUE(got.ok()) << path << ": " << got.status();
    EXPECT_EQ(got->identity.file, (real_root / "anims" / "Sub" / "deep.taf").string()) << path;
    EXPECT_EQ(got->identity.inode, uint64_t(st.st_ino)) << path;
    EXPECT_EQ(got->identity.device, uint64_t(st.st_dev)) << path;
    EXPECT_EQ(got->size, 5u) << path;
    EXPECT_EQ(ReadText(path), "TAF22") << path;
  }
  EXPECT_EQ(vfs_->Stat("anims/Sub/deep.taf")->path, "anims/Sub/deep.taf");
  EXPECT_EQ(vfs_->Stat("ART/sub/DEEP.TAF")->path, "art/Sub/deep.taf");
  EXPECT_EQ(ReadText("anims/Sub/out/secret.txt"),
            "error: anims/Sub/out/secret.txt: leaves the context folder");
  EXPECT_EQ(ReadText("art/Sub/out/secret.txt"),
            "error: art/Sub/out/secret.txt: leaves the context folder");
}

TEST_F(DirectoryVfsTest, SpecialFilesAreNeitherReadNorListed) {
  ASSERT_EQ(::mkfifo((root_ / "pipe").c_str(), 0600), 0);
  EXPECT_EQ(ReadText("pipe"), "error: pipe: not a regular file");
  EXPECT_EQ(ListedPaths().size(), 5u);
}

TEST_F(DirectoryVfsTest, ListIsSortedIgnoringCaseWithSizesAndSource) {
  absl::StatusOr<std::vector<VfsEntry>> list = vfs_->List();
  ASSERT_TRUE(list.ok()) << list.status();
  std::vector<std::tuple<std::string, uint64_t, std::string>> got;
  for (const VfsEntry& e : *list) got.emplace_back(e.path, e.size, e.source);
  EXPECT_EQ(got, (std::vector<std::tuple<std::string, uint64_t, std::string>>{
                     {"a.txt", 1, "folder"},
                     {"anims/demo.gaf", 4, "folder"},
                     {"anims/Sub/deep.taf", 5, "folder"},
                     {"B.txt", 2, "folder"},
                     {"palettes/palette.pal", 3, "folder"}}));
}

TEST_F(DirectoryVfsTest, ListSkipsNamesAPathCannotSpell) {
  Put("root/odd\\name.txt", "x");  // reads as odd/name.txt, which is not there
  EXPECT_EQ(ListedPaths().size(), 5u);
}

TEST_F(DirectoryVfsTest, StatChangesWhenTheFileIsEdited) {
  absl::StatusOr<VfsStat> before = vfs_->Stat("a.txt");
  ASSERT_TRUE(before.ok());
  struct stat st {};
  ASSERT_EQ(::stat((root_ / "a.txt").c_str(), &st), 0);
  EXPECT_EQ(before->modified_ns, int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec);
  const fs::file_time_type t0 = fs::last_write_time(root_ / "a.txt");
  Put("root/a.txt", "edited");
  fs::last_write_time(root_ / "a.txt", t0 + std::chrono::seconds(5));
  absl::StatusOr<VfsStat> after = vfs_->Stat("A.TXT");
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(after->path, "a.txt");
  EXPECT_EQ(after->size, 6u);
  EXPECT_EQ(after->modified_ns - before->modified_ns, 5000000000);
}

class DirectoryVfsListing : public testing::TempDirTest {};

TEST_F(DirectoryVfsListing, ReportsEvery256EntriesAndStopsWhenAsked) {
  for (int i = 0; i < 600; ++i) Put("many/f" + std::to_string(i), "");
  absl::StatusOr<std::unique_ptr<Vfs>> vfs = MakeDirectoryVfs((dir_ / "many").string());
  ASSERT_TRUE(vfs.ok());
  Recorder all;
  absl::StatusOr<std::vector<VfsEntry>> list = (*vfs)->List(all);
  ASSERT_TRUE(list.ok());
  EXPECT_EQ(list->size(), 600u);
  EXPECT_EQ(all.reports, (std::vector<std::pair<uint64_t, uint64_t>>{{256, 0}, {512, 0}}));
  Recorder stop;
  stop.stop_at = 256;
  list = (*vfs)->List(stop);
  EXPECT_EQ(list.status().code(), absl::StatusCode::kCancelled);
  EXPECT_EQ(list.status().message(), fs::canonical(dir_ / "many").string() + ": listing cancelled");
  EXPECT_EQ(stop.reports.size(), 1u);
}

TEST_F(DirectoryVfsListing, UnreadableSubfolderIsSkippedUnreadableRootFails) {
  Put("r/ok.txt", "ok");
  Put("r/locked/hidden.txt", "x");
  Put("r/z/last.txt", "z");
  Put("closed/x.txt", "x");
  fs::permissions(dir_ / "r" / "locked", fs::perms::none);
  fs::permissions(dir_ / "closed", fs::perms::owner_exec | fs::perms::group_exec |
                                       fs::perms::others_exec);  // can enter, cannot list
  const std::string r = (dir_ / "r").string(), closed = (dir_ / "closed").string();
  const int result = testing::WithPermissionsEnforced([&] {
    absl::StatusOr<std::unique_ptr<Vfs>> vfs = MakeDirectoryVfs(r);
    if (!vfs.ok()) return 1;
    absl::StatusOr<std::vector<VfsEntry>> list = (*vfs)->List();
    if (!list.ok() || list->size() != 2 || (*list)[0].path != "ok.txt" ||
        (*list)[1].path != "z/last.txt") {
      return 2;
    }
    vfs = MakeDirectoryVfs(closed);
    if (!vfs.ok()) return 3;
    list = (*vfs)->List();
    if (list.ok() || list.status().message() != closed + ": cannot list: Permission denied") {
      return 4;
    }
    return 0;
  });
  if (result == 77) GTEST_SKIP() << "cannot drop root privileges here";
  EXPECT_EQ(result, 0);
}

}  // namespace
}  // namespace kbot::contexts
