#include "formats/image/downscale.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace kbot::image {

namespace {

// For each output index 0..out-1, the first source index it covers; entry
// `out` is `in`. Every span is at least one source pixel since out <= in.
std::vector<int> Spans(int in, int out) {
  std::vector<int> first(size_t(out) + 1);
  for (int i = 0; i <= out; ++i) first[size_t(i)] = int(int64_t(i) * in / out);
  return first;
}

// The average of the source block [x0, x1) x [y0, y1), alpha-weighted.
void AverageBlock(const RgbaPicture& p, int x0, int x1, int y0, int y1, uint8_t* out) {
  uint64_t r = 0, g = 0, b = 0, a = 0;
  for (int y = y0; y < y1; ++y) {
    const uint8_t* px = &p.rgba[(size_t(y) * size_t(p.width) + size_t(x0)) * 4];
    for (int x = x0; x < x1; ++x, px += 4) {
      r += uint64_t(px[0]) * px[3];
      g += uint64_t(px[1]) * px[3];
      b += uint64_t(px[2]) * px[3];
      a += px[3];
    }
  }
  const uint64_t n = uint64_t(x1 - x0) * uint64_t(y1 - y0);
  out[3] = uint8_t((a + n / 2) / n);
  if (a == 0) return;  // fully transparent: transparent black
  out[0] = uint8_t((r + a / 2) / a);
  out[1] = uint8_t((g + a / 2) / a);
  out[2] = uint8_t((b + a / 2) / a);
}

}  // namespace

RgbaPicture AreaAverage(const RgbaPicture& picture, int width, int height) {
  width = std::clamp(width, 1, std::max(1, picture.width));
  height = std::clamp(height, 1, std::max(1, picture.height));
  RgbaPicture out(width, height);
  if (picture.width < 1 || picture.height < 1) return out;
  const std::vector<int> xs = Spans(picture.width, width), ys = Spans(picture.height, height);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      AverageBlock(picture, xs[size_t(x)], xs[size_t(x) + 1], ys[size_t(y)], ys[size_t(y) + 1],
                   &out.rgba[(size_t(y) * size_t(width) + size_t(x)) * 4]);
    }
  }
  return out;
}

}  // namespace kbot::image
