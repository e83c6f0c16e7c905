#include "formats/image/png_filter.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <vector>

namespace kbot::image::png_detail {
namespace {

// PNG section 9's reconstruction, written plainly: what a decoder does.
std::vector<uint8_t> Unfilter(const std::vector<uint8_t>& stored, const std::vector<uint8_t>& prev,
                              int bpp) {
  const int type = stored[0];
  std::vector<uint8_t> row(stored.begin() + 1, stored.end());
  for (size_t i = 0; i < row.size(); ++i) {
    const int a = i >= size_t(bpp) ? row[i - size_t(bpp)] : 0;
    const int b = prev.empty() ? 0 : prev[i];
    const int c = i >= size_t(bpp) && !prev.empty() ? prev[i - size_t(bpp)] : 0;
    int predictor = 0;
    if (type == 1) predictor = a;
    if (type == 2) predictor = b;
    if (type == 3) predictor = (a + b) / 2;
    if (type == 4) {
      const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
      predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    }
    row[i] = uint8_t(row[i] + predictor);
  }
  return row;
}

std::vector<uint8_t> Filter(FilterChoice choice, const std::vector<uint8_t>& cur,
                            const std::vector<uint8_t>& prev, int bpp) {
  std::vector<uint8_t> out(cur.size() + 1), scratch(cur.size());
  FilterRow(choice, cur.data(), prev.empty() ? nullptr : prev.data(), cur.size(), bpp,
            out.data(), scratch.data());
  return out;
}

TEST(PngFilter, EveryChosenFilterReconstructsTheRow) {
  std::mt19937 rng(2);
  int types_seen[5] = {};
  for (int bpp : {1, 3, 4}) {
    for (int trial = 0; trial < 200; ++trial) {
      // Every tenth row is long enough to be judged on a sample.
      const size_t length = size_t(bpp) * (trial % 10 == 9 ? 2048 + rng() % 500 : 1 + rng() % 40);
      std::vector<uint8_t> prev(trial % 5 == 0 ? 0 : length), cur(length);
      const int kind = trial % 4;  // random, gradients, steps, copies of the row above
      for (size_t i = 0; i < length; ++i) {
        if (!prev.empty()) prev[i] = uint8_t(kind == 0 ? rng() : i * 3 + trial);
        cur[i] = uint8_t(kind == 0   ? rng()
                         : kind == 1 ? i * 3 + trial + 1
                         : kind == 2 ? (i / size_t(bpp)) * 5
                                     : (prev.empty() ? i : prev[i]));
      }
      for (FilterChoice choice : {FilterChoice::kNone, FilterChoice::kAdaptive}) {
        const std::vector<uint8_t> stored = Filter(choice, cur, prev, bpp);
        ASSERT_LE(stored[0], 4);
        ++types_seen[stored[0]];
        if (choice == FilterChoice::kNone) {
          EXPECT_EQ(stored[0], 0);
        }
        EXPECT_EQ(Unfilter(stored, prev, bpp), cur) << "bpp " << bpp << " trial " << trial;
      }
    }
  }
  for (int type = 0; type < 5; ++type) EXPECT_GT(types_seen[type], 0) << "type " << type;
}

TEST(PngFilter, NoiseStaysUnfilteredAndARampIsPredicted) {
  std::mt19937 rng(8);
  std::vector<uint8_t> noise(3000), noise_above(3000), ramp(3000), ramp_above(3000);
  for (size_t i = 0; i < 3000; ++i) {
    noise[i] = uint8_t(rng()), noise_above[i] = uint8_t(rng());
    ramp[i] = uint8_t(100 + i / 30), ramp_above[i] = uint8_t(99 + i / 30);
  }
  EXPECT_EQ(Filter(FilterChoice::kAdaptive, noise, noise_above, 3)[0], 0);
  EXPECT_NE(Filter(FilterChoice::kAdaptive, ramp, ramp_above, 3)[0], 0);
  // The first row has no row above: only Sub is tried against None.
  EXPECT_EQ(Filter(FilterChoice::kAdaptive, ramp, {}, 3)[0], 1);
}

}  // namespace
}  // namespace kbot::image::png_detail
