// FON: GTA1's bitmap fonts (FONT1A.FON, SUB1.FON, ...). Layout:
// docs/formats/gta1.md, "Fonts (.FON)".
//
//   Offset  Size                Field
//   0       u8                  glyph count
//   1       u8                  height (every glyph's)
//   2       per glyph:          u8 width, then width x height 8-bit palette
//                               indices, row-major; index 0 is transparent
//   ...     768                 palette: 256 x R, G, B, 8 bits per channel
//
//   The file names no character codes: glyph 0 is whatever code the loader
//   is given (FontKind): 0x21 '!' for text fonts, 1 for icon and animation
//   fonts, 0 for digit fonts. Glyph g then draws code first + g. The game
//   remaps codes >= 0x80 (accented letters) through a table in the exe that
//   the spec does not give, so layout reports such bytes as missing instead
//   of guessing. A text font has no glyph for ' ' (0x20): layout reports it
//   missing too, unless the caller says how far a space advances.
//
//   Errors name the file, the glyph and the offset: a glyph head or pixels,
//   or the palette, running past the end. Bytes after the palette are a
//   warning.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"
#include "formats/palette/palette.h"

namespace kbot::gta {

inline constexpr size_t kFontPaletteSize = 768;
inline constexpr uint8_t kFontTransparentPixel = 0;

// The kind of font, which fixes the character code of glyph 0.
enum class FontKind : uint8_t { kText, kIcon, kDigit };
constexpr int FirstCode(FontKind kind) {
  return kind == FontKind::kText ? 0x21 : kind == FontKind::kIcon ? 1 : 0;
}

struct FontGlyph {
  int width = 0;
  std::vector<uint8_t> pixels;  // width * height indices, row-major; 0 = transparent
  uint64_t offset = 0;          // of its width byte in the file
};

struct Font {
  int height = 0;
  int first_code = 0x21;
  std::vector<FontGlyph> glyphs;
  palette::Palette palette;
  std::vector<std::string> warnings;

  // The glyph drawing `code`, or nullptr when the code is outside
  // first_code .. first_code + glyphs - 1.
  const FontGlyph* Find(int code) const;
};

// Decodes a FON file whose glyph 0 draws `first_code`.
absl::StatusOr<Font> ReadFont(Bytes file, absl::string_view name, int first_code);
inline absl::StatusOr<Font> ReadFont(Bytes file, absl::string_view name, FontKind kind) {
  return ReadFont(file, name, FirstCode(kind));
}

struct LayoutOptions {
  int spacing = 0;         // extra pixels after each glyph (and space)
  int space_advance = -1;  // advance for ' ' when the font has no glyph for it;
                           // < 0: report ' ' as missing like any other code
};

struct PlacedGlyph {
  size_t position = 0;  // byte offset in the text
  int code = 0;         // the byte, 0..255
  int glyph = -1;       // index in Font::glyphs; -1 for a space drawn as a gap
  int x = 0;            // left edge
  int width = 0;        // advance without spacing
};

struct MissingCode {
  size_t position = 0;
  int code = 0;
  std::string reason;  // "outside the font's codes 0x21..0x7e", "needs the exe's remap table"
};

struct TextLayout {
  std::vector<PlacedGlyph> glyphs;  // drawn ones, left to right
  std::vector<MissingCode> missing; // bytes with no glyph; they take no room
  int width = 0;                    // total advance
  int height = 0;                   // the font's height
};

// Lays `text` (bytes, as the game's strings are) out on one line.
TextLayout LayOutText(const Font& font, absl::string_view text, const LayoutOptions& options = {});
// LayOutText(...).width.
int MeasureText(const Font& font, absl::string_view text, const LayoutOptions& options = {});

}  // namespace kbot::gta
