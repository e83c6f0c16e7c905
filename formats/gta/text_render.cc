#include "formats/gta/text_render.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/image/scale.h"

namespace kbot::gta {

namespace {

// Glyph g's opaque pixels, in the font's palette, at its place on `line`.
void PutGlyph(const Font& font, const PlacedGlyph& g, image::RgbaPicture& line) {
  const FontGlyph& glyph = font.glyphs[size_t(g.glyph)];
  for (int y = 0; y < font.height && y < line.height; ++y) {
    for (int x = 0; x < glyph.width && g.x + x < line.width; ++x) {
      const uint8_t p = glyph.pixels[size_t(y) * size_t(glyph.width) + size_t(x)];
      if (p == kFontTransparentPixel) continue;
      const palette::Rgb& c = font.palette.colors[p];
      uint8_t* px = &line.rgba[(size_t(y) * size_t(line.width) + size_t(g.x + x)) * 4];
      px[0] = c.r, px[1] = c.g, px[2] = c.b, px[3] = 255;
    }
  }
}

}  // namespace

absl::StatusOr<TextPicture> DrawText(const Font& font, const TextLayout& layout, int scale) {
  if (layout.width <= 0 || layout.height <= 0) {
    return absl::InvalidArgumentError(absl::StrCat("nothing to draw: the text is ", layout.width,
                                                   " x ", layout.height, " pixels"));
  }
  image::RgbaPicture line(layout.width, layout.height);
  int drawn = 0;
  for (const PlacedGlyph& g : layout.glyphs) {
    if (g.glyph < 0 || size_t(g.glyph) >= font.glyphs.size()) continue;
    PutGlyph(font, g, line);
    ++drawn;
  }
  absl::StatusOr<image::RgbaPicture> scaled = image::ScaleNearest(line, scale);
  if (!scaled.ok()) return scaled.status();
  return TextPicture{*std::move(scaled), drawn};
}

}  // namespace kbot::gta
