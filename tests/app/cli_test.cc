// The kbot binary end to end: exit codes, the error line, --json output equal
// to the tools' JSON, atomic writes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "nlohmann/json.hpp"
#include "tests/support/decode_image.h"
#include "tests/support/gaf_bytes.h"
#include "tests/support/kbot_process.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using testing::KbotRun;
using testing::ReadFile;

class Cli : public ::testing::Test {
 protected:
  KbotRun Kbot(const std::string& args) { return kbot_.Run(args); }

  fs::path Write(const std::string& name, const std::vector<uint8_t>& bytes) {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                             std::streamsize(bytes.size()));
    return p;
  }

  fs::path SampleGaf() {
    testing::FixtureFrame f{.width = 2, .height = 2, .origin_x = 1, .origin_y = 1,
                            .transparency = 9, .storage = 0, .duration = 3};
    f.payload = {9, 1, 2, 3};
    return Write("sample.gaf",
                 testing::LayOutGaf({testing::FixtureSequence{"CursorMove", 1, 0, {f, f}}}).bytes);
  }

  testing::KbotProcess kbot_;
  const fs::path& dir_ = kbot_.dir();
};

// `kbot --version` alone answers before the command line is built (app/main.cc);
// beside other words CLI11 answers it. Both print the same line.
TEST_F(Cli, VersionIsOneLineEitherWay) {
  const KbotRun alone = Kbot("--version");
  ASSERT_EQ(alone.status, 0) << alone.err;
  EXPECT_EQ(alone.out, "kbot 0.1.0\n");
  const KbotRun parsed = Kbot("--version gaf");
  ASSERT_EQ(parsed.status, 0) << parsed.err;
  EXPECT_EQ(parsed.out, alone.out);
}

TEST_F(Cli, ListPrintsATable) {
  const KbotRun r = Kbot("gaf list " + SampleGaf().string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("GAF: 1 sequence(s), version 0x00010100"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("CursorMove"), std::string::npos);
  EXPECT_NE(r.out.find("Duration (ticks)"), std::string::npos);
}

TEST_F(Cli, ListJsonIsTheToolJson) {
  const fs::path gaf = SampleGaf();
  const KbotRun r = Kbot("gaf list --json " + gaf.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["path"], gaf.string());
  EXPECT_EQ(out["sequences"][0]["name"], "CursorMove");
  EXPECT_EQ(out["sequences"][0]["duration_ticks"], 6);
  EXPECT_EQ(out["sequences"][0]["duration_sec"], 0.2);
}

TEST_F(Cli, InfoJsonSelectsBySequenceName) {
  const KbotRun r = Kbot("gaf info " + SampleGaf().string() + " --sequence cursormove --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json out = json::parse(r.out);
  ASSERT_EQ(out["sequences"].size(), 1u);
  EXPECT_EQ(out["sequences"][0]["frames"].size(), 2u);
  EXPECT_EQ(out["sequences"][0]["frames"][0]["origin_x"], 1);
}

TEST_F(Cli, ExportWritesADecodablePng) {
  const fs::path target = dir_ / "out.png";
  const KbotRun r = Kbot("gaf export " + SampleGaf().string() + " --target " + target.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string png = ReadFile(target);
  absl::StatusOr<testing::DecodedPng> decoded =
      testing::DecodePng(std::span(reinterpret_cast<const uint8_t*>(png.data()), png.size()));
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  EXPECT_EQ(decoded->index, (std::vector<uint8_t>{9, 1, 2, 3}));
  EXPECT_EQ(decoded->alpha(0, 0), 0);
  EXPECT_EQ(decoded->alpha(1, 0), 255);
}

TEST_F(Cli, FailedExportLeavesTheTargetUntouched) {
  const fs::path target = dir_ / "keep.png";
  Write("keep.png", {1, 2, 3});
  const KbotRun r = Kbot("gaf export " + SampleGaf().string() + " --sequence 7 --target " +
                     target.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("kbot: gaf export: ", 0), 0u) << r.err;
  EXPECT_EQ(ReadFile(target), std::string("\x01\x02\x03"));
  size_t entries = 0;
  for (const auto& e : fs::directory_iterator(dir_)) entries += e.path().filename().string()[0] == '.';
  EXPECT_EQ(entries, 0u) << "no temporary file is left beside the target";
}

TEST_F(Cli, MalformedFileIsExitOneWithOneLine) {
  const fs::path bad = Write("bad.gaf", {0, 1, 1, 0, 0xff, 0xff, 0xff, 0x0f, 0, 0, 0, 0});
  const KbotRun r = Kbot("gaf list " + bad.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: gaf list: " + bad.string() +
                       ": sequence count 268435455 cannot fit: its offset table needs "
                       "1073741820 bytes after the header, the file has 0\n");
}

TEST_F(Cli, MissingFileIsExitOne) {
  const KbotRun r = Kbot("gaf list " + (dir_ / "nope.gaf").string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("cannot open"), std::string::npos) << r.err;
}

TEST_F(Cli, UsageErrorsAreExitTwo) {
  EXPECT_EQ(Kbot("gaf list").status, 2);
  EXPECT_EQ(Kbot("gaf export x.gaf").status, 2);  // --target missing
  EXPECT_EQ(Kbot("gaf export x.gaf --target y --format bmp").status, 2);
  EXPECT_EQ(Kbot("frobnicate").status, 2);
  const KbotRun r = Kbot("gaf export " + SampleGaf().string() + " --target " +
                     (dir_ / "o.png").string() + " --transparency 300");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("transparency \"300\""), std::string::npos) << r.err;
}

TEST_F(Cli, CheckWalksFoldersAndSummarises) {
  SampleGaf();
  fs::create_directories(dir_ / "sub");
  std::ofstream(dir_ / "sub" / "BROKEN.GAF") << "xx";
  std::ofstream(dir_ / "sub" / "notes.txt") << "not a gaf";
  KbotRun r = Kbot("gaf check " + dir_.string() + " --json");
  EXPECT_EQ(r.status, 1);
  const json out = json::parse(r.out);
  EXPECT_EQ(out["summary"]["files"], 2);
  EXPECT_EQ(out["summary"]["frames"], 2);
  EXPECT_EQ(out["summary"]["errors"], 1);
  r = Kbot("gaf check " + (dir_ / "sample.gaf").string());
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("checked 1 file(s): 1 sequences, 2 frames, 8 pixels, 0 warnings, 0 errors"),
            std::string::npos)
      << r.out;
}

TEST_F(Cli, DemoWritesAssetsThatCheckClean) {
  KbotRun r = Kbot("demo --target " + (dir_ / "demo").string());
  ASSERT_EQ(r.status, 0) << r.err;
  r = Kbot("gaf check " + (dir_ / "demo").string() + " --json");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const json out = json::parse(r.out);
  EXPECT_EQ(out["summary"]["files"], 7);  // with the knight's textures/aramon.gaf
  EXPECT_EQ(out["summary"]["warnings"], 0);
  r = Kbot("gaf export " + (dir_ / "demo/anims/demo.gaf").string() +
           " --sequence explosion --format gif --target " + (dir_ / "e.gif").string());
  EXPECT_EQ(r.status, 0) << r.err;
}

TEST_F(Cli, DumpBuildAndRoundtrip) {
  KbotRun r = Kbot("demo --target " + (dir_ / "demo").string());
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string gaf = (dir_ / "demo/anims/demo.gaf").string();
  r = Kbot("gaf dump " + gaf + " --target " + (dir_ / "dump").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("2 sequence(s), 14 frame(s), 14 image(s)"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(dir_ / "dump/spinner/7.png"));
  r = Kbot("gaf build " + (dir_ / "dump").string() + " --target " + (dir_ / "re.gaf").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(ReadFile(dir_ / "re.gaf"), ReadFile(gaf)) << "the demo file comes back byte for byte";
  r = Kbot("gaf roundtrip " + (dir_ / "demo").string());
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("roundtrip: 7 file(s), 7 identical, 0 differ"), std::string::npos) << r.out;
  EXPECT_EQ(Kbot("gaf build x --target y --storage zip").status, 2);
  EXPECT_EQ(Kbot("gaf dump " + gaf).status, 2);  // --target missing
}

// A frame that draws all 256 indices and has a transparent pixel can only be
// dumped as RGBA; building maps each colour to the nearest index that is not
// the key, so the drawn key pixel comes back as another index, and the
// roundtrip names it.
// A TA3D truecolor GAF, byte by byte: one RGB 2 x 1 frame in a stored zlib
// stream.
TEST_F(Cli, Ta3dTruecolorListsExportsDumpsBuildsAndRoundtrips) {
  testing::FixtureFrame f{.width = 2, .height = 1, .transparency = 0, .storage = 1};
  f.payload = testing::Ta3dData(testing::StoredZlib({250, 0, 0, 0, 0, 250}));
  const fs::path gaf = Write(
      "ui.gaf", testing::LayOutGaf({testing::FixtureSequence{"icon", 1, 0, {f}}}, 0x00010101).bytes);
  KbotRun r = Kbot("gaf list " + gaf.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("version 0x00010101 (TA3D truecolor: zlib RGB(A) frames)"),
            std::string::npos) << r.out;
  r = Kbot("gaf info --json " + gaf.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["sequences"][0]["frames"][0]["storage"], "zlib-rgb");
  r = Kbot("gaf export " + gaf.string() + " --target " + (dir_ / "icon.png").string());
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string icon = ReadFile(dir_ / "icon.png");
  absl::StatusOr<testing::DecodedPng> png =
      testing::DecodePng(std::span(reinterpret_cast<const uint8_t*>(icon.data()), icon.size()));
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->rgba, std::vector<uint8_t>({250, 0, 0, 255, 0, 0, 250, 255}));
  EXPECT_EQ(Kbot("gaf check " + gaf.string()).status, 0);
  r = Kbot("gaf dump " + gaf.string() + " --target " + (dir_ / "dump").string());
  ASSERT_EQ(r.status, 0) << r.err;
  r = Kbot("gaf build " + (dir_ / "dump").string() + " --target " + (dir_ / "back.gaf").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("(TA3D truecolor)"), std::string::npos) << r.out;
  EXPECT_EQ(ReadFile(dir_ / "back.gaf").substr(0, 4), std::string("\x01\x01\x01\x00", 4));
  r = Kbot("gaf build " + (dir_ / "dump").string() + " --variant standard --target " +
           (dir_ / "std.gaf").string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("only in the ta3d-truecolor variant"), std::string::npos) << r.err;
  EXPECT_EQ(Kbot("gaf build " + (dir_ / "dump").string() + " --variant truecolour --target x.gaf")
                .status,
            2);
  r = Kbot("gaf roundtrip " + gaf.string());
  EXPECT_EQ(r.status, 0) << r.out << r.err;
}

TEST_F(Cli, AFileOfAnotherKindIsRefusedByName) {
  const fs::path pal = Write("palette.pal", std::vector<uint8_t>(1024, 0));
  const KbotRun r = Kbot("gaf list " + pal.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: gaf list: " + pal.string() +
                       " is a 256-colour palette (PAL); give it as the palette argument of "
                       "gaf_export (kbot gaf export --palette)\n");
  const KbotRun p = Kbot("gaf export " + SampleGaf().string() + " --palette " +
                         SampleGaf().string() + " --target " + (dir_ / "x.png").string());
  EXPECT_EQ(p.status, 1);
  EXPECT_NE(p.err.find("sample.gaf is a GAF/TAF sprite animation file (1 sequence); use gaf_list"),
            std::string::npos)
      << p.err;
}

TEST_F(Cli, RoundtripNamesTheFirstDifference) {
  std::vector<uint8_t> all(256);
  for (int i = 0; i < 256; ++i) all[i] = uint8_t(i);
  // Every index drawn (the key too: run-encoded), then one skipped pixel.
  testing::FixtureFrame rle{.width = 257, .height = 1, .transparency = 9, .storage = 1};
  std::vector<uint8_t> first(all.begin(), all.begin() + 64), second(all.begin() + 64, all.begin() + 128),
      third(all.begin() + 128, all.begin() + 192), fourth(all.begin() + 192, all.end());
  rle.payload = testing::Row({testing::Literal(first), testing::Literal(second),
                              testing::Literal(third), testing::Literal(fourth), testing::Skip(1)});
  const fs::path file = Write("all.gaf", testing::LayOutGaf({testing::FixtureSequence{"all", 1, 0, {rle}}}).bytes);
  const KbotRun r = Kbot("gaf roundtrip " + file.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("DIFFERS " + file.string() + ": 1 sequences, 1 frames: sequence 0: frame 0: pixel (9, 0): index 9 became 102"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("roundtrip: 1 file(s), 0 identical, 1 differ"), std::string::npos);
}

}  // namespace
}  // namespace kbot
