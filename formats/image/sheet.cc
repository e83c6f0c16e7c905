#include "formats/image/sheet.h"

#include <algorithm>
#include <cstring>

namespace kbot::image {

namespace {

struct Layout {
  int columns = 0, rows = 0, width = 0, height = 0;
};

Layout SheetLayout(size_t frames, int cell_width, int cell_height) {
  Layout l;
  if (frames == 0 || cell_width <= 0 || cell_height <= 0) return l;
  l.columns = SheetColumns(frames);
  l.rows = int((frames + size_t(l.columns) - 1) / size_t(l.columns));
  // Gutters only between cells: a sheet of one frame is exactly that frame.
  l.width = l.columns * cell_width + (l.columns - 1) * kSheetGutter;
  l.height = l.rows * cell_height + (l.rows - 1) * kSheetGutter;
  return l;
}

// Top-left pixel of cell `i`.
int CellX(const Layout& l, size_t i, int cell_width) {
  return int(i % size_t(l.columns)) * (cell_width + kSheetGutter);
}
int CellY(const Layout& l, size_t i, int cell_height) {
  return int(i / size_t(l.columns)) * (cell_height + kSheetGutter);
}

}  // namespace

int SheetColumns(size_t frames) {
  int columns = 1;
  while (size_t(columns) * size_t(columns) < frames) ++columns;
  return columns;
}

// Frames are meant to be canvas-sized; copying only the overlap of each frame
// with its cell keeps a mis-sized frame from reading or writing out of bounds.
IndexedPicture MakeSheet(const IndexedAnimation& animation) {
  const Layout l = SheetLayout(animation.frames.size(), animation.width, animation.height);
  if (l.width == 0) return IndexedPicture();
  // The first frame's key fills the gutters, so the sheet names the same key
  // as the animation and a slot choice over it starts from that key.
  const uint8_t key = animation.frames.front().key;
  IndexedPicture sheet(l.width, l.height, key, 0, key);
  for (size_t f = 0; f < animation.frames.size(); ++f) {
    const IndexedPicture& frame = animation.frames[f];
    if (frame.index.size() < frame.pixels() || frame.opaque.size() < frame.pixels()) continue;
    const int w = std::min(frame.width, animation.width);
    const int h = std::min(frame.height, animation.height);
    if (w <= 0 || h <= 0) continue;
    const int x0 = CellX(l, f, animation.width), y0 = CellY(l, f, animation.height);
    for (int y = 0; y < h; ++y) {
      const size_t src = size_t(y) * size_t(frame.width);
      const size_t dst = size_t(y0 + y) * size_t(l.width) + size_t(x0);
      std::memcpy(&sheet.index[dst], &frame.index[src], size_t(w));
      std::memcpy(&sheet.opaque[dst], &frame.opaque[src], size_t(w));
    }
  }
  return sheet;
}

RgbaPicture MakeSheet(const RgbaAnimation& animation) {
  const Layout l = SheetLayout(animation.frames.size(), animation.width, animation.height);
  if (l.width == 0) return RgbaPicture();
  RgbaPicture sheet(l.width, l.height);  // transparent black gutters
  for (size_t f = 0; f < animation.frames.size(); ++f) {
    const RgbaPicture& frame = animation.frames[f];
    if (frame.rgba.size() < frame.pixels() * 4) continue;
    const int w = std::min(frame.width, animation.width);
    const int h = std::min(frame.height, animation.height);
    if (w <= 0 || h <= 0) continue;
    const int x0 = CellX(l, f, animation.width), y0 = CellY(l, f, animation.height);
    for (int y = 0; y < h; ++y) {
      const size_t src = size_t(y) * size_t(frame.width) * 4;
      const size_t dst = (size_t(y0 + y) * size_t(l.width) + size_t(x0)) * 4;
      std::memcpy(&sheet.rgba[dst], &frame.rgba[src], size_t(w) * 4);
    }
  }
  return sheet;
}

RgbaPicture Centred(const RgbaPicture& picture, int w, int h) {
  RgbaPicture out(w, h);
  const int x0 = (w - picture.width) / 2, y0 = (h - picture.height) / 2;
  for (int y = 0; y < picture.height; ++y) {
    std::copy_n(picture.rgba.data() + 4 * size_t(y) * picture.width, 4 * size_t(picture.width),
                out.rgba.data() + 4 * (size_t(y0 + y) * w + x0));
  }
  return out;
}

}  // namespace kbot::image
