// `kbot hpi list | extract | pack` through the binary: exact tables, JSON
// equal to the hpi_list tool's, extraction that never leaves its folder,
// corrupt entries that do not stop the others, and archives packed byte for
// byte as the spec lays them out.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "formats/hpi/hpi.h"
#include "formats/hpi/hpi_writer.h"
#include "tools/hpi_list_tool.h"
#include "nlohmann/json.hpp"
#include "tests/support/hpi_bytes.h"
#include "tests/support/kbot_process.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::ByteBuilder;
using testing::BytesOf;
using testing::KbotProcess;
using testing::ReadBytes;
using testing::WriteBytes;
using testing::KbotRun;

// Everything under `dir` (hidden files too), relative, folders ending in '/'.
std::set<std::string> Tree(const fs::path& dir) {
  std::set<std::string> out;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir)) {
    std::string rel = e.path().lexically_relative(dir).generic_string();
    if (e.is_directory() && !e.is_symlink()) rel += "/";
    out.insert(rel);
  }
  return out;
}

// Bytes that compress somewhat, over more than one 65536-byte v1 chunk.
std::vector<uint8_t> Big(size_t n) {
  std::vector<uint8_t> out(n);
  uint32_t x = 7;
  for (size_t i = 0; i < n; ++i) {
    x = x * 1103515245 + 12345;
    out[i] = (i / 512) % 2 ? uint8_t(x >> 24) : uint8_t("kbot"[i % 4]);
  }
  return out;
}

// hpi_list's structuredContent for `bytes` as the archive at `path`.
json ToolJson(const std::string& path, const std::vector<uint8_t>& bytes) {
  const contexts::Context ctx{"t", contexts::Game::kTa, "", true,
                              contexts::MakeMemoryVfs({{path, bytes}}, "test")};
  const tools::ToolResult r =
      tools::RunHpiList(ctx, tools::HpiListTable().Parse({{"path", path}}));
  EXPECT_FALSE(r.error) << *r.error;
  return r.structured;
}

std::vector<uint8_t> ThreeStored() {
  return testing::FlatHpiV1({{"Units/ArmCom.fbi", BytesOf("0123456789")},
                             {"readme.txt", {}},
                             {"anims/a.gaf", BytesOf("abc")}});
}

TEST(HpiCli, ListPrintsATable) {
  KbotProcess kbot;
  WriteBytes(kbot.dir() / "t.hpi", ThreeStored());
  const KbotRun r = kbot.Run("hpi list t.hpi");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "Path              Size  Stored  Ratio  Compression\n"
            "----------------  ----  ------  -----  -----------\n"
            "anims/a.gaf       3     3       100%   none\n"
            "readme.txt        0     0       -      none\n"
            "Units/ArmCom.fbi  10    10      100%   none\n"
            "t.hpi: HPI version 1, 3 file(s), 13 bytes (13 stored)\n");
  EXPECT_EQ(r.err, "");
}

TEST(HpiCli, ListJsonIsExactlyTheToolsStructuredContent) {
  KbotProcess kbot;
  absl::StatusOr<std::vector<uint8_t>> archive = hpi::WriteHpi(
      {{"gamedata/sides.tdf", Big(3000)}, {"Anims/Cursors.GAF", BytesOf("abc")}},
      {2, hpi::Compression::kLz77});
  ASSERT_TRUE(archive.ok()) << archive.status();
  WriteBytes(kbot.dir() / "k.hpi", *archive);
  KbotRun r = kbot.Run("hpi list k.hpi --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json expected = ToolJson("k.hpi", *archive);
  EXPECT_EQ(json::parse(r.out), expected);
  EXPECT_EQ(expected["version"], 2);
  EXPECT_EQ(expected["entries"][1]["compression"], "lz77");

  // With --context, ARCHIVE is a path inside the context, and "path" is the
  // context's spelling.
  WriteBytes(kbot.dir() / "game" / "Data" / "K.HPI", *archive);
  r = kbot.Run("context add g --game takingdoms --path game");
  ASSERT_EQ(r.status, 0) << r.err;
  r = kbot.Run("hpi list data/k.hpi --context g --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out), ToolJson("Data/K.HPI", *archive));
}

TEST(HpiCli, ExtractsEverythingOrWhatTheGlobsSelect) {
  KbotProcess kbot;
  const std::vector<uint8_t> fbi = BytesOf("[UNITINFO]\r\n{\r\n\tUnitName=ARMCOM;\r\n}\r\n");
  const std::vector<uint8_t> big = Big(70000);
  absl::StatusOr<std::vector<uint8_t>> archive =
      hpi::WriteHpi({{"Units/ArmCom.fbi", fbi},
                     {"anims/a.gaf", BytesOf("abc")},
                     {"anims/sub/b.GAF", big},
                     {"readme.txt", {}}},
                    {1, hpi::Compression::kZlib});
  ASSERT_TRUE(archive.ok()) << archive.status();
  WriteBytes(kbot.dir() / "t.hpi", *archive);

  KbotRun r = kbot.Run("hpi extract t.hpi --target out");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "") << "no progress line when stderr is not a terminal";
  EXPECT_EQ(r.out, "extracted 4 of 4 entries from t.hpi to out (" +
                       std::to_string(fbi.size() + 3 + big.size()) + " bytes)\n");
  const fs::path out = kbot.dir() / "out";
  EXPECT_EQ(Tree(out), (std::set<std::string>{"Units/", "Units/ArmCom.fbi", "anims/",
                                              "anims/a.gaf", "anims/sub/", "anims/sub/b.GAF",
                                              "readme.txt"}));
  EXPECT_EQ(ReadBytes(out / "Units/ArmCom.fbi"), fbi);
  EXPECT_EQ(ReadBytes(out / "anims/a.gaf"), BytesOf("abc"));
  EXPECT_EQ(ReadBytes(out / "anims/sub/b.GAF"), big);
  EXPECT_EQ(ReadBytes(out / "readme.txt"), std::vector<uint8_t>{});

  r = kbot.Run("hpi extract t.hpi 'ANIMS/*.gaf' --target one");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(Tree(kbot.dir() / "one"), (std::set<std::string>{"anims/", "anims/a.gaf"}));

  r = kbot.Run("hpi extract t.hpi '**/*.gaf' 'readme.*' --target two");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(Tree(kbot.dir() / "two"),
            (std::set<std::string>{"anims/", "anims/a.gaf", "anims/sub/", "anims/sub/b.GAF",
                                   "readme.txt"}));
  EXPECT_EQ(ReadBytes(kbot.dir() / "two/anims/sub/b.GAF"), big);

  // A glob that selects nothing is reported; the others still extract.
  r = kbot.Run("hpi extract t.hpi 'units/*' 'nope/*' --target three");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: hpi extract: t.hpi: no entry matches \"nope/*\"\n");
  EXPECT_EQ(Tree(kbot.dir() / "three"), (std::set<std::string>{"Units/", "Units/ArmCom.fbi"}));
}

TEST(HpiCli, ExtractsFromAContext) {
  KbotProcess kbot;
  WriteBytes(kbot.dir() / "game" / "TotalA1.HPI", ThreeStored());
  ASSERT_EQ(kbot.Run("context add ta --game ta --path game").status, 0);
  const KbotRun r = kbot.Run("hpi extract totala1.hpi '**/*.fbi' --context ta --target out");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "extracted 1 of 3 entries from TotalA1.HPI to out (10 bytes)\n");
  EXPECT_EQ(ReadBytes(kbot.dir() / "out/Units/ArmCom.fbi"), BytesOf("0123456789"));
}

TEST(HpiCli, ExtractRefusesAFileOfAnotherKindByName) {
  KbotProcess kbot;
  WriteBytes(kbot.dir() / "notes.hpi", BytesOf("[UNITINFO]\n{\n}\n"));
  const KbotRun r = kbot.Run("hpi extract notes.hpi --target out");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: hpi extract: notes.hpi is a text file, starting \"[UNITINFO]\"; if it "
                   "is in TDF syntax (FBI, TDF, OTA, GUI), use tdf_parse (kbot tdf)\n");
  EXPECT_FALSE(fs::exists(kbot.dir() / "out"));
}

TEST(HpiCli, HostileNamesNeverLeaveTheTarget) {
  KbotProcess kbot;
  WriteBytes(kbot.dir() / "evil.hpi", testing::FlatHpiV1({{"../evil", BytesOf("1")},
                                                          {"/abs", BytesOf("2")},
                                                          {"C:\\x", BytesOf("3")},
                                                          {"a/../../b", BytesOf("4")},
                                                          {"a\\..\\..\\c", BytesOf("5")},
                                                          {"ok.txt", BytesOf("ok")},
                                                          {"sub/./fine.txt", BytesOf("fine")}}));
  fs::create_directories(kbot.dir() / "box");
  const KbotRun r = kbot.Run("hpi extract evil.hpi --target box/out");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "kbot: hpi extract: evil.hpi: ../evil: unsafe name, not extracted: \"..\" would "
            "leave the target folder\n"
            "kbot: hpi extract: evil.hpi: /abs: unsafe name, not extracted: an absolute path\n"
            "kbot: hpi extract: evil.hpi: a/../../b: unsafe name, not extracted: \"..\" would "
            "leave the target folder\n"
            "kbot: hpi extract: evil.hpi: a\\..\\..\\c: unsafe name, not extracted: \"..\" would "
            "leave the target folder\n"
            "kbot: hpi extract: evil.hpi: C:\\x: unsafe name, not extracted: a drive path\n");
  EXPECT_EQ(r.out, "extracted 2 of 7 entries from evil.hpi to box/out (6 bytes)\n");
  // Nothing beside the target, nor above it.
  EXPECT_EQ(Tree(kbot.dir()),
            (std::set<std::string>{"evil.hpi", "box/", "box/out/", "box/out/ok.txt",
                                   "box/out/sub/", "box/out/sub/fine.txt"}));
  EXPECT_FALSE(fs::exists("/abs"));
  EXPECT_EQ(ReadBytes(kbot.dir() / "box/out/sub/fine.txt"), BytesOf("fine"));
}

TEST(HpiCli, FolderLinksLeadingOutOfTheTargetAreNotFollowed) {
  KbotProcess kbot;
  WriteBytes(kbot.dir() / "link.hpi",
             testing::FlatHpiV1({{"evil/x.txt", BytesOf("x")}, {"fine.txt", BytesOf("f")}}));
  fs::create_directories(kbot.dir() / "elsewhere");
  fs::create_directories(kbot.dir() / "out");
  fs::create_directory_symlink("../elsewhere", kbot.dir() / "out" / "evil");
  const KbotRun r = kbot.Run("hpi extract link.hpi --target out");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: hpi extract: link.hpi: evil/x.txt: out/evil: a link that does not lead "
                   "to a folder inside the target\n");
  EXPECT_TRUE(fs::is_empty(kbot.dir() / "elsewhere"));
  EXPECT_EQ(ReadBytes(kbot.dir() / "out/fine.txt"), BytesOf("f"));
}

TEST(HpiCli, EntriesOnOneFileIgnoringCaseAreConflicts) {
  KbotProcess kbot;
  WriteBytes(kbot.dir() / "case.hpi", testing::FlatHpiV1({{"Dir/A.txt", BytesOf("first")},
                                                          {"dir/a.TXT", BytesOf("second")},
                                                          {"DIR/b.txt", BytesOf("b")},
                                                          {"x", BytesOf("file x")},
                                                          {"X/y", BytesOf("y")},
                                                          {"q//r.txt", BytesOf("r1")},
                                                          {"q/r.txt", BytesOf("r2")}}));
  const KbotRun r = kbot.Run("hpi extract case.hpi --target out");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "kbot: hpi extract: case.hpi: dir/a.TXT: conflict, not extracted: entry "
            "\"Dir/A.txt\" is written to the same file, Dir/A.txt (paths ignore case)\n"
            "kbot: hpi extract: case.hpi: q/r.txt: conflict, not extracted: entry \"q//r.txt\" "
            "is written to the same file, q/r.txt (paths ignore case)\n"
            "kbot: hpi extract: case.hpi: x: conflict, not extracted: X is also a folder of "
            "other entries (paths ignore case)\n");
  const fs::path out = kbot.dir() / "out";
  // One folder for Dir and DIR, spelt as the first entry spells it.
  EXPECT_EQ(Tree(out), (std::set<std::string>{"Dir/", "Dir/A.txt", "Dir/b.txt", "X/", "X/y",
                                              "q/", "q/r.txt"}));
  EXPECT_EQ(ReadBytes(out / "Dir/A.txt"), BytesOf("first"));
  EXPECT_EQ(ReadBytes(out / "q/r.txt"), BytesOf("r1"));
}

TEST(HpiCli, ACorruptEntryIsReportedAndTheOthersComeOut) {
  KbotProcess kbot;
  const std::vector<uint8_t> a = Big(5000), b = Big(6000), d = Big(70000);
  absl::StatusOr<std::vector<uint8_t>> archive = hpi::WriteHpi(
      {{"a.txt", a}, {"b.txt", b}, {"c/d.txt", d}}, {1, hpi::Compression::kZlib});
  ASSERT_TRUE(archive.ok()) << archive.status();
  absl::StatusOr<hpi::HpiArchive> opened = hpi::OpenHpi(*archive, "bad.hpi");
  ASSERT_TRUE(opened.ok()) << opened.status();
  // b.txt: one chunk-size word, then the SQSH header (19), then the payload,
  // whose first byte no longer adds up to the checksum.
  (*archive)[opened->Find("b.txt")->data_offset + 4 + 19] ^= 0x5A;
  WriteBytes(kbot.dir() / "bad.hpi", *archive);

  const KbotRun r = kbot.Run("hpi extract bad.hpi --target out");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("kbot: hpi extract: bad.hpi: b.txt: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("checksum"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.out, "extracted 2 of 3 entries from bad.hpi to out (75000 bytes)\n");
  // No b.txt, and no temporary file left of it.
  EXPECT_EQ(Tree(kbot.dir() / "out"), (std::set<std::string>{"a.txt", "c/", "c/d.txt"}));
  EXPECT_EQ(ReadBytes(kbot.dir() / "out/a.txt"), a);
  EXPECT_EQ(ReadBytes(kbot.dir() / "out/c/d.txt"), d);
}

TEST(HpiCli, AnEntryOfUnknownCompressionIsReportedAndTheOthersComeOut) {
  KbotProcess kbot;
  std::vector<uint8_t> bytes =
      testing::FlatHpiV1({{"good.txt", BytesOf("good")}, {"weird.bin", BytesOf("weird")}});
  const size_t record = bytes[37 + 4] | bytes[37 + 5] << 8;  // root entry 1's file record
  bytes[record + 8] = 7;                                     // its compression byte
  WriteBytes(kbot.dir() / "w.hpi", bytes);
  const KbotRun r = kbot.Run("hpi extract w.hpi --target out");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("kbot: hpi extract: w.hpi: weird.bin: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(Tree(kbot.dir() / "out"), (std::set<std::string>{"good.txt"}));
  EXPECT_EQ(ReadBytes(kbot.dir() / "out/good.txt"), BytesOf("good"));
}

TEST(HpiCli, MissingAndMalformedArchivesFail) {
  KbotProcess kbot;
  KbotRun r = kbot.Run("hpi list missing.hpi");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: hpi list: missing.hpi: cannot open: No such file or directory\n");
  // Bytes of no kind kbot can tell reach the reader, which names the header.
  WriteBytes(kbot.dir() / "notes.hpi", {0x01, 0x02, 'j', 'u', 'n', 'k', 0, 0});
  r = kbot.Run("hpi extract notes.hpi --target out");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err,
            "kbot: hpi extract: notes.hpi: header at 0x0: marker 0x756a0201 is not HAPI "
            "(0x49504148): not an HPI archive\n");
  EXPECT_FALSE(fs::exists(kbot.dir() / "out"));
  r = kbot.Run("hpi pack nowhere --target x.hpi");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: hpi pack: nowhere: not a folder\n");
  EXPECT_FALSE(fs::exists(kbot.dir() / "x.hpi"));
}

TEST(HpiCli, UsageErrorsExitTwo) {
  KbotProcess kbot;
  fs::create_directories(kbot.dir() / "src");
  WriteBytes(kbot.dir() / "t.hpi", ThreeStored());
  for (const char* args : {"hpi pack src --target x.hpi --compression bzip2",
                           "hpi pack src --target x.hpi --version 3", "hpi pack src",
                           "hpi extract t.hpi", "hpi list", "hpi"}) {
    const KbotRun r = kbot.Run(args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    EXPECT_EQ(r.err.rfind("kbot: usage: ", 0), 0u) << args << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists(kbot.dir() / "x.hpi"));
}

TEST(HpiCli, ThreadCountsOutOfRangeAreUsageErrors) {
  KbotProcess kbot;
  WriteBytes(kbot.dir() / "src/a.txt", BytesOf("a"));
  WriteBytes(kbot.dir() / "t.hpi", ThreeStored());
  for (const std::string command :
       {"hpi pack src --target x.hpi", "hpi extract t.hpi --target out"}) {
    for (const std::string value : {"-1", "257", "100000", "two"}) {
      const KbotRun r = kbot.Run(command + " --threads " + value);
      EXPECT_EQ(r.status, 2) << command << " " << value;
      EXPECT_EQ(r.err, "kbot: usage: --threads: Value " + value +
                           " not in range 0 to 256 (see kbot --help)\n")
          << command;
    }
    // Documented in the command's help.
    const KbotRun help = kbot.Run(command + " --help");
    EXPECT_NE(help.out.find("--threads"), std::string::npos) << help.out;
    EXPECT_NE(help.out.find("0 (default) every core, or 1..256"), std::string::npos) << help.out;
  }
  EXPECT_FALSE(fs::exists(kbot.dir() / "x.hpi"));
  EXPECT_FALSE(fs::exists(kbot.dir() / "out"));
}

// A folder with nested folders, an empty file and a file over one v1 chunk.
void MakeSource(const fs::path& src) {
  WriteBytes(src / "Units/ArmCom.fbi", BytesOf("[UNITINFO]\r\n{\r\n}\r\n"));
  WriteBytes(src / "anims/sub/big.bin", Big(70000));
  WriteBytes(src / "empty.txt", {});
  WriteBytes(src / "a/b/c/d.txt", BytesOf("deep"));
}

class HpiPackRoundTrip : public ::testing::TestWithParam<std::tuple<int, std::string>> {};

TEST_P(HpiPackRoundTrip, ListAndExtractGiveTheFolderBack) {
  const auto& [version, compression] = GetParam();
  KbotProcess kbot;
  MakeSource(kbot.dir() / "src");
  KbotRun r = kbot.Run("hpi pack src --target p.hpi --version " + std::to_string(version) +
                       " --compression " + compression);
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<uint8_t> packed = ReadBytes(kbot.dir() / "p.hpi");
  EXPECT_EQ(r.out, "packed 4 file(s) of src (70022 bytes) into p.hpi: HPI version " +
                       std::to_string(version) + ", " + compression + ", " +
                       std::to_string(packed.size()) + " bytes\n");

  r = kbot.Run("hpi list p.hpi --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json listed = json::parse(r.out);
  EXPECT_EQ(listed["version"], version);
  const std::vector<std::tuple<std::string, int, std::string>> expected = {
      {"a/b/c/d.txt", 4, compression},
      {"anims/sub/big.bin", 70000, compression},
      {"empty.txt", 0, "none"},  // empty files are always stored
      {"Units/ArmCom.fbi", 18, compression}};
  ASSERT_EQ(listed["entries"].size(), expected.size()) << listed.dump(2);
  for (size_t i = 0; i < expected.size(); ++i) {
    const json& e = listed["entries"][i];
    EXPECT_EQ(e["path"], std::get<0>(expected[i]));
    EXPECT_EQ(e["size"], std::get<1>(expected[i]));
    EXPECT_EQ(e["compression"], std::get<2>(expected[i])) << e["path"];
  }

  r = kbot.Run("hpi extract p.hpi --target back");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::set<std::string> tree = Tree(kbot.dir() / "src");
  EXPECT_EQ(Tree(kbot.dir() / "back"), tree);
  for (const std::string& f : tree) {
    if (f.back() == '/') continue;
    EXPECT_EQ(ReadBytes(kbot.dir() / "back" / f), ReadBytes(kbot.dir() / "src" / f)) << f;
  }
}

INSTANTIATE_TEST_SUITE_P(
    VersionsAndCompressions, HpiPackRoundTrip,
    ::testing::Combine(::testing::Values(1, 2), ::testing::Values("none", "zlib", "lz77")),
    [](const ::testing::TestParamInfo<std::tuple<int, std::string>>& info) {
      return "v" + std::to_string(std::get<0>(info.param)) + "_" + std::get<1>(info.param);
    });

TEST(HpiCli, PackDefaultsToVersion1Zlib) {
  KbotProcess kbot;
  WriteBytes(kbot.dir() / "src/a.txt", BytesOf(std::string(100, 'a')));
  ASSERT_EQ(kbot.Run("hpi pack src --target p.hpi").status, 0);
  const KbotRun r = kbot.Run("hpi list p.hpi --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json listed = json::parse(r.out);
  EXPECT_EQ(listed["version"], 1);
  EXPECT_EQ(listed["entries"][0]["compression"], "zlib");
}

// The archive of {a.txt: "hi", d/b.txt: "xyz"}, laid out by hand from the
// layout of docs/formats/hpi.md in the order hpi_writer.h documents: version
// 1, each directory record followed by its entries (folders first, then
// files, by name), each entry's name and then its subdirectory record or file
// record, then the data in the order the file records were written.
std::vector<uint8_t> HandMadeV1() {
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(95).U32(0).U32(20);  // DirectorySize 95, key 0, Start
  b.U32(2).U32(28);                                           // 20: root: 2 entries at 28
  b.U32(46).U32(48).U8(1);                                    // 28: "d", a folder, record at 48
  b.U32(80).U32(86).U8(0);                                    // 37: "a.txt", file record at 86
  b.Padded("d", 2);                                           // 46
  b.U32(1).U32(56);                                           // 48: d: 1 entry at 56
  b.U32(65).U32(71).U8(0);                                    // 56: "b.txt", file record at 71
  b.Padded("b.txt", 6);                                       // 65
  b.U32(95).U32(3).U8(0);                                     // 71: data at 95, 3 bytes, stored
  b.Padded("a.txt", 6);                                       // 80
  b.U32(98).U32(2).U8(0);                                     // 86: data at 98, 2 bytes, stored
  b.Append(BytesOf("xyz"));                                   // 95
  b.Append(BytesOf("hi"));                                    // 98
  return b.data;
}

// The same files, version 2: the 32-byte header, the directory block (root
// record, its subdirectory records, its file records; then each
// subdirectory's), the name block, the data.
std::vector<uint8_t> HandMadeV2() {
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00020000);
  b.U32(32).U32(88).U32(120).U32(15).U32(135).U32(0);  // directory, names, data, Last78
  b.U32(0).U32(20).U32(1).U32(40).U32(1);              // dir 0: root "", folder at 20, file at 40
  b.U32(7).U32(64).U32(0).U32(64).U32(1);              // dir 20: "d", no folders, 1 file at 64
  b.U32(1).U32(135).U32(2).U32(0).U32(0).U32(0);       // dir 40: "a.txt" at 135, 2 bytes, stored
  b.U32(9).U32(137).U32(3).U32(0).U32(0).U32(0);       // dir 64: "b.txt" at 137, 3 bytes, stored
  b.U8(0).Padded("a.txt", 6).Padded("d", 2).Padded("b.txt", 6);  // names 0, 1, 7, 9
  b.Append(BytesOf("hi"));                                       // 135
  b.Append(BytesOf("xyz"));                                      // 137
  return b.data;
}

TEST(HpiCli, PackWritesTheBytesTheSpecLaysOut) {
  KbotProcess kbot;
  WriteBytes(kbot.dir() / "src/a.txt", BytesOf("hi"));
  WriteBytes(kbot.dir() / "src/d/b.txt", BytesOf("xyz"));
  KbotRun r = kbot.Run("hpi pack src --target v1.hpi --compression none");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(ReadBytes(kbot.dir() / "v1.hpi"), HandMadeV1());
  r = kbot.Run("hpi pack src --target v2.hpi --compression none --version 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(ReadBytes(kbot.dir() / "v2.hpi"), HandMadeV2());
}

TEST(HpiCli, PackSkipsItsOwnTargetAndLinksLeavingTheFolder) {
  KbotProcess kbot;
  const fs::path src = kbot.dir() / "src";
  WriteBytes(src / "a.txt", BytesOf("a"));
  WriteBytes(kbot.dir() / "outside.txt", BytesOf("secret"));
  fs::create_symlink(kbot.dir() / "outside.txt", src / "out.txt");
  fs::create_symlink("a.txt", src / "in.txt");
  fs::create_directory_symlink(".", src / "loop");
  for (int run = 0; run < 2; ++run) {  // the second run finds src/self.hpi there
    const KbotRun r = kbot.Run("hpi pack src --target src/self.hpi");
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("warning: skipped src/out.txt: a link that leads out of src\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("warning: skipped src/loop: links to folders are not followed\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("packed 2 file(s) of src (2 bytes)"), std::string::npos) << r.out;
  }
  const KbotRun r = kbot.Run("hpi list src/self.hpi --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json listed = json::parse(r.out);
  ASSERT_EQ(listed["entries"].size(), 2u) << listed.dump(2);
  EXPECT_EQ(listed["entries"][0]["path"], "a.txt");
  EXPECT_EQ(listed["entries"][1]["path"], "in.txt");
}

TEST(HpiCli, PackRefusesNamesTheArchiveCannotHoldApart) {
  KbotProcess kbot;
  WriteBytes(kbot.dir() / "src/a.txt", BytesOf("1"));
  WriteBytes(kbot.dir() / "src/A.TXT", BytesOf("2"));
  const KbotRun r = kbot.Run("hpi pack src --target p.hpi");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("kbot: hpi pack: src: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("given twice"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(kbot.dir() / "p.hpi"));
}

TEST(HpiCli, EveryThreadCountPacksAndExtractsTheSameBytes) {
  KbotProcess kbot;
  MakeSource(kbot.dir() / "src");
  WriteBytes(kbot.dir() / "src/more/over.bin", Big(200000));
  std::vector<uint8_t> first;
  for (const char* threads : {"1", "2", "3", "0"}) {
    const KbotRun r =
        kbot.Run(std::string("hpi pack src --target p.hpi --threads ") + threads);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<uint8_t> packed = ReadBytes(kbot.dir() / "p.hpi");
    if (first.empty()) first = packed;
    EXPECT_TRUE(packed == first) << threads << " threads";
  }
  // Nothing beside the archive: no temporary file left.
  EXPECT_EQ(Tree(kbot.dir()).count("p.hpi"), 1u);
  for (const std::string& f : Tree(kbot.dir())) {
    EXPECT_EQ(f.find(".tmp"), std::string::npos) << f;
  }
  for (const char* threads : {"1", "2"}) {
    const std::string out = std::string("back") + threads;
    const KbotRun r = kbot.Run("hpi extract p.hpi --threads " + std::string(threads) +
                               " --target " + out);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, "extracted 5 of 5 entries from p.hpi to " + out + " (270022 bytes)\n");
    const std::set<std::string> tree = Tree(kbot.dir() / "src");
    EXPECT_EQ(Tree(kbot.dir() / out), tree);
    for (const std::string& f : tree) {
      if (f.back() == '/') continue;
      EXPECT_EQ(ReadBytes(kbot.dir() / out / f), ReadBytes(kbot.dir() / "src" / f)) << f;
    }
  }
}

}  // namespace
}  // namespace kbot
