// picture_export on PCX pictures built byte by byte (tests/support/pcx_bytes.h):
// an 8-bit one with its own trailer, without one (the context's chain: its
// palette.pal, else TA's), with a palette given; a 24-bit one as RGB; a big
// one as a link and a preview whose link draws the same PNG; the refusals.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/escaping.h"
#include "base/json_schema.h"
#include "base/progress.h"
#include "contexts/vfs.h"
#include "formats/palette/palette.h"
#include "tests/support/decode_image.h"
#include "tests/support/pcx_bytes.h"
#include "tools/picture_export_tool.h"
#include "tools/context_resources.h"
#include "tools/resource_uri.h"

namespace kbot::tools {
namespace {

using testing::LayOutPcx;
using testing::PcxFixture;

// IndexedPcx without its trailer: pixels 5 7 7 / 200 0 63.
std::vector<uint8_t> BarePcx() {
  PcxFixture f = testing::IndexedPcx();
  f.trailer = false;
  return LayOutPcx(f);
}

// A stored (encoding 0) 8-bit picture `w` x 2 with its trailer: pixel x of
// either line is x & 0xff.
std::vector<uint8_t> WidePcx(int w) {
  PcxFixture f;
  f.encoding = 0;
  f.xmax = uint16_t(w - 1);
  f.ymax = 1;
  f.bytes_per_line = uint16_t(w);
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < w; ++x) f.data.push_back(uint8_t(x));
  }
  f.trailer = true;
  return LayOutPcx(f);
}

// Colour i of the PAL below: (i, i, 100).
std::vector<uint8_t> GreyPal() {
  std::vector<uint8_t> pal;
  for (int i = 0; i < 256; ++i) pal.insert(pal.end(), {uint8_t(i), uint8_t(i), 100, 0});
  return pal;
}

contexts::Context TaContext(bool with_palette_pal) {
  std::vector<contexts::MemoryFile> files = {
      {"unitpics/ARMCOM.PCX", LayOutPcx(testing::IndexedPcx())},
      {"unitpics/BARE.PCX", BarePcx()},
      {"unitpics/RGB.PCX", LayOutPcx(testing::RgbPcx())},
      {"unitpics/WIDE.PCX", WidePcx(2000)},
      {"unitpics/JUNK.PCX", {1, 2, 3}},
      {"other.pal", GreyPal()},
  };
  if (with_palette_pal) files.push_back({"palettes/PALETTE.PAL", GreyPal()});
  return contexts::Context{"ta", contexts::Game::kTa, "", true,
                           contexts::MakeMemoryVfs(std::move(files), "test")};
}

ToolResult Export(const contexts::Context& c, const json& arguments, const Limits& limits = {}) {
  const Tool tool = PictureExportTool();
  absl::StatusOr<CompiledSchema> in = CompiledSchema::Compile(tool.input_schema);
  EXPECT_TRUE(in.ok() && in->Validate(arguments).ok()) << arguments.dump();
  absl::StatusOr<PictureExportRequest> request = PictureExportTable().ParseChecked(arguments);
  if (!request.ok()) return ErrorResult(request.status());
  ToolResult r = RunPictureExport(c, *request, limits);
  if (!r.error) {
    absl::StatusOr<CompiledSchema> out = CompiledSchema::Compile(tool.output_schema);
    EXPECT_TRUE(out.ok() && out->Validate(r.structured).ok()) << r.structured.dump(2);
  }
  return r;
}

std::string PngOf(const json& image_block) {
  std::string bytes;
  EXPECT_TRUE(absl::Base64Unescape(image_block["data"].get<std::string>(), &bytes));
  return bytes;
}

testing::DecodedPng Decode(const std::string& png) {
  absl::StatusOr<testing::DecodedPng> d = testing::DecodePng(
      std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(png.data()), png.size()));
  EXPECT_TRUE(d.ok()) << d.status();
  return d.ok() ? *d : testing::DecodedPng{};
}

std::vector<int> Pixel(const testing::DecodedPng& png, int x, int y) {
  const size_t at = (size_t(y) * size_t(png.width) + size_t(x)) * 4;
  return {png.rgba[at], png.rgba[at + 1], png.rgba[at + 2], png.rgba[at + 3]};
}

std::vector<int> Trailer(int i) {
  const std::vector<uint8_t> c = testing::PcxTrailerColour(i);
  return {c[0], c[1], c[2], 255};
}

TEST(PcxExport, An8BitPictureDrawsWithItsOwnPalette) {
  const ToolResult r = Export(TaContext(true), {{"path", "unitpics/armcom.pcx"}});
  ASSERT_FALSE(r.error) << *r.error;
  ASSERT_EQ(r.content.size(), 2u);
  const std::string png = PngOf(r.content[1]);
  json expected = json::parse(R"({"path": "unitpics/ARMCOM.PCX", "format": "pcx",
      "width": 3, "height": 2, "color": "indexed", "palette": null, "palette_source": "trailer",
      "warnings": [], "delivery": "inline", "resource_uri": null, "preview": null})");
  expected["bytes"] = png.size();
  EXPECT_EQ(r.structured, expected) << r.structured.dump(2);
  EXPECT_EQ(r.content[0]["text"], "unitpics/ARMCOM.PCX (a PCX picture drawn with its trailer "
                                  "palette): 3 x 2 px (png, inline)");
  const testing::DecodedPng d = Decode(png);
  EXPECT_EQ(Pixel(d, 0, 0), Trailer(5));
  EXPECT_EQ(Pixel(d, 1, 0), Trailer(7));
  EXPECT_EQ(Pixel(d, 2, 0), Trailer(7));
  EXPECT_EQ(Pixel(d, 0, 1), Trailer(200));
  EXPECT_EQ(Pixel(d, 1, 1), Trailer(0));
  EXPECT_EQ(Pixel(d, 2, 1), Trailer(63));
}

TEST(PcxExport, WithoutATrailerTheContextsChainColoursIt) {
  ToolResult r = Export(TaContext(true), {{"path", "unitpics/BARE.PCX"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["palette_source"], "palette-pal");
  EXPECT_EQ(r.structured["palette"], "palettes/PALETTE.PAL");
  EXPECT_EQ(r.structured["warnings"],
            json::array({"no 256-colour palette at the end (no 0x0c marker at fileSize - 769): "
                         "drawn with the palette-pal palette palettes/PALETTE.PAL"}));
  EXPECT_EQ(Pixel(Decode(PngOf(r.content[1])), 0, 1), (std::vector<int>{200, 200, 100, 255}));

  r = Export(TaContext(false), {{"path", "unitpics/BARE.PCX"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["palette_source"], "embedded");
  EXPECT_EQ(r.structured["palette"], nullptr);
  const palette::Rgb ta = palette::TaPalette().colors[200];
  EXPECT_EQ(Pixel(Decode(PngOf(r.content[1])), 0, 1), (std::vector<int>{ta.r, ta.g, ta.b, 255}));
}

TEST(PcxExport, AGivenPaletteWinsOverTheTrailer) {
  const ToolResult r =
      Export(TaContext(false), {{"path", "unitpics/ARMCOM.PCX"}, {"palette", "OTHER.PAL"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["palette_source"], "override");
  EXPECT_EQ(r.structured["palette"], "other.pal");
  EXPECT_EQ(r.structured["warnings"], json::array());
  EXPECT_EQ(Pixel(Decode(PngOf(r.content[1])), 0, 0), (std::vector<int>{5, 5, 100, 255}));
  const ToolResult missing =
      Export(TaContext(false), {{"path", "unitpics/ARMCOM.PCX"}, {"palette", "none.pal"}});
  ASSERT_TRUE(missing.error);
  EXPECT_EQ(missing.error->rfind("context ta: ", 0), 0u) << *missing.error;
  EXPECT_NE(missing.error->find("none.pal"), std::string::npos) << *missing.error;
}

TEST(PcxExport, A24BitPictureIsRgb) {
  const ToolResult r = Export(TaContext(true), {{"path", "unitpics/RGB.PCX"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["color"], "rgb");
  EXPECT_EQ(r.structured["palette_source"], nullptr);
  EXPECT_EQ(r.structured["palette"], nullptr);
  EXPECT_EQ(r.content[0]["text"].get<std::string>().substr(0, 38),
            "unitpics/RGB.PCX (a PCX picture): 2 x ");
  const testing::DecodedPng d = Decode(PngOf(r.content[1]));
  EXPECT_EQ(Pixel(d, 0, 0), (std::vector<int>{10, 10, 30, 255}));
  EXPECT_EQ(Pixel(d, 1, 0), (std::vector<int>{10, 20, 30, 255}));
  EXPECT_EQ(Pixel(d, 0, 1), (std::vector<int>{1, 3, 3, 255}));
  EXPECT_EQ(Pixel(d, 1, 1), (std::vector<int>{2, 3, 4, 255}));

  const ToolResult with_palette =
      Export(TaContext(true), {{"path", "unitpics/RGB.PCX"}, {"palette", "other.pal"}});
  ASSERT_TRUE(with_palette.error);
  EXPECT_EQ(*with_palette.error,
            "context ta: unitpics/RGB.PCX: a palette is for 8-bit PCX pictures; this one holds "
            "its colours (24-bit)");
}

TEST(PcxExport, WidthAndHeightAreForRawAndRat) {
  const ToolResult r =
      Export(TaContext(true), {{"path", "unitpics/ARMCOM.PCX"}, {"width", 3}, {"height", 2}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(*r.error, "context ta: width and height are for RAW and RAT pictures; a PCX's header "
                      "gives its size");
}

TEST(PcxExport, ABrokenPcxGetsThePcxReadersReason) {
  const ToolResult r = Export(TaContext(true), {{"path", "unitpics/JUNK.PCX"}});
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->rfind("context ta: unitpics/JUNK.PCX: ", 0), 0u) << *r.error;
  EXPECT_NE(r.error->find("128"), std::string::npos) << *r.error;  // the header's size
}

// Over the side cap an assistant reads (1568 px): a link that draws the same
// PNG again, and an averaged preview within the cap.
TEST(PcxExport, ABigPictureIsALinkAndAPreview) {
  const contexts::Context c = TaContext(true);
  const ToolResult r = Export(c, {{"path", "unitpics/WIDE.PCX"}});
  ASSERT_FALSE(r.error) << *r.error;
  EXPECT_EQ(r.structured["delivery"], "resource_link");
  EXPECT_EQ(r.structured["width"], 2000);
  const std::string uri = r.structured["resource_uri"];
  EXPECT_EQ(uri, "kbot://ta/unitpics/WIDE.PCX?export=picture");
  EXPECT_EQ(r.structured["preview"], json::parse(R"({"width": 1568, "height": 1})"));
  absl::StatusOr<ResourceUri> parsed = ParseResourceUri(uri);
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  absl::StatusOr<ResourceBytes> read = RenderResource(c, *parsed, NoProgress());
  ASSERT_TRUE(read.ok()) << read.status();
  const testing::DecodedPng d = Decode(std::string(read->bytes.begin(), read->bytes.end()));
  EXPECT_EQ(d.width, 2000);
  EXPECT_EQ(Pixel(d, 1999, 1), Trailer(1999 & 0xff));
}

// The command's plain file: no context, so no chain: TA's palette, or a
// palette read beside it.
TEST(PcxExport, APlainFileWithoutATrailerUsesTaPaletteOrTheGivenOne) {
  const std::vector<uint8_t> bare = BarePcx();
  const std::vector<uint8_t> grey = GreyPal();
  const ReadBytes read = [&](const std::string& path) -> absl::StatusOr<contexts::Blob> {
    if (path != "grey.pal") return absl::NotFoundError(path + ": no such file");
    return contexts::Blob::FromBuffer(std::make_shared<const std::vector<uint8_t>>(grey));
  };
  const Asset asset{"bare.pcx", Bytes(bare.data(), bare.size())};
  absl::StatusOr<PictureExportOutcome> out = ExportPcxPicture(asset, {}, read);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->summary.palette_source, "embedded");
  PictureExportRequest given;
  given.palette = "grey.pal";
  out = ExportPcxPicture(asset, given, read);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(out->summary.palette_source, "override");
  EXPECT_EQ(out->summary.palette, "grey.pal");
  given.palette = "gone.pal";
  out = ExportPcxPicture(asset, given, read);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(), "palette gone.pal: gone.pal: no such file");
}

TEST(PcxExport, ExportPcxPictureRefusesAnotherKindByName) {
  const std::vector<uint8_t> text = {'[', 'A', ']', '{', '}', '\n'};
  absl::StatusOr<PictureExportOutcome> out = ExportPcxPicture(
      Asset{"units/A.FBI", Bytes(text.data(), text.size())}, {}, nullptr);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(),
            "units/A.FBI is a text file, starting \"[A]{}\"; if it is in TDF syntax (FBI, TDF, "
            "OTA, GUI), use tdf_parse (kbot tdf)");
}

}  // namespace
}  // namespace kbot::tools
