#include "formats/image/numbered_sheet.h"

#include <algorithm>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/image/digits.h"
#include "formats/image/sheet.h"

namespace kbot::image {

int NumberedSheetLayout::CellX(size_t i) const {
  return int(i % size_t(columns)) * (cell_width + kSheetGutter);
}
int NumberedSheetLayout::CellY(size_t i) const {
  return int(i / size_t(columns)) * (cell_height + strip_height + kSheetGutter);
}

NumberedSheetLayout NumberedLayout(size_t frames, int frame_width, int frame_height, int scale) {
  NumberedSheetLayout l;
  if (frames == 0 || frame_width <= 0 || frame_height <= 0 || scale < 1) return l;
  l.columns = SheetColumns(frames);
  l.rows = int((frames + size_t(l.columns) - 1) / size_t(l.columns));
  l.cell_width = frame_width * scale;
  l.cell_height = frame_height * scale;
  l.digit_scale = std::clamp(l.cell_width / 32, 1, 4);
  l.strip_height = (kDigitHeight + 2) * l.digit_scale;
  l.width = l.columns * l.cell_width + (l.columns - 1) * kSheetGutter;
  l.height = l.rows * (l.cell_height + l.strip_height) + (l.rows - 1) * kSheetGutter;
  return l;
}

int NumberedSheetScale(size_t frames, int frame_width, int frame_height, int max_width,
                       int max_height) {
  for (int scale = kMaxSheetScale; scale > 1; --scale) {
    const NumberedSheetLayout l = NumberedLayout(frames, frame_width, frame_height, scale);
    if (l.width <= max_width && l.height <= max_height) return scale;
  }
  return 1;
}

namespace {

absl::StatusOr<NumberedSheetLayout> CheckedLayout(size_t frames, int width, int height,
                                                  int scale, uint64_t max_pixels) {
  if (scale < 1 || scale > kMaxSheetScale) {
    return absl::InvalidArgumentError(
        absl::StrCat("sheet scale ", scale, " is not a whole factor from 1 to ", kMaxSheetScale));
  }
  if (frames == 0 || width <= 0 || height <= 0) {
    return absl::InvalidArgumentError("nothing to draw: the animation has no frames");
  }
  // The layout's sides are ints: check the pixels in 64 bits before making it,
  // with the tallest strip (digit scale 4).
  const uint64_t strip = uint64_t(kDigitHeight + 2) * 4;
  const uint64_t columns = uint64_t(SheetColumns(frames));
  const uint64_t rows = (frames + columns - 1) / columns;
  const uint64_t w = columns * uint64_t(width) * uint64_t(scale) + columns * kSheetGutter;
  const uint64_t h = rows * (uint64_t(height) * uint64_t(scale) + strip + kSheetGutter);
  if (w * h > max_pixels) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a sheet of ", frames, " frames of ", width, " x ", height, " at scale ", scale,
        " would be about ", w, " x ", h, " pixels, over the limit of ", max_pixels, " pixels"));
  }
  return NumberedLayout(frames, width, height, scale);
}

// Calls plot(x, y) for every pixel of frame `i`'s number (i + first), clipped
// to its strip.
template <class Plot>
void NumberCell(const NumberedSheetLayout& l, size_t i, int first, Plot plot) {
  const int x0 = l.CellX(i), y0 = l.CellY(i) + l.cell_height;
  const int number = int(i) + first;
  const int text = NumberWidth(number, l.digit_scale);
  const int left = x0 + std::max(0, (l.cell_width - text) / 2);
  DrawNumber(number, left, y0 + l.digit_scale, l.digit_scale, [&](int x, int y) {
    if (x < x0 + l.cell_width && y < y0 + l.strip_height) plot(x, y);
  });
}

}  // namespace

absl::StatusOr<IndexedPicture> MakeNumberedSheet(const IndexedAnimation& animation, int scale,
                                                 uint8_t ink, uint8_t paper,
                                                 uint64_t max_pixels) {
  absl::StatusOr<NumberedSheetLayout> l = CheckedLayout(
      animation.frames.size(), animation.width, animation.height, scale, max_pixels);
  if (!l.ok()) return l.status();
  const uint8_t key = animation.frames.front().key;
  IndexedPicture sheet(l->width, l->height, key, 0, key);
  const auto put = [&](int x, int y, uint8_t index) {
    const size_t at = size_t(y) * size_t(l->width) + size_t(x);
    sheet.index[at] = index;
    sheet.opaque[at] = 1;
  };
  for (size_t f = 0; f < animation.frames.size(); ++f) {
    const IndexedPicture& frame = animation.frames[f];
    if (frame.index.size() < frame.pixels() || frame.opaque.size() < frame.pixels()) continue;
    const int x0 = l->CellX(f), y0 = l->CellY(f);
    const int w = std::min(frame.width, animation.width) * scale;
    const int h = std::min(frame.height, animation.height) * scale;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const size_t from = size_t(y / scale) * size_t(frame.width) + size_t(x / scale);
        const size_t at = size_t(y0 + y) * size_t(l->width) + size_t(x0 + x);
        sheet.index[at] = frame.index[from];
        sheet.opaque[at] = frame.opaque[from];
      }
    }
    for (int y = 0; y < l->strip_height; ++y) {
      for (int x = 0; x < l->cell_width; ++x) put(x0 + x, y0 + l->cell_height + y, paper);
    }
    NumberCell(*l, f, 0, [&](int x, int y) { put(x, y, ink); });
  }
  return sheet;
}

absl::StatusOr<RgbaPicture> MakeNumberedSheet(const RgbaAnimation& animation, int scale,
                                              uint64_t max_pixels, int first_number) {
  absl::StatusOr<NumberedSheetLayout> l = CheckedLayout(
      animation.frames.size(), animation.width, animation.height, scale, max_pixels);
  if (!l.ok()) return l.status();
  RgbaPicture sheet(l->width, l->height);
  const auto put = [&](int x, int y, uint8_t grey) {
    uint8_t* px = &sheet.rgba[(size_t(y) * size_t(l->width) + size_t(x)) * 4];
    px[0] = px[1] = px[2] = grey;
    px[3] = 255;
  };
  for (size_t f = 0; f < animation.frames.size(); ++f) {
    const RgbaPicture& frame = animation.frames[f];
    if (frame.rgba.size() < frame.pixels() * 4) continue;
    const int x0 = l->CellX(f), y0 = l->CellY(f);
    const int w = std::min(frame.width, animation.width) * scale;
    const int h = std::min(frame.height, animation.height) * scale;
    for (int y = 0; y < h; ++y) {
      for (int x = 0; x < w; ++x) {
        const size_t from = (size_t(y / scale) * size_t(frame.width) + size_t(x / scale)) * 4;
        const size_t at = (size_t(y0 + y) * size_t(l->width) + size_t(x0 + x)) * 4;
        std::memcpy(&sheet.rgba[at], &frame.rgba[from], 4);
      }
    }
    for (int y = 0; y < l->strip_height; ++y) {
      for (int x = 0; x < l->cell_width; ++x) put(x0 + x, y0 + l->cell_height + y, 0);
    }
    NumberCell(*l, f, first_number, [&](int x, int y) { put(x, y, 255); });
  }
  return sheet;
}

}  // namespace kbot::image
