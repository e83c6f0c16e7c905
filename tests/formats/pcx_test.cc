// The PCX decoder (formats/pcx/pcx.h) on files built byte by byte
// (tests/support/pcx_bytes.h): exact pixels, the palette chosen, the
// warnings, and every refusal with the place it names.
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "demo/demo_assets.h"
#include "formats/common/format_error.h"
#include "formats/pcx/pcx.h"
#include "tests/support/pcx_bytes.h"

namespace kbot::pcx {
namespace {

using kbot::testing::IndexedPcx;
using kbot::testing::LayOutPcx;
using kbot::testing::PcxFixture;
using kbot::testing::RgbPcx;

absl::StatusOr<Picture> Read(const PcxFixture& f, const palette::Palette* given = nullptr) {
  const std::vector<uint8_t> bytes = LayOutPcx(f);
  return ReadPcx(bytes, "t.pcx", given);
}

std::vector<uint8_t> Rgba(const Picture& p) { return p.rgba.rgba; }

// The error's values: structure and offset, as FormatError keeps them.
FormatError ErrorOf(const absl::StatusOr<Picture>& p) {
  EXPECT_FALSE(p.ok());
  std::optional<FormatError> e = GetFormatError(p.status());
  EXPECT_TRUE(e.has_value()) << p.status();
  return e.value_or(FormatError{});
}

TEST(Pcx, IndexedWithTrailerOddWidthAndZeroRun) {
  absl::StatusOr<Picture> p = Read(IndexedPcx());
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->kind, Kind::kIndexed);
  EXPECT_EQ(p->indexed.width, 3);
  EXPECT_EQ(p->indexed.height, 2);
  EXPECT_EQ(p->indexed.index, (std::vector<uint8_t>{5, 7, 7, 200, 0, 63}));
  EXPECT_EQ(p->indexed.opaque, std::vector<uint8_t>(6, 1));
  EXPECT_TRUE(p->has_trailer);
  EXPECT_EQ(p->palette_source, PaletteSource::kTrailer);
  ASSERT_TRUE(p->palette.has_value());
  EXPECT_EQ(p->palette->colors[0], (palette::Rgb{0, 255, 0}));
  EXPECT_EQ(p->palette->colors[200], (palette::Rgb{200, 55, 88}));  // 600 mod 256
  EXPECT_TRUE(p->warnings.empty()) << p->warnings[0];
  EXPECT_EQ(p->header.version, 5);
  EXPECT_EQ(p->header.bytes_per_line, 4);
}

TEST(Pcx, GivenPaletteWinsAndTheTrailerStillEndsTheData) {
  palette::Palette given;
  given.colors[5] = {1, 2, 3};
  absl::StatusOr<Picture> p = Read(IndexedPcx(), &given);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->palette_source, PaletteSource::kGiven);
  EXPECT_EQ(p->palette->colors[5], (palette::Rgb{1, 2, 3}));
  EXPECT_TRUE(p->has_trailer);
  EXPECT_TRUE(p->warnings.empty());
}

TEST(Pcx, NoTrailer) {
  PcxFixture f = IndexedPcx();
  f.trailer = false;
  absl::StatusOr<Picture> p = Read(f);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->indexed.index, (std::vector<uint8_t>{5, 7, 7, 200, 0, 63}));
  EXPECT_FALSE(p->has_trailer);
  EXPECT_EQ(p->palette_source, PaletteSource::kNone);
  EXPECT_FALSE(p->palette.has_value());
  ASSERT_EQ(p->warnings.size(), 1u);
  EXPECT_TRUE(absl::StrContains(p->warnings[0], "no 256-colour palette")) << p->warnings[0];

  palette::Palette given;
  given.colors[63] = {9, 9, 9};
  p = Read(f, &given);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->palette_source, PaletteSource::kGiven);
  EXPECT_EQ(p->palette->colors[63], (palette::Rgb{9, 9, 9}));
  EXPECT_TRUE(p->warnings.empty());
}

TEST(Pcx, RgbRunsCrossPlanes) {
  absl::StatusOr<Picture> p = Read(RgbPcx());
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->kind, Kind::kRgb);
  EXPECT_EQ(Rgba(*p), (std::vector<uint8_t>{10, 10, 30, 255, 10, 20, 30, 255,  //
                                             1, 3, 3, 255, 2, 3, 4, 255}));
  EXPECT_FALSE(p->palette.has_value());
  EXPECT_FALSE(p->has_trailer);
  EXPECT_TRUE(p->warnings.empty()) << p->warnings[0];
}

TEST(Pcx, RgbaFourthPlaneIsAlphaAndPaddingIsNotDrawn) {
  // 1 x 1, bytes per line 2: each plane has one padding byte (0xBE, not 0).
  PcxFixture f;
  f.planes = 4;
  f.bytes_per_line = 2;
  f.data = {1, 0xBE, 2, 0xBE, 3, 0xBE, 0x80, 0xBE};
  absl::StatusOr<Picture> p = Read(f);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->kind, Kind::kRgba);
  EXPECT_EQ(Rgba(*p), (std::vector<uint8_t>{1, 2, 3, 0x80}));
  EXPECT_TRUE(p->warnings.empty());
}

TEST(Pcx, StoredEncodingZero) {
  PcxFixture f;
  f.encoding = 0;
  f.xmax = 2;
  f.ymax = 1;
  f.bytes_per_line = 4;
  f.data = {0xC5, 1, 2, 0, 3, 0xFF, 4, 9};  // 0xC5 is a pixel here, not a count
  f.trailer = true;
  absl::StatusOr<Picture> p = Read(f);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->indexed.index, (std::vector<uint8_t>{0xC5, 1, 2, 3, 0xFF, 4}));
  EXPECT_TRUE(p->warnings.empty());
}

TEST(Pcx, RunCrossingAScanLineGoesOnWithAWarning) {
  // 2 x 3, bytes per line 2. 0xC3 7 fills line 0 and the first byte of line
  // 1; 8 ends line 1; 0xC2 9 fills line 2.
  PcxFixture f;
  f.xmax = 1;
  f.ymax = 2;
  f.bytes_per_line = 2;
  f.data = {0xC3, 7, 8, 0xC2, 9};
  f.trailer = true;
  absl::StatusOr<Picture> p = Read(f);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->indexed.index, (std::vector<uint8_t>{7, 7, 7, 8, 9, 9}));
  ASSERT_EQ(p->warnings.size(), 1u);
  EXPECT_EQ(p->warnings[0],
            "scan line 0: the run at 0x80 goes on 1 byte(s) into the next line (ZSoft: a scan "
            "line should end a run); 1 run(s) cross a scan line in all");
}

TEST(Pcx, RunPastTheLastLineIsClipped) {
  // 2 x 2: 0xC2 1, then 0xC5 2 fills line 1 and has 3 bytes left over.
  PcxFixture f;
  f.xmax = 1;
  f.ymax = 1;
  f.bytes_per_line = 2;
  f.data = {0xC2, 1, 0xC5, 2};
  f.trailer = true;
  absl::StatusOr<Picture> p = Read(f);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->indexed.index, (std::vector<uint8_t>{1, 1, 2, 2}));
  ASSERT_EQ(p->warnings.size(), 1u);
  EXPECT_EQ(p->warnings[0], "scan line 1: the last run goes 3 byte(s) past the last line: clipped");
}

TEST(Pcx, DataLeftAfterTheLastLine) {
  PcxFixture f = IndexedPcx();
  f.data.insert(f.data.end(), {0xC4, 1, 2});
  absl::StatusOr<Picture> p = Read(f);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->indexed.index, (std::vector<uint8_t>{5, 7, 7, 200, 0, 63}));
  ASSERT_EQ(p->warnings.size(), 1u);
  EXPECT_EQ(p->warnings[0],
            "3 byte(s) after the last scan line at 0x8b, before the palette trailer: not used");
}

TEST(Pcx, TruncatedDataNamesLinePlaneAndOffset) {
  PcxFixture f = RgbPcx();
  f.data.resize(8);  // line 1 stops after R 1 2 and the count 0xC3
  absl::StatusOr<Picture> p = Read(f);
  FormatError e = ErrorOf(p);
  EXPECT_EQ(e.structure, "scan line 1 plane 1");
  EXPECT_EQ(e.offset, 0x87u);
  EXPECT_EQ(p.status().message(),
            "t.pcx: scan line 1 plane 1: the run count 0xc3 at 0x87 has no byte to repeat: the "
            "pixel data ends");

  f.data.resize(6);  // line 1 stops after R 1
  p = Read(f);
  e = ErrorOf(p);
  EXPECT_EQ(e.structure, "scan line 1 plane 0");
  EXPECT_EQ(e.offset, 0x86u);
  EXPECT_EQ(p.status().message(),
            "t.pcx: scan line 1 plane 0 at 0x86: the pixel data ends with 1 of the line's 6 "
            "bytes decoded");
}

TEST(Pcx, PaletteBytesAreNeverPixels) {
  // Line 1 is missing: the decoder stops at the trailer's 0x0C marker
  // instead of reading the palette as pixel data.
  PcxFixture f = IndexedPcx();
  f.data.resize(6);
  absl::StatusOr<Picture> p = Read(f);
  FormatError e = ErrorOf(p);
  EXPECT_EQ(e.structure, "scan line 1 plane 0");
  EXPECT_EQ(e.offset, 0x86u);
  EXPECT_EQ(p.status().message(),
            "t.pcx: scan line 1 plane 0 at 0x86: the pixel data ends with 0 of the line's 4 "
            "bytes decoded (the palette trailer starts there)");
}

TEST(Pcx, BadHeaders) {
  const std::vector<uint8_t> short_file(127, 0x0A);
  EXPECT_EQ(ReadPcx(short_file, "t.pcx").status().message(),
            "t.pcx: too short for the 128-byte PCX header (127 bytes)");
  struct Case {
    void (*edit)(PcxFixture&);
    uint64_t offset;
    const char* message;
  };
  const Case cases[] = {
      {[](PcxFixture& f) { f.manufacturer = 0x0B; }, 0,
       "t.pcx: header at 0x0: not a PCX: the first byte is 0xb, not 0x0a"},
      {[](PcxFixture& f) { f.version = 1; }, 1,
       "t.pcx: header at 0x1: version 1 is not one of 0, 2, 3, 4, 5"},
      {[](PcxFixture& f) { f.encoding = 2; }, 2,
       "t.pcx: header at 0x2: encoding 2 is neither 1 (run-length) nor 0 (stored)"},
      {[](PcxFixture& f) { f.bits = 7; }, 3,
       "t.pcx: header at 0x3: bits per pixel 7 is not 1, 2, 4 or 8"},
      {[](PcxFixture& f) { f.planes = 5; }, 65,
       "t.pcx: header at 0x41: plane count 5 is not 1, 2, 3 or 4"},
      {[](PcxFixture& f) { f.bits = 1, f.planes = 4; }, 3,
       "t.pcx: header at 0x3: a 4-bit PCX (1 bit(s) a pixel in 4 plane(s)) is not supported: "
       "kbot decodes 8 bits a pixel in 1 (indexed), 3 (RGB) or 4 (RGBA) planes"},
      {[](PcxFixture& f) { f.bits = 8, f.planes = 2; }, 3,
       "t.pcx: header at 0x3: a 16-bit PCX (8 bit(s) a pixel in 2 plane(s)) is not supported: "
       "kbot decodes 8 bits a pixel in 1 (indexed), 3 (RGB) or 4 (RGBA) planes"},
      {[](PcxFixture& f) { f.xmin = 5, f.xmax = 3; }, 4,
       "t.pcx: header at 0x4: xmax 3 is less than xmin 5"},
      {[](PcxFixture& f) { f.ymin = 1, f.ymax = 0; }, 6,
       "t.pcx: header at 0x6: ymax 0 is less than ymin 1"},
      {[](PcxFixture& f) { f.bytes_per_line = 2; }, 66,
       "t.pcx: header at 0x42: bytes per line 2 is less than the width 3"},
      {[](PcxFixture& f) { f.xmax = 16384, f.bytes_per_line = 16386; }, 4,
       "t.pcx: header at 0x4: a 16385 x 2 picture is over the limit of 16384 a side and 64 "
       "Mpixel"},
      {[](PcxFixture& f) { f.xmax = 16383, f.ymax = 4096, f.bytes_per_line = 16384; }, 4,
       "t.pcx: header at 0x4: a 16384 x 4097 picture is over the limit of 16384 a side and 64 "
       "Mpixel"},
  };
  for (const Case& c : cases) {
    PcxFixture f = IndexedPcx();
    c.edit(f);
    absl::StatusOr<Picture> p = Read(f);
    EXPECT_EQ(p.status().message(), c.message);
    EXPECT_EQ(ErrorOf(p).offset, c.offset) << c.message;
  }
}

TEST(Pcx, RefusesBeforeAllocatingWhatTheDataCannotFill) {
  // 16384 x 4096 (64 Mpixel, the limit) in 11 bytes of data: a run-length
  // stream of 11 bytes makes at most 5 x 63 + 1 bytes.
  PcxFixture f = IndexedPcx();
  f.xmax = 16383;
  f.ymax = 4095;
  f.bytes_per_line = 16384;
  absl::StatusOr<Picture> p = Read(f);
  EXPECT_EQ(p.status().message(),
            "t.pcx: a 16384 x 4096 PCX of 1 plane(s) of 16384 bytes a line holds 67108864 bytes, "
            "which need at least 2130441 bytes of pixel data; the file has 11 after the header");
  f.encoding = 0;
  p = Read(f);
  EXPECT_TRUE(absl::StrContains(p.status().message(), "need at least 67108864 bytes"))
      << p.status();
}

TEST(Pcx, DecodesTheDemoSwatch) {
  // demo/demo_assets.cc writes anims/atlas.pcx: 16 x 16, pixel (x, y) =
  // 16 y + x, its palette in the trailer.
  absl::StatusOr<std::vector<demo::DemoAsset>> assets = demo::MakeDemoAssets();
  ASSERT_TRUE(assets.ok()) << assets.status();
  const demo::DemoAsset* atlas = nullptr;
  for (const demo::DemoAsset& a : *assets) {
    if (a.path == "anims/atlas.pcx") atlas = &a;
  }
  ASSERT_NE(atlas, nullptr);
  absl::StatusOr<Picture> p = ReadPcx(atlas->bytes, atlas->path);
  ASSERT_TRUE(p.ok()) << p.status();
  ASSERT_EQ(p->indexed.pixels(), 256u);
  for (size_t i = 0; i < 256; ++i) EXPECT_EQ(p->indexed.index[i], i);
  EXPECT_EQ(p->palette_source, PaletteSource::kTrailer);
  absl::StatusOr<palette::Palette> trailer = palette::ParsePcxPalette(atlas->bytes, "");
  ASSERT_TRUE(trailer.ok());
  EXPECT_EQ(p->palette->colors, trailer->colors);
  EXPECT_TRUE(p->warnings.empty());
}

}  // namespace
}  // namespace kbot::pcx
