// PAL and PCX palettes built byte by byte (docs/formats/palettes.md), and the
// embedded TA palette.
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/palette/palette.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/support/expect_picture.h"

namespace kbot::palette {
namespace {

using ::kbot::testing::AsBytes;

using ::testing::HasSubstr;
using ::testing::StartsWith;

// Entry i: (i, 255 - i, i * 7 mod 256), the fourth byte 0xee (not alpha).
std::vector<uint8_t> HandMadePal() {
  std::vector<uint8_t> pal;
  for (int i = 0; i < 256; ++i) {
    pal.push_back(uint8_t(i));
    pal.push_back(uint8_t(255 - i));
    pal.push_back(uint8_t(i * 7));
    pal.push_back(0xee);
  }
  return pal;
}

void ExpectHandMadePal(const Palette& p) {
  for (int i = 0; i < 256; ++i) {
    EXPECT_EQ(p.colors[i].r, i) << i;
    EXPECT_EQ(p.colors[i].g, 255 - i) << i;
    EXPECT_EQ(p.colors[i].b, uint8_t(i * 7)) << i;
  }
}

// A minimal 1 x 1 PCX: 128-byte header, one RLE-encoded pixel, 0x0C and 768
// bytes of palette; entry i: (255 - i, i ^ 0x55, i).
std::vector<uint8_t> HandMadePcx() {
  std::vector<uint8_t> pcx(128, 0);
  pcx[0] = 0x0a;  // manufacturer
  pcx[1] = 5;     // version
  pcx[2] = 1;     // encoding: RLE
  pcx[3] = 8;     // bits per pixel
  // xmin, ymin, xmax, ymax = 0, 0, 0, 0 (inclusive: 1 x 1) at 4..11.
  pcx[12] = 72;  // horizontal dpi
  pcx[14] = 72;  // vertical dpi
  pcx[65] = 1;   // planes
  pcx[66] = 1;   // bytes per line (u16)
  pcx[68] = 1;   // palette info
  // One scan line of one pixel: a run of 1 copy of index 0x2a.
  pcx.push_back(0xc1);
  pcx.push_back(0x2a);
  pcx.push_back(0x0c);
  for (int i = 0; i < 256; ++i) {
    pcx.push_back(uint8_t(255 - i));
    pcx.push_back(uint8_t(i ^ 0x55));
    pcx.push_back(uint8_t(i));
  }
  return pcx;
}

void ExpectHandMadePcx(const Palette& p) {
  for (int i = 0; i < 256; ++i) {
    EXPECT_EQ(p.colors[i], (Rgb{uint8_t(255 - i), uint8_t(i ^ 0x55), uint8_t(i)})) << i;
  }
}

// --- PAL --------------------------------------------------------------------

TEST(PaletteFormat, ParsePalHandMade) {
  std::vector<uint8_t> pal = HandMadePal();
  ASSERT_EQ(pal.size(), 1024u);
  absl::StatusOr<Palette> p = ParsePal(AsBytes(pal), "x.pal");
  ASSERT_TRUE(p.ok()) << p.status();
  ExpectHandMadePal(*p);
}

// The fourth byte is unused: any value gives the same palette.
TEST(PaletteFormat, PalFourthByteIgnored) {
  std::vector<uint8_t> a = HandMadePal();
  std::vector<uint8_t> b = a;
  for (size_t i = 3; i < b.size(); i += 4) b[i] = uint8_t(i);
  absl::StatusOr<Palette> pa = ParsePal(AsBytes(a), "a.pal");
  absl::StatusOr<Palette> pb = ParsePal(AsBytes(b), "b.pal");
  ASSERT_TRUE(pa.ok() && pb.ok());
  EXPECT_EQ(pa->colors, pb->colors);
}

TEST(PaletteFormat, PalWrongSize) {
  for (size_t n : {size_t{0}, size_t{768}, size_t{1023}, size_t{1025}, size_t{2048}}) {
    std::vector<uint8_t> bytes(n, 1);
    absl::StatusOr<Palette> p = ParsePal(AsBytes(bytes), "bad.pal");
    ASSERT_FALSE(p.ok()) << n;
    const std::string msg(p.status().message());
    EXPECT_THAT(msg, StartsWith("bad.pal: "));
    EXPECT_THAT(msg, HasSubstr("1024"));
    EXPECT_THAT(msg, HasSubstr(std::to_string(n)));
  }
}

// --- PCX --------------------------------------------------------------------

TEST(PaletteFormat, ParsePcxPaletteHandMade) {
  std::vector<uint8_t> pcx = HandMadePcx();
  ASSERT_EQ(pcx.size(), 128u + 2 + 1 + 768);
  ASSERT_EQ(pcx[pcx.size() - 769], 0x0c);
  absl::StatusOr<Palette> p = ParsePcxPalette(AsBytes(pcx), "x.pcx");
  ASSERT_TRUE(p.ok()) << p.status();
  ExpectHandMadePcx(*p);
  EXPECT_EQ(p->colors[0], (Rgb{255, 0x55, 0}));
  EXPECT_EQ(p->colors[255], (Rgb{0, 0xaa, 255}));
}

TEST(PaletteFormat, PcxWithoutMarker) {
  std::vector<uint8_t> pcx = HandMadePcx();
  const size_t marker = pcx.size() - 769;  // 130 = 0x82
  pcx[marker] = 0x0b;
  absl::StatusOr<Palette> p = ParsePcxPalette(AsBytes(pcx), "nomark.pcx");
  ASSERT_FALSE(p.ok());
  const std::string msg(p.status().message());
  EXPECT_THAT(msg, StartsWith("nomark.pcx: "));
  EXPECT_THAT(msg, HasSubstr("0x82"));
  // ParsePalette says the same.
  absl::StatusOr<Palette> auto_p = ParsePalette(AsBytes(pcx), "nomark.pcx");
  EXPECT_FALSE(auto_p.ok());
}

TEST(PaletteFormat, PcxTooShort) {
  std::vector<uint8_t> pcx = HandMadePcx();
  pcx.resize(128 + 768);  // one byte short of a header and a palette trailer
  absl::StatusOr<Palette> p = ParsePcxPalette(AsBytes(pcx), "short.pcx");
  ASSERT_FALSE(p.ok());
  EXPECT_THAT(std::string(p.status().message()), StartsWith("short.pcx: "));
}

TEST(PaletteFormat, PcxWrongManufacturer) {
  std::vector<uint8_t> pcx = HandMadePcx();
  pcx[0] = 0x0b;
  absl::StatusOr<Palette> p = ParsePcxPalette(AsBytes(pcx), "x.pcx");
  ASSERT_FALSE(p.ok());
  EXPECT_THAT(std::string(p.status().message()), StartsWith("x.pcx: "));
}

// A scan line wider than the image and more pixel data do not matter: the
// palette is the last 769 bytes.
TEST(PaletteFormat, PcxPaletteIsTheTrailer) {
  std::vector<uint8_t> pcx = HandMadePcx();
  std::vector<uint8_t> longer(pcx.begin(), pcx.begin() + 128);
  longer[66] = 4;  // bytes per line
  for (int i = 0; i < 4; ++i) longer.push_back(0x0c);  // pixels equal to the marker byte
  longer.insert(longer.end(), pcx.begin() + 130, pcx.end());
  absl::StatusOr<Palette> p = ParsePcxPalette(AsBytes(longer), "x.pcx");
  ASSERT_TRUE(p.ok()) << p.status();
  ExpectHandMadePcx(*p);
}

// --- ParsePalette -----------------------------------------------------------

TEST(PaletteFormat, AutoDetectPal) {
  std::vector<uint8_t> pal = HandMadePal();
  absl::StatusOr<Palette> p = ParsePalette(AsBytes(pal), "x.pal");
  ASSERT_TRUE(p.ok()) << p.status();
  ExpectHandMadePal(*p);
}

TEST(PaletteFormat, AutoDetectPcx) {
  std::vector<uint8_t> pcx = HandMadePcx();
  absl::StatusOr<Palette> p = ParsePalette(AsBytes(pcx), "x.pcx");
  ASSERT_TRUE(p.ok()) << p.status();
  ExpectHandMadePcx(*p);
}

// A 1024-byte PCX (image data padding it out) is still a PCX.
TEST(PaletteFormat, AutoDetectPcxOf1024Bytes) {
  std::vector<uint8_t> pcx = HandMadePcx();
  std::vector<uint8_t> padded(pcx.begin(), pcx.begin() + 128);
  padded[66] = 127;  // bytes per line: 127 literal pixels
  for (int i = 0; i < 127; ++i) padded.push_back(uint8_t(i % 0xc0));
  padded.insert(padded.end(), pcx.begin() + 130, pcx.end());
  ASSERT_EQ(padded.size(), 1024u);
  absl::StatusOr<Palette> p = ParsePalette(AsBytes(padded), "x.pcx");
  ASSERT_TRUE(p.ok()) << p.status();
  ExpectHandMadePcx(*p);
}

// A PAL whose first red is 0x0A (the PCX manufacturer byte) is still a PAL.
TEST(PaletteFormat, PalStartingWith0x0AIsStillAPal) {
  std::vector<uint8_t> pal = HandMadePal();
  pal[0] = 0x0a;
  absl::StatusOr<Palette> p = ParsePalette(AsBytes(pal), "x.pal");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->colors[0], (Rgb{0x0a, 255, 0}));
  for (int i = 1; i < 256; ++i) {
    EXPECT_EQ(p->colors[i], (Rgb{uint8_t(i), uint8_t(255 - i), uint8_t(i * 7)})) << i;
  }
  // Even when the byte 769 from the end happens to be 0x0C.
  std::vector<uint8_t> tricky = pal;
  tricky[1024 - 769] = 0x0c;  // entry 63's unused byte
  absl::StatusOr<Palette> t = ParsePalette(AsBytes(tricky), "x.pal");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->colors[0], (Rgb{0x0a, 255, 0}));
  EXPECT_EQ(t->colors[63], (Rgb{63, 192, uint8_t(63 * 7)}));
}

// A PAL whose first entry reads like a PCX header (0x0A, x, 1, 8) but that has
// no PCX palette marker is read as the PAL it is.
TEST(PaletteFormat, PalThatLooksLikeAPcxHeaderIsStillAPal) {
  std::vector<uint8_t> pal = HandMadePal();
  pal[0] = 0x0a;
  pal[2] = 1;
  pal[3] = 8;
  ASSERT_NE(pal[1024 - 769], 0x0c);
  absl::StatusOr<Palette> p = ParsePalette(AsBytes(pal), "x.pal");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->colors[0], (Rgb{0x0a, 255, 1}));
}

TEST(PaletteFormat, AutoDetectNeither) {
  for (size_t n : {size_t{0}, size_t{100}, size_t{1023}, size_t{1025}}) {
    std::vector<uint8_t> bytes(n, 0);
    absl::StatusOr<Palette> p = ParsePalette(AsBytes(bytes), "what.bin");
    ASSERT_FALSE(p.ok()) << n;
    EXPECT_THAT(std::string(p.status().message()), StartsWith("what.bin: "));
  }
}

// --- The embedded TA palette ------------------------------------------------
// Expected values read from the game's palettes/PALETTE.PAL
// (md5 a27d8035e688859d074627653a2b14a0) when these tests were written; the
// file itself is not read at test time.

TEST(PaletteFormat, TaPaletteBytes) {
  Bytes bytes = TaPaletteBytes();
  ASSERT_EQ(bytes.size(), 1024u);
  uint64_t sum = 0;
  uint64_t fnv = 0xcbf29ce484222325ull;  // FNV-1a 64 of the whole file
  for (uint8_t b : bytes) {
    sum += b;
    fnv = (fnv ^ b) * 0x100000001b3ull;
  }
  EXPECT_EQ(sum, 73829u);
  EXPECT_EQ(fnv, 0xa603592bdab186a6ull);
  const std::vector<uint8_t> head = {0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00,
                                     0x00, 0x80, 0x00, 0x00, 0x80, 0x80, 0x00, 0x00};
  EXPECT_EQ(std::vector<uint8_t>(bytes.begin(), bytes.begin() + 16), head);
}

TEST(PaletteFormat, TaPaletteKnownEntries) {
  const Palette& p = TaPalette();
  EXPECT_EQ(p.colors[0], (Rgb{0x00, 0x00, 0x00}));
  EXPECT_EQ(p.colors[1], (Rgb{0x80, 0x00, 0x00}));
  EXPECT_EQ(p.colors[2], (Rgb{0x00, 0x80, 0x00}));
  EXPECT_EQ(p.colors[7], (Rgb{0x80, 0x80, 0x80}));
  EXPECT_EQ(p.colors[8], (Rgb{0xc0, 0xdc, 0xc0}));
  EXPECT_EQ(p.colors[9], (Rgb{0x54, 0x54, 0xfc}));
  EXPECT_EQ(p.colors[10], (Rgb{0x00, 0x00, 0x00}));
  EXPECT_EQ(p.colors[16], (Rgb{0xff, 0xeb, 0xf3}));
  EXPECT_EQ(p.colors[100], (Rgb{0x7b, 0x97, 0xff}));
  EXPECT_EQ(p.colors[128], (Rgb{0xd7, 0xef, 0xff}));
  EXPECT_EQ(p.colors[200], (Rgb{0xdf, 0x4f, 0x07}));
  EXPECT_EQ(p.colors[246], (Rgb{0xff, 0xfb, 0xf0}));
  EXPECT_EQ(p.colors[247], (Rgb{0xa0, 0xa0, 0xa4}));
  EXPECT_EQ(p.colors[248], (Rgb{0x80, 0x80, 0x80}));
  EXPECT_EQ(p.colors[249], (Rgb{0xff, 0x00, 0x00}));
  EXPECT_EQ(p.colors[250], (Rgb{0x00, 0xff, 0x00}));
  EXPECT_EQ(p.colors[251], (Rgb{0xff, 0xff, 0x00}));
  EXPECT_EQ(p.colors[252], (Rgb{0x00, 0x00, 0xff}));
  EXPECT_EQ(p.colors[253], (Rgb{0xff, 0x00, 0xff}));
  EXPECT_EQ(p.colors[254], (Rgb{0x00, 0xff, 0xff}));
  EXPECT_EQ(p.colors[255], (Rgb{0xff, 0xff, 0xff}));
}

// TaPalette() is TaPaletteBytes() read as a PAL, and auto-detects as a PAL.
TEST(PaletteFormat, TaPaletteIsItsBytesAsAPal) {
  absl::StatusOr<Palette> pal = ParsePal(TaPaletteBytes(), "ta.pal");
  ASSERT_TRUE(pal.ok()) << pal.status();
  EXPECT_EQ(pal->colors, TaPalette().colors);
  absl::StatusOr<Palette> detected = ParsePalette(TaPaletteBytes(), "ta.pal");
  ASSERT_TRUE(detected.ok()) << detected.status();
  EXPECT_EQ(detected->colors, TaPalette().colors);
  EXPECT_EQ(&TaPalette(), &TaPalette());  // one instance
}

}  // namespace
}  // namespace kbot::palette
