#include "formats/tnt/kingdoms_sheets.h"

#include "absl/strings/str_format.h"

namespace kbot::tnt {

std::string KingdomsSheetPath(uint32_t sheet_id) {
  return absl::StrFormat("terrain/%08x.jpg", sheet_id);
}

int SheetColumns(const image::RgbaPicture& sheet) {
  return sheet.width > 0 ? sheet.width / kSheetTilePixels : 0;
}

int SheetRows(const image::RgbaPicture& sheet) {
  return sheet.height > 0 ? sheet.height / kSheetTilePixels : 0;
}

bool ExtractTile(const image::RgbaPicture& sheet, uint32_t column, uint32_t row,
                 uint8_t out_rgb[kSheetTileRgbBytes]) {
  if (sheet.width <= 0 || sheet.height <= 0 || sheet.rgba.size() != sheet.pixels() * 4) {
    return false;
  }
  // In 64 bits: a column near 2^32 must not wrap round to a tile inside.
  if (uint64_t(column) >= uint64_t(SheetColumns(sheet)) ||
      uint64_t(row) >= uint64_t(SheetRows(sheet))) {
    return false;
  }
  const size_t stride = size_t(sheet.width) * 4;
  const uint8_t* src = sheet.rgba.data() + size_t(row) * kSheetTilePixels * stride +
                       size_t(column) * kSheetTilePixels * 4;
  uint8_t* dst = out_rgb;
  for (int y = 0; y < kSheetTilePixels; ++y, src += stride) {
    const uint8_t* p = src;
    for (int x = 0; x < kSheetTilePixels; ++x, p += 4, dst += 3) {
      dst[0] = p[0];
      dst[1] = p[1];
      dst[2] = p[2];
    }
  }
  return true;
}

}  // namespace kbot::tnt
