// Shrinking a map picture row by row by area averaging, without holding the
// full-resolution picture: the source rows come in order (a band at a time)
// and each output row is handed on as soon as the last source row under it
// has been added.
//
// The weights are whole numbers. Put the source and the output on one axis
// of "units": source pixel s spans units [s * scale, (s + 1) * scale), output
// pixel o spans [o * 16, o * 16 + 16) (scale is the output pixels for 16
// source pixels, 2..16). A source pixel weighs, in an output pixel, the units
// they share: 0..scale on each axis, so at most 16 * 16 = 256 in all, and a
// source pixel falls into at most two output pixels an axis. When 16 is a
// multiple of the scale no source pixel straddles two output pixels and this
// is the plain box average; for 3, 5, 6, 7... px a cell it is the exact area
// average of what each output pixel covers.
//
// The output has floor(source * scale / 16) pixels a side, at least 1: the
// last source pixels, less than one output pixel's worth, are left out, so
// every output pixel is a full average (a source narrower than one output
// pixel makes a single pixel of what there is).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace kbot::tnt {

// R, G and B side by side in one integer, 21 bits each, so one multiply-add
// weighs all three: a channel's sum is at most 255 * 256, under 2^21.
inline uint64_t PackRgb(uint32_t r, uint32_t g, uint32_t b) {
  return uint64_t(r) | (uint64_t(g) << 21) | (uint64_t(b) << 42);
}

// The output side for `source` pixels at `scale` (the rule above).
int ShrunkSide(int source, int scale);

class Shrinker {
 public:
  // Told each output row as it completes: its number and width * 3 bytes of
  // R, G, B (rounded averages), valid during the call.
  using RowSink = std::function<void(int row, const uint8_t* rgb)>;

  Shrinker(int source_width, int source_height, int scale, RowSink sink);

  int width() const { return out_width_; }
  int height() const { return out_height_; }

  // Adds source row `y` (0, 1, 2... in order): pixel x's colour is
  // packed(x), a PackRgb value.
  template <typename Packed>
  void AddRow(int y, Packed packed);

  // Hands on the rows still held. Call once, after the last row.
  void Finish();

 private:
  struct Axis {
    std::vector<int32_t> first;  // per source pixel: the output pixel it starts in
    std::vector<uint16_t> w0, w1;  // its units there and in the next one
    std::vector<uint32_t> total;  // per output pixel: the units it holds
    int used = 0;  // source pixels that weigh anything
  };
  static Axis MakeAxis(int source, int out, int scale);
  void AdvanceTo(int row);
  void Emit(int row);

  int scale_;
  int out_width_, out_height_;
  Axis x_, y_;
  RowSink sink_;
  std::vector<uint64_t> across_;     // the row being added, weighed across
  std::vector<uint64_t> rows_[2];    // output rows `row_` and `row_ + 1`
  int row_ = 0;
  std::vector<uint8_t> rgb_;
};

template <typename Packed>
void Shrinker::AddRow(int y, Packed packed) {
  if (y >= y_.used) return;
  std::fill(across_.begin(), across_.end(), 0);
  uint64_t* across = across_.data();
  if (16 % scale_ == 0) {  // no straddling: one output pixel a source pixel
    for (int x = 0; x < x_.used; ++x) across[x_.first[size_t(x)]] += packed(x);
    for (int o = 0; o < out_width_; ++o) across[o] *= uint64_t(scale_);
  } else {
    for (int x = 0; x < x_.used; ++x) {
      const uint64_t c = packed(x);
      const int32_t o = x_.first[size_t(x)];
      across[o] += c * x_.w0[size_t(x)];
      across[o + 1] += c * x_.w1[size_t(x)];
    }
  }
  AdvanceTo(y_.first[size_t(y)]);
  const uint64_t w0 = y_.w0[size_t(y)], w1 = y_.w1[size_t(y)];
  uint64_t* r0 = rows_[0].data();
  for (int o = 0; o < out_width_; ++o) r0[o] += across[o] * w0;
  if (w1 == 0) return;
  uint64_t* r1 = rows_[1].data();
  for (int o = 0; o < out_width_; ++o) r1[o] += across[o] * w1;
}

}  // namespace kbot::tnt
