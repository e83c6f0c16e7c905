// `kbot tdf` and `kbot pcx export`, run as a process on files written here:
// the text and JSON forms, warnings on stderr, and the failures (another
// kind, a file the reader cannot read, a missing file, a bad --limit, a
// target that cannot be written).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "nlohmann/json.hpp"
#include "tests/support/decode_image.h"
#include "tests/support/kbot_process.h"
#include "tests/support/pcx_bytes.h"
#include "tools/picture_export_tool.h"
#include "tools/tdf_parse_tool.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::KbotProcess;
using testing::KbotRun;

void Write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

constexpr const char* kUnit =
    "[UNITINFO]\r\n"
    "{\r\n"
    "UnitName=ARMCOM;\r\n"
    "Name=Commander\r\n"  // line 4: no ';'
    "[DAMAGE]{default=75;}\r\n"
    "Side=ARM;\r\n"
    "}\r\n"
    "[SOUND]{select1=ARMCOMSL;}\r\n";

TEST(TdfCli, TheFileAsTheGameLaysItOutWithWarningsOnStderr) {
  KbotProcess kbot;
  Write(kbot.dir() / "ARMCOM.FBI", kUnit);
  const KbotRun r = kbot.Run("tdf ARMCOM.FBI");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "[UNITINFO]\n\t{\n\tUnitName=ARMCOM;\n\tName=Commander;\n\t[DAMAGE]\n\t\t{\n"
            "\t\tdefault=75;\n\t\t}\n\tSide=ARM;\n\t}\n[SOUND]\n\t{\n\tselect1=ARMCOMSL;\n\t}\n");
  EXPECT_EQ(r.err, "warning: line 4 column 15: missing ';' after the value of 'Name'\n");
}

TEST(TdfCli, JsonIsTheToolsWithEveryEntryUnlessLimited) {
  KbotProcess kbot;
  Write(kbot.dir() / "ARMCOM.FBI", kUnit);
  KbotRun r = kbot.Run("tdf ARMCOM.FBI --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = kUnit;
  const std::vector<uint8_t> bytes(text.begin(), text.end());
  tools::TdfParseRequest all;
  all.limit = std::nullopt;
  absl::StatusOr<tools::TdfParseResult> expected =
      tools::ParseTdfAsset({"ARMCOM.FBI", bytes}, all);
  ASSERT_TRUE(expected.ok()) << expected.status();
  EXPECT_EQ(json::parse(r.out), tools::TdfParseResult::Fields().ToJson(*expected));

  r = kbot.Run("tdf ARMCOM.FBI --section unitinfo --limit 2 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const json cut = json::parse(r.out);
  EXPECT_EQ(cut["truncated"], true);
  EXPECT_EQ(cut["shown"], 2);
  EXPECT_EQ(cut["sections"].size(), 1u);
  EXPECT_EQ(r.err,
            "warning: line 4 column 15: missing ';' after the value of 'Name'\n"
            "cut after line 3: 2 of 6 sections and entries shown; a larger limit (at most "
            "5000)\n");
}

TEST(TdfCli, FailuresAndUsage) {
  KbotProcess kbot;
  Write(kbot.dir() / "ARMCOM.FBI", kUnit);
  Write(kbot.dir() / "bad.fbi", "[A]\n{\n}\n[BROKEN\n");
  testing::PcxFixture pcx;
  pcx.bytes_per_line = 2;
  pcx.data = {0, 0};
  testing::WriteBytes(kbot.dir() / "pic.fbi", testing::LayOutPcx(pcx));

  KbotRun r = kbot.Run("tdf bad.fbi");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: tdf: bad.fbi: line 4 column 1: '[' has no ']' on its line\n");
  r = kbot.Run("tdf pic.fbi");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("kbot: tdf: pic.fbi is a PCX picture (1 x 1, 8-bit); use picture_export "
                        "(kbot pcx export)",
                        0),
            0u)
      << r.err;
  r = kbot.Run("tdf gone.fbi");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("kbot: tdf: gone.fbi: ", 0), 0u) << r.err;
  r = kbot.Run("tdf ARMCOM.FBI --section SOUN");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: tdf: ARMCOM.FBI: no top-level section \"SOUN\"; did you mean "
                   "\"SOUND\"? (2 top-level section(s): UNITINFO, SOUND)\n");
  r = kbot.Run("tdf ARMCOM.FBI --limit 0");
  EXPECT_EQ(r.status, 2) << r.err;
}

testing::DecodedPng ReadPng(const fs::path& path) {
  const std::string bytes = testing::ReadFile(path);
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  EXPECT_TRUE(png.ok()) << png.status();
  return png.ok() ? *png : testing::DecodedPng{};
}

std::vector<int> Pixel(const testing::DecodedPng& png, int x, int y) {
  const size_t at = (size_t(y) * size_t(png.width) + size_t(x)) * 4;
  return {png.rgba[at], png.rgba[at + 1], png.rgba[at + 2], png.rgba[at + 3]};
}

TEST(PcxCli, ExportDrawsWithTheTrailerAndSaysSo) {
  KbotProcess kbot;
  const std::vector<uint8_t> pcx = testing::LayOutPcx(testing::IndexedPcx());
  testing::WriteBytes(kbot.dir() / "ARMCOM.PCX", pcx);
  KbotRun r = kbot.Run("pcx export ARMCOM.PCX --target armcom.png");
  ASSERT_EQ(r.status, 0) << r.err;
  const uintmax_t size = fs::file_size(kbot.dir() / "armcom.png");
  EXPECT_EQ(r.out, "wrote armcom.png: 3 x 2, " + std::to_string(size) + " bytes\n");
  EXPECT_EQ(r.err, "palette: trailer\n");
  const testing::DecodedPng png = ReadPng(kbot.dir() / "armcom.png");
  const std::vector<uint8_t> c = testing::PcxTrailerColour(200);
  EXPECT_EQ(Pixel(png, 0, 1), (std::vector<int>{c[0], c[1], c[2], 255}));

  r = kbot.Run("pcx export ARMCOM.PCX --target again.png --json");
  ASSERT_EQ(r.status, 0) << r.err;
  absl::StatusOr<tools::PictureExportOutcome> expected =
      tools::ExportPcxPicture({"ARMCOM.PCX", pcx}, {}, nullptr);
  ASSERT_TRUE(expected.ok()) << expected.status();
  EXPECT_EQ(json::parse(r.out), tools::PictureExportSummary::Fields().ToJson(expected->summary));
}

TEST(PcxCli, WithoutATrailerTaPaletteOrTheOneGiven) {
  KbotProcess kbot;
  testing::PcxFixture bare = testing::IndexedPcx();
  bare.trailer = false;
  testing::WriteBytes(kbot.dir() / "bare.pcx", testing::LayOutPcx(bare));
  std::vector<uint8_t> pal;
  for (int i = 0; i < 256; ++i) pal.insert(pal.end(), {uint8_t(i), uint8_t(i), 9, 0});
  testing::WriteBytes(kbot.dir() / "grey.pal", pal);
  KbotRun r = kbot.Run("pcx export bare.pcx --target a.png");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err,
            "warning: no 256-colour palette at the end (no 0x0c marker at fileSize - 769): drawn "
            "with the embedded palette\npalette: embedded\n");
  r = kbot.Run("pcx export bare.pcx --palette grey.pal --target b.png");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.substr(r.err.find("palette: ")), "palette: override grey.pal\n");
  EXPECT_EQ(Pixel(ReadPng(kbot.dir() / "b.png"), 0, 0), (std::vector<int>{5, 5, 9, 255}));
}

TEST(PcxCli, ExportFailures) {
  KbotProcess kbot;
  testing::WriteBytes(kbot.dir() / "ARMCOM.PCX", testing::LayOutPcx(testing::IndexedPcx()));
  Write(kbot.dir() / "unit.fbi", kUnit);
  KbotRun r = kbot.Run("pcx export unit.fbi --target u.png");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("kbot: pcx export: unit.fbi is a text file, starting \"[UNITINFO]\"; if "
                        "it is in TDF syntax (FBI, TDF, OTA, GUI), use tdf_parse (kbot tdf)",
                        0),
            0u)
      << r.err;
  EXPECT_FALSE(fs::exists(kbot.dir() / "u.png"));
  r = kbot.Run("pcx export gone.pcx --target g.png");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("kbot: pcx export: gone.pcx: ", 0), 0u) << r.err;
  // The command writes where it is told; a folder that is not there fails
  // and leaves nothing half-written behind.
  r = kbot.Run("pcx export ARMCOM.PCX --target no/such/folder/a.png");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("palette: trailer\nkbot: pcx export: ", 0), 0u) << r.err;
  EXPECT_FALSE(fs::exists(kbot.dir() / "no"));
  r = kbot.Run("pcx export ARMCOM.PCX --target a.png --width 3 --height 2");
  EXPECT_EQ(r.status, 2) << r.err;  // no such options: a PCX's header gives its size
  r = kbot.Run("pcx export ARMCOM.PCX");
  EXPECT_EQ(r.status, 2) << r.err;  // --target is required
}

}  // namespace
}  // namespace kbot
