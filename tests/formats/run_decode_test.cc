// The run-encoded decoder has a fast path (whole-block stores, rows in pairs)
// and an exact path (rows too near the end of the file, and errors). Both must
// draw exactly what a plain reading of the chunk table (docs/formats/gaf.md,
// "Run-length chunks") draws, for any mix of chunks, clipping and short rows.
#include "formats/gaf/run_decode.h"

#include <gtest/gtest.h>

#include <random>

#include "tests/support/gaf_bytes.h"

namespace kbot::gaf {
namespace {

struct Reference {
  std::vector<uint8_t> index, opaque;
  size_t short_rows = 0;
};

// The chunk table read as literally as possible, one pixel at a time.
Reference Draw(const std::vector<std::vector<uint8_t>>& rows, size_t width, uint8_t key) {
  Reference ref;
  for (const std::vector<uint8_t>& row : rows) {
    std::vector<uint8_t> index(width, key), opaque(width, 0);
    size_t x = 0, i = 0;
    while (i < row.size()) {
      const uint8_t mask = row[i++];
      if (mask & 1) {
        x += mask >> 1;
      } else if (mask & 2) {
        const uint8_t v = row[i++];
        for (int n = 0; n < (mask >> 2) + 1; ++n, ++x) {
          if (x < width) index[x] = v, opaque[x] = 1;
        }
      } else {
        for (int n = 0; n < (mask >> 2) + 1; ++n, ++x) {
          if (x < width) index[x] = row[i], opaque[x] = 1;
          ++i;
        }
      }
    }
    ref.short_rows += x < width;
    ref.index.insert(ref.index.end(), index.begin(), index.end());
    ref.opaque.insert(ref.opaque.end(), opaque.begin(), opaque.end());
  }
  return ref;
}

// A row of random chunks covering about `width` pixels: sometimes short,
// sometimes past the width, every kind at lengths up to its maximum.
std::vector<uint8_t> RandomRow(std::mt19937& rng, size_t width) {
  std::vector<uint8_t> row;
  const size_t target = width + (rng() % 3 == 0 ? 0 : rng() % 40) - (rng() % 4 == 0 ? width / 2 : 0);
  size_t x = 0;
  while (x < target) {
    const int kind = int(rng() % 3);
    if (kind == 0) {
      const int n = int(rng() % 128);
      row.push_back(uint8_t((n << 1) | 1));
      x += size_t(n);
    } else {
      const int n = 1 + int(rng() % (rng() % 2 ? 8 : 64));
      row.push_back(uint8_t(((n - 1) << 2) | (kind == 1 ? 2 : 0)));
      for (int k = 0; k < (kind == 1 ? 1 : n); ++k) row.push_back(uint8_t(rng()));
      x += size_t(n);
    }
  }
  return row;
}

TEST(RunDecode, FastAndExactPathsDrawWhatTheChunkTableSays) {
  std::mt19937 rng(1234);
  for (int trial = 0; trial < 300; ++trial) {
    const size_t width = 1 + rng() % 300, height = 1 + rng() % 7;
    const uint8_t key = uint8_t(rng());
    std::vector<std::vector<uint8_t>> rows;
    std::vector<uint8_t> payload;
    for (size_t r = 0; r < height; ++r) {
      rows.push_back(RandomRow(rng, width));
      const std::vector<uint8_t> encoded = testing::Row({rows.back()});
      payload.insert(payload.end(), encoded.begin(), encoded.end());
    }
    const Reference ref = Draw(rows, width, key);
    testing::FixtureFrame frame{.width = uint16_t(width), .height = uint16_t(height),
                                .transparency = key, .storage = 1};
    frame.payload = payload;
    // Without trailing bytes the last rows take the exact path; with them,
    // every row can take the fast path.
    for (size_t trailing : {size_t{0}, size_t{200}}) {
      std::vector<uint8_t> file = testing::LayOutGaf({testing::FixtureSequence{"s", 1, 0, {frame}}}).bytes;
      file.resize(file.size() + trailing, 0xAA);
      absl::StatusOr<Gaf> gaf = ReadGaf(file, "t.gaf");
      ASSERT_TRUE(gaf.ok()) << gaf.status();
      Warnings warnings;
      absl::StatusOr<image::IndexedPicture> pic = DecodeRunEncodedFrame(
          file, gaf->sequences[0].frames[0].info, FrameLocation{"t.gaf"}, &warnings);
      ASSERT_TRUE(pic.ok()) << pic.status();
      ASSERT_EQ(pic->index, ref.index) << "trial " << trial << " trailing " << trailing;
      ASSERT_EQ(pic->opaque, ref.opaque) << "trial " << trial << " trailing " << trailing;
      EXPECT_EQ(warnings.size(), std::min<size_t>(ref.short_rows, 3) + (ref.short_rows > 3));
    }
  }
}

TEST(RunDecode, AChunkPastItsRowIsAnErrorOnBothPaths) {
  // Row 1's literal claims 5 bytes and has 2.
  const std::vector<uint8_t> payload =
      testing::Concat({testing::Row({testing::Literal({1, 2})}), {3, 0, (4 << 2), 7, 8}});
  testing::FixtureFrame frame{.width = 2, .height = 2, .storage = 1};
  frame.payload = payload;
  for (size_t trailing : {size_t{0}, size_t{200}}) {
    std::vector<uint8_t> file = testing::LayOutGaf({testing::FixtureSequence{"s", 1, 0, {frame}}}).bytes;
    const size_t row1 = file.size() - 5;
    file.resize(file.size() + trailing, 0);
    absl::StatusOr<Gaf> gaf = ReadGaf(file, "t.gaf");
    ASSERT_TRUE(gaf.ok());
    absl::StatusOr<image::IndexedPicture> pic = DecodeRunEncodedFrame(
        file, gaf->sequences[0].frames[0].info, FrameLocation{"t.gaf", 0, 0}, nullptr);
    ASSERT_FALSE(pic.ok());
    EXPECT_EQ(pic.status().message(),
              "t.gaf: sequence 0 frame 0: row 1: literal chunk at " + Hex(row1 + 2) +
                  " needs 5 byte(s), the row has 2 left of its lineLength 3");
  }
}

}  // namespace
}  // namespace kbot::gaf
