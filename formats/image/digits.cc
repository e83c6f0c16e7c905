#include "formats/image/digits.h"

#include <cstdint>
#include <string>

namespace kbot::image {

namespace {

// Each digit's 5 rows of 3 bits, top row first, bit 2 the left column.
constexpr uint8_t kGlyphs[10][kDigitHeight] = {
    {07, 05, 05, 05, 07},  // 0
    {02, 06, 02, 02, 07},  // 1
    {07, 01, 07, 04, 07},  // 2
    {07, 01, 07, 01, 07},  // 3
    {05, 05, 07, 01, 01},  // 4
    {07, 04, 07, 01, 07},  // 5
    {07, 04, 07, 05, 07},  // 6
    {07, 01, 01, 01, 01},  // 7
    {07, 05, 07, 05, 07},  // 8
    {07, 05, 07, 01, 07},  // 9
};

}  // namespace

bool DigitInk(int digit, int column, int row) {
  if (digit < 0 || digit > 9 || column < 0 || column >= kDigitWidth || row < 0 ||
      row >= kDigitHeight) {
    return false;
  }
  return (kGlyphs[digit][row] >> (kDigitWidth - 1 - column)) & 1;
}

int NumberWidth(int number, int scale) {
  const int digits = int(std::to_string(number < 0 ? 0 : number).size());
  return (digits * (kDigitWidth + kDigitSpacing) - kDigitSpacing) * scale;
}

void DrawNumber(int number, int left, int top, int scale,
                const std::function<void(int x, int y)>& plot) {
  const std::string text = std::to_string(number < 0 ? 0 : number);
  for (size_t i = 0; i < text.size(); ++i) {
    const int x0 = left + int(i) * (kDigitWidth + kDigitSpacing) * scale;
    for (int row = 0; row < kDigitHeight; ++row) {
      for (int column = 0; column < kDigitWidth; ++column) {
        if (!DigitInk(text[i] - '0', column, row)) continue;
        for (int dy = 0; dy < scale; ++dy) {
          for (int dx = 0; dx < scale; ++dx) plot(x0 + column * scale + dx, top + row * scale + dy);
        }
      }
    }
  }
}

}  // namespace kbot::image
