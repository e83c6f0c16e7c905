// The in-memory VFS looks files up like the folder VFS does.
#include <gtest/gtest.h>

#include "contexts/vfs.h"
#include "tests/contexts/test_dir.h"

namespace kbot::contexts {
namespace {

std::unique_ptr<Vfs> Sample() {
  return MakeMemoryVfs({{"anims/Demo.GAF", {1, 2}}, {"palettes\\palette.pal", {3}}, {"b.txt", {}}},
                       "built-in");
}

std::string ReadText(const Vfs& vfs, absl::string_view path) {
  absl::StatusOr<VfsFile> blob = vfs.Read(path);
  if (!blob.ok()) return "error: " + std::string(blob.status().message());
  std::string out;
  for (uint8_t b : blob->bytes()) out += std::to_string(b) + ",";
  return out;
}

TEST(MemoryVfs, ReadsIgnoringCaseAndSeparators) {
  std::unique_ptr<Vfs> vfs = Sample();
  EXPECT_EQ(ReadText(*vfs, "anims/Demo.GAF"), "1,2,");
  EXPECT_EQ(ReadText(*vfs, "ANIMS\\demo.gaf"), "1,2,");
  EXPECT_EQ(ReadText(*vfs, "./palettes//PALETTE.PAL"), "3,");
  EXPECT_EQ(ReadText(*vfs, "b.txt"), "");
}

TEST(MemoryVfs, RefusesAndMisses) {
  std::unique_ptr<Vfs> vfs = Sample();
  EXPECT_EQ(ReadText(*vfs, "../b.txt"), "error: ../b.txt: \"..\" would leave the context folder");
  EXPECT_EQ(ReadText(*vfs, "/b.txt"),
            "error: /b.txt: an absolute path; give a path inside the context");
  EXPECT_EQ(ReadText(*vfs, "nope.gaf"), "error: nope.gaf: no such file");
  EXPECT_EQ(vfs->Read("nope.gaf").status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(ReadText(*vfs, "Anims"), "error: Anims: is a folder");
  EXPECT_EQ(vfs->Read("anims").status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(ReadText(*vfs, "anim"), "error: anim: no such file");
}

TEST(MemoryVfs, StatGivesTheOwnSpellingAndNoTime) {
  std::unique_ptr<Vfs> vfs = Sample();
  absl::StatusOr<VfsStat> st = vfs->Stat("ANIMS/DEMO.GAF");
  ASSERT_TRUE(st.ok()) << st.status();
  EXPECT_EQ(st->path, "anims/Demo.GAF");
  EXPECT_EQ(st->size, 2u);
  EXPECT_EQ(st->modified_ns, 0);
  EXPECT_EQ(vfs->Stat("palettes/palette.pal")->path, "palettes/palette.pal");
}

TEST(MemoryVfs, ListsSortedIgnoringCaseWithTheSource) {
  absl::StatusOr<std::vector<VfsEntry>> list = Sample()->List();
  ASSERT_TRUE(list.ok());
  std::vector<std::tuple<std::string, uint64_t, std::string>> got;
  for (const VfsEntry& e : *list) got.emplace_back(e.path, e.size, e.source);
  EXPECT_EQ(got, (std::vector<std::tuple<std::string, uint64_t, std::string>>{
                     {"anims/Demo.GAF", 2, "built-in"},
                     {"b.txt", 0, "built-in"},
                     {"palettes/palette.pal", 1, "built-in"}}));
}

TEST(MemoryVfs, SeveralSpellingsPreferExactThenFirstSorted) {
  std::unique_ptr<Vfs> vfs =
      MakeMemoryVfs({{"a.txt", {2}}, {"A.txt", {1}}, {"a.TXT", {3}}}, "test");
  EXPECT_EQ(ReadText(*vfs, "a.txt"), "2,");
  EXPECT_EQ(ReadText(*vfs, "a.TXT"), "3,");
  EXPECT_EQ(ReadText(*vfs, "A.TXT"), "1,");  // "A.txt" sorts first in byte order
  absl::StatusOr<std::vector<VfsEntry>> list = vfs->List();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->size(), 3u);
  EXPECT_EQ((*list)[0].path, "A.txt");
  EXPECT_EQ((*list)[1].path, "a.TXT");
  EXPECT_EQ((*list)[2].path, "a.txt");
}

TEST(MemoryVfs, FilesWithUnreadablePathsAreDropped) {
  std::unique_ptr<Vfs> vfs = MakeMemoryVfs({{"../up", {1}}, {"", {2}}, {"ok", {3}}}, "test");
  EXPECT_EQ(vfs->List()->size(), 1u);
}

TEST(MemoryVfs, BlobOutlivesTheVfs) {
  Blob blob;
  {
    std::unique_ptr<Vfs> vfs = Sample();
    blob = vfs->Read("anims/demo.gaf")->blob;
  }
  EXPECT_EQ(std::vector<uint8_t>(blob.bytes().begin(), blob.bytes().end()),
            (std::vector<uint8_t>{1, 2}));
}

struct StopAt final : Progress {
  uint64_t stop_at;
  std::vector<uint64_t> seen;
  explicit StopAt(uint64_t n) : stop_at(n) {}
  bool Report(uint64_t done, uint64_t total) override {
    seen.push_back(done);
    return done < stop_at;
  }
};

TEST(MemoryVfs, ListReportsProgressAndStops) {
  std::vector<MemoryFile> files;
  for (int i = 0; i < 600; ++i) files.push_back({"f" + std::to_string(i), {}});
  std::unique_ptr<Vfs> vfs = MakeMemoryVfs(std::move(files), "test");
  StopAt never(UINT64_MAX);
  EXPECT_EQ(vfs->List(never)->size(), 600u);
  EXPECT_EQ(never.seen, (std::vector<uint64_t>{256, 512}));
  StopAt stop(512);
  absl::StatusOr<std::vector<VfsEntry>> list = vfs->List(stop);
  EXPECT_EQ(list.status().code(), absl::StatusCode::kCancelled);
  EXPECT_EQ(list.status().message(), "test: listing cancelled");
  EXPECT_EQ(stop.seen, (std::vector<uint64_t>{256, 512}));
}

}  // namespace
}  // namespace kbot::contexts
