// The palette_describe tool on palettes built byte by byte: a hand-typed PAL
// and a PCX whose 256-colour tail is typed the same way. Exact colours,
// duplicates, the reserved entries, swatch pixels at known cells, the
// swatch's link drawn again, and the refusals by name.
#include "tools/palette_describe_tool.h"

#include <gtest/gtest.h>

#include "absl/strings/escaping.h"
#include "base/json_schema.h"
#include "contexts/vfs.h"
#include "tools/picture_resource.h"
#include "tools/resource_uri.h"
#include "tests/support/decode_image.h"

namespace kbot::tools {
namespace {

void Put(std::vector<uint8_t>& bytes, size_t at, uint8_t r, uint8_t g, uint8_t b) {
  bytes[at] = r;
  bytes[at + 1] = g;
  bytes[at + 2] = b;
}

// Colour i is (i, 255 - i, 7), but for black at 0 and 10, TA's own 7 and 9,
// Windows' 1, and #123456 at both 100 and 200.
std::vector<uint8_t> HandTypedPal() {
  std::vector<uint8_t> pal(1024, 0);
  for (int i = 0; i < 256; ++i) Put(pal, size_t(i) * 4, uint8_t(i), uint8_t(255 - i), 7);
  Put(pal, 0 * 4, 0, 0, 0);
  Put(pal, 10 * 4, 0, 0, 0);
  Put(pal, 1 * 4, 128, 0, 0);
  Put(pal, 7 * 4, 128, 128, 128);
  Put(pal, 9 * 4, 84, 84, 252);
  Put(pal, 100 * 4, 0x12, 0x34, 0x56);
  Put(pal, 200 * 4, 0x12, 0x34, 0x56);
  return pal;
}

// A 1 x 1 version-5 PCX: the 128-byte header, one run-length scan line of two
// bytes, then 0x0C and colour i = (255 - i, i, 0x40), but (1, 2, 3) at 0 and 255.
std::vector<uint8_t> HandTypedPcx(uint8_t version = 5) {
  std::vector<uint8_t> pcx(128, 0);
  pcx[0] = 0x0A;     // manufacturer
  pcx[1] = version;  // 5: a 256-colour palette at the end
  pcx[2] = 1;        // run-length
  pcx[3] = 8;        // bits per pixel
  pcx[65] = 1;       // planes
  pcx[66] = 2;       // bytes per line
  pcx.push_back(0x00);
  pcx.push_back(0x00);
  pcx.push_back(0x0C);
  for (int i = 0; i < 256; ++i) {
    pcx.push_back(uint8_t(255 - i));
    pcx.push_back(uint8_t(i));
    pcx.push_back(0x40);
  }
  Put(pcx, 128 + 2 + 1, 1, 2, 3);
  Put(pcx, 128 + 2 + 1 + 255 * 3, 1, 2, 3);
  return pcx;
}

absl::StatusOr<PaletteDescribeOutcome> Describe(const std::string& path,
                                                const std::vector<uint8_t>& bytes) {
  return DescribePalette(Asset{path, Bytes(bytes.data(), bytes.size())});
}

json Json(const PaletteDescribeOutcome& out) {
  return PaletteDescription::Fields().ToJson(out.description);
}

testing::DecodedPng Png(const std::vector<uint8_t>& bytes) {
  absl::StatusOr<testing::DecodedPng> png = testing::DecodePng(bytes);
  EXPECT_TRUE(png.ok()) << png.status();
  return *std::move(png);
}

std::vector<uint8_t> PixelAt(const testing::DecodedPng& png, int x, int y) {
  const size_t at = (size_t(y) * size_t(png.width) + size_t(x)) * 4;
  return {png.rgba.begin() + at, png.rgba.begin() + at + 4};
}

TEST(PaletteDescribe, PalColoursAndDuplicates) {
  const std::vector<uint8_t> bytes = HandTypedPal();
  absl::StatusOr<PaletteDescribeOutcome> out = Describe("pal/hand.pal", bytes);
  ASSERT_TRUE(out.ok()) << out.status();
  const json d = Json(*out);
  EXPECT_EQ(d["path"], "pal/hand.pal");
  EXPECT_EQ(d["format"], "pal");
  ASSERT_EQ(d["colors"].size(), 256u);
  EXPECT_EQ(d["colors"][5],
            (json{{"index", 5}, {"r", 5}, {"g", 250}, {"b", 7}, {"hex", "#05fa07"}}));
  EXPECT_EQ(d["colors"][100]["hex"], "#123456");
  EXPECT_EQ(d["colors"][255],
            (json{{"index", 255}, {"r", 255}, {"g", 0}, {"b", 7}, {"hex", "#ff0007"}}));
  EXPECT_EQ(d["distinct"], 254);
  EXPECT_EQ(d["duplicates"], (json::array({{{"hex", "#000000"}, {"indices", {0, 10}}},
                                           {{"hex", "#123456"}, {"indices", {100, 200}}}})));
}

TEST(PaletteDescribe, ReservedEntries) {
  const std::vector<uint8_t> bytes = HandTypedPal();
  absl::StatusOr<PaletteDescribeOutcome> out = Describe("hand.pal", bytes);
  ASSERT_TRUE(out.ok()) << out.status();
  const json reserved = Json(*out)["reserved"];
  ASSERT_EQ(reserved.size(), 20u);
  std::vector<int> indices;
  for (const json& r : reserved) indices.push_back(r["index"]);
  EXPECT_EQ(indices, (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 246, 247, 248, 249, 250,
                                       251, 252, 253, 254, 255}));
  for (const json& r : reserved) EXPECT_EQ(r["role"], "windows-static") << r.dump();
  // Windows' dark red at 1, as in TA's palette too.
  EXPECT_EQ(reserved[1]["hex"], "#800000");
  EXPECT_EQ(reserved[1]["name"], "dark red");
  EXPECT_EQ(reserved[1]["matches_windows"], true);
  EXPECT_EQ(reserved[1]["matches_ta"], true);
  // TA's grey at 7 and blue at 9, where Windows has light grey and sky blue.
  EXPECT_EQ(reserved[7]["hex"], "#808080");
  EXPECT_EQ(reserved[7]["windows"], "#c0c0c0");
  EXPECT_EQ(reserved[7]["ta"], "#808080");
  EXPECT_EQ(reserved[7]["matches_windows"], false);
  EXPECT_EQ(reserved[7]["matches_ta"], true);
  EXPECT_EQ(reserved[9]["hex"], "#5454fc");
  EXPECT_EQ(reserved[9]["windows"], "#a6caf0");
  EXPECT_EQ(reserved[9]["name"], "sky blue");
  EXPECT_EQ(reserved[9]["matches_ta"], true);
  EXPECT_NE(reserved[9]["note"].get<std::string>().find("transparency key"), std::string::npos);
  // 2 holds this file's own colour, neither Windows' nor TA's.
  EXPECT_EQ(reserved[2]["hex"], "#02fd07");
  EXPECT_EQ(reserved[2]["matches_windows"], false);
  EXPECT_EQ(reserved[2]["matches_ta"], false);
  EXPECT_EQ(reserved[2]["note"], "");
  EXPECT_EQ(reserved[19]["index"], 255);
  EXPECT_EQ(reserved[19]["windows"], "#ffffff");
  EXPECT_EQ(reserved[19]["hex"], "#ff0007");
}

TEST(PaletteDescribe, SwatchCells) {
  const std::vector<uint8_t> bytes = HandTypedPal();
  absl::StatusOr<PaletteDescribeOutcome> out = Describe("hand.pal", bytes);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(Json(*out)["swatch"],
            (json{{"width", 128}, {"height", 128}, {"cell", 8}, {"bytes", out->png.size()}}));
  const testing::DecodedPng png = Png(out->png);
  ASSERT_EQ(png.width, 128);
  ASSERT_EQ(png.height, 128);
  // Index 100 is row 6, column 4: pixels 32..39 x 48..55.
  EXPECT_EQ(PixelAt(png, 32, 48), (std::vector<uint8_t>{0x12, 0x34, 0x56, 255}));
  EXPECT_EQ(PixelAt(png, 39, 55), (std::vector<uint8_t>{0x12, 0x34, 0x56, 255}));
  EXPECT_EQ(PixelAt(png, 40, 55), (std::vector<uint8_t>{101, 154, 7, 255}));
  EXPECT_EQ(PixelAt(png, 0, 0), (std::vector<uint8_t>{0, 0, 0, 255}));
  EXPECT_EQ(PixelAt(png, 127, 127), (std::vector<uint8_t>{255, 0, 7, 255}));
  EXPECT_EQ(PixelAt(png, 8 * 9 + 3, 4), (std::vector<uint8_t>{84, 84, 252, 255}));
}

TEST(PaletteDescribe, PcxTail) {
  const std::vector<uint8_t> bytes = HandTypedPcx();
  absl::StatusOr<PaletteDescribeOutcome> out = Describe("side.pcx", bytes);
  ASSERT_TRUE(out.ok()) << out.status();
  const json d = Json(*out);
  EXPECT_EQ(d["format"], "pcx");
  EXPECT_EQ(d["colors"][0]["hex"], "#010203");
  EXPECT_EQ(d["colors"][1],
            (json{{"index", 1}, {"r", 254}, {"g", 1}, {"b", 0x40}, {"hex", "#fe0140"}}));
  EXPECT_EQ(d["colors"][254]["hex"], "#01fe40");
  EXPECT_EQ(d["distinct"], 255);
  EXPECT_EQ(d["duplicates"], (json::array({{{"hex", "#010203"}, {"indices", {0, 255}}}})));
  const testing::DecodedPng png = Png(out->png);
  EXPECT_EQ(PixelAt(png, 8 * 15, 8 * 15), (std::vector<uint8_t>{1, 2, 3, 255}));
  EXPECT_EQ(PixelAt(png, 8, 0), (std::vector<uint8_t>{254, 1, 0x40, 255}));
}

TEST(PaletteDescribe, RefusesTruncatedFiles) {
  std::vector<uint8_t> pal = HandTypedPal();
  pal.resize(1000);
  absl::StatusOr<PaletteDescribeOutcome> out = Describe("short.pal", pal);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(out.status().message(),
            "short.pal: not a palette: expected a 1024-byte PAL or a 256-colour PCX, got 1000 "
            "bytes");
  std::vector<uint8_t> pcx = HandTypedPcx();
  pcx.resize(800);
  out = Describe("short.pcx", pcx);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(),
            "short.pcx: too short for a PCX with a 256-colour palette (800 bytes)");
  out = Describe("old.pcx", HandTypedPcx(3));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(),
            "old.pcx: a version 3 PCX has no 256-colour palette (only version 5 carries one)");
}

TEST(PaletteDescribe, RefusesAFileOfAnotherKindByName) {
  std::vector<uint8_t> rgb(768, 0);  // a grey ramp, R G B
  for (size_t i = 0; i < rgb.size(); ++i) rgb[i] = uint8_t(i / 3);
  absl::StatusOr<PaletteDescribeOutcome> out = Describe("F_PAL.RAW", rgb);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(out.status().message(),
            "F_PAL.RAW is a 768-byte RGB palette (ACT, or GTA1's F_PAL.RAW); give it as the "
            "palette argument of picture_export for a RAT picture");
  std::vector<uint8_t> hpi = {'H', 'A', 'P', 'I', 0, 0, 1, 0};
  hpi.resize(64, 0);
  out = Describe("units.hpi", hpi);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message().substr(0, 13), "units.hpi is ");
}

// The tool over a context: the swatch inline, and under a tiny limit a link
// whose export=swatch draws the same PNG again.
TEST(PaletteDescribe, ToolDeliversTheSwatchAndItsLink) {
  std::vector<contexts::MemoryFile> files = {{"pal/hand.pal", HandTypedPal()}};
  const contexts::Context context{"t", contexts::Game::kTa, "", true,
                                  contexts::MakeMemoryVfs(std::move(files), "built-in")};
  const Tool tool = PaletteDescribeTool();
  absl::StatusOr<CompiledSchema> schema = CompiledSchema::Compile(tool.output_schema);
  ASSERT_TRUE(schema.ok());
  const PaletteDescribeRequest request = PaletteDescribeTable().Parse({{"path", "PAL/HAND.PAL"}});
  ToolResult inline_result = RunPaletteDescribe(context, request, Limits{});
  ASSERT_FALSE(inline_result.error) << *inline_result.error;
  EXPECT_TRUE(schema->Validate(inline_result.structured).ok());
  EXPECT_EQ(inline_result.structured["delivery"], "inline");
  EXPECT_EQ(inline_result.structured["path"], "pal/hand.pal");
  ASSERT_EQ(inline_result.content.size(), 2u);
  EXPECT_EQ(inline_result.content[0]["text"],
            "pal/hand.pal colour swatch (16 x 16 cells): 128 x 128 px (png, inline)");
  EXPECT_EQ(inline_result.content[1]["type"], "image");

  ToolResult linked = RunPaletteDescribe(context, request, Limits{16});
  ASSERT_FALSE(linked.error) << *linked.error;
  EXPECT_TRUE(schema->Validate(linked.structured).ok());
  EXPECT_EQ(linked.structured["delivery"], "resource_link");
  EXPECT_EQ(linked.structured["resource_uri"], "kbot://t/pal/hand.pal?export=swatch");
  absl::StatusOr<ResourceUri> uri = ParseResourceUri("kbot://t/pal/hand.pal?export=swatch");
  ASSERT_TRUE(uri.ok());
  absl::StatusOr<ResourceBytes> drawn = RenderPictureResource(context, *uri, NoProgress());
  ASSERT_TRUE(drawn.ok()) << drawn.status();
  std::string inline_png;
  ASSERT_TRUE(absl::Base64Unescape(inline_result.content[1]["data"].get<std::string>(),
                                   &inline_png));
  EXPECT_EQ(std::string(drawn->bytes.begin(), drawn->bytes.end()), inline_png);
  EXPECT_EQ(drawn->mime_type, "image/png");

  ToolResult missing =
      RunPaletteDescribe(context, PaletteDescribeTable().Parse({{"path", "nope.pal"}}), Limits{});
  ASSERT_TRUE(missing.error);
  EXPECT_EQ(missing.error_code, absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace kbot::tools
