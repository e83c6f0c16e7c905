#include "formats/tnt/area_average.h"

#include <algorithm>
#include <utility>

namespace kbot::tnt {

namespace {

constexpr int kUnits = 16;  // units an output pixel spans

constexpr uint64_t kChannel = (uint64_t(1) << 21) - 1;

uint8_t Average(uint64_t sum, uint64_t total) {
  return uint8_t(total == 256 ? (sum + 128) >> 8 : (sum + total / 2) / total);
}

}  // namespace

int ShrunkSide(int source, int scale) {
  return std::max(1, int(int64_t(source) * scale / kUnits));
}

Shrinker::Axis Shrinker::MakeAxis(int source, int out, int scale) {
  Axis axis;
  axis.total.assign(size_t(out) + 1, 0);
  const int64_t end = int64_t(out) * kUnits;  // units the output spans
  for (int s = 0; s < source && int64_t(s) * scale < end; ++s) {
    const int64_t from = int64_t(s) * scale, to = std::min(from + scale, end);
    const int o = int(from / kUnits);
    const int64_t split = std::min(to, int64_t(o + 1) * kUnits);
    axis.first.push_back(o);
    axis.w0.push_back(uint16_t(split - from));
    axis.w1.push_back(uint16_t(to - split));
    axis.total[size_t(o)] += uint32_t(split - from);
    axis.total[size_t(o) + 1] += uint32_t(to - split);
    axis.used = s + 1;
  }
  return axis;
}

Shrinker::Shrinker(int source_width, int source_height, int scale, RowSink sink)
    : scale_(scale),
      out_width_(ShrunkSide(source_width, scale)),
      out_height_(ShrunkSide(source_height, scale)),
      x_(MakeAxis(source_width, out_width_, scale)),
      y_(MakeAxis(source_height, out_height_, scale)),
      sink_(std::move(sink)),
      across_(size_t(out_width_) + 1, 0),
      rgb_(size_t(out_width_) * 3) {
  rows_[0].assign(size_t(out_width_), 0);
  rows_[1].assign(size_t(out_width_), 0);
}

void Shrinker::Emit(int row) {
  const uint64_t ty = y_.total[size_t(row)];
  const uint64_t* sums = rows_[0].data();
  for (int o = 0; o < out_width_; ++o) {
    const uint64_t total = ty * x_.total[size_t(o)], v = sums[o];
    uint8_t* p = &rgb_[size_t(o) * 3];
    if (total == 0) {  // cannot happen: every output pixel holds units
      p[0] = p[1] = p[2] = 0;
      continue;
    }
    p[0] = Average(v & kChannel, total);
    p[1] = Average((v >> 21) & kChannel, total);
    p[2] = Average((v >> 42) & kChannel, total);
  }
  sink_(row, rgb_.data());
}

// Hands on every output row above `row`, so that rows_[0] is output row `row`.
void Shrinker::AdvanceTo(int row) {
  while (row_ < row && row_ < out_height_) {
    Emit(row_);
    std::swap(rows_[0], rows_[1]);
    std::fill(rows_[1].begin(), rows_[1].end(), 0);
    ++row_;
  }
}

void Shrinker::Finish() { AdvanceTo(out_height_); }

}  // namespace kbot::tnt
