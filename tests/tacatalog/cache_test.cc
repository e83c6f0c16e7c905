// CatalogOf: built once per context and kept while its files stay as they
// were; an edited, added or removed file builds it again, parsing again only
// what changed.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <utility>
#include <thread>
#include <vector>

#include "contexts/game_folder_vfs.h"
#include "tacatalog/catalog.h"
#include "tests/contexts/test_dir.h"

namespace kbot::tacatalog {
namespace {

namespace fs = std::filesystem;

// A VFS that counts the calls made to the one it wraps.
class CountingVfs final : public contexts::Vfs {
 public:
  explicit CountingVfs(std::unique_ptr<contexts::Vfs> inner) : inner_(std::move(inner)) {}
  absl::StatusOr<contexts::VfsFile> Read(absl::string_view path) const override {
    ++reads;
    return inner_->Read(path);
  }
  absl::StatusOr<contexts::VfsStat> Stat(absl::string_view path) const override {
    ++stats;
    return inner_->Stat(path);
  }
  absl::StatusOr<std::vector<contexts::VfsEntry>> List(Progress& progress) const override {
    ++lists;
    return inner_->List(progress);
  }
  std::vector<contexts::VfsSource> Sources() const override { return inner_->Sources(); }

  mutable std::atomic<int> reads{0}, stats{0}, lists{0};

 private:
  std::unique_ptr<contexts::Vfs> inner_;
};

class CatalogCacheTest : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    Put("units/armcom.fbi", "[UNITINFO]\n{\nUnitName=ARMCOM;\nMaxDamage=3000;\n}\n");
    Put("units/armsolar.fbi", "[UNITINFO]\n{\nUnitName=ARMSOLAR;\n}\n");
    Put("weapons/emg.tdf", "[EMG]\n{\nname=EMG;\n}\n");
    Age();
    context_.name = "mod";
    context_.root = dir_.string();
    context_.vfs = *contexts::MakeGameFolderVfs(dir_);
    context_.parse_cache = std::make_shared<contexts::ParseCache>();
  }

  // Every file and folder modified `minutes` ago: past the parse cache's racy
  // window, so what was built from them may be kept.
  void Age(int minutes = 60) {
    const auto when = fs::file_time_type::clock::now() - std::chrono::minutes(minutes);
    for (const auto& entry : fs::recursive_directory_iterator(dir_)) {
      fs::last_write_time(entry.path(), when);
    }
    fs::last_write_time(dir_, when);
  }

  // Only `rel` (and the folders) modified `minutes` ago: the other files keep
  // their identities.
  void AgeFile(const std::string& rel, int minutes) {
    fs::last_write_time(dir_ / rel,
                        fs::file_time_type::clock::now() - std::chrono::minutes(minutes));
  }

  std::shared_ptr<const Catalog> Get() {
    absl::StatusOr<std::shared_ptr<const Catalog>> got = CatalogOf(context_);
    EXPECT_TRUE(got.ok()) << got.status();
    return got.ok() ? *got : nullptr;
  }

  contexts::Context context_;
};

TEST_F(CatalogCacheTest, AnUnchangedContextIsNotBuiltAgain) {
  std::shared_ptr<const Catalog> first = Get();
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->units.size(), 2u);
  EXPECT_EQ(Get(), first);  // the very same catalog
  EXPECT_EQ(Get(), first);
}

TEST_F(CatalogCacheTest, AnEditedFileBuildsItAgainParsingOnlyThatFile) {
  std::shared_ptr<const Catalog> first = Get();
  const contexts::ParseCache::Stats before = context_.parse_cache->stats();
  Put("units/armcom.fbi", "[UNITINFO]\n{\nUnitName=ARMCOM;\nMaxDamage=4500;\n}\n");
  AgeFile("units/armcom.fbi", 30);
  std::shared_ptr<const Catalog> second = Get();
  ASSERT_NE(second, nullptr);
  EXPECT_NE(second, first);
  EXPECT_EQ(second->FindUnit("ARMCOM")->health, 4500);
  EXPECT_EQ(first->FindUnit("ARMCOM")->health, 3000);  // a caller's catalog stays as it was
  // Misses: the catalog's key and the edited file; the other two files are hits.
  const contexts::ParseCache::Stats after = context_.parse_cache->stats();
  EXPECT_EQ(after.misses - before.misses, 2u);
  EXPECT_EQ(after.hits - before.hits, 2u);
  EXPECT_EQ(Get(), second);
}

TEST_F(CatalogCacheTest, AnAddedOrRemovedFileBuildsItAgain) {
  std::shared_ptr<const Catalog> first = Get();
  Put("unitpics/ARMCOM.pcx", "pcx");  // an asset: not read, but it changes a link
  Age(30);
  std::shared_ptr<const Catalog> second = Get();
  EXPECT_NE(second, first);
  EXPECT_TRUE(second->FindUnit("ARMCOM")->assets[2].present());
  fs::remove(dir_ / "units/armsolar.fbi");
  Age(20);
  std::shared_ptr<const Catalog> third = Get();
  EXPECT_NE(third, second);
  EXPECT_EQ(third->units.size(), 1u);
}

TEST_F(CatalogCacheTest, FilesWrittenJustNowAreNotKept) {
  Put("units/corcom.fbi", "[UNITINFO]\n{\nUnitName=CORCOM;\n}\n");  // now: racy
  std::shared_ptr<const Catalog> first = Get();
  EXPECT_EQ(first->units.size(), 3u);
  EXPECT_NE(Get(), first);  // built again: a second write within one tick could hide
}

TEST_F(CatalogCacheTest, WithoutAParseCacheEveryCallBuilds) {
  context_.parse_cache = nullptr;
  std::shared_ptr<const Catalog> first = Get();
  EXPECT_NE(Get(), first);
  EXPECT_EQ(Get()->units.size(), 2u);
}

// Calls made through the VFS: (lists, stats).
using Counts = std::pair<int, int>;

// A folder context is watched from the first call: while nothing changes
// under it, the kept catalog is answered without listing or statting.
class WatchedCatalogTest : public CatalogCacheTest {
 protected:
  void SetUp() override {
    CatalogCacheTest::SetUp();
    auto counting = std::make_unique<CountingVfs>(std::move(context_.vfs));
    vfs_ = counting.get();
    context_.vfs = std::move(counting);
  }
  // Lists and stats since the last call.
  Counts Calls() {
    const Counts now{vfs_->lists.load(), vfs_->stats.load()};
    const Counts since{now.first - seen_.first, now.second - seen_.second};
    seen_ = now;
    return since;
  }

  CountingVfs* vfs_ = nullptr;
  Counts seen_{0, 0};
};

TEST_F(WatchedCatalogTest, AnUnchangedFolderIsNeitherListedNorStatted) {
  std::shared_ptr<const Catalog> first = Get();
  ASSERT_NE(first, nullptr);
  ASSERT_NE(context_.Watch(), nullptr);
  EXPECT_EQ(Calls(), Counts(1, 3));  // one listing, a stat per file read
  EXPECT_EQ(Get(), first);
  EXPECT_EQ(Get(), first);
  EXPECT_EQ(Calls(), Counts(0, 0));
  const contexts::ParseCache::Stats stats = context_.parse_cache->stats();
  EXPECT_EQ(stats.hits, 2u);  // the catalog's key, found again
}

TEST_F(WatchedCatalogTest, AnEditIsSeenAtOnce) {
  std::shared_ptr<const Catalog> first = Get();
  Calls();
  Put("units/armcom.fbi", "[UNITINFO]\n{\nUnitName=ARMCOM;\nMaxDamage=4500;\n}\n");
  AgeFile("units/armcom.fbi", 30);  // past the racy window: the new catalog is kept
  std::shared_ptr<const Catalog> second = Get();
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->FindUnit("ARMCOM")->health, 4500);
  EXPECT_EQ(Calls(), Counts(1, 3));
  EXPECT_EQ(Get(), second);
  EXPECT_EQ(Calls(), Counts(0, 0));
  // Edited again, the same size.
  Put("units/armcom.fbi", "[UNITINFO]\n{\nUnitName=ARMCOM;\nMaxDamage=2500;\n}\n");
  AgeFile("units/armcom.fbi", 20);
  EXPECT_EQ(Get()->FindUnit("ARMCOM")->health, 2500);
  EXPECT_EQ(Calls(), Counts(1, 3));
}

TEST_F(WatchedCatalogTest, FilesWrittenJustNowAreCheckedEveryTime) {
  Get();
  Calls();
  Put("units/corcom.fbi", "[UNITINFO]\n{\nUnitName=CORCOM;\nMaxDamage=10;\n}\n");  // racy
  std::shared_ptr<const Catalog> first = Get();
  EXPECT_EQ(first->FindUnit("CORCOM")->health, 10);
  EXPECT_EQ(Calls(), Counts(1, 4));
  // Not kept, so nothing to answer from: each call lists and builds again.
  EXPECT_NE(Get(), first);
  EXPECT_EQ(Calls(), Counts(1, 4));
  AgeFile("units/corcom.fbi", 30);
  std::shared_ptr<const Catalog> kept = Get();
  EXPECT_EQ(Calls(), Counts(1, 4));
  EXPECT_EQ(Get(), kept);
  EXPECT_EQ(Calls(), Counts(0, 0));
}

TEST_F(WatchedCatalogTest, AnyChangeUnderTheFolderListsAgain) {
  std::shared_ptr<const Catalog> first = Get();
  Calls();
  Put("readme.txt", "not read by the catalog");
  AgeFile("readme.txt", 60);
  EXPECT_EQ(Get(), first);  // listed again; the same fingerprint
  EXPECT_EQ(Calls(), Counts(1, 3));
  EXPECT_EQ(Get(), first);
  EXPECT_EQ(Calls(), Counts(0, 0));
  fs::create_directories(dir_ / "features/trees");
  Put("features/trees/tree.tdf", "[TREE]\n{\nworld=all;\n}\n");
  AgeFile("features/trees/tree.tdf", 60);
  std::shared_ptr<const Catalog> second = Get();
  EXPECT_EQ(second->features.size(), 1u);
  EXPECT_EQ(Calls(), Counts(1, 4));
  EXPECT_EQ(Get(), second);
  EXPECT_EQ(Calls(), Counts(0, 0));
}

TEST_F(WatchedCatalogTest, WithoutAWatchEveryCallLists) {
  context_.root.clear();  // no folder to watch
  std::shared_ptr<const Catalog> first = Get();
  EXPECT_EQ(Get(), first);  // from the cache, but after a listing
  EXPECT_EQ(Calls(), Counts(2, 6));
  EXPECT_EQ(context_.Watch(), nullptr);
}

TEST_F(CatalogCacheTest, CallsFromSeveralThreads) {
  std::vector<std::thread> threads;
  std::atomic<int> good{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 25; ++i) {
        absl::StatusOr<std::shared_ptr<const Catalog>> got = CatalogOf(context_);
        if (got.ok() && (*got)->units.size() == 2 && (*got)->FindUnit("ARMCOM")) ++good;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(good.load(), 100);
}

}  // namespace
}  // namespace kbot::tacatalog
