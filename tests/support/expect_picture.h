// Expectations on decoded pictures, shared by the format tests.
#pragma once

#include <cstdint>
#include <vector>

#include "formats/common/byte_reader.h"
#include "formats/image/picture.h"

namespace kbot::testing {

inline constexpr int T = -1;  // a transparent pixel in an expected grid

inline Bytes AsBytes(const std::vector<uint8_t>& v) { return Bytes(v.data(), v.size()); }
inline std::vector<int> Ints(const std::vector<uint8_t>& v) {
  return std::vector<int>(v.begin(), v.end());
}

// `grid`: the index of each drawn pixel, or T for a transparent one, whose
// index must be `fill` (the picture's key).
void ExpectGrid(const image::IndexedPicture& pic, int w, int h, const std::vector<int>& grid,
                int fill);
// Every pixel opaque, with these indices.
void ExpectOpaque(const image::IndexedPicture& pic, int w, int h, const std::vector<int>& index);

// One pixel of an RGBA picture, comparable in EXPECT_EQ.
struct Rgba {
  uint8_t r, g, b, a;
  friend bool operator==(const Rgba&, const Rgba&) = default;
};
// The pixel at (x, y) of `p`.
inline Rgba PixelAt(const image::RgbaPicture& p, int x, int y) {
  const uint8_t* px = &p.rgba[(size_t(y) * size_t(p.width) + size_t(x)) * 4];
  return {px[0], px[1], px[2], px[3]};
}

}  // namespace kbot::testing
