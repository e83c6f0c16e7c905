// Expectations on decoded pictures, shared by the GAF tests.
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

}  // namespace kbot::testing
