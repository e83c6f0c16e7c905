#include "formats/palette/palette.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"

namespace kbot::palette {

namespace {

Palette FromTriples(const uint8_t* p, size_t stride) {
  Palette pal;
  for (size_t i = 0; i < 256; ++i, p += stride) pal.colors[i] = Rgb{p[0], p[1], p[2]};
  return pal;
}

// A PCX header says manufacturer 0x0A, encoding 0 or 1 and 8 bits per pixel.
// Checking all three keeps a 1024-byte PAL whose first red is 0x0A a PAL.
bool LooksLikePcx(Bytes bytes) {
  return bytes.size() >= kPcxHeaderSize + kPcxPaletteTrailer && bytes[0] == 0x0A &&
         bytes[2] <= 1 && bytes[3] == 8;
}

}  // namespace

const Palette& TaPalette() {
  static const Palette pal = FromTriples(TaPaletteBytes().data(), 4);
  return pal;
}

absl::StatusOr<Palette> ParsePal(Bytes bytes, absl::string_view name) {
  if (bytes.size() != kPalSize) {
    return ErrorIn(name, "",
                   absl::StrCat("a PAL palette is 1024 bytes, this file has ", bytes.size()));
  }
  return FromTriples(bytes.data(), 4);
}

absl::StatusOr<Palette> ParsePcxPalette(Bytes bytes, absl::string_view name) {
  if (bytes.size() < kPcxHeaderSize + kPcxPaletteTrailer) {
    return ErrorIn(name, "", absl::StrCat("too short for a PCX with a 256-colour palette (",
                                          bytes.size(), " bytes)"));
  }
  if (bytes[0] != 0x0A) {
    return ErrorIn(name, "", "not a PCX (first byte is not 0x0a)");
  }
  const size_t marker = bytes.size() - kPcxPaletteTrailer;
  if (bytes[marker] != 0x0C) {
    return ErrorNamingOffset(name, "", marker,
                             absl::StrCat("PCX has no 256-colour palette (no 0x0c marker at ",
                                          Hex(marker), ")"));
  }
  return FromTriples(bytes.data() + marker + 1, 3);
}

absl::StatusOr<Palette> ParsePalette(Bytes bytes, absl::string_view name) {
  // A 1024-byte file is a PAL unless it is a PCX with its palette marker in
  // place: a PAL's first entry can look like a PCX header by chance.
  const bool pcx_with_palette =
      LooksLikePcx(bytes) && bytes[bytes.size() - kPcxPaletteTrailer] == 0x0C;
  if (bytes.size() == kPalSize && !pcx_with_palette) return ParsePal(bytes, name);
  if (LooksLikePcx(bytes)) return ParsePcxPalette(bytes, name);
  return ErrorIn(name, "",
                 absl::StrCat("not a palette: expected a 1024-byte PAL or a 256-colour PCX, got ",
                              bytes.size(), " bytes"));
}

}  // namespace kbot::palette
