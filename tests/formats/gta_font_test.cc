// FON fonts: a two-glyph font built byte by byte from docs/formats/gta1.md,
// "Fonts (.FON)" (8-bit palette channels, pixel 0 transparent).
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "formats/gta/font.h"

namespace kbot::gta {
namespace {

// 2 glyphs, height 3: glyph 0 at 0x2 is 2 wide, glyph 1 at 0x9 is 1 wide;
// the palette is at 0xd, the file 0xd + 768 = 781 bytes.
std::vector<uint8_t> TwoGlyphs() {
  std::vector<uint8_t> f = {2, 3,
                            2, 0, 1, 2, 3, 4, 5,  // glyph 0: rows {0,1} {2,3} {4,5}
                            1, 7, 0, 9};          // glyph 1: rows {7} {0} {9}
  std::vector<uint8_t> pal(768, 0);
  pal[3] = 0x10, pal[4] = 0x20, pal[5] = 0x30;             // colour 1
  pal[765] = 0xfa, pal[766] = 0xfb, pal[767] = 0xfc;       // colour 255
  f.insert(f.end(), pal.begin(), pal.end());
  return f;
}

TEST(GtaFont, FirstCodesPerKind) {
  EXPECT_EQ(FirstCode(FontKind::kText), 0x21);
  EXPECT_EQ(FirstCode(FontKind::kIcon), 1);
  EXPECT_EQ(FirstCode(FontKind::kDigit), 0);
}

TEST(GtaFont, ReadsGlyphsAndPalette) {
  const std::vector<uint8_t> bytes = TwoGlyphs();
  ASSERT_EQ(bytes.size(), 781u);
  absl::StatusOr<Font> font = ReadFont(bytes, "SUB1.FON", FontKind::kText);
  ASSERT_TRUE(font.ok()) << font.status();
  EXPECT_TRUE(font->warnings.empty());
  EXPECT_EQ(font->height, 3);
  EXPECT_EQ(font->first_code, 0x21);
  ASSERT_EQ(font->glyphs.size(), 2u);
  EXPECT_EQ(font->glyphs[0].width, 2);
  EXPECT_EQ(font->glyphs[0].offset, 2u);
  EXPECT_EQ(font->glyphs[0].pixels, (std::vector<uint8_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(font->glyphs[1].width, 1);
  EXPECT_EQ(font->glyphs[1].offset, 9u);
  EXPECT_EQ(font->glyphs[1].pixels, (std::vector<uint8_t>{7, 0, 9}));
  EXPECT_EQ(font->palette.colors[0], (palette::Rgb{0, 0, 0}));
  EXPECT_EQ(font->palette.colors[1], (palette::Rgb{0x10, 0x20, 0x30}));
  EXPECT_EQ(font->palette.colors[255], (palette::Rgb{0xfa, 0xfb, 0xfc}));
  EXPECT_EQ(kFontTransparentPixel, 0);

  EXPECT_EQ(font->Find('!'), &font->glyphs[0]);
  EXPECT_EQ(font->Find('"'), &font->glyphs[1]);
  EXPECT_EQ(font->Find('#'), nullptr);
  EXPECT_EQ(font->Find(' '), nullptr);

  absl::StatusOr<Font> digits = ReadFont(bytes, "DIGITS.FON", FontKind::kDigit);
  ASSERT_TRUE(digits.ok());
  EXPECT_EQ(digits->first_code, 0);
  EXPECT_EQ(digits->Find(1), &digits->glyphs[1]);
  absl::StatusOr<Font> icons = ReadFont(bytes, "ICONS.FON", 1);
  ASSERT_TRUE(icons.ok());
  EXPECT_EQ(icons->Find(1), &icons->glyphs[0]);
  EXPECT_EQ(icons->Find(0), nullptr);
}

TEST(GtaFont, LaysOutTextAndReportsMissingCodes) {
  absl::StatusOr<Font> font = ReadFont(TwoGlyphs(), "SUB1.FON", FontKind::kText);
  ASSERT_TRUE(font.ok());
  TextLayout l = LayOutText(*font, "!\"!");
  ASSERT_EQ(l.glyphs.size(), 3u);
  EXPECT_TRUE(l.missing.empty());
  EXPECT_EQ(l.glyphs[0].glyph, 0);
  EXPECT_EQ(l.glyphs[0].x, 0);
  EXPECT_EQ(l.glyphs[1].glyph, 1);
  EXPECT_EQ(l.glyphs[1].x, 2);
  EXPECT_EQ(l.glyphs[2].x, 3);
  EXPECT_EQ(l.width, 5);
  EXPECT_EQ(l.height, 3);
  EXPECT_EQ(MeasureText(*font, "!\"!"), 5);
  EXPECT_EQ(MeasureText(*font, "!\"!", {.spacing = 1}), 7);
  EXPECT_EQ(MeasureText(*font, ""), 0);

  // ' ' (below 0x21), 'A' (past the two glyphs), 0xe9 (needs the remap table).
  l = LayOutText(*font, "! A\xe9");
  ASSERT_EQ(l.glyphs.size(), 1u);
  ASSERT_EQ(l.missing.size(), 3u);
  EXPECT_EQ(l.missing[0].position, 1u);
  EXPECT_EQ(l.missing[0].code, ' ');
  EXPECT_EQ(l.missing[0].reason, "outside the font's codes 0x21..0x22");
  EXPECT_EQ(l.missing[1].code, 'A');
  EXPECT_EQ(l.missing[2].code, 0xe9);
  EXPECT_TRUE(absl::StrContains(l.missing[2].reason, "remap table"));
  EXPECT_EQ(l.width, 2);

  // A space advance given by the caller.
  l = LayOutText(*font, "! !", {.space_advance = 4});
  ASSERT_EQ(l.glyphs.size(), 3u);
  EXPECT_TRUE(l.missing.empty());
  EXPECT_EQ(l.glyphs[1].glyph, -1);
  EXPECT_EQ(l.glyphs[2].x, 6);
  EXPECT_EQ(l.width, 8);
}

void ExpectError(const std::vector<uint8_t>& bytes, absl::string_view fragment) {
  absl::StatusOr<Font> f = ReadFont(bytes, "BAD.FON", FontKind::kText);
  ASSERT_FALSE(f.ok()) << fragment;
  EXPECT_TRUE(absl::StrContains(f.status().message(), fragment)) << f.status();
  EXPECT_TRUE(absl::StartsWith(f.status().message(), "BAD.FON: ")) << f.status();
}

TEST(GtaFont, TruncationIsAnErrorNamingTheGlyph) {
  const std::vector<uint8_t> full = TwoGlyphs();
  ExpectError({}, "shorter than the 2-byte header");
  ExpectError({2}, "shorter than the 2-byte header");
  ExpectError({full.begin(), full.begin() + 9},
              "glyph 1 of 2 at 0x9: its width byte is past the end");
  ExpectError({full.begin(), full.begin() + 11},
              "glyph 1 of 2 at 0x9: 1 x 3 = 3 pixels from 0xa run past the end of the file at "
              "0xb");
  ExpectError({full.begin(), full.begin() + 5}, "glyph 0 of 2 at 0x2");
  ExpectError({full.begin(), full.end() - 1}, "palette at 0xd: 768 bytes needed after the 2 "
                                              "glyphs, 767 left");
}

TEST(GtaFont, TrailingBytesAreAWarning) {
  std::vector<uint8_t> bytes = TwoGlyphs();
  bytes.push_back(0);
  absl::StatusOr<Font> f = ReadFont(bytes, "SUB1.FON", FontKind::kText);
  ASSERT_TRUE(f.ok());
  ASSERT_EQ(f->warnings.size(), 1u);
  EXPECT_TRUE(absl::StrContains(f->warnings[0], "1 trailing bytes at 0x30d")) << f->warnings[0];
}

TEST(GtaFont, AnEmptyFontReads) {
  std::vector<uint8_t> bytes = {0, 8};
  bytes.resize(2 + 768, 0);
  absl::StatusOr<Font> f = ReadFont(bytes, "EMPTY.FON", FontKind::kText);
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE(f->glyphs.empty());
  TextLayout l = LayOutText(*f, "!");
  ASSERT_EQ(l.missing.size(), 1u);
  EXPECT_EQ(l.missing[0].reason, "the font has no glyphs");
}

}  // namespace
}  // namespace kbot::gta
