#include "formats/image/png_filter.h"

#include <algorithm>
#include <cstring>

namespace kbot::image::png_detail {

namespace {

// Rows of at least this many bytes are judged on a sample.
constexpr size_t kSampledRow = 2048;

// The loops below are plain byte loops over whole rows with no dependency
// between outputs (an encoder predicts from the unfiltered pixels), written
// so that the compiler vectorises them.

// Each writes out[i] for i in [begin, end) of the row; bytes left of the
// first pixel predict from zeros.
void Sub(const uint8_t* cur, size_t begin, size_t end, int bpp, uint8_t* out) {
  const size_t lead = std::min(end, size_t(bpp));
  for (size_t i = begin; i < lead; ++i) out[i] = cur[i];
  for (size_t i = std::max(begin, lead); i < end; ++i) {
    out[i] = uint8_t(cur[i] - cur[i - size_t(bpp)]);
  }
}

void Up(const uint8_t* cur, const uint8_t* prev, size_t begin, size_t end, uint8_t* out) {
  for (size_t i = begin; i < end; ++i) out[i] = uint8_t(cur[i] - prev[i]);
}

// floor((a + b) / 2) without leaving 8 bits: (a & b) + ((a ^ b) >> 1).
void Average(const uint8_t* cur, const uint8_t* prev, size_t begin, size_t end, int bpp,
             uint8_t* out) {
  const size_t lead = std::min(end, size_t(bpp));
  for (size_t i = begin; i < lead; ++i) out[i] = uint8_t(cur[i] - (prev[i] >> 1));
  for (size_t i = std::max(begin, lead); i < end; ++i) {
    const uint8_t a = cur[i - size_t(bpp)], b = prev[i];
    out[i] = uint8_t(cur[i] - uint8_t((a & b) + ((a ^ b) >> 1)));
  }
}

// The predictor of PNG section 9.4, in the form that needs no branch:
// pa = |b - c|, pb = |a - c|, pc = |a + b - 2c|; ties go to a, then b.
void Paeth(const uint8_t* cur, const uint8_t* prev, size_t begin, size_t end, int bpp,
           uint8_t* out) {
  const size_t lead = std::min(end, size_t(bpp));
  for (size_t i = begin; i < lead; ++i) out[i] = uint8_t(cur[i] - prev[i]);  // a = c = 0: b
  for (size_t i = std::max(begin, lead); i < end; ++i) {
    const int16_t a = cur[i - size_t(bpp)], b = prev[i], c = prev[i - size_t(bpp)];
    const int16_t pa = int16_t(b > c ? b - c : c - b);
    const int16_t pb = int16_t(a > c ? a - c : c - a);
    const int16_t sum = int16_t(a + b - 2 * c);
    const int16_t pc = int16_t(sum < 0 ? -sum : sum);
    const int16_t predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
    out[i] = uint8_t(cur[i] - predictor);
  }
}

void Apply(int type, const uint8_t* cur, const uint8_t* prev, size_t begin, size_t end, int bpp,
           uint8_t* out) {
  switch (type) {
    case 1: Sub(cur, begin, end, bpp, out); break;
    case 2: Up(cur, prev, begin, end, out); break;
    case 3: Average(cur, prev, begin, end, bpp, out); break;
    case 4: Paeth(cur, prev, begin, end, bpp, out); break;
    default: std::memcpy(out + begin, cur + begin, end - begin); break;
  }
}

// libpng's measure of a filtered row: each byte read as a signed value, summed
// by magnitude. A row is at most 4,000,000 bytes (png_encode.cc), so the sum
// stays under 2^32.
uint32_t SumOfMagnitudes(const uint8_t* p, size_t length) {
  uint32_t sum = 0;
  for (size_t i = 0; i < length; ++i) {
    const int v = int8_t(p[i]);
    sum += uint32_t(v < 0 ? -v : v);
  }
  return sum;
}

}  // namespace

void FilterRow(FilterChoice choice, const uint8_t* cur, const uint8_t* prev, size_t length,
               int bpp, uint8_t* out, uint8_t* scratch) {
  if (choice == FilterChoice::kNone || length == 0) {
    out[0] = 0;
    std::memcpy(out + 1, cur, length);
    return;
  }
  // Without a row above (PNG reads it as zeros) Up is None and Paeth is Sub:
  // the first row tries Sub alone. A long row is judged by half of its bytes
  // (128 of every 256), then filtered whole by the one chosen.
  const bool sampled = length >= kSampledRow;
  const size_t step = sampled ? 256 : length, take = sampled ? 128 : length;
  const int tried = prev != nullptr ? 4 : 1;
  uint32_t sums[5] = {};
  for (size_t begin = 0; begin < length; begin += step) {
    const size_t end = std::min(length, begin + take);
    sums[0] += SumOfMagnitudes(cur + begin, end - begin);
    for (int type = 1; type <= tried; ++type) {
      Apply(type, cur, prev, begin, end, bpp, scratch);
      sums[type] += SumOfMagnitudes(scratch + begin, end - begin);
    }
  }
  int best = 1;
  for (int type = 2; type <= tried; ++type) {
    if (sums[type] < sums[best]) best = type;
  }
  if (double(sums[best]) >= kFilterGain * double(sums[0])) best = 0;
  out[0] = uint8_t(best);  // None 0, Sub 1, Up 2, Average 3, Paeth 4
  Apply(best, cur, prev, 0, length, bpp, out + 1);
}

}  // namespace kbot::image::png_detail
