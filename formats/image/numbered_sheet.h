// A contact sheet with each cell numbered: every frame of an animation
// enlarged by a whole factor (nearest neighbour, so an indexed sheet keeps its
// palette indices), laid out as image/sheet.h lays them (ceil(sqrt(frames))
// columns, kSheetGutter transparent pixels between cells), and under each
// cell a strip of `paper` with the frame's number in `ink`
// (image/digits.h), so a reader can name the frame they mean.
//
//   Cell        frame_width * scale x frame_height * scale.
//   Strip       the cell's width, (kDigitHeight + 2) * digit_scale high: one
//               font pixel of paper above and below the digits.
//   Digits      digit_scale = clamp(cell width / 32, 1, 4); the number is
//               centred in the strip ((cell width - its width) / 2 from the
//               cell's left, not less than 0) and clipped to the cell.
//   Size        columns * cell width + (columns - 1) * gutter wide,
//               rows * (cell height + strip) + (rows - 1) * gutter high.
#pragma once

#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"
#include "formats/image/animation.h"

namespace kbot::image {

// Auto scales go past ScaleNearest's 8: a 4 x 4 cursor on its own is worth
// 32 times its size before a model can read it.
inline constexpr int kMaxSheetScale = 32;

struct NumberedSheetLayout {
  int columns = 0, rows = 0;
  int cell_width = 0, cell_height = 0;
  int strip_height = 0, digit_scale = 1;
  int width = 0, height = 0;
  // The top-left corner of cell `i`; its strip starts cell_height below.
  int CellX(size_t i) const;
  int CellY(size_t i) const;
};

NumberedSheetLayout NumberedLayout(size_t frames, int frame_width, int frame_height, int scale);

// The largest factor in 1..kMaxSheetScale whose sheet is at most
// `max_width` wide and `max_height` high; 1 when none is.
int NumberedSheetScale(size_t frames, int frame_width, int frame_height, int max_width,
                       int max_height);

// Errors: a scale outside 1..kMaxSheetScale, no frames, or a sheet over
// `max_pixels`. The indexed sheet's gutters are transparent (the first
// frame's key, as MakeSheet's); its strips are opaque.
absl::StatusOr<IndexedPicture> MakeNumberedSheet(const IndexedAnimation& animation, int scale,
                                                 uint8_t ink, uint8_t paper,
                                                 uint64_t max_pixels);
// Strips black, digits white, gutters transparent black. The cells are
// numbered from `first_number` (a sheet of sprites 40.. of a kind).
absl::StatusOr<RgbaPicture> MakeNumberedSheet(const RgbaAnimation& animation, int scale,
                                              uint64_t max_pixels, int first_number = 0);

}  // namespace kbot::image
