#include "formats/image/png_filter.h"

#include <cstring>

namespace kbot::image::png_detail {

namespace {

// The loops below are plain byte loops over whole rows with no dependency
// between outputs (an encoder predicts from the unfiltered pixels), written
// so that the compiler vectorises them.

void Sub(const uint8_t* cur, size_t length, int bpp, uint8_t* out) {
  const size_t lead = length < size_t(bpp) ? length : size_t(bpp);
  for (size_t i = 0; i < lead; ++i) out[i] = cur[i];
  for (size_t i = lead; i < length; ++i) out[i] = uint8_t(cur[i] - cur[i - size_t(bpp)]);
}

void Up(const uint8_t* cur, const uint8_t* prev, size_t length, uint8_t* out) {
  for (size_t i = 0; i < length; ++i) out[i] = uint8_t(cur[i] - prev[i]);
}

// floor((a + b) / 2) without leaving 8 bits: (a & b) + ((a ^ b) >> 1).
void Average(const uint8_t* cur, const uint8_t* prev, size_t length, int bpp, uint8_t* out) {
  const size_t lead = length < size_t(bpp) ? length : size_t(bpp);
  for (size_t i = 0; i < lead; ++i) out[i] = uint8_t(cur[i] - (prev[i] >> 1));
  for (size_t i = lead; i < length; ++i) {
    const uint8_t a = cur[i - size_t(bpp)], b = prev[i];
    out[i] = uint8_t(cur[i] - uint8_t((a & b) + ((a ^ b) >> 1)));
  }
}

// The predictor of PNG section 9.4, in the form that needs no branch:
// pa = |b - c|, pb = |a - c|, pc = |a + b - 2c|; ties go to a, then b.
void Paeth(const uint8_t* cur, const uint8_t* prev, size_t length, int bpp, uint8_t* out) {
  const size_t lead = length < size_t(bpp) ? length : size_t(bpp);
  for (size_t i = 0; i < lead; ++i) out[i] = uint8_t(cur[i] - prev[i]);  // a = c = 0: b wins
  for (size_t i = lead; i < length; ++i) {
    const int16_t a = cur[i - size_t(bpp)], b = prev[i], c = prev[i - size_t(bpp)];
    const int16_t pa = int16_t(b > c ? b - c : c - b);
    const int16_t pb = int16_t(a > c ? a - c : c - a);
    const int16_t sum = int16_t(a + b - 2 * c);
    const int16_t pc = int16_t(sum < 0 ? -sum : sum);
    const int16_t predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
    out[i] = uint8_t(cur[i] - predictor);
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
  // the first row tries Sub alone.
  uint8_t* candidates[4] = {scratch, scratch + length, scratch + 2 * length, scratch + 3 * length};
  Sub(cur, length, bpp, candidates[0]);
  if (prev != nullptr) {
    Up(cur, prev, length, candidates[1]);
    Average(cur, prev, length, bpp, candidates[2]);
    Paeth(cur, prev, length, bpp, candidates[3]);
  }
  const int tried = prev != nullptr ? 4 : 1;
  const uint32_t none_sum = SumOfMagnitudes(cur, length);
  uint32_t best_sum = 0;
  int best = -1;
  for (int f = 0; f < tried; ++f) {
    const uint32_t sum = SumOfMagnitudes(candidates[f], length);
    if (best < 0 || sum < best_sum) best_sum = sum, best = f;
  }
  if (double(best_sum) >= kFilterGain * double(none_sum)) {
    out[0] = 0;
    std::memcpy(out + 1, cur, length);
    return;
  }
  out[0] = uint8_t(best + 1);  // Sub 1, Up 2, Average 3, Paeth 4
  std::memcpy(out + 1, candidates[best], length);
}

}  // namespace kbot::image::png_detail
