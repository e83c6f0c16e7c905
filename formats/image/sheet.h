// A contact sheet: every frame of an animation side by side in one picture,
// for a reader who cannot play an animation. Frames keep the canvas alignment
// (each cell is one canvas), laid out left to right, top to bottom, with a
// transparent gutter between cells.
#pragma once

#include "formats/image/animation.h"

namespace kbot::image {

inline constexpr int kSheetGutter = 2;

// Columns: ceil(sqrt(frames)), so the sheet stays roughly square.
int SheetColumns(size_t frames);

IndexedPicture MakeSheet(const IndexedAnimation& animation);
RgbaPicture MakeSheet(const RgbaAnimation& animation);

// `picture` centred on a transparent w x h canvas (at least its own size):
// the cell of a sheet of pictures of different sizes (the sprite sheets).
RgbaPicture Centred(const RgbaPicture& picture, int w, int h);

}  // namespace kbot::image
