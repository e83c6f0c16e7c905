// Which single palette slot an indexed export marks transparent (tRNS for PNG,
// the transparent colour of GIF).
//
// The slot is the pictures' key when no drawn pixel uses it. When a drawn
// pixel uses the key (or, in an animation, a frame draws another frame's key),
// an index that no drawn pixel uses becomes the slot instead, so every drawn
// pixel keeps its palette index. Only when all 256 indices are drawn and some
// pixel is transparent is there no slot: the output must then be RGBA.
#pragma once

#include <span>

#include "formats/image/picture.h"

namespace kbot::image {

struct SlotChoice {
  bool any_transparent = false;
  // The index to mark transparent; -1 when none is needed (nothing is
  // transparent and the key is drawn) or none is free (then see needs_rgba).
  int slot = -1;
  bool needs_rgba() const { return any_transparent && slot < 0; }
};

SlotChoice ChooseTransparentSlot(std::span<const IndexedPicture> pictures);

// Where a drawn pixel's index equals the slot nothing changes; where a pixel
// is transparent its index becomes the slot. The result is what a PNG or GIF
// stores: one index per pixel.
void ApplySlot(const IndexedPicture& picture, int slot, std::vector<uint8_t>& out);

}  // namespace kbot::image
