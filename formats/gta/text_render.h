// A line of text drawn with a GTA1 font (font.h): each laid-out glyph's
// pixels in the font's own palette, pixel 0 (kFontTransparentPixel)
// transparent, every font pixel a scale x scale block (image::ScaleNearest).
// A glyph's columns past the layout's width are cut off; spaces drawn as gaps
// draw nothing.
#pragma once

#include "absl/status/statusor.h"
#include "formats/gta/font.h"
#include "formats/image/picture.h"

namespace kbot::gta {

struct TextPicture {
  image::RgbaPicture picture;  // layout.width * scale x layout.height * scale
  int drawn = 0;               // glyphs drawn (gaps for spaces not counted)
};

// `layout` is LayOutText's for `font`. Errors: a layout with nothing to draw
// (width or height 0), a scale outside 1..image::kMaxScale.
absl::StatusOr<TextPicture> DrawText(const Font& font, const TextLayout& layout, int scale);

}  // namespace kbot::gta
