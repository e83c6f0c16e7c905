// contexts::ConfinedFolder: names that would leave the folder are refused
// with the reason, folders on the way that are files or links leading out
// stop a write, and a write lands whole or not at all.
#include "contexts/confined_folder.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <set>

#include "tests/contexts/test_dir.h"

namespace kbot::contexts {
namespace {

namespace fs = std::filesystem;
using testing::TempDirTest;

std::vector<uint8_t> Bytes(const std::string& text) { return {text.begin(), text.end()}; }

std::set<std::string> Tree(const fs::path& root) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    out.insert(e.path().lexically_relative(root).string() + (e.is_directory() ? "/" : ""));
  }
  return out;
}

TEST(ConfinedFolder, RefusesNamesThatLeaveTheFolderWithTheReason) {
  EXPECT_EQ(*ConfinedFolder::Inside("a\\b//./c.png"), "a/b/c.png");
  EXPECT_EQ(ConfinedFolder::Inside("../x.png").status().message(),
            "../x.png: \"..\" would leave the target folder");
  EXPECT_EQ(ConfinedFolder::Inside("a/../../x").status().message(),
            "a/../../x: \"..\" would leave the target folder");
  EXPECT_EQ(ConfinedFolder::Inside("/etc/x").status().message(), "/etc/x: an absolute path");
  EXPECT_EQ(ConfinedFolder::Inside("C:x").status().message(), "C:x: a drive path");
  EXPECT_EQ(ConfinedFolder::Inside(std::string("a\0b", 3)).status().message(),
            std::string("a\0b: a NUL byte in the name", 27));
  EXPECT_EQ(ConfinedFolder::Inside("./").status().message(), "./: an empty name");
}

class ConfinedFolderWrites : public TempDirTest {};

TEST_F(ConfinedFolderWrites, MakesTheFolderAndWritesWholeFiles) {
  auto folder = ConfinedFolder::Open((dir_ / "out/deep").string());
  ASSERT_TRUE(folder.ok()) << folder.status();
  ASSERT_TRUE((*folder)->WriteFile("a/b/c.txt", Bytes("abc")).ok());
  ASSERT_TRUE((*folder)->WriteFile("a/b/c.txt", Bytes("new")).ok());  // replaced
  EXPECT_EQ(Tree(dir_ / "out/deep"), (std::set<std::string>{"a/", "a/b/", "a/b/c.txt"}));
  std::ifstream written(dir_ / "out/deep/a/b/c.txt");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(written), {}), "new");
}

TEST_F(ConfinedFolderWrites, RefusesAFileOrAFolderInTheWay) {
  Put("out/file", "x");
  fs::create_directories(dir_ / "out/folder");
  auto folder = ConfinedFolder::Open((dir_ / "out").string());
  ASSERT_TRUE(folder.ok());
  EXPECT_EQ((*folder)->WriteFile("file/x.txt", Bytes("x")).message(),
            (dir_ / "out/file").string() + ": is there and is not a folder");
  EXPECT_EQ((*folder)->WriteFile("folder", Bytes("x")).message(),
            (dir_ / "out/folder").string() + ": is a folder");
  EXPECT_EQ(Tree(dir_ / "out"), (std::set<std::string>{"file", "folder/"}));
}

TEST_F(ConfinedFolderWrites, FollowsLinksInsideButNotOut) {
  fs::create_directories(dir_ / "out/real");
  fs::create_directories(dir_ / "elsewhere");
  fs::create_directory_symlink("real", dir_ / "out/inside");
  fs::create_directory_symlink("../elsewhere", dir_ / "out/outside");
  auto folder = ConfinedFolder::Open((dir_ / "out").string());
  ASSERT_TRUE(folder.ok());
  EXPECT_TRUE((*folder)->WriteFile("inside/x.txt", Bytes("x")).ok());
  EXPECT_TRUE(fs::exists(dir_ / "out/real/x.txt"));
  EXPECT_EQ((*folder)->WriteFile("outside/y.txt", Bytes("y")).message(),
            (dir_ / "out/outside").string() +
                ": a link that does not lead to a folder inside the target");
  EXPECT_TRUE(fs::is_empty(dir_ / "elsewhere"));
}

TEST_F(ConfinedFolderWrites, ReplacesALinkAtTheTargetNotWhatItPointsTo) {
  Put("secret.txt", "keep");
  fs::create_directories(dir_ / "out");
  fs::create_symlink(dir_ / "secret.txt", dir_ / "out/x.txt");
  auto folder = ConfinedFolder::Open((dir_ / "out").string());
  ASSERT_TRUE(folder.ok());
  ASSERT_TRUE((*folder)->WriteFile("x.txt", Bytes("new")).ok());
  EXPECT_FALSE(fs::is_symlink(dir_ / "out/x.txt"));
  std::ifstream secret(dir_ / "secret.txt");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(secret), {}), "keep");
}

TEST_F(ConfinedFolderWrites, AFailedWriteLeavesTheOldFileAndNoTemporary) {
  Put("out/x.txt", "old");
  auto folder = ConfinedFolder::Open((dir_ / "out").string());
  ASSERT_TRUE(folder.ok());
  ::chmod((dir_ / "out").c_str(), 0555);  // no new file can be made beside it
  const int status = testing::WithPermissionsEnforced(
      [&] { return (*folder)->WriteFile("x.txt", Bytes("new")).ok() ? 1 : 0; });
  ::chmod((dir_ / "out").c_str(), 0755);
  if (status == 77) GTEST_SKIP() << "cannot drop root privileges here";
  EXPECT_EQ(status, 0);
  EXPECT_EQ(Tree(dir_ / "out"), (std::set<std::string>{"x.txt"}));
  std::ifstream old(dir_ / "out/x.txt");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(old), {}), "old");
}

TEST_F(ConfinedFolderWrites, ATargetThatIsAFileIsRefused) {
  Put("file", "x");
  EXPECT_EQ(ConfinedFolder::Open((dir_ / "file").string()).status().code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace kbot::contexts
