// NearestColour (formats/tnt/nearest_colour.h) against looking at all 256
// entries: the TA palette over random and corner colours, and palettes with
// equal entries and ties, where the lowest index must win.
#include "formats/tnt/nearest_colour.h"

#include <gtest/gtest.h>

#include <random>

namespace kbot::tnt {
namespace {

uint8_t Brute(const palette::Palette& p, int r, int g, int b) {
  int best = 0, best_d = 1 << 30;
  for (int i = 0; i < 256; ++i) {
    const palette::Rgb& c = p.colors[size_t(i)];
    const int d = (c.r - r) * (c.r - r) + (c.g - g) * (c.g - g) + (c.b - b) * (c.b - b);
    if (d < best_d) best_d = d, best = i;
  }
  return uint8_t(best);
}

void ExpectExact(const palette::Palette& p, int samples) {
  NearestColour nearest(p);
  std::mt19937 random(11);
  for (int i = 0; i < samples; ++i) {
    const int r = int(random() & 255), g = int(random() & 255), b = int(random() & 255);
    ASSERT_EQ(nearest.Find(r, g, b), Brute(p, r, g, b)) << r << "," << g << "," << b;
  }
  for (int r : {0, 7, 8, 255}) {
    for (int g : {0, 128, 255}) {
      for (int b : {0, 1, 254, 255}) ASSERT_EQ(nearest.Find(r, g, b), Brute(p, r, g, b));
    }
  }
}

TEST(NearestColour, TaPaletteExact) { ExpectExact(palette::TaPalette(), 200000); }

TEST(NearestColour, EqualEntriesAndTiesTakeTheLowestIndex) {
  palette::Palette p;  // all black but two greys, one twice
  p.colors[40] = {100, 100, 100};
  p.colors[90] = {100, 100, 100};
  p.colors[200] = {102, 100, 100};
  NearestColour nearest(p);
  EXPECT_EQ(nearest.Find(101, 100, 100), 40);  // 40, 90 and 200 all 1 away
  EXPECT_EQ(nearest.Find(0, 0, 0), 0);
  EXPECT_EQ(nearest.Find(255, 255, 255), 200);
  ExpectExact(p, 20000);
  palette::Palette flat;  // 256 equal entries: every box lists all 256
  EXPECT_EQ(NearestColour(flat).Find(9, 9, 9), 0);
}

}  // namespace
}  // namespace kbot::tnt
