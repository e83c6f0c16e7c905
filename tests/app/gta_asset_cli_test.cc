// `kbot gta style|tiles|font|picture|player`, run as a process on the demo
// style and font and on small files written here.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "demo/demo_gta_style.h"
#include "tools/font_render_tool.h"
#include "tools/picture_export_tool.h"
#include "tools/player_describe_tool.h"
#include "tools/style_describe_tool.h"
#include "nlohmann/json.hpp"
#include "tests/support/decode_image.h"
#include "tests/support/gta_gry_bytes.h"
#include "tests/support/kbot_process.h"

namespace kbot {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::KbotProcess;
using testing::KbotRun;

testing::DecodedPng ReadPng(const fs::path& path) {
  const std::string bytes = testing::ReadFile(path);
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  EXPECT_TRUE(png.ok()) << png.status();
  return png.ok() ? *png : testing::DecodedPng{};
}

TEST(GtaAssetCli, StyleJsonIsTheToolsAndTilesWriteASheet) {
  KbotProcess kbot;
  const std::vector<uint8_t> style = demo::DemoStyle();
  testing::WriteBytes(kbot.dir() / "STYLE001.G24", style);
  KbotRun r = kbot.Run("gta style STYLE001.G24 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  absl::StatusOr<tools::StyleDescription> expected =
      tools::DescribeStyle({"STYLE001.G24", style});
  ASSERT_TRUE(expected.ok()) << expected.status();
  EXPECT_EQ(json::parse(r.out), tools::StyleDescription::Fields().ToJson(*expected));
  r = kbot.Run("gta style STYLE001.G24");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("2 side, 6 lid, 4 aux tile(s)"), std::string::npos) << r.out;

  r = kbot.Run("gta tiles STYLE001.G24 --target lids.png --first 1 --count 5 --remap 2 "
               "--columns 3 --scale 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("wrote lids.png: 388 x 258, ", 0), 0u) << r.out;
  testing::DecodedPng png = ReadPng(kbot.dir() / "lids.png");
  EXPECT_EQ(png.width, 3 * 128 + 2 * 2);
  EXPECT_EQ(png.height, 2 * 128 + 2);
  EXPECT_EQ(png.alpha(0, 0), 255);
  EXPECT_EQ(png.alpha(129, 0), 0);    // the gap
  EXPECT_EQ(png.alpha(300, 200), 0);  // no sixth tile
  // Two side tiles and no --scale: the largest scale within 512 px, 3.
  r = kbot.Run("gta tiles STYLE001.G24 --kind side --direction left --target sides.png");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(ReadPng(kbot.dir() / "sides.png").width, 2 * 192 + 2);
}

// An 8-bit style (tests/support/gta_gry_bytes.h): its own summary line, and
// its car drawn through the car record's remap table.
TEST(GtaAssetCli, AnEightBitStyleDescribedAndItsSpritesDrawn) {
  KbotProcess kbot;
  testing::WriteBytes(kbot.dir() / "STYLE001.GRY", testing::GrySample().Bytes());
  KbotRun r = kbot.Run("gta style STYLE001.GRY");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("STYLE001.GRY: GTA1 style version 325\n2 side, 2 lid, 1 aux tile(s); "
                       "8-bit: one palette, 130 remap table(s); 1 animation(s)"),
            std::string::npos)
      << r.out;
  r = kbot.Run("gta sprite STYLE001.GRY --kind car --number 0 --remap 2 --scale 1 "
               "--target car.png --json");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["table"], 7);
  const testing::DecodedPng png = ReadPng(kbot.dir() / "car.png");
  ASSERT_EQ(png.width, 2);
  EXPECT_EQ(std::vector<uint8_t>(png.rgba.begin(), png.rgba.begin() + 4),
            (std::vector<uint8_t>{4, 8, 12, 255}));  // colour 1 through table 7: 5
}

TEST(GtaAssetCli, FontJsonIsTheTools) {
  KbotProcess kbot;
  const std::vector<uint8_t> font = demo::DemoFont();
  testing::WriteBytes(kbot.dir() / "DEMO.FON", font);
  const KbotRun r = kbot.Run("gta font DEMO.FON --text 'HI 42' --scale 2 --target t.png --json");
  ASSERT_EQ(r.status, 0) << r.err;
  tools::FontRenderRequest request;
  request.text = "HI 42";
  request.scale = 2;
  absl::StatusOr<tools::FontRenderOutcome> expected =
      tools::RenderFont({"DEMO.FON", font}, request);
  ASSERT_TRUE(expected.ok()) << expected.status();
  EXPECT_EQ(json::parse(r.out), tools::FontRenderSummary::Fields().ToJson(expected->summary));
  EXPECT_EQ(testing::ReadFile(kbot.dir() / "t.png"),
            std::string(expected->image.png.begin(), expected->image.png.end()));
  EXPECT_EQ(ReadPng(kbot.dir() / "t.png").height, 16);
}

// The demo font has capitals only: lower case comes out in capitals, and what
// is still missing is one line on stderr however long the text.
TEST(GtaAssetCli, FontSaysWhatItDrewInCapitalsAndWhatItLacks) {
  KbotProcess kbot;
  testing::WriteBytes(kbot.dir() / "DEMO.FON", demo::DemoFont());
  const KbotRun r =
      kbot.Run("gta font DEMO.FON --text 'Hi \xc3\xa9\xc3\xa9\xc3\xa8~' --target t.png");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err,
            "warning: drew 1 lower-case letter as a capital: the font has no lower case\n"
            "missing: 4 characters have no glyph and take no room: ~, U+00E8-U+00E9\n");
}

TEST(GtaAssetCli, PictureRawAndRatWithThePaletteBesideIt) {
  KbotProcess kbot;
  std::vector<uint8_t> raw;
  for (int i = 0; i < 12; ++i) raw.insert(raw.end(), {uint8_t(i), uint8_t(10 + i), uint8_t(20 + i)});
  testing::WriteBytes(kbot.dir() / "PIC.RAW", raw);
  KbotRun r = kbot.Run("gta picture PIC.RAW --target p.png --width 4 --height 3");
  ASSERT_EQ(r.status, 0) << r.err;
  testing::DecodedPng png = ReadPng(kbot.dir() / "p.png");
  EXPECT_EQ(png.width, 4);
  EXPECT_EQ(png.rgba[(2 * 4 + 3) * 4], 11);
  std::vector<uint8_t> pal;
  for (int i = 0; i < 256; ++i) pal.insert(pal.end(), {uint8_t(255 - i), uint8_t(i), 7});
  testing::WriteBytes(kbot.dir() / "f_pal.raw", pal);  // found whatever its case
  testing::WriteBytes(kbot.dir() / "t.rat", {0, 1, 2, 255});
  r = kbot.Run("gta picture t.rat --target r.png --width 2 --height 2 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  json expected = json::parse(R"({"path": "t.rat", "format": "rat", "width": 2, "height": 2,
      "color": "indexed", "palette": "F_PAL.RAW", "palette_source": null, "warnings": []})");
  expected["bytes"] = std::filesystem::file_size(kbot.dir() / "r.png");  // the PNG written
  EXPECT_EQ(json::parse(r.out), expected);
  png = ReadPng(kbot.dir() / "r.png");
  EXPECT_EQ(png.rgba[0], 255);
  EXPECT_EQ(png.rgba[3 * 4 + 1], 255);
}

TEST(GtaAssetCli, PlayerJsonIsTheTools) {
  KbotProcess kbot;
  std::vector<uint8_t> player(0x414, 0);
  player[0x18] = 100;
  player[0x18 + 4] = 'A';
  testing::WriteBytes(kbot.dir() / "PLAYER_A.DAT", player);
  KbotRun r = kbot.Run("gta player PLAYER_A.DAT --json");
  ASSERT_EQ(r.status, 0) << r.err;
  absl::StatusOr<tools::PlayerDescription> described =
      tools::DescribePlayer({"PLAYER_A.DAT", player});
  ASSERT_TRUE(described.ok()) << described.status();
  const json expected = tools::PlayerDescription::Fields().ToJson(*described);
  EXPECT_EQ(json::parse(r.out), expected);
  EXPECT_EQ(expected["high_scores"][0]["scores"][0]["score"], 100);
  r = kbot.Run("gta player PLAYER_A.DAT");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("PLAYER_A.DAT: GTA1 settings, 1044 bytes, 0x414 layout\n"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("strings"), std::string::npos) << r.out;
}

// A file 35 bytes short: read, not refused; what lies past its end is
// unknown, and its strings are listed.
TEST(GtaAssetCli, PlayerShortFileShowsUnknownsAndStrings) {
  KbotProcess kbot;
  std::vector<uint8_t> player(0x414 - 35, 0);
  player[0x18] = 100;
  player[0x18 + 4] = 'A', player[0x18 + 5] = 'C', player[0x18 + 6] = 'E';
  testing::WriteBytes(kbot.dir() / "CUT.DAT", player);
  KbotRun r = kbot.Run("gta player CUT.DAT --json");
  ASSERT_EQ(r.status, 0) << r.err;
  absl::StatusOr<tools::PlayerDescription> described = tools::DescribePlayer({"CUT.DAT", player});
  ASSERT_TRUE(described.ok()) << described.status();
  const json expected = tools::PlayerDescription::Fields().ToJson(*described);
  EXPECT_EQ(json::parse(r.out), expected);
  EXPECT_TRUE(expected["network_name"].is_null());
  r = kbot.Run("gta player CUT.DAT");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* line :
       {"CUT.DAT: GTA1 settings, 1009 bytes, 0x414 layout\n",
        ", current player unknown, network name unknown\n",
        "warning: CUT.DAT: 1009 bytes, 35 fewer than the 1044 (0x414) of the documented layout; "
        "read as the 0x414 layout where its fields check out\n",
        "warning: CUT.DAT: current player at 0x400: past the end of the file at 0x3f1\n",
        "strings (NUL-terminated, 3+ printable characters):\n", "0x1c    ACE\n"}) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line << "\n" << r.out;
  }
  std::vector<uint8_t> junk(1009, 0xee);  // every s32 reads -286331154
  junk[0] = 0;                            // binary, not text
  testing::WriteBytes(kbot.dir() / "JUNK.DAT", junk);
  r = kbot.Run("gta player JUNK.DAT");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("JUNK.DAT: 1009 bytes, not the 1044 (0x414) of the documented layout, "
                       "and the high scores check out in neither layout"),
            std::string::npos)
      << r.err;
}

TEST(GtaAssetCli, UsageAndErrors) {
  KbotProcess kbot;
  testing::WriteBytes(kbot.dir() / "STYLE001.G24", demo::DemoStyle());
  EXPECT_EQ(kbot.Run("gta tiles STYLE001.G24").status, 2);  // no --target
  EXPECT_EQ(kbot.Run("gta tiles STYLE001.G24 --target x.png --kind side --remap 1").status, 2);
  EXPECT_EQ(kbot.Run("gta picture PIC.RAW --target p.png --width 4").status, 2);
  EXPECT_EQ(kbot.Run("gta font DEMO.FON --target t.png").status, 2);  // no --text
  KbotRun r = kbot.Run("gta tiles STYLE001.G24 --target x.png --first 6");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kbot: gta tiles: STYLE001.G24: no lid tile 6: the style has 6 lid tile(s)\n");
  EXPECT_FALSE(fs::exists(kbot.dir() / "x.png"));
  testing::WriteBytes(kbot.dir() / "bad.g24", {1, 2, 3});
  r = kbot.Run("gta style bad.g24");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("kbot: gta style: bad.g24: ", 0), 0u) << r.err;
}

}  // namespace
}  // namespace kbot
