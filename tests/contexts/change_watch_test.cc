// The change watch over a context's folder: every change under it makes the
// generation grow, nothing else does; folders that appear are watched, links
// are not followed; it is started by the first Context::Watch(), never by
// Workspace::Open.
#include "contexts/change_watch.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <thread>
#include <vector>

#include "contexts/workspace.h"
#include "tests/contexts/test_dir.h"

namespace kbot::contexts {
namespace {

namespace fs = std::filesystem;

class ChangeWatchTest : public testing::TempDirTest {
 protected:
  // dir_/root is watched; dir_/outside lies beside it.
  void SetUp() override {
    TempDirTest::SetUp();
    Put("root/units/armcom.fbi", "[UNITINFO]\n{\nUnitName=ARMCOM;\n}\n");
    Put("root/weapons/emg.tdf", "[EMG]\n{\n}\n");
    Put("root/a.txt", "a");
    Put("outside/secret.txt", "SECRET");
    root_ = dir_ / "root";
    watch_ = ChangeWatch::Start(root_.string());
    ASSERT_NE(watch_, nullptr);
    last_ = watch_->Generation();
  }

  // True when the generation grew since the last call (and remembers it).
  bool Changed() {
    const uint64_t now = watch_->Generation();
    EXPECT_GE(now, last_);
    const bool grew = now > last_;
    last_ = now;
    return grew;
  }

  fs::path root_;
  std::shared_ptr<ChangeWatch> watch_;
  uint64_t last_ = 0;
};

TEST_F(ChangeWatchTest, NothingChangedSameGeneration) {
  EXPECT_EQ(watch_->folders(), 3u);  // root, units, weapons
  EXPECT_FALSE(Changed());
  // Reading and listing are not changes.
  std::ifstream(root_ / "units/armcom.fbi").get();
  for (const auto& entry : fs::recursive_directory_iterator(root_)) (void)entry.is_regular_file();
  struct stat st {};
  ::stat((root_ / "a.txt").c_str(), &st);
  EXPECT_FALSE(Changed());
  EXPECT_FALSE(Changed());
}

TEST_F(ChangeWatchTest, FilesCreatedModifiedRenamedDeleted) {
  Put("root/units/corcom.fbi", "[UNITINFO]\n{\n}\n");
  EXPECT_TRUE(Changed());
  EXPECT_FALSE(Changed());
  // Modified in place: the same size, no truncation, no new inode.
  const int fd = ::open((root_ / "units/armcom.fbi").c_str(), O_WRONLY);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::pwrite(fd, "{", 1, 0), 1);
  EXPECT_TRUE(Changed());  // before the close: IN_MODIFY alone
  ::close(fd);
  EXPECT_TRUE(Changed());  // IN_CLOSE_WRITE
  fs::rename(root_ / "units/corcom.fbi", root_ / "units/CORCOM.FBI");
  EXPECT_TRUE(Changed());
  fs::remove(root_ / "units/CORCOM.FBI");
  EXPECT_TRUE(Changed());
  fs::permissions(root_ / "a.txt", fs::perms::owner_read);
  EXPECT_TRUE(Changed());  // attributes
  fs::last_write_time(root_ / "weapons/emg.tdf", fs::file_time_type::clock::now());
  EXPECT_TRUE(Changed());  // times
  EXPECT_FALSE(Changed());
}

TEST_F(ChangeWatchTest, NewFoldersAreWatchedWithWhatTheyHold) {
  fs::create_directory(root_ / "features");
  EXPECT_TRUE(Changed());
  EXPECT_EQ(watch_->folders(), 4u);
  Put("root/features/tree.tdf", "[TREE]\n{\n}\n");
  EXPECT_TRUE(Changed());
  // Made all at once, before the watch could see the inner ones appear.
  Put("root/gamedata/deep/deeper/x.tdf", "x");
  EXPECT_TRUE(Changed());
  EXPECT_EQ(watch_->folders(), 7u);
  Put("root/gamedata/deep/deeper/x.tdf", "xy");
  EXPECT_TRUE(Changed());
  fs::remove_all(root_ / "gamedata");
  EXPECT_TRUE(Changed());
  EXPECT_EQ(watch_->folders(), 4u);
  EXPECT_FALSE(Changed());
}

TEST_F(ChangeWatchTest, FoldersMovedInAndRenamedStayWatched) {
  Put("outside/mod/units/new.fbi", "n");
  fs::rename(dir_ / "outside/mod", root_ / "mod");
  EXPECT_TRUE(Changed());
  EXPECT_EQ(watch_->folders(), 5u);
  Put("root/mod/units/new.fbi", "new");
  EXPECT_TRUE(Changed());
  fs::rename(root_ / "mod", root_ / "Mod2");
  EXPECT_TRUE(Changed());
  Put("root/Mod2/units/new.fbi", "newer");
  EXPECT_TRUE(Changed());
  // Moved out: no longer watched, its changes are not the root's.
  fs::rename(root_ / "Mod2", dir_ / "outside/mod");
  EXPECT_TRUE(Changed());
  EXPECT_EQ(watch_->folders(), 3u);
  Put("outside/mod/units/new.fbi", "outside now");
  EXPECT_FALSE(Changed());
}

TEST_F(ChangeWatchTest, LinksAreNotFollowed) {
  fs::create_directory_symlink(dir_ / "outside", root_ / "out");
  EXPECT_TRUE(Changed());  // the link itself is a change
  EXPECT_EQ(watch_->folders(), 3u);
  Put("outside/secret.txt", "CHANGED");
  EXPECT_FALSE(Changed());
  std::shared_ptr<ChangeWatch> again = ChangeWatch::Start(root_.string());
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->folders(), 3u);
}

TEST_F(ChangeWatchTest, TheRootGoneMakesEveryCallAChange) {
  fs::rename(root_, dir_ / "moved");
  EXPECT_TRUE(Changed());
  EXPECT_TRUE(Changed());
  EXPECT_TRUE(Changed());
}

TEST_F(ChangeWatchTest, LostEventsAreAChange) {
  // More events than the kernel queues (fs.inotify.max_queued_events, 16384
  // by default): the overflow counts, and the folders are watched again.
  std::ifstream limit("/proc/sys/fs/inotify/max_queued_events");
  int max_events = 0;
  if (!(limit >> max_events) || max_events > 100000) GTEST_SKIP() << "queue too long to fill";
  // Two files by turns: the kernel folds an event into the one before it
  // when they are the same.
  const fs::path files[] = {root_ / "a.txt", root_ / "weapons/emg.tdf"};
  for (int i = 0; i <= max_events; ++i) ::chmod(files[i % 2].c_str(), 0600 | (i % 4 < 2 ? 044 : 0));
  // Made while the queue is full: its events are lost, not the folder.
  Put("root/late/x.tdf", "x");
  EXPECT_TRUE(Changed());
  EXPECT_EQ(watch_->folders(), 4u);
  EXPECT_FALSE(Changed());
  Put("root/late/x.tdf", "xy");
  EXPECT_TRUE(Changed());
}

TEST_F(ChangeWatchTest, CallsFromSeveralThreadsNeverGoBack) {
  std::atomic<bool> stop{false};
  std::atomic<int> bad{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t) {
    threads.emplace_back([&] {
      uint64_t seen = 0;
      while (!stop) {
        const uint64_t now = watch_->Generation();
        if (now < seen) ++bad;
        seen = now;
      }
    });
  }
  for (int i = 0; i < 200; ++i) Put("root/units/u" + std::to_string(i % 7) + ".fbi", "x");
  stop = true;
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(bad.load(), 0);
  EXPECT_TRUE(Changed());
}

class ChangeWatchStartTest : public testing::TempDirTest {};

TEST_F(ChangeWatchStartTest, RefusesWhatItCannotWatch) {
  Put("file.txt", "x");
  EXPECT_EQ(ChangeWatch::Start((dir_ / "missing").string()), nullptr);
  EXPECT_EQ(ChangeWatch::Start((dir_ / "file.txt").string()), nullptr);
  EXPECT_EQ(ChangeWatch::Start(""), nullptr);
  Put("a/b/c/x", "x");
  EXPECT_EQ(ChangeWatch::Start(dir_.string(), 3), nullptr);  // 4 folders
  std::shared_ptr<ChangeWatch> fits = ChangeWatch::Start(dir_.string(), 4);
  ASSERT_NE(fits, nullptr);
  EXPECT_EQ(fits->folders(), 4u);
  // A folder that appears over the bound: the watch loses track, and every
  // call is a change from then on.
  const uint64_t first = fits->Generation();
  fs::create_directory(dir_ / "a/b/c/d");
  const uint64_t second = fits->Generation();
  EXPECT_GT(second, first);
  EXPECT_GT(fits->Generation(), second);
}

TEST_F(ChangeWatchStartTest, AFolderThatCannotBeReadIsRefused) {
  Put("root/locked/x", "x");
  fs::permissions(dir_ / "root/locked", fs::perms::none);
  const std::string root = (dir_ / "root").string();
  const int result = testing::WithPermissionsEnforced(
      [&] { return ChangeWatch::Start(root) == nullptr ? 0 : 1; });
  if (result == 77) GTEST_SKIP() << "cannot drop root privileges here";
  EXPECT_EQ(result, 0);
}

// Through a relative, non-canonical spelling and a link to the folder: the
// folder itself is watched.
TEST_F(ChangeWatchStartTest, TheRootMayBeALink) {
  Put("real/x.txt", "x");
  fs::create_directory_symlink(dir_ / "real", dir_ / "alias");
  std::shared_ptr<ChangeWatch> watch = ChangeWatch::Start((dir_ / "alias/.").string());
  ASSERT_NE(watch, nullptr);
  const uint64_t first = watch->Generation();
  Put("real/x.txt", "changed");
  EXPECT_GT(watch->Generation(), first);
}

// A count of this process's inotify instances.
size_t InotifyInstances() {
  size_t n = 0;
  for (const auto& fd : fs::directory_iterator("/proc/self/fd")) {
    std::error_code ec;
    if (fs::read_symlink(fd.path(), ec).string() == "anon_inode:inotify") ++n;
  }
  return n;
}

TEST_F(ChangeWatchStartTest, AContextStartsItsWatchOnFirstUseOnly) {
  Put("mod/units/a.fbi", "a");
  const size_t before = InotifyInstances();
  absl::StatusOr<Workspace> ws =
      Workspace::Open({{"mod", Game::kTa, (dir_ / "mod").string()},
                       {"gone", Game::kTa, (dir_ / "gone").string()}});
  ASSERT_TRUE(ws.ok()) << ws.status();
  EXPECT_EQ(InotifyInstances(), before);  // opening watches nothing
  const Context& mod = ws->contexts()[0];
  std::shared_ptr<ChangeWatch> watch = mod.Watch();
  ASSERT_NE(watch, nullptr);
  EXPECT_EQ(InotifyInstances(), before + 1);
  EXPECT_EQ(mod.Watch(), watch);  // the same one every time
  EXPECT_EQ(InotifyInstances(), before + 1);
  EXPECT_EQ(ws->contexts()[1].Watch(), nullptr);  // unavailable
  Context builtin{"demo", Game::kTa, "", true, MakeMemoryVfs({}, "built-in")};
  EXPECT_EQ(builtin.Watch(), nullptr);
  Context no_folder{"made", Game::kTa, "", false, MakeMemoryVfs({}, "built-in")};
  EXPECT_EQ(no_folder.Watch(), nullptr);
}

TEST(ContextWatchTest, RecallsOnlyTheGenerationRemembered) {
  ContextWatch slot;
  ParseCache::Key key{{"tacatalog", 0, 0, 0, 5, "ab"}, "", "catalog"};
  EXPECT_FALSE(slot.Recall("catalog", 0).has_value());
  slot.Remember("catalog", 3, key);
  ASSERT_TRUE(slot.Recall("catalog", 3).has_value());
  EXPECT_EQ(slot.Recall("catalog", 3)->file.part, "ab");
  EXPECT_FALSE(slot.Recall("catalog", 4).has_value());
  EXPECT_FALSE(slot.Recall("other", 3).has_value());
  ParseCache::Key older = key;
  older.file.part = "old";
  slot.Remember("catalog", 2, older);  // a slower call's: ignored
  EXPECT_EQ(slot.Recall("catalog", 3)->file.part, "ab");
  EXPECT_FALSE(slot.Recall("catalog", 2).has_value());
}

}  // namespace
}  // namespace kbot::contexts
