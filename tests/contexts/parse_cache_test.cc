// The parse cache (contexts/parse_cache.h) and the file identities it keys
// on (contexts/vfs.h: FileIdentity) as each VFS reports them.
#include "contexts/parse_cache.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

#include <atomic>
#include <thread>

#include "contexts/archive_vfs.h"
#include "contexts/game_folder_vfs.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/hpi_bytes.h"

namespace kbot::contexts {
namespace {

namespace fs = std::filesystem;

int64_t NowNs() {
  struct timespec ts {};
  ::clock_gettime(CLOCK_REALTIME, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

constexpr int64_t kHourNs = int64_t(3600) * 1000000000;

// A loose file's identity, modified an hour before the tests started (past
// the racy window).
FileIdentity Loose(const std::string& file, uint64_t inode = 7) {
  static const int64_t hour_ago = NowNs() - kHourNs;
  return FileIdentity{file, 1, inode, 100, hour_ago, ""};
}

ParseCache::Key KeyOf(FileIdentity file, std::string name = "a.gaf",
                      std::string kind = ParseCache::KindOf<std::string>("text")) {
  return {std::move(file), std::move(name), std::move(kind)};
}

ParseCache::Value ValueOf(std::string text) {
  return {absl::OkStatus(), std::make_shared<const std::string>(std::move(text))};
}

std::string TextOf(const std::optional<ParseCache::Value>& v) {
  if (!v) return "(none)";
  if (!v->status.ok()) return "error: " + std::string(v->status.message());
  return *std::static_pointer_cast<const std::string>(v->value);
}

TEST(ParseCache, KeepsAValueUntilTheIdentityChanges) {
  ParseCache cache;
  const FileIdentity id = Loose("/data/a.gaf");
  EXPECT_EQ(TextOf(cache.Find(KeyOf(id))), "(none)");
  cache.Put(KeyOf(id), ValueOf("parsed"), 10);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(id))), "parsed");

  // Every part of the identity, the name and the kind tell values apart.
  FileIdentity other = id;
  other.size = 101;
  EXPECT_EQ(TextOf(cache.Find(KeyOf(other))), "(none)");
  other = id;
  other.modified_ns += 1;
  EXPECT_EQ(TextOf(cache.Find(KeyOf(other))), "(none)");
  other = id;
  other.inode = 8;
  EXPECT_EQ(TextOf(cache.Find(KeyOf(other))), "(none)");
  other = id;
  other.device = 2;
  EXPECT_EQ(TextOf(cache.Find(KeyOf(other))), "(none)");
  other = id;
  other.file = "/data/b.gaf";
  EXPECT_EQ(TextOf(cache.Find(KeyOf(other))), "(none)");
  EXPECT_EQ(TextOf(cache.Find(KeyOf(id.Entry("x.gaf")))), "(none)");
  EXPECT_EQ(TextOf(cache.Find(KeyOf(id, "A.GAF"))), "(none)");
  EXPECT_EQ(TextOf(cache.Find(KeyOf(id, "a.gaf", ParseCache::KindOf<std::string>("other")))),
            "(none)");
  EXPECT_EQ(TextOf(cache.Find(KeyOf(id, "a.gaf", ParseCache::KindOf<int>("text")))), "(none)");

  const ParseCache::Stats stats = cache.stats();
  EXPECT_EQ(stats.hits, 1u);
  EXPECT_EQ(stats.misses, 10u);
  EXPECT_EQ(stats.stores, 1u);
  EXPECT_EQ(stats.entries, 1u);
}

TEST(ParseCache, KindsDifferByTypeAndWay) {
  EXPECT_NE(ParseCache::KindOf<std::string>("gaf"), ParseCache::KindOf<int>("gaf"));
  EXPECT_NE(ParseCache::KindOf<int>("gaf"), ParseCache::KindOf<int>("gaf_info sequence=1"));
  EXPECT_EQ(ParseCache::KindOf<int>("gaf"), ParseCache::KindOf<int>("gaf"));
}

TEST(ParseCache, EntryIdentitiesNestWithoutMeetingPaths) {
  const FileIdentity archive{"memory#3", 0, 0, 500, 0, "demo.ufo"};
  const FileIdentity entry = archive.Entry("anims/a.gaf");
  EXPECT_EQ(entry.part, std::string("demo.ufo\0anims/a.gaf", 20));
  EXPECT_EQ(entry.size, 500u);
  // A file whose path spells the same with a '/' is another file.
  const FileIdentity loose{"memory#3", 0, 0, 500, 0, "demo.ufo/anims/a.gaf"};
  EXPECT_FALSE(entry == loose);
  EXPECT_FALSE(FileIdentity{}.Entry("x").known());
}

TEST(ParseCache, NeverKeepsWhatCouldBeWrong) {
  ParseCache cache;
  // No identity: the VFS could not say which bytes these are.
  cache.Put(KeyOf(FileIdentity{}), ValueOf("x"), 10);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(FileIdentity{}))), "(none)");
  // Modified within the racy window: a second write in the same tick would
  // not change the identity.
  FileIdentity fresh = Loose("/data/fresh.gaf");
  fresh.modified_ns = NowNs() - kParseCacheRacyNs / 2;
  cache.Put(KeyOf(fresh), ValueOf("x"), 10);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(fresh))), "(none)");
  // A time in the future (a clock set wrong) is never past the window.
  fresh.modified_ns = NowNs() + kHourNs;
  cache.Put(KeyOf(fresh), ValueOf("x"), 10);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(fresh))), "(none)");
  // A cancelled parse says nothing about the file.
  cache.Put(KeyOf(Loose("/data/c.gaf")), {absl::CancelledError("stop"), nullptr}, 0);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(Loose("/data/c.gaf")))), "(none)");
  EXPECT_EQ(cache.stats().refused, 4u);
  EXPECT_EQ(cache.stats().entries, 0u);
  // Past the window it is kept; a file of the in-memory VFS (time 0) too.
  fresh.modified_ns = NowNs() - kParseCacheRacyNs - 1000000;
  cache.Put(KeyOf(fresh), ValueOf("settled"), 10);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(fresh))), "settled");
  const FileIdentity memory{"memory#1", 0, 0, 4, 0, "a.gaf"};
  cache.Put(KeyOf(memory), ValueOf("built-in"), 10);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(memory))), "built-in");
}

TEST(ParseCache, KeepsAFailureWithItsMessage) {
  ParseCache cache;
  const FileIdentity id = Loose("/data/bad.gaf");
  cache.Put(KeyOf(id), {absl::InvalidArgumentError("bad.gaf: truncated at 0x0c"), nullptr}, 30);
  const std::optional<ParseCache::Value> found = cache.Find(KeyOf(id));
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->status, absl::InvalidArgumentError("bad.gaf: truncated at 0x0c"));
  EXPECT_EQ(found->value, nullptr);
}

// Each value counts 1000 bytes of its own, plus its key and the node's
// overhead (under 400 bytes here).
TEST(ParseCache, EvictsTheLeastRecentlyUsedByBytes) {
  ParseCache cache(3 * 1000 + 3 * 400);  // room for three
  for (const char* name : {"a", "b", "c"}) cache.Put(KeyOf(Loose(name)), ValueOf(name), 1000);
  EXPECT_EQ(cache.stats().entries, 3u);
  EXPECT_GT(cache.stats().bytes, 3 * 1000u);
  EXPECT_LE(cache.stats().bytes, cache.stats().capacity);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(Loose("a")))), "a");  // now the most recent
  cache.Put(KeyOf(Loose("d")), ValueOf("d"), 1000);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(Loose("b")))), "(none)");  // the least recent went
  EXPECT_EQ(TextOf(cache.Find(KeyOf(Loose("a")))), "a");
  EXPECT_EQ(TextOf(cache.Find(KeyOf(Loose("c")))), "c");
  EXPECT_EQ(TextOf(cache.Find(KeyOf(Loose("d")))), "d");
  EXPECT_EQ(cache.stats().evictions, 1u);

  // A value that could never fit is not kept, and evicts nothing.
  cache.Put(KeyOf(Loose("huge")), ValueOf("huge"), 100000);
  EXPECT_EQ(cache.stats().entries, 3u);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(Loose("huge")))), "(none)");

  // A lower bound evicts at once, the least recent first; 0 keeps nothing.
  cache.SetCapacity(1000 + 400);
  EXPECT_EQ(cache.stats().entries, 1u);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(Loose("d")))), "d");
  cache.SetCapacity(0);
  EXPECT_EQ(cache.stats().entries, 0u);
  EXPECT_EQ(cache.stats().bytes, 0u);
  cache.Put(KeyOf(Loose("e")), ValueOf("e"), 0);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(Loose("e")))), "(none)");
}

TEST(ParseCache, AValueHeldOutlivesItsEviction) {
  ParseCache cache(2000);
  cache.Put(KeyOf(Loose("a")), ValueOf("kept by the caller"), 1000);
  std::optional<ParseCache::Value> held = cache.Find(KeyOf(Loose("a")));
  cache.Clear();
  EXPECT_EQ(cache.stats().entries, 0u);
  EXPECT_EQ(TextOf(held), "kept by the caller");
}

TEST(ParseCache, ASecondPutReplacesTheFirst) {
  ParseCache cache;
  cache.Put(KeyOf(Loose("a")), ValueOf("first"), 10);
  const size_t bytes = cache.stats().bytes;
  cache.Put(KeyOf(Loose("a")), ValueOf("second"), 10);
  EXPECT_EQ(TextOf(cache.Find(KeyOf(Loose("a")))), "second");
  EXPECT_EQ(cache.stats().entries, 1u);
  EXPECT_EQ(cache.stats().bytes, bytes);
}

// Threads putting and finding over few keys in little room: every value
// found is the one its key was given, and the bound holds throughout.
TEST(ParseCache, ManyThreadsAtOnce) {
  ParseCache cache(8 * 600);
  std::atomic<int> wrong{0}, over{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 3000; ++i) {
        // 8 names, about what the larger bound holds, so some are found.
        const std::string name = "f" + std::to_string((i / 3 + t) % 8);
        const ParseCache::Key key = KeyOf(Loose("/data/" + name), name);
        std::optional<ParseCache::Value> v = cache.Find(key);
        if (v && TextOf(v) != name) ++wrong;
        if (!v) cache.Put(key, ValueOf(name), 200);
        if (i % 100 == 0) cache.SetCapacity(i % 200 == 0 ? 8 * 600 : 4 * 600);
        const ParseCache::Stats s = cache.stats();
        if (s.bytes > 8 * 600) ++over;
      }
    });
  }
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(over.load(), 0);
  const ParseCache::Stats s = cache.stats();
  EXPECT_GT(s.hits, 0u);
  EXPECT_GT(s.evictions, 0u);
  EXPECT_EQ(s.hits + s.misses, 4u * 3000);
}

// Sets the variable for one test, and puts back what was there.
class ParseCacheEnv : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* was = std::getenv(kParseCacheEnv)) saved_ = was;
  }
  void TearDown() override {
    if (saved_) {
      ::setenv(kParseCacheEnv, saved_->c_str(), 1);
    } else {
      ::unsetenv(kParseCacheEnv);
    }
  }
  std::optional<std::string> saved_;
};

TEST_F(ParseCacheEnv, SetsTheBoundInMiB) {
  ::unsetenv(kParseCacheEnv);
  EXPECT_EQ(*ParseCacheCapacityFromEnvironment(), size_t(64) << 20);
  ::setenv(kParseCacheEnv, "", 1);
  EXPECT_EQ(*ParseCacheCapacityFromEnvironment(), size_t(64) << 20);
  ::setenv(kParseCacheEnv, "16", 1);
  EXPECT_EQ(*ParseCacheCapacityFromEnvironment(), size_t(16) << 20);
  ::setenv(kParseCacheEnv, "0", 1);
  EXPECT_EQ(*ParseCacheCapacityFromEnvironment(), 0u);
  ::setenv(kParseCacheEnv, "lots", 1);
  EXPECT_EQ(ParseCacheCapacityFromEnvironment().status().message(),
            "KBOT_PARSE_CACHE_MB=lots: not a number of MiB from 0 to 1048576 (the bound of the "
            "parsed-file cache; default 64)");
  ::setenv(kParseCacheEnv, "-1", 1);
  EXPECT_FALSE(ParseCacheCapacityFromEnvironment().ok());
  ::setenv(kParseCacheEnv, "1048577", 1);
  EXPECT_FALSE(ParseCacheCapacityFromEnvironment().ok());
}

// --- identities as the VFSs report them ---------------------------------

class FileIdentities : public testing::TempDirTest {
 protected:
  std::unique_ptr<Vfs> Folder(const fs::path& root) {
    absl::StatusOr<std::unique_ptr<Vfs>> vfs = MakeGameFolderVfs(root.string());
    EXPECT_TRUE(vfs.ok()) << vfs.status();
    return vfs.ok() ? *std::move(vfs) : nullptr;
  }
  static void SetTime(const fs::path& p, int64_t seconds) {
    const struct timespec times[2] = {{seconds, 0}, {seconds, 0}};
    ASSERT_EQ(::utimensat(AT_FDCWD, p.c_str(), times, 0), 0);
  }
};

TEST_F(FileIdentities, ALooseFileIsItsRealPathInodeSizeAndTime) {
  const fs::path file = Put("root/anims/Demo.gaf", "GAF1");
  SetTime(file, 1000000000);
  std::unique_ptr<Vfs> vfs = Folder(dir_ / "root");
  absl::StatusOr<VfsStat> stat = vfs->Stat("ANIMS/demo.GAF");
  ASSERT_TRUE(stat.ok()) << stat.status();
  struct stat st {};
  ASSERT_EQ(::stat(file.c_str(), &st), 0);
  const FileIdentity& id = stat->identity;
  EXPECT_EQ(id.file, fs::canonical(file).string());
  EXPECT_EQ(id.device, uint64_t(st.st_dev));
  EXPECT_EQ(id.inode, uint64_t(st.st_ino));
  EXPECT_EQ(id.size, 4u);
  EXPECT_EQ(id.modified_ns, int64_t(1000000000) * 1000000000);
  EXPECT_EQ(id.part, "");
  // Read reports the identity of what it read; a context over the parent
  // folder names the same file.
  EXPECT_EQ(vfs->Read("anims/demo.gaf")->stat.identity, id);
  EXPECT_EQ(Folder(dir_)->Stat("root/anims/Demo.gaf")->identity, id);
}

TEST_F(FileIdentities, ChangeWithTheTimeAndWithTheFile) {
  const fs::path file = Put("root/a.gaf", "AAAA");
  SetTime(file, 1000000000);
  std::unique_ptr<Vfs> vfs = Folder(dir_ / "root");
  const FileIdentity before = vfs->Stat("a.gaf")->identity;
  // Rewritten in place, same size, a new time.
  Put("root/a.gaf", "BBBB");
  SetTime(file, 1000000001);
  const FileIdentity rewritten = vfs->Stat("a.gaf")->identity;
  EXPECT_NE(rewritten, before);
  EXPECT_EQ(rewritten.inode, before.inode);
  // Replaced by another file of the same size and time (a rename over it):
  // only the inode tells.
  const fs::path other = Put("other.gaf", "CCCC");
  SetTime(other, 1000000001);
  fs::rename(other, file);
  const FileIdentity replaced = vfs->Stat("a.gaf")->identity;
  EXPECT_NE(replaced, rewritten);
  EXPECT_EQ(replaced.size, rewritten.size);
  EXPECT_EQ(replaced.modified_ns, rewritten.modified_ns);
}

TEST_F(FileIdentities, AnArchiveEntryIsTheArchivesIdentityAndItsPath) {
  const std::vector<uint8_t> archive = testing::FlatHpiV1({{"a.gaf", testing::BytesOf("GAF!")}});
  const fs::path file = Put("root/data.ufo", std::string(archive.begin(), archive.end()));
  SetTime(file, 1000000000);
  std::unique_ptr<Vfs> vfs = Folder(dir_ / "root");
  const FileIdentity archive_id = vfs->Stat("data.ufo")->identity;
  absl::StatusOr<VfsStat> entry = vfs->Stat("A.GAF");
  ASSERT_TRUE(entry.ok()) << entry.status();
  EXPECT_EQ(entry->identity, archive_id.Entry("a.gaf"));
  EXPECT_EQ(entry->identity.file, fs::canonical(file).string());
  // Read through the archive's own name: the same bytes, the same identity.
  EXPECT_EQ(vfs->Read("data.ufo/a.gaf")->stat.identity, entry->identity);
}

TEST_F(FileIdentities, InMemoryFilesBelongToTheirVfs) {
  std::unique_ptr<Vfs> one = MakeMemoryVfs({{"a.gaf", {1, 2, 3}}}, "built-in");
  std::unique_ptr<Vfs> two = MakeMemoryVfs({{"a.gaf", {1, 2, 3}}}, "built-in");
  const FileIdentity a = one->Stat("A.GAF")->identity;
  EXPECT_TRUE(a.known());
  EXPECT_EQ(a.part, "a.gaf");
  EXPECT_EQ(a.size, 3u);
  EXPECT_EQ(one->Read("a.gaf")->stat.identity, a);
  EXPECT_NE(two->Stat("a.gaf")->identity, a);
  // An archive opened with a stat that has no identity serves none.
  absl::StatusOr<std::unique_ptr<Vfs>> archive = MakeArchiveVfs(
      Blob::FromBuffer(std::make_shared<const std::vector<uint8_t>>(
          testing::FlatHpiV1({{"x.gaf", testing::BytesOf("x")}}))),
      VfsStat{"x.ufo", 0, 0});
  ASSERT_TRUE(archive.ok()) << archive.status();
  EXPECT_FALSE((*archive)->Stat("x.gaf")->identity.known());
}

}  // namespace
}  // namespace kbot::contexts
