#include "formats/tnt/nearest_colour.h"

#include <algorithm>
#include <limits>

namespace kbot::tnt {

namespace {

constexpr int kBoxSide = 8;  // colours a box spans in each channel

// The squared distance from v to the nearest and to the farthest colour of
// [lo, lo + 7], without branches.
inline int32_t NearSquare(int32_t v, int32_t lo) {
  const int32_t d = std::max({lo - v, v - (lo + kBoxSide - 1), 0});
  return d * d;
}
inline int32_t FarSquare(int32_t v, int32_t lo) {
  const int32_t d = std::max(v - lo, lo + kBoxSide - 1 - v);
  return d * d;
}

}  // namespace

NearestColour::NearestColour(const palette::Palette& palette)
    : palette_(palette), boxes_(kBoxes, 0) {
  for (size_t i = 0; i < 256; ++i) {
    red_[i] = palette.colors[i].r, green_[i] = palette.colors[i].g, blue_[i] = palette.colors[i].b;
  }
}

void NearestColour::FillBox(int box) {
  const int32_t r0 = (box >> 10) * kBoxSide, g0 = ((box >> 5) & 31) * kBoxSide,
                b0 = (box & 31) * kBoxSide;
  int32_t bound = std::numeric_limits<int32_t>::max();
  for (int i = 0; i < 256; ++i) {
    bound = std::min(bound, FarSquare(red_[i], r0) + FarSquare(green_[i], g0) +
                                FarSquare(blue_[i], b0));
  }
  int32_t near[256];
  for (int i = 0; i < 256; ++i) {
    near[i] = NearSquare(red_[i], r0) + NearSquare(green_[i], g0) + NearSquare(blue_[i], b0);
  }
  const uint32_t first = uint32_t(candidates_.size());
  for (uint32_t i = 0; i < 256; ++i) {
    if (near[i] > bound) continue;
    candidates_.push_back(uint32_t(red_[i]) << 24 | uint32_t(green_[i]) << 16 |
                          uint32_t(blue_[i]) << 8 | i);
  }
  // At least 1 (the entry that set the bound), at most 256: 9 bits.
  boxes_[size_t(box)] = first << 9 | uint32_t(candidates_.size() - first);
}

uint8_t NearestColour::Find(int r, int g, int b) {
  const int box = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
  if (boxes_[size_t(box)] == 0) FillBox(box);
  const uint32_t entry = boxes_[size_t(box)];
  const uint32_t* list = candidates_.data() + (entry >> 9);
  // Squared distances are under 2^18, so distance << 8 | index fits 26 bits.
  uint32_t best = std::numeric_limits<uint32_t>::max();
  for (uint32_t i = 0, n = entry & 511; i < n; ++i) {
    const uint32_t c = list[i];
    const int dr = int(c >> 24) - r, dg = int((c >> 16) & 255) - g, db = int((c >> 8) & 255) - b;
    best = std::min(best, uint32_t(dr * dr + dg * dg + db * db) << 8 | (c & 255));
  }
  return uint8_t(best & 255);
}

}  // namespace kbot::tnt
