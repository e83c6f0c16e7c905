// The GAF tools on a TA3D truecolor GAF laid out byte by byte: list and info
// name the variant and each frame's storage, export draws RGBA, check decodes
// it, dump writes RGBA PNGs, build writes the variant back (asked for, or
// because the dump says zlib-rgba / zlib-rgb) and roundtrip keeps it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "gmock/gmock.h"
#include "tools/gaf_build.h"
#include "tools/gaf_dump.h"
#include "tools/gaf_roundtrip.h"
#include "tools/gaf_export_tool.h"
#include "tools/gaf_info_tool.h"
#include "tools/gaf_list_tool.h"
#include "tools/gaf_tools.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/decode_image.h"
#include "tests/support/gaf_bytes.h"

namespace kbot::tools {
namespace {

namespace fs = std::filesystem;
using testing::FixtureFrame;
using testing::FixtureSequence;
using testing::StoredZlib;
using testing::Ta3dData;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// "build": an RGB 2 x 2 frame then an RGBA 3 x 1 frame; "glow": one RGBA
// 1 x 1 frame, plays once.
std::vector<uint8_t> Ta3dFile() {
  FixtureFrame rgb{.width = 2, .height = 2, .origin_x = 1, .origin_y = 1, .transparency = 0,
                   .storage = 1, .duration = 3};
  rgb.payload = Ta3dData(StoredZlib({10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120}));
  FixtureFrame rgba{.width = 3, .height = 1, .transparency = 1, .storage = 1, .duration = 2};
  rgba.payload = Ta3dData(StoredZlib({255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0}));
  FixtureFrame dot{.width = 1, .height = 1, .transparency = 7, .storage = 1, .duration = 1};
  dot.payload = Ta3dData(StoredZlib({1, 2, 3, 4}));
  return testing::LayOutGaf({FixtureSequence{"build", 1, 0, {rgb, rgba}},
                             FixtureSequence{"glow", 0x0100, 0, {dot}}},
                            gaf::kVersionTa3dTruecolor)
      .bytes;
}

TEST(Ta3dTools, ListNamesTheVariant) {
  absl::StatusOr<json> out = GafList(Asset{"ui/build.gaf", Ta3dFile()});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ((*out)["version"], 0x00010101);
  EXPECT_EQ((*out)["variant"], "ta3d-truecolor");
  EXPECT_EQ((*out)["warnings"], json::array());
  EXPECT_EQ((*out)["sequences"][0]["frames"], 2);
  EXPECT_EQ((*out)["sequences"][0]["duration_ticks"], 5);
  absl::StatusOr<json> standard = GafList(Asset{"a.gaf", testing::LayOutGaf({}).bytes});
  ASSERT_TRUE(standard.ok());
  EXPECT_EQ((*standard)["variant"], "standard");
}

TEST(Ta3dTools, InfoNamesEachFramesStorageAndDecodesIt) {
  absl::StatusOr<json> out = GafInfo(Asset{"ui/build.gaf", Ta3dFile()}, std::nullopt);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ((*out)["variant"], "ta3d-truecolor");
  EXPECT_EQ((*out)["errors"], json::array());
  const json& frames = (*out)["sequences"][0]["frames"];
  EXPECT_EQ(frames[0]["storage"], "zlib-rgb");
  EXPECT_EQ(frames[0]["storage_byte"], 1);
  EXPECT_EQ(frames[0]["transparency"], 0);
  EXPECT_EQ(frames[1]["storage"], "zlib-rgba");
  EXPECT_EQ((*out)["sequences"][1]["frames"][0]["storage"], "zlib-rgba");
}

TEST(Ta3dTools, ExportDrawsRgba) {
  ExportRequest req;
  req.sequence = "build";
  req.frame = 1;
  absl::StatusOr<ExportResult> out = GafExport(Asset{"ui/build.gaf", Ta3dFile()}, req);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->Json()["color"], "rgba");
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(out->image);
  ASSERT_TRUE(png.ok()) << png.status();
  EXPECT_EQ(png->width, 3);
  EXPECT_EQ(png->rgba, std::vector<uint8_t>({255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0}));

  req.frame = 0;
  out = GafExport(Asset{"ui/build.gaf", Ta3dFile()}, req);
  ASSERT_TRUE(out.ok()) << out.status();
  png = testing::DecodePng(out->image);
  ASSERT_TRUE(png.ok());
  EXPECT_EQ(png->rgba, std::vector<uint8_t>({10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255,
                                             100, 110, 120, 255}));

  req.format = ExportFormat::kApng;
  out = GafExport(Asset{"ui/build.gaf", Ta3dFile()}, req);
  ASSERT_TRUE(out.ok()) << out.status();
  absl::StatusOr<testing::DecodedApng> apng = testing::DecodeApngFrames(out->image);
  ASSERT_TRUE(apng.ok()) << apng.status();
  ASSERT_EQ(apng->frames.size(), 2u);
  EXPECT_EQ(apng->frames[0].delay_num, 3);
  EXPECT_EQ((out->Json()["width"]), 4);  // aligned on origins

  req.format = ExportFormat::kGif;
  out = GafExport(Asset{"ui/build.gaf", Ta3dFile()}, req);
  ASSERT_FALSE(out.ok());
  EXPECT_THAT(out.status().message(), HasSubstr("a GIF cannot hold it"));
}

TEST(Ta3dTools, CheckDecodesEveryFrameAndLocatesABadOne) {
  json report = GafCheckFile(Asset{"ui/build.gaf", Ta3dFile()});
  EXPECT_EQ(report["variant"], "ta3d-truecolor");
  EXPECT_EQ(report["frames"], 3);
  EXPECT_EQ(report["pixels"], 4 + 3 + 1);
  EXPECT_EQ(report["errors"], json::array());

  std::vector<uint8_t> bad = Ta3dFile();
  bad[bad.size() - 1] ^= 0xff;  // the last frame's Adler-32
  report = GafCheckFile(Asset{"ui/build.gaf", bad});
  ASSERT_EQ(report["errors"].size(), 1u);
  EXPECT_THAT(report["errors"][0].get<std::string>(),
              HasSubstr("ui/build.gaf: sequence 1 frame 0: the zlib stream at 0x"));
  EXPECT_THAT(report["errors"][0].get<std::string>(), HasSubstr("incorrect data check"));
  EXPECT_EQ(report["frames"], 3);  // the others still decoded
}

class Ta3dEdit : public testing::TempDirTest {
 protected:
  static std::string Read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }

  json Dump(const std::vector<uint8_t>& bytes) {
    DumpRequest req;
    req.target = (dir_ / "dump").string();
    absl::StatusOr<json> out = GafDump(Asset{"build.gaf", bytes}, req);
    EXPECT_TRUE(out.ok()) << out.status();
    return out.ok() ? *out : json();
  }

  absl::StatusOr<BuiltGaf> Build(std::optional<gaf::Variant> variant = std::nullopt) {
    BuildRequest req;
    req.dir = (dir_ / "dump").string();
    req.target = "out.gaf";
    req.variant = variant;
    return BuildGafBytes(req);
  }
};

TEST_F(Ta3dEdit, DumpWritesRgbaPngsAndZlibStorages) {
  Dump(Ta3dFile());
  EXPECT_EQ(Read(dir_ / "dump" / "build" / "frames.csv"),
            "frame,width,height,origin_x,origin_y,transparency,duration_ticks,duration_sec,"
            "storage,blend\n"
            "0,2,2,1,1,0,3,0.100,zlib-rgb,0\n"
            "1,3,1,0,0,1,2,0.067,zlib-rgba,0\n");
  const std::string png = Read(dir_ / "dump" / "build" / "1.png");
  absl::StatusOr<testing::DecodedPng> decoded =
      testing::DecodePng(std::vector<uint8_t>(png.begin(), png.end()));
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  EXPECT_EQ(decoded->color_type, 6);  // RGBA
  EXPECT_EQ(decoded->rgba,
            std::vector<uint8_t>({255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0}));
}

TEST_F(Ta3dEdit, BuildWritesTheVariantBackFromTheDump) {
  const std::vector<uint8_t> original = Ta3dFile();
  Dump(original);
  absl::StatusOr<BuiltGaf> built = Build();
  ASSERT_TRUE(built.ok()) << built.status();
  EXPECT_EQ(built->variant, gaf::Variant::kTa3dTruecolor);
  EXPECT_EQ(built->warnings, std::vector<std::string>());
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(built->bytes, "out.gaf");
  ASSERT_TRUE(gaf.ok()) << gaf.status();
  EXPECT_EQ(gaf->version, gaf::kVersionTa3dTruecolor);
  EXPECT_EQ(gaf->sequences[0].frames[0].info.storage(), gaf::Storage::kZlibRgb);
  EXPECT_EQ(gaf->sequences[1].frames[0].info.transparency, 7);  // kept
  EXPECT_EQ(gaf->sequences[1].loop_flags, 0x0100);
  absl::StatusOr<gaf::FramePicture> pic =
      gaf::RenderFrame(built->bytes, gaf->sequences[0].frames[1].info, gaf::Transparency::Game(),
                       gaf::FrameLocation{"out.gaf", 0, 1}, nullptr);
  ASSERT_TRUE(pic.ok()) << pic.status();
  EXPECT_EQ(pic->rgba.rgba, std::vector<uint8_t>({255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0}));
}

TEST_F(Ta3dEdit, RoundtripKeepsTheVariant) {
  const json report = GafRoundtripFile(Asset{"ui/build.gaf", Ta3dFile()});
  EXPECT_EQ(report["ok"], true) << report.dump();
  EXPECT_EQ(report["frames"], 3);
}

TEST_F(Ta3dEdit, VariantTa3dConvertsAPalettedDump) {
  // A standard file: one run-encoded 2 x 1 frame, the second pixel skipped.
  FixtureFrame rle{.width = 2, .height = 1, .transparency = 9, .storage = 1};
  rle.payload = testing::Row({testing::Literal({4}), testing::Skip(1)});
  Dump(testing::LayOutGaf({FixtureSequence{"icon", 1, 0, {rle}}}).bytes);
  absl::StatusOr<BuiltGaf> built = Build(gaf::Variant::kTa3dTruecolor);
  ASSERT_TRUE(built.ok()) << built.status();
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(built->bytes, "out.gaf");
  ASSERT_TRUE(gaf.ok()) << gaf.status();
  EXPECT_EQ(gaf->variant, gaf::Variant::kTa3dTruecolor);
  const gaf::FrameInfo& info = gaf->sequences[0].frames[0].info;
  EXPECT_EQ(info.storage(), gaf::Storage::kZlibRgba);  // a transparent pixel needs alpha
  EXPECT_EQ(info.transparency, 9);
  absl::StatusOr<gaf::FramePicture> pic = gaf::RenderFrame(
      built->bytes, info, gaf::Transparency::Game(), gaf::FrameLocation{"out.gaf", 0, 0}, nullptr);
  ASSERT_TRUE(pic.ok()) << pic.status();
  const palette::Rgb c = palette::TaPalette().colors[4];
  EXPECT_EQ(pic->rgba.rgba, std::vector<uint8_t>({c.r, c.g, c.b, 255, 0, 0, 0, 0}));
}

TEST_F(Ta3dEdit, TheStandardVariantRefusesZlibFrames) {
  Dump(Ta3dFile());
  absl::StatusOr<BuiltGaf> built = Build(gaf::Variant::kStandard);
  ASSERT_FALSE(built.ok());
  EXPECT_THAT(built.status().message(),
              HasSubstr("frames.csv: line 2: storage zlib-rgb is only in the ta3d-truecolor "
                        "variant"));
}

TEST_F(Ta3dEdit, ATransparencyThatContradictsTheStorageIsFixedWithAWarning) {
  Dump(Ta3dFile());
  const fs::path frames = dir_ / "dump" / "build" / "frames.csv";
  std::string text = Read(frames);
  text.replace(text.find("1,3,1,0,0,1,"), 12, "1,3,1,0,0,0,");  // zlib-rgba with key 0
  std::ofstream(frames, std::ios::binary) << text;
  absl::StatusOr<BuiltGaf> built = Build();
  ASSERT_TRUE(built.ok()) << built.status();
  EXPECT_THAT(built->warnings,
              ElementsAre(frames.string() +
                          ": line 3: transparency 0 would make TA3D read RGB; stored 1"));
}

}  // namespace
}  // namespace kbot::tools
