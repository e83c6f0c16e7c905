// Parsed files kept between calls (tools/parsed_asset.h): a repeated
// describe call answers from the workspace's parse cache, and a file edited
// since (a new time, or another file renamed over it) never does.
#include "tools/parsed_asset.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "demo/demo_context.h"
#include "tests/tools/cached_files_fixture.h"
#include "tools/gaf_sequences.h"

namespace kbot::tools {
namespace {

namespace fs = std::filesystem;
using testing::NowSeconds;

ToolResult Call(const contexts::Workspace& ws, const std::string& tool, const json& arguments,
                Progress& progress = NoProgress()) {
  return testing::CallTool(ws, tool, arguments, Limits(), progress);
}

std::string GafNamed(const std::string& name) { return testing::SmallGaf({name}); }

class ParsedAssetTest : public testing::CachedFilesTest {
 protected:
  static std::string FirstName(const ToolResult& r) {
    if (r.error) return "error: " + *r.error;
    return r.structured["sequences"][0]["name"].get<std::string>();
  }
};

TEST_F(ParsedAssetTest, ARepeatedCallAnswersFromTheCache) {
  Write("anims/x.gaf", GafNamed("Alpha"), NowSeconds() - 3600);
  contexts::Workspace ws = Open();
  const ToolResult first = Call(ws, "gaf_list", {{"path", "ANIMS/X.GAF"}});
  ASSERT_FALSE(first.error) << *first.error;
  EXPECT_EQ(first.structured["path"], "anims/x.gaf");
  EXPECT_EQ(FirstName(first), "Alpha");
  EXPECT_EQ(ws.parse_cache().stats().stores, 1u);
  const ToolResult second = Call(ws, "gaf_list", {{"path", "anims/x.gaf"}});
  EXPECT_EQ(second.structured, first.structured);
  const contexts::ParseCache::Stats stats = ws.parse_cache().stats();
  EXPECT_EQ(stats.hits, 1u);
  EXPECT_EQ(stats.stores, 1u);
  EXPECT_EQ(stats.entries, 1u);
}

TEST_F(ParsedAssetTest, AFileRewrittenWithTheSameSizeAndANewTimeIsReadAgain) {
  const int64_t t0 = NowSeconds() - 3600;
  const fs::path file = Write("anims/x.gaf", GafNamed("Alpha"), t0);
  contexts::Workspace ws = Open();
  EXPECT_EQ(FirstName(Call(ws, "gaf_list", {{"path", "anims/x.gaf"}})), "Alpha");
  const uint64_t size = fs::file_size(file);
  struct stat before {};
  ASSERT_EQ(::stat(file.c_str(), &before), 0);

  Write("anims/x.gaf", GafNamed("Bravo"), t0 + 1);
  struct stat after {};
  ASSERT_EQ(::stat(file.c_str(), &after), 0);
  ASSERT_EQ(fs::file_size(file), size);
  ASSERT_EQ(after.st_ino, before.st_ino);  // the same file, edited
  EXPECT_EQ(FirstName(Call(ws, "gaf_list", {{"path", "anims/x.gaf"}})), "Bravo");
  EXPECT_EQ(ws.parse_cache().stats().hits, 0u);
  EXPECT_EQ(ws.parse_cache().stats().stores, 2u);
  EXPECT_EQ(FirstName(Call(ws, "gaf_list", {{"path", "anims/x.gaf"}})), "Bravo");
  EXPECT_EQ(ws.parse_cache().stats().hits, 1u);
}

TEST_F(ParsedAssetTest, AFileReplacedWithTheSameSizeAndTimeIsReadAgain) {
  const int64_t t0 = NowSeconds() - 3600;
  const fs::path file = Write("anims/x.gaf", GafNamed("Alpha"), t0);
  contexts::Workspace ws = Open();
  EXPECT_EQ(FirstName(Call(ws, "gaf_list", {{"path", "anims/x.gaf"}})), "Alpha");
  // Another file, same size, same time, renamed over it (cp -p, an unpacked
  // backup): only the inode differs.
  const fs::path other = Write("other.gaf", GafNamed("Charl"), t0);
  fs::rename(other, file);
  EXPECT_EQ(FirstName(Call(ws, "gaf_list", {{"path", "anims/x.gaf"}})), "Charl");
  EXPECT_EQ(ws.parse_cache().stats().hits, 0u);
}

TEST_F(ParsedAssetTest, AFileJustWrittenIsParsedEachTime) {
  Write("anims/x.gaf", GafNamed("Alpha"), NowSeconds());
  contexts::Workspace ws = Open();
  EXPECT_EQ(FirstName(Call(ws, "gaf_list", {{"path", "anims/x.gaf"}})), "Alpha");
  EXPECT_EQ(FirstName(Call(ws, "gaf_list", {{"path", "anims/x.gaf"}})), "Alpha");
  const contexts::ParseCache::Stats stats = ws.parse_cache().stats();
  EXPECT_EQ(stats.stores, 0u);
  EXPECT_EQ(stats.refused, 2u);
  EXPECT_EQ(stats.hits, 0u);
}

TEST_F(ParsedAssetTest, AFailureIsKeptAndSaidTheSameWay) {
  std::string bad = GafNamed("Alpha");
  bad.resize(20);  // the header and part of the sequence table
  Write("anims/bad.gaf", bad, NowSeconds() - 3600);
  contexts::Workspace ws = Open();
  const ToolResult first = Call(ws, "gaf_list", {{"path", "anims/bad.gaf"}});
  ASSERT_TRUE(first.error);
  EXPECT_EQ(first.error->rfind("context ta: anims/bad.gaf: ", 0), 0u) << *first.error;
  const ToolResult second = Call(ws, "gaf_list", {{"path", "anims/bad.gaf"}});
  ASSERT_TRUE(second.error);
  EXPECT_EQ(*second.error, *first.error);
  EXPECT_EQ(second.error_code, first.error_code);
  EXPECT_EQ(ws.parse_cache().stats().hits, 1u);
  // A missing file is no parse: nothing is kept for it.
  const ToolResult missing = Call(ws, "gaf_list", {{"path", "anims/none.gaf"}});
  ASSERT_TRUE(missing.error);
  EXPECT_EQ(*missing.error, "context ta: anims/none.gaf: no such file");
  EXPECT_EQ(ws.parse_cache().stats().entries, 1u);
}

TEST_F(ParsedAssetTest, ContextsOverOneFolderShareAParse) {
  Write("anims/x.gaf", GafNamed("Alpha"), NowSeconds() - 3600);
  contexts::Workspace ws = Open({"one", "two"});
  EXPECT_EQ(FirstName(Call(ws, "gaf_list", {{"context", "one"}, {"path", "anims/x.gaf"}})),
            "Alpha");
  EXPECT_EQ(FirstName(Call(ws, "gaf_list", {{"context", "two"}, {"path", "anims/x.gaf"}})),
            "Alpha");
  EXPECT_EQ(ws.parse_cache().stats().hits, 1u);
}

TEST_F(ParsedAssetTest, WithNoRoomEveryCallParses) {
  Write("anims/x.gaf", GafNamed("Alpha"), NowSeconds() - 3600);
  contexts::Workspace ws = Open();
  ws.parse_cache().SetCapacity(0);
  EXPECT_EQ(FirstName(Call(ws, "gaf_list", {{"path", "anims/x.gaf"}})), "Alpha");
  EXPECT_EQ(FirstName(Call(ws, "gaf_list", {{"path", "anims/x.gaf"}})), "Alpha");
  EXPECT_EQ(ws.parse_cache().stats().entries, 0u);
  EXPECT_EQ(ws.parse_cache().stats().hits, 0u);
}

// Says stop at the first report.
struct StopAtOnce final : Progress {
  bool Report(uint64_t, uint64_t) override { return false; }
};

TEST_F(ParsedAssetTest, ACancelledDecodeIsNotKept) {
  kbot::testing::FixtureFrame frame{.width = 2, .height = 1, .transparency = 9, .storage = 0};
  frame.payload = {1, 2};
  const kbot::testing::FixtureSequence three_frames{"Alpha", 1, 0, {frame, frame, frame}};
  const std::vector<uint8_t> bytes = kbot::testing::LayOutGaf({three_frames}).bytes;
  Write("anims/x.gaf", std::string(bytes.begin(), bytes.end()), NowSeconds() - 3600);
  contexts::Workspace ws = Open();
  StopAtOnce stop;
  EXPECT_TRUE(Call(ws, "gaf_info", {{"path", "anims/x.gaf"}}, stop).cancelled);
  const ToolResult done = Call(ws, "gaf_info", {{"path", "anims/x.gaf"}});
  ASSERT_FALSE(done.error) << *done.error;
  EXPECT_EQ(done.structured["sequences"][0]["frames"].size(), 3u);
  EXPECT_EQ(ws.parse_cache().stats().stores, 1u);
}

// The sequence names asset_find searches (tools/gaf_sequences.h) are kept
// with the other parses: read once, read again after an edit, and a file that
// is not a GAF is skipped, its failure kept too.
TEST_F(ParsedAssetTest, SequenceNamesAreKeptUntilTheFileChanges) {
  Write("anims/x.gaf", GafNamed("Alpha"), NowSeconds() - 3600);
  Write("anims/y.gaf", "not a gaf", NowSeconds() - 3600);
  contexts::Workspace ws = Open();
  const contexts::Context& ta = ws.contexts()[0];
  auto names = [&] {
    absl::StatusOr<std::vector<GafSequenceName>> all = ContextSequences(ta, NoProgress());
    EXPECT_TRUE(all.ok()) << all.status();
    std::vector<std::string> out;
    for (const GafSequenceName& n : all.value_or(std::vector<GafSequenceName>{})) {
      out.push_back(n.path + "#" + std::to_string(n.index) + " " + n.name + " " +
                    std::to_string(n.frames));
    }
    return out;
  };
  EXPECT_EQ(names(), std::vector<std::string>{"anims/x.gaf#0 Alpha 1"});
  EXPECT_EQ(ws.parse_cache().stats().stores, 2u);  // the names and the failure
  EXPECT_EQ(names(), std::vector<std::string>{"anims/x.gaf#0 Alpha 1"});
  EXPECT_EQ(ws.parse_cache().stats().hits, 2u);
  Write("anims/x.gaf", GafNamed("Bravo"), NowSeconds() - 1800);
  EXPECT_EQ(names(), std::vector<std::string>{"anims/x.gaf#0 Bravo 1"});
  EXPECT_EQ(ws.parse_cache().stats().stores, 3u);
}

// Every tool that parses a whole file, twice on the demo data: the second
// answer is the first, from the cache.
TEST(ParsedAssetTools, AnswerTheSecondCallFromTheCache) {
  const std::vector<std::pair<std::string, json>> calls = {
      {"gaf_list", {{"path", "anims/cursors.gaf"}}},
      {"gaf_list", {{"path", "demo.ufo/anims/cursors.gaf"}}},  // the archive's copy
      {"gaf_info", {{"path", "anims/cursors.gaf"}}},
      {"gaf_info", {{"path", "anims/cursors.gaf"}, {"sequence", 1}}},
      {"map_describe", {{"path", "GTADATA/DEMO.CMP"}}},
      {"map_describe", {{"path", "GTADATA/DEMO.CMP"}, {"x", 1}, {"y", 1}}},
      {"style_describe", {{"path", "GTADATA/STYLE001.G24"}}},
      {"fxt_decode", {{"path", "GTADATA/ENGLISH.FXT"}}},
      {"fxt_decode", {{"path", "GTADATA/ENGLISH.FXT"}, {"search", "telephone"}}},
      {"hpi_list", {{"path", "demo.ufo"}}},
      {"palette_describe", {{"path", "palettes/palette.pal"}}},
  };
  absl::StatusOr<contexts::Workspace> ws = contexts::Workspace::Open({}, demo::MakeDemoContext);
  ASSERT_TRUE(ws.ok()) << ws.status();
  for (const auto& [tool, arguments] : calls) {
    const ToolResult first = Call(*ws, tool, arguments);
    ASSERT_FALSE(first.error) << tool << ": " << *first.error;
    const uint64_t hits = ws->parse_cache().stats().hits;
    const ToolResult second = Call(*ws, tool, arguments);
    EXPECT_EQ(second.structured, first.structured) << tool << " " << arguments.dump();
    EXPECT_EQ(second.content, first.content) << tool << " " << arguments.dump();
    EXPECT_EQ(ws->parse_cache().stats().hits, hits + 1) << tool << " " << arguments.dump();
  }
  // The parses kept: the two gaf_list paths are two names (and two
  // identities: a loose file and an archive entry), gaf_info one per
  // sequence argument, map_describe and fxt_decode one whatever the
  // arguments.
  EXPECT_EQ(ws->parse_cache().stats().stores, 9u);
}

}  // namespace
}  // namespace kbot::tools
