// The GAF tools called directly, without a transport: exact JSON of
// docs/json.md, and exports decoded back with libpng / giflib.
#include "tools/gaf_export_tool.h"
#include "tools/gaf_info_tool.h"
#include "tools/gaf_list_tool.h"
#include "tools/gaf_tools.h"

#include <gtest/gtest.h>

#include "formats/palette/palette.h"
#include "tests/support/decode_image.h"
#include "tests/support/gaf_bytes.h"

namespace kbot::tools {
namespace {

using testing::FixtureFrame;
using testing::FixtureSequence;
using testing::Literal;
using testing::Repeat;
using testing::Row;
using testing::Skip;

// "Cursor": 2 run-encoded 4 x 2 frames, key 9, loops; "boom": 1 raw frame,
// plays once (loop word 0x0100: only the low byte counts).
std::vector<uint8_t> TwoSequences() {
  FixtureFrame a{.width = 4, .height = 2, .origin_x = 2, .origin_y = 1, .transparency = 9,
                 .storage = 1, .duration = 4};
  a.payload = testing::Concat({Row({Skip(1), Repeat(2, 9), Literal({0})}),  // key drawn, black
                               Row({Literal({200, 201, 202, 203})})});
  FixtureFrame b = a;
  b.duration = 0;  // shown for one tick
  FixtureFrame raw{.width = 3, .height = 1, .origin_x = 0, .origin_y = 0, .transparency = 7,
                   .storage = 0, .duration = 0x00010005};
  raw.payload = {7, 1, 2};
  return testing::LayOutGaf({FixtureSequence{"Cursor", 1, 0, {a, b}},
                             FixtureSequence{"boom", 0x0100, 42, {raw}}})
      .bytes;
}

TEST(GafList, MatchesTheContract) {
  const std::vector<uint8_t> bytes = TwoSequences();
  absl::StatusOr<json> out = GafList(Asset{"anims/test.gaf", bytes});
  ASSERT_TRUE(out.ok()) << out.status();
  const json expected = json::parse(R"({
    "path": "anims/test.gaf", "version": 65792, "variant": "standard", "warnings": [],
    "sequences": [
      {"index": 0, "name": "Cursor", "frames": 2, "loops": true, "loop_flags": 1,
       "unknown4": 0, "duration_ticks": 5, "duration_sec": 0.167},
      {"index": 1, "name": "boom", "frames": 1, "loops": false, "loop_flags": 256,
       "unknown4": 42, "duration_ticks": 5, "duration_sec": 0.167}]})");
  EXPECT_EQ(*out, expected) << out->dump(2);
}

TEST(GafInfo, OneSequenceByNameCaseInsensitively) {
  const std::vector<uint8_t> bytes = TwoSequences();
  absl::StatusOr<json> out = GafInfo(Asset{"t.gaf", bytes}, std::string("BOOM"));
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ((*out)["sequences"].size(), 1u);
  const json& seq = (*out)["sequences"][0];
  EXPECT_EQ(seq["index"], 1);
  EXPECT_EQ(seq["name"], "boom");
  EXPECT_EQ(seq["loop_flags"], 256);
  EXPECT_EQ(seq["unknown4"], 42);
  const json& f = seq["frames"][0];
  EXPECT_EQ(f["width"], 3);
  EXPECT_EQ(f["height"], 1);
  EXPECT_EQ(f["transparency"], 7);
  EXPECT_EQ(f["storage"], "raw");
  EXPECT_EQ(f["layers"], 0);
  EXPECT_EQ(f["blend"], 0);
  EXPECT_EQ(f["duration"], 0x00010005);
  EXPECT_EQ(f["duration_ticks"], 5);
  EXPECT_EQ((*out)["warnings"], json::array());
  EXPECT_EQ((*out)["errors"], json::array());
}

TEST(GafInfo, ReportsShortRowsAsWarningsAndBadDataAsErrors) {
  FixtureFrame shortrow{.width = 4, .height = 2, .transparency = 0, .storage = 1};
  shortrow.payload = testing::Concat({Row({Literal({1, 2, 3, 4})}), Row({Literal({5})})});
  FixtureFrame past_end{.width = 100, .height = 100, .storage = 0};
  past_end.payload = {1, 2, 3};
  const std::vector<uint8_t> bytes =
      testing::LayOutGaf({FixtureSequence{"s", 1, 0, {shortrow, past_end}}}).bytes;
  absl::StatusOr<json> out = GafInfo(Asset{"bad.gaf", bytes}, std::nullopt);
  ASSERT_TRUE(out.ok()) << out.status();
  ASSERT_EQ((*out)["warnings"].size(), 1u);
  EXPECT_EQ((*out)["warnings"][0],
            "sequence 0 frame 0 row 1: row ends at pixel 1 of 4; padded transparent");
  ASSERT_EQ((*out)["errors"].size(), 1u);
  EXPECT_NE((*out)["errors"][0].get<std::string>().find(
                "bad.gaf: sequence 0 frame 1: pixel data of 10000 bytes"),
            std::string::npos)
      << (*out)["errors"][0];
}

TEST(GafExport, PngFrameKeepsEveryIndexAndMarksOnlySkips) {
  const std::vector<uint8_t> bytes = TwoSequences();
  ExportRequest req;
  req.sequence = "cursor";
  absl::StatusOr<ExportResult> out = GafExport(Asset{"t.gaf", bytes}, req);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->mime_type, "image/png");
  const json& s = out->Json();
  EXPECT_EQ(s["sequence"], 0);
  EXPECT_EQ(s["frame"], 0);
  EXPECT_EQ(s["format"], "png");
  EXPECT_EQ(s["width"], 4);
  EXPECT_EQ(s["height"], 2);
  EXPECT_EQ(s["frames"], 1);
  EXPECT_EQ(s["transparency"], "game");
  EXPECT_EQ(s["palette"], json::parse(R"({"source": "embedded", "path": null})"));
  EXPECT_EQ(s["color"], "indexed");

  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(out->image);
  ASSERT_TRUE(png.ok()) << png.status();
  ASSERT_EQ(png->width, 4);
  // Row 0: skip, 9, 9 (the key, drawn), 0 (black, drawn). The key is drawn, so
  // another slot is transparent and the drawn 9s keep index 9.
  EXPECT_EQ(png->index[1], 9);
  EXPECT_EQ(png->index[2], 9);
  EXPECT_EQ(png->index[3], 0);
  EXPECT_EQ(png->alpha(0, 0), 0);
  EXPECT_EQ(png->alpha(1, 0), 255);
  EXPECT_EQ(png->alpha(2, 0), 255);
  EXPECT_EQ(png->alpha(3, 0), 255);
  const auto& ta = palette::TaPalette().colors;
  EXPECT_EQ(png->rgba[1 * 4 + 0], ta[9].r);
  EXPECT_EQ(png->rgba[1 * 4 + 2], ta[9].b);
  for (int x = 0; x < 4; ++x) {
    EXPECT_EQ(png->index[4 + x], 200 + x);
    EXPECT_EQ(png->alpha(x, 1), 255);
  }
}

TEST(GafExport, ApngCarriesTicksAndPlaysOnceWhenNotLooping) {
  const std::vector<uint8_t> bytes = TwoSequences();
  ExportRequest req;
  req.format = ExportFormat::kApng;
  absl::StatusOr<ExportResult> out = GafExport(Asset{"t.gaf", bytes}, req);
  ASSERT_TRUE(out.ok()) << out.status();
  absl::StatusOr<testing::DecodedApng> apng = testing::DecodeApngFrames(out->image);
  ASSERT_TRUE(apng.ok()) << apng.status();
  EXPECT_EQ(apng->num_frames, 2u);
  EXPECT_EQ(apng->num_plays, 0u);  // loops forever
  ASSERT_EQ(apng->frames.size(), 2u);
  EXPECT_EQ(apng->frames[0].delay_num, 4);
  EXPECT_EQ(apng->frames[0].delay_den, 30);
  EXPECT_EQ(apng->frames[1].delay_num, 1);  // stored 0 is shown for one tick

  req.sequence = "1";
  out = GafExport(Asset{"t.gaf", bytes}, req);
  ASSERT_TRUE(out.ok()) << out.status();
  apng = testing::DecodeApngFrames(out->image);
  ASSERT_TRUE(apng.ok()) << apng.status();
  EXPECT_EQ(apng->num_plays, 1u);  // loop word 0x0100 plays once
  EXPECT_EQ(apng->frames[0].delay_num, 5);
}

TEST(GafExport, GifAndSheetCoverTheSequence) {
  const std::vector<uint8_t> bytes = TwoSequences();
  ExportRequest req;
  req.format = ExportFormat::kGif;
  absl::StatusOr<ExportResult> gif = GafExport(Asset{"t.gaf", bytes}, req);
  ASSERT_TRUE(gif.ok()) << gif.status();
  EXPECT_EQ(gif->mime_type, "image/gif");
  absl::StatusOr<testing::DecodedGif> decoded = testing::DecodeGif(gif->image);
  ASSERT_TRUE(decoded.ok()) << decoded.status();
  EXPECT_EQ(decoded->frames.size(), 2u);
  EXPECT_EQ(decoded->loop_count, 0);

  req.format = ExportFormat::kSheet;
  absl::StatusOr<ExportResult> sheet = GafExport(Asset{"t.gaf", bytes}, req);
  ASSERT_TRUE(sheet.ok()) << sheet.status();
  EXPECT_EQ(sheet->Json()["frames"], 2);
  EXPECT_EQ(sheet->Json()["width"], 4 + 2 + 4);  // two cells and the gutter
  EXPECT_EQ(sheet->Json()["height"], 2 + 7);     // a cell and its number's strip
}

TEST(GafExport, NoneModeMakesSkippedPixelsTheKey) {
  const std::vector<uint8_t> bytes = TwoSequences();
  ExportRequest req;
  req.transparency = gaf::Transparency::None();
  absl::StatusOr<ExportResult> out = GafExport(Asset{"t.gaf", bytes}, req);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->Json()["transparency"], "none");
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(out->image);
  ASSERT_TRUE(png.ok());
  EXPECT_EQ(png->index[0], 9);
  EXPECT_EQ(png->alpha(0, 0), 255);
}

TEST(GafExport, ErrorsNameTheFileAndTheProblem) {
  const std::vector<uint8_t> bytes = TwoSequences();
  ExportRequest req;
  req.sequence = "nope";
  absl::StatusOr<ExportResult> out = GafExport(Asset{"t.gaf", bytes}, req);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(),
            "t.gaf: no sequence \"nope\" (the file has 2, indexed from 0; gaf_list names them)");
  req.sequence = "0";
  req.frame = 5;
  out = GafExport(Asset{"t.gaf", bytes}, req);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(), "t.gaf: sequence 0 has 2 frame(s); frame 5 does not exist");
}

TEST(GafExport, TruecolorGifIsAClearError) {
  FixtureFrame tc{.width = 1, .height = 1, .storage = 5};
  tc.payload = {0xff, 0xff};
  const std::vector<uint8_t> bytes = testing::LayOutGaf({FixtureSequence{"glow", 1, 0, {tc}}}).bytes;
  ExportRequest req;
  req.format = ExportFormat::kGif;
  absl::StatusOr<ExportResult> out = GafExport(Asset{"g.taf", bytes}, req);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.status().message().find("truecolor"), std::string::npos);
  req.format = ExportFormat::kPng;
  out = GafExport(Asset{"g.taf", bytes}, req);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->Json()["color"], "indexed");  // one colour: the PNG stores it indexed
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(out->image);
  ASSERT_TRUE(png.ok());
  EXPECT_EQ(png->rgba, (std::vector<uint8_t>{255, 255, 255, 255}));
}

TEST(GafCheck, CountsAndReports) {
  const std::vector<uint8_t> good = TwoSequences();
  const std::vector<uint8_t> bad = {1, 2, 3};
  std::vector<json> files = {GafCheckFile(Asset{"good.gaf", good}),
                             GafCheckFile(Asset{"bad.gaf", bad})};
  const json out = GafCheckSummary(files);
  EXPECT_EQ(out["summary"], json::parse(R"({"files": 2, "sequences": 2, "frames": 3,
                                            "pixels": 19, "warnings": 0, "errors": 1})"));
  EXPECT_EQ(out["files"][1]["errors"][0],
            "bad.gaf: too short for the 12-byte GAF header (3 bytes)");
}

// Thousands of frame-list items sharing one big run-encoded frame of empty
// rows: each frame is allowed, but together they claim more pixels than the
// file could draw, and decoding stops with an error instead of working for
// minutes.
TEST(GafCheck, SharedFramesCannotMakeTheCheckWorkForNothing) {
  testing::ByteBuilder b;
  const uint32_t frames = 5000;
  b.U32(0x00010100).U32(1).U32(0).U32(16);                 // header, table: sequence at 16
  b.U16(uint16_t(frames)).U16(1).U32(0).Padded("shared", 32);
  const size_t info = 16 + 40 + 8 * frames;
  for (uint32_t i = 0; i < frames; ++i) b.U32(uint32_t(info)).U32(1);
  // 1000 x 1000 run-encoded, data right after the header: 1000 empty rows.
  b.U16(1000).U16(1000).I16(0).I16(0).U8(0).U8(1).U8(0).U8(0).U32(0).U32(uint32_t(info + 24)).U32(0);
  for (int row = 0; row < 1000; ++row) b.U16(0);
  const json report = GafCheckFile(Asset{"shared.gaf", b.data});
  ASSERT_EQ(report["errors"].size(), 1u);
  EXPECT_NE(report["errors"][0].get<std::string>().find(
                "shared.gaf: sequence 0 frame 67: stopped decoding: the frames claim over 67108864 "
                "pixels"),
            std::string::npos)
      << report["errors"][0];
  EXPECT_EQ(report["frames"], 67);
  // Four warnings a frame at most: three named rows and a count.
  EXPECT_EQ(report["warnings"].size(), 67u * 4);
}

TEST(DumpJson, NonUtf8NamesStayValidJson) {
  const std::string latin1 = "caf\xe9";
  const std::string text = DumpJson(json{{"name", latin1}});
  EXPECT_NO_THROW(json::parse(text));
}

}  // namespace
}  // namespace kbot::tools
