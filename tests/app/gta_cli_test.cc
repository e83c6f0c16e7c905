// `kbot gta fxt` and `kbot gta fxt build`, run as a process.
#include <gtest/gtest.h>

#include <filesystem>
#include <algorithm>
#include <fstream>

#include "demo/demo_assets.h"
#include "formats/gta/fxt.h"
#include "tools/map_describe_tool.h"
#include "nlohmann/json.hpp"
#include "tests/support/kbot_process.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::KbotProcess;
using testing::KbotRun;

void Write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

TEST(GtaCli, FxtBuildThenReadGivesTheLinesBack) {
  KbotProcess kbot;
  Write(kbot.dir() / "t.txt",
        "[1001]Answer the phones\r\n\n[k]Caf\xc3\xa9\n[1001]Again\n");
  KbotRun r = kbot.Run("gta fxt build t.txt --target T.FXT");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "wrote T.FXT: 3 record(s), 51 bytes\n");  // 24 + 9 + 12 + the 6-byte trailer
  // The file is what the writer makes of those records, byte for byte.
  absl::StatusOr<std::vector<uint8_t>> expected =
      gta::WriteFxt({{"1001", "Answer the phones"}, {"k", "Caf\xc3\xa9"}, {"1001", "Again"}});
  ASSERT_TRUE(expected.ok());
  const std::string written = testing::ReadFile(kbot.dir() / "T.FXT");
  EXPECT_EQ(std::vector<uint8_t>(written.begin(), written.end()), *expected);
  r = kbot.Run("gta fxt T.FXT");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "[1001]Answer the phones\n[k]Caf\xc3\xa9\n[1001]Again\n");
  EXPECT_EQ(r.err, "");
}

TEST(GtaCli, FxtJsonIsTheToolsAndFiltersWork) {
  KbotProcess kbot;
  Write(kbot.dir() / "t.txt", "[a]one\n[b]Two\n[a]three\n");
  ASSERT_EQ(kbot.Run("gta fxt build t.txt --target t.fxt").status, 0);
  KbotRun r = kbot.Run("gta fxt t.fxt --key a --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out), json::parse(R"({"path": "t.fxt", "total": 2, "offset": 0,
      "next_offset": null, "records": 3, "warnings": [], "cipher": {"k": 100, "m": 99},
      "entries": [{"index": 0, "key": "a", "text": "one"},
                  {"index": 2, "key": "a", "text": "three"}]})"));
  r = kbot.Run("gta fxt t.fxt --search TWO");
  EXPECT_EQ(r.out, "[b]Two\n");
  r = kbot.Run("gta fxt t.fxt --key A");
  EXPECT_EQ(r.out, "[a]one\n[a]three\n");
  r = kbot.Run("gta fxt t.fxt --limit 1");
  EXPECT_EQ(r.out, "[a]one\n");
  EXPECT_EQ(r.err, "1 of 3 record(s) (more: --offset 1)\n");
}

// A search ignores case and accents, on either side.
TEST(GtaCli, FxtSearchIgnoresAccents) {
  KbotProcess kbot;
  Write(kbot.dir() / "t.txt", "[a]Le T\xc3\xa9l\xc3\xa9phone\n[b]telephone\n[c]Tele\n");
  ASSERT_EQ(kbot.Run("gta fxt build t.txt --target t.fxt").status, 0);
  for (const char* search : {"TELEPHONE", "t\xc3\xa9l\xc3\xa9phone", "\xc3\x89L\xc3\x89P"}) {
    const KbotRun r = kbot.Run(std::string("gta fxt t.fxt --search '") + search + "'");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "[a]Le T\xc3\xa9l\xc3\xa9phone\n[b]telephone\n") << search;
  }
}

TEST(GtaCli, FxtErrorsAndUsage) {
  KbotProcess kbot;
  Write(kbot.dir() / "bad.txt", "[a]ok\nno brackets\n");
  KbotRun r = kbot.Run("gta fxt build bad.txt --target x.fxt");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: gta fxt build: bad.txt: line 2: expected [KEY]TEXT\n");
  EXPECT_FALSE(fs::exists(kbot.dir() / "x.fxt"));
  Write(kbot.dir() / "empty-key.txt", "[]x\n");
  r = kbot.Run("gta fxt build empty-key.txt --target x.fxt");
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(fs::exists(kbot.dir() / "x.fxt"));
  // The start of every English file, "[1001]A", cut inside the first text
  // (its 0x02 keeps it from passing for a plain text file).
  Write(kbot.dir() / "cut.fxt", "\xbf\xf8\xbd\x49\x62\xbe\x02");
  r = kbot.Run("gta fxt cut.fxt");
  EXPECT_EQ(r.status, 1);
  // No starting values read a whole first record; the error says so, and
  // what the documented pair reads.
  EXPECT_EQ(r.err.rfind("kbot: gta fxt: cut.fxt: record 0 at 0x0: no starting values", 0), 0u)
      << r.err;
  EXPECT_NE(r.err.find("k=0x64 m=0x63: record 0 at 0x0: [1001]: the text has no closing NUL\n"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(kbot.Run("gta fxt").status, 2);
  EXPECT_EQ(kbot.Run("gta fxt build t.txt").status, 2);
}

std::vector<uint8_t> BytesOf(const std::string& s) { return {s.begin(), s.end()}; }

// A file enciphered from other starting values than the documented pair:
// the text form says which, and building that text gives the file back.
TEST(GtaCli, FxtPrintsTheCipherLineAndBuildsTheSameBytesBack) {
  KbotProcess kbot;
  const std::vector<gta::FxtRecord> records = {
      {"1001", "Answer the phones"}, {"k", "No\xc3\xabl"}, {"1001", "Again"}};
  absl::StatusOr<std::vector<uint8_t>> source = gta::WriteFxt(records, {0x5e, 0x31});
  ASSERT_TRUE(source.ok());
  Write(kbot.dir() / "OTHER.FXT", std::string(source->begin(), source->end()));
  KbotRun r = kbot.Run("gta fxt OTHER.FXT");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "#cipher k=0x5e m=0x31\n[1001]Answer the phones\n[k]No\xc3\xabl\n[1001]Again\n");
  EXPECT_EQ(r.err, "");
  Write(kbot.dir() / "other.txt", r.out);
  r = kbot.Run("gta fxt build other.txt --target AGAIN.FXT");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(BytesOf(testing::ReadFile(kbot.dir() / "AGAIN.FXT")), *source);
  // The JSON is fxt_decode's, with the values used.
  r = kbot.Run("gta fxt OTHER.FXT --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["cipher"], json::parse(R"({"k": 94, "m": 49})"));
}

TEST(GtaCli, FxtBuildCipherOptionOverridesTheTextsLine) {
  KbotProcess kbot;
  const std::vector<gta::FxtRecord> records = {{"a", "Caf\xc3\xa9"}, {"b", "two"}};
  Write(kbot.dir() / "t.txt", "#cipher k=0x5e m=0x31\r\n\n[a]Caf\xc3\xa9\n[b]two\n");
  const auto built = [&](const std::string& options) {
    const KbotRun r = kbot.Run("gta fxt build t.txt --target T.FXT" + options);
    EXPECT_EQ(r.status, 0) << options << ": " << r.err;
    return BytesOf(testing::ReadFile(kbot.dir() / "T.FXT"));
  };
  EXPECT_EQ(built(""), *gta::WriteFxt(records, {0x5e, 0x31}));
  EXPECT_EQ(built(" --cipher 0xa7,11"), *gta::WriteFxt(records, {0xa7, 0x0b}));
  EXPECT_EQ(built(" --cipher 100,0x63"), *gta::WriteFxt(records));
  EXPECT_EQ(built(" --cipher 0X21,0x48"), *gta::WriteFxt(records, {0x21, 0x48}));
  // Without the line, the documented pair.
  Write(kbot.dir() / "t.txt", "[a]Caf\xc3\xa9\n[b]two\n");
  EXPECT_EQ(built(""), *gta::WriteFxt(records));
  const KbotRun r = kbot.Run("gta fxt T.FXT");
  EXPECT_EQ(r.out, "[a]Caf\xc3\xa9\n[b]two\n");  // no #cipher line for the documented pair
}

TEST(GtaCli, FxtBuildCipherUsageAndTextErrors) {
  KbotProcess kbot;
  Write(kbot.dir() / "t.txt", "[a]one\n");
  for (const char* bad :
       {"256,1", "1", "0x64;0x63", "x,1", "1,2,3", "0x-1,5", "0x,1", ",", "1, 2"}) {
    const KbotRun r =
        kbot.Run(std::string("gta fxt build t.txt --target x.fxt --cipher '") + bad + "'");
    EXPECT_EQ(r.status, 2) << bad << ": " << r.err;
    EXPECT_EQ(r.err.rfind("kbot: usage: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("--cipher takes K,M"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(kbot.dir() / "x.fxt"));
  // The #cipher line comes first, is well formed, and comes once.
  const auto error = [&](const std::string& text) {
    Write(kbot.dir() / "b.txt", text);
    const KbotRun r = kbot.Run("gta fxt build b.txt --target x.fxt");
    EXPECT_EQ(r.status, 1) << text;
    return r.err;
  };
  EXPECT_EQ(error("[a]one\n#cipher k=0x5e m=0x31\n"),
            "kbot: gta fxt build: b.txt: line 2: a #cipher line may only come first, before the "
            "records\n");
  EXPECT_EQ(error("#cipher k=0x5e m=0x31\n#cipher k=0x5e m=0x31\n[a]one\n"),
            "kbot: gta fxt build: b.txt: line 2: a #cipher line may only come first, before the "
            "records\n");
  EXPECT_EQ(error("#cipher k=0x5e\n[a]one\n"),
            "kbot: gta fxt build: b.txt: line 1: expected #cipher k=K m=M, each 0-255\n");
  EXPECT_EQ(error("#cipher k=0x5e m=300\n"),
            "kbot: gta fxt build: b.txt: line 1: expected #cipher k=K m=M, each 0-255\n");
  EXPECT_EQ(error("# a comment\n[a]one\n"),
            "kbot: gta fxt build: b.txt: line 1: expected [KEY]TEXT\n");
  EXPECT_FALSE(fs::exists(kbot.dir() / "x.fxt"));
}

TEST(GtaCli, MapJsonIsTheToolsOnTheDemoMap) {
  KbotProcess kbot;
  KbotRun r = kbot.Run("gta map GTADATA/DEMO.CMP --context demo --x 3 --y 3 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  absl::StatusOr<std::vector<demo::DemoAsset>> assets = demo::MakeDemoAssets();
  ASSERT_TRUE(assets.ok());
  const auto demo = std::find_if(assets->begin(), assets->end(),
                                 [](const demo::DemoAsset& a) {
                                   return a.path == "GTADATA/DEMO.CMP";
                                 });
  ASSERT_NE(demo, assets->end());
  absl::StatusOr<tools::MapDescription> described =
      tools::DescribeMap({"GTADATA/DEMO.CMP", demo->bytes}, std::pair{3, 3});
  ASSERT_TRUE(described.ok()) << described.status();
  const std::optional<json> expected = tools::MapDescription::Fields().ToJson(*described);
  EXPECT_EQ(json::parse(r.out), *expected);
  const json& cell = (*expected)["cell"];
  EXPECT_EQ(cell["district"], "Demo Town");
  std::vector<std::string> types;
  for (const json& b : cell["blocks"]) types.push_back(b["type"]);
  EXPECT_EQ(types, (std::vector<std::string>{"building", "building", "pavement", "field"}));
  r = kbot.Run("gta map GTADATA/DEMO.CMP --context demo");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("services: police 1 hospital 1 fire 1\n"), std::string::npos) << r.out;
}

TEST(GtaCli, MapUsageAndErrors) {
  KbotProcess kbot;
  EXPECT_EQ(kbot.Run("gta map GTADATA/DEMO.CMP --context demo --x 3").status, 2);
  EXPECT_EQ(kbot.Run("gta map GTADATA/DEMO.CMP --context demo --x 300 --y 1").status, 2);
  Write(kbot.dir() / "bad.cmp", "nope");
  const KbotRun r = kbot.Run("gta map bad.cmp");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: gta map: bad.cmp is a text file, starting \"nope\"; if it is in TDF syntax "
            "(FBI, TDF, OTA, GUI), use tdf_parse (kbot tdf)\n");
  std::vector<uint8_t> short_map(100, 0);
  short_map[0] = 0x4b, short_map[1] = 0x01;  // version 331, then nothing
  Write(kbot.dir() / "short.cmp", std::string(short_map.begin(), short_map.end()));
  const KbotRun cut = kbot.Run("gta map short.cmp");
  EXPECT_EQ(cut.status, 1);
  EXPECT_EQ(cut.err.rfind("kbot: gta map: short.cmp: ", 0), 0u) << cut.err;
}

// A plain file (no context): its own folder is the context, so the style
// beside it is found.
TEST(GtaCli, RenderAPlainFileWithTheStyleBesideIt) {
  KbotProcess kbot;
  ASSERT_EQ(kbot.Run("demo --target data").status, 0);
  KbotRun r = kbot.Run("gta render data/GTADATA/DEMO.CMP --target town.png --w 16 --h 16 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["path"], "DEMO.CMP");
  EXPECT_EQ(out["style"], "STYLE001.G24");
  EXPECT_EQ(out["width"], 128);
  EXPECT_EQ(out["bytes"], fs::file_size(kbot.dir() / "town.png"));
  fs::rename(kbot.dir() / "data/GTADATA/STYLE001.G24", kbot.dir() / "data/STYLE001.G24");
  r = kbot.Run("gta render data/GTADATA/DEMO.CMP --target lost.png");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("STYLE001.G24"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(kbot.dir() / "lost.png"));
}

}  // namespace
}  // namespace kbot
