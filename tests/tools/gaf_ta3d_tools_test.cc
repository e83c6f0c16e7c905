// The GAF tools on a TA3D truecolor GAF laid out byte by byte: list and info
// name the variant and each frame's storage, export draws RGBA, check decodes
// it (tests/support/ta3d_gaf.h; dump and build: tests/edit/gaf_ta3d_edit_test.cc).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "gmock/gmock.h"
#include "tools/gaf_export_tool.h"
#include "tools/gaf_info_tool.h"
#include "tools/gaf_list_tool.h"
#include "tools/gaf_tools.h"
#include "tests/contexts/test_dir.h"
#include "tests/support/decode_image.h"
#include "tests/support/gaf_bytes.h"
#include "tests/support/ta3d_gaf.h"

namespace kbot::tools {
namespace {

namespace fs = std::filesystem;
using testing::FixtureFrame;
using testing::FixtureSequence;
using testing::StoredZlib;
using testing::Ta3dData;
using testing::Ta3dFile;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

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

}  // namespace
}  // namespace kbot::tools
