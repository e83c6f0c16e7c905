#include "tests/support/expect_picture.h"

#include <gtest/gtest.h>

namespace kbot::testing {

void ExpectGrid(const image::IndexedPicture& pic, int w, int h, const std::vector<int>& grid,
                int fill) {
  ASSERT_EQ(pic.width, w);
  ASSERT_EQ(pic.height, h);
  ASSERT_EQ(grid.size(), size_t(w) * h);
  std::vector<int> index, opaque;
  for (int v : grid) {
    index.push_back(v == T ? fill : v);
    opaque.push_back(v == T ? 0 : 1);
  }
  EXPECT_EQ(Ints(pic.index), index);
  EXPECT_EQ(Ints(pic.opaque), opaque);
}

void ExpectOpaque(const image::IndexedPicture& pic, int w, int h, const std::vector<int>& index) {
  ExpectGrid(pic, w, h, index, 0);
}

}  // namespace kbot::testing
