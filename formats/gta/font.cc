#include "formats/gta/font.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"

namespace kbot::gta {

const FontGlyph* Font::Find(int code) const {
  const int g = code - first_code;
  if (g < 0 || size_t(g) >= glyphs.size()) return nullptr;
  return &glyphs[size_t(g)];
}

absl::StatusOr<Font> ReadFont(Bytes file, absl::string_view name, int first_code) {
  Font font;
  font.first_code = first_code;
  ByteReader r(file);
  uint8_t count = 0, height = 0;
  if (!r.U8(count) || !r.U8(height)) {
    return ErrorIn(name, "header", absl::StrCat("the file is ", file.size(),
                                                " bytes, shorter than the 2-byte header"));
  }
  font.height = height;
  font.glyphs.reserve(count);
  for (int g = 0; g < count; ++g) {
    FontGlyph glyph;
    glyph.offset = r.pos();
    const std::string where = absl::StrCat("glyph ", g, " of ", int(count));
    uint8_t width = 0;
    if (!r.U8(width)) {
      return ErrorAt(name, where, glyph.offset, "its width byte is past the end of the file");
    }
    glyph.width = width;
    const size_t n = size_t(width) * height;
    Bytes pixels;
    if (!r.Take(n, pixels)) {
      return ErrorAt(name, where, glyph.offset,
                     absl::StrCat(int(width), " x ", int(height), " = ", n, " pixels from ",
                                  Hex(glyph.offset + 1), " run past the end of the file at ",
                                  Hex(file.size())));
    }
    glyph.pixels.assign(pixels.begin(), pixels.end());
    font.glyphs.push_back(std::move(glyph));
  }
  const size_t palette_at = r.pos();
  Bytes pal;
  if (!r.Take(kFontPaletteSize, pal)) {
    return ErrorAt(name, "palette", palette_at,
                   absl::StrCat("768 bytes needed after the ", int(count), " glyphs, ",
                                file.size() - palette_at, " left"));
  }
  for (int i = 0; i < 256; ++i) {
    font.palette.colors[i] = palette::Rgb{pal[3 * i], pal[3 * i + 1], pal[3 * i + 2]};
  }
  if (r.remaining() > 0) {
    font.warnings.push_back(absl::StrCat(name, ": ", r.remaining(), " trailing bytes at ",
                                         Hex(r.pos()), " after the palette"));
  }
  return font;
}

TextLayout LayOutText(const Font& font, absl::string_view text, const LayoutOptions& options) {
  TextLayout out;
  out.height = font.height;
  int x = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const int code = uint8_t(text[i]);
    const FontGlyph* glyph = code < 0x80 ? font.Find(code) : nullptr;
    if (glyph != nullptr) {
      out.glyphs.push_back(PlacedGlyph{i, code, code - font.first_code, x, glyph->width});
      x += glyph->width + options.spacing;
      continue;
    }
    if (code == ' ' && options.space_advance >= 0) {
      out.glyphs.push_back(PlacedGlyph{i, code, -1, x, options.space_advance});
      x += options.space_advance + options.spacing;
      continue;
    }
    MissingCode m{i, code, ""};
    if (code >= 0x80) {
      m.reason = "codes >= 0x80 go through the exe's remap table, which the spec does not give";
    } else if (font.glyphs.empty()) {
      m.reason = "the font has no glyphs";
    } else {
      m.reason = absl::StrCat("outside the font's codes ", Hex(font.first_code), "..",
                              Hex(font.first_code + font.glyphs.size() - 1));
    }
    out.missing.push_back(std::move(m));
  }
  // The last advance carries no trailing spacing.
  if (!out.glyphs.empty()) x -= options.spacing;
  out.width = x;
  return out;
}

int MeasureText(const Font& font, absl::string_view text, const LayoutOptions& options) {
  return LayOutText(font, text, options).width;
}

}  // namespace kbot::gta
