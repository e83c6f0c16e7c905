// CatalogOf: built once per context and kept while its files stay as they
// were; an edited, added or removed file builds it again, parsing again only
// what changed.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "contexts/game_folder_vfs.h"
#include "tacatalog/catalog.h"
#include "tests/contexts/test_dir.h"

namespace kbot::tacatalog {
namespace {

namespace fs = std::filesystem;

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
