// libFuzzer target: any bytes as a G24 style and as a FON font (text, icon
// and digit first codes), then every tile, CLUT and tile-palette accessor of
// the style, and a layout of every byte through the font. The readers must
// return a value or an error for every input: never crash or read out of
// bounds. Styles cap their tiles at 0x190000 bytes and CLUT counts come from
// the file's own size, so the work stays bounded by the input.
#include <cstddef>
#include <cstdint>
#include <string>

#include "formats/gta/font.h"
#include "formats/gta/style.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace kbot::gta;
  const kbot::Bytes bytes(data, size);

  absl::StatusOr<Style> style = ReadStyle(bytes, "fuzz.g24");
  if (style.ok()) {
    for (int t = -1; t <= style->tile_count(); ++t) {
      (void)style->Tile(t);
      (void)style->Texel(t, 63, 63);
    }
    for (int c = -1; c <= style->clut_count; ++c) (void)style->Clut(c);
    for (int i = -1; i <= int(style->palette_index.size()); ++i) (void)style->ClutOfPalette(i);
    for (int s = -1; s <= style->side_tiles; ++s) {
      for (int d = 0; d <= 4; ++d) (void)style->SidePalette(s, SideDirection(d));
    }
    for (int l = -1; l <= style->lid_tiles; ++l) {
      for (int r = -1; r <= 4; ++r) (void)style->LidPalette(l, r);
    }
    for (int a = -1; a <= style->aux_tiles; ++a) {
      for (int r = -1; r <= 4; ++r) (void)style->AuxPalette(a, r);
    }
  }

  std::string all(256, '\0');
  for (int i = 0; i < 256; ++i) all[i] = char(i);
  for (FontKind kind : {FontKind::kText, FontKind::kIcon, FontKind::kDigit}) {
    absl::StatusOr<Font> font = ReadFont(bytes, "fuzz.fon", kind);
    if (!font.ok()) continue;
    (void)LayOutText(*font, all, {.spacing = 1, .space_advance = 3});
    (void)MeasureText(*font, all);
  }
  return 0;
}
