// Text drawn with a GTA1 font (formats/gta/text_render.h): a two-glyph font
// built byte by byte, laid out by LayOutText, every pixel checked.
#include "formats/gta/text_render.h"

#include <gtest/gtest.h>

#include <vector>

#include "tests/support/expect_picture.h"

namespace kbot::gta {
namespace {

using testing::PixelAt;
using testing::Rgba;

constexpr Rgba kClear{0, 0, 0, 0};
constexpr Rgba kOne{0x10, 0x20, 0x30, 255};
constexpr Rgba kTwo{0x40, 0x50, 0x60, 255};

// Text font ('!' first), height 2: '!' is 2 wide {1, 0 / 0, 2}, '"' is 1
// wide {2 / 1}. Colour 1 is (0x10, 0x20, 0x30), colour 2 (0x40, 0x50, 0x60).
Font TwoGlyphs() {
  std::vector<uint8_t> f = {2, 2,
                            2, 1, 0, 0, 2,  // '!'
                            1, 2, 1};       // '"'
  std::vector<uint8_t> pal(768, 0);
  pal[3] = 0x10, pal[4] = 0x20, pal[5] = 0x30;
  pal[6] = 0x40, pal[7] = 0x50, pal[8] = 0x60;
  f.insert(f.end(), pal.begin(), pal.end());
  absl::StatusOr<Font> font = ReadFont(f, "T.FON", FontKind::kText);
  EXPECT_TRUE(font.ok()) << font.status();
  return font.ok() ? *font : Font();
}

TEST(GtaTextRender, GlyphsSideBySideWithPixelZeroClear) {
  const Font font = TwoGlyphs();
  absl::StatusOr<TextPicture> t = DrawText(font, LayOutText(font, "!\"!"), 1);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->drawn, 3);
  ASSERT_EQ(t->picture.width, 5);
  ASSERT_EQ(t->picture.height, 2);
  const std::vector<std::vector<Rgba>> want = {{kOne, kClear, kTwo, kOne, kClear},
                                               {kClear, kTwo, kOne, kClear, kTwo}};
  for (int y = 0; y < 2; ++y) {
    for (int x = 0; x < 5; ++x) EXPECT_EQ(PixelAt(t->picture, x, y), want[y][x]) << x << "," << y;
  }
}

TEST(GtaTextRender, ScaleMakesEachPixelABlock) {
  const Font font = TwoGlyphs();
  absl::StatusOr<TextPicture> t = DrawText(font, LayOutText(font, "\""), 3);
  ASSERT_TRUE(t.ok()) << t.status();
  ASSERT_EQ(t->picture.width, 3);
  ASSERT_EQ(t->picture.height, 6);
  for (int x = 0; x < 3; ++x) {
    for (int y = 0; y < 3; ++y) EXPECT_EQ(PixelAt(t->picture, x, y), kTwo);
    for (int y = 3; y < 6; ++y) EXPECT_EQ(PixelAt(t->picture, x, y), kOne);
  }
}

TEST(GtaTextRender, SpacesAreGapsAndNotCounted) {
  const Font font = TwoGlyphs();
  absl::StatusOr<TextPicture> t =
      DrawText(font, LayOutText(font, "\" \"", {.space_advance = 2}), 1);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->drawn, 2);
  ASSERT_EQ(t->picture.width, 4);
  EXPECT_EQ(PixelAt(t->picture, 0, 0), kTwo);
  EXPECT_EQ(PixelAt(t->picture, 1, 0), kClear);
  EXPECT_EQ(PixelAt(t->picture, 2, 1), kClear);
  EXPECT_EQ(PixelAt(t->picture, 3, 1), kOne);
}

TEST(GtaTextRender, ColumnsPastTheLayoutAreCutOff) {
  const Font font = TwoGlyphs();
  TextLayout layout;
  layout.height = 2;
  layout.width = 2;
  layout.glyphs = {PlacedGlyph{0, '!', 0, 1, 2}};  // its second column would be x 2
  absl::StatusOr<TextPicture> t = DrawText(font, layout, 1);
  ASSERT_TRUE(t.ok()) << t.status();
  ASSERT_EQ(t->picture.width, 2);
  EXPECT_EQ(PixelAt(t->picture, 0, 0), kClear);
  EXPECT_EQ(PixelAt(t->picture, 1, 0), kOne);
  EXPECT_EQ(PixelAt(t->picture, 1, 1), kClear);
}

TEST(GtaTextRender, NothingToDrawAndBadScalesAreErrors) {
  const Font font = TwoGlyphs();
  EXPECT_EQ(DrawText(font, LayOutText(font, "\x80"), 1).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(DrawText(font, LayOutText(font, "!"), 0).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(DrawText(font, LayOutText(font, "!"), 9).status().code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace kbot::gta
