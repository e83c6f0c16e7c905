// A 3 x 5 pixel digit font, ours, for writing frame numbers under the cells
// of a sheet: legible to a person and to a model at any whole scale, and
// needing no font file.
#pragma once

#include <functional>

namespace kbot::image {

inline constexpr int kDigitWidth = 3;
inline constexpr int kDigitHeight = 5;
inline constexpr int kDigitSpacing = 1;  // columns between two digits, before scaling

// True when column `column` (0..2) of row `row` (0..4, top first) of
// `digit` (0..9) is inked.
bool DigitInk(int digit, int column, int row);

// The width in pixels of `number` (>= 0) drawn with each font pixel a
// scale x scale block: digits * 3 * scale + (digits - 1) * scale.
int NumberWidth(int number, int scale);

// Calls plot(x, y) for every pixel of `number` drawn with its top-left
// corner at (left, top), each font pixel a scale x scale block.
void DrawNumber(int number, int left, int top, int scale,
                const std::function<void(int x, int y)>& plot);

}  // namespace kbot::image
