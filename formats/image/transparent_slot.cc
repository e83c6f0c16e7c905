#include "formats/image/transparent_slot.h"

#include <algorithm>
#include <array>

namespace kbot::image {

SlotChoice ChooseTransparentSlot(std::span<const IndexedPicture> pictures) {
  SlotChoice choice;
  if (pictures.empty()) return choice;

  // Which indices some frame draws. The slot is shared by every frame of an
  // export, so one frame drawing another frame's key rules that key out too.
  std::array<bool, 256> drawn{};
  for (const IndexedPicture& picture : pictures) {
    const size_t n = std::min({picture.pixels(), picture.index.size(), picture.opaque.size()});
    for (size_t i = 0; i < n; ++i) {
      if (picture.opaque[i]) {
        drawn[picture.index[i]] = true;
      } else {
        choice.any_transparent = true;
      }
    }
  }

  const uint8_t first_key = pictures.front().key;
  if (!choice.any_transparent) {
    // Nothing needs a slot; marking the key anyway keeps a file that names its
    // key the way the game does, but only when that cannot hide a drawn pixel.
    if (!drawn[first_key]) choice.slot = first_key;
    return choice;
  }

  // Prefer a key the frames themselves name, so a viewer that looks at the
  // tRNS slot sees the asset's own key; otherwise the lowest free index.
  for (const IndexedPicture& picture : pictures) {
    if (!drawn[picture.key]) {
      choice.slot = picture.key;
      return choice;
    }
  }
  for (int i = 0; i < 256; ++i) {
    if (!drawn[i]) {
      choice.slot = i;
      return choice;
    }
  }
  return choice;  // all 256 drawn and something transparent: needs_rgba()
}

void ApplySlot(const IndexedPicture& picture, int slot, std::vector<uint8_t>& out) {
  out.assign(picture.index.begin(), picture.index.end());
  // Without a slot a transparent pixel keeps its index: the caller either has
  // no transparent pixels or is about to write RGBA instead.
  if (slot < 0) return;
  const size_t n = std::min(out.size(), picture.opaque.size());
  for (size_t i = 0; i < n; ++i) {
    if (!picture.opaque[i]) out[i] = uint8_t(slot);
  }
}

}  // namespace kbot::image
