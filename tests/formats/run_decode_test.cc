// The run-encoded decoder has a fast path (whole-block stores, two bands of
// rows at once, each band's last row through a scratch row) and an exact path
// (frames under 32 pixels wide or 4 rows high, rows within 64 bytes of the end
// of the file, short rows, errors). Both must draw exactly what a plain
// reading of the chunk table (docs/formats/gaf.md, "Run-length chunks") draws,
// for any mix of chunks, clipping and short rows, and report the same.
#include "formats/gaf/run_decode.h"
#include "formats/gaf/run_chunks.h"

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

// `row` cut or extended to cover exactly `width` pixels (a final skip or a
// shortened last chunk), as a writer lays rows out.
std::vector<uint8_t> Fit(const std::vector<uint8_t>& row, size_t width) {
  std::vector<uint8_t> out;
  size_t x = 0, i = 0;
  while (i < row.size() && x < width) {
    const uint8_t mask = row[i];
    const size_t n = (mask & 1) ? size_t(mask >> 1) : size_t(mask >> 2) + 1;
    const size_t take = std::min(n, width - x);
    if (mask & 1) {
      out.push_back(uint8_t((take << 1) | 1));
      i += 1;
    } else if (mask & 2) {
      if (take > 0) out.insert(out.end(), {uint8_t(((take - 1) << 2) | 2), row[i + 1]});
      i += 2;
    } else {
      if (take > 0) out.push_back(uint8_t((take - 1) << 2));
      out.insert(out.end(), row.begin() + long(i) + 1, row.begin() + long(i + 1 + take));
      i += 1 + n;
    }
    x += take;
  }
  for (; x < width; x += std::min<size_t>(127, width - x)) {
    out.push_back(uint8_t((std::min<size_t>(127, width - x) << 1) | 1));
  }
  return out;
}

// One run-encoded frame of `rows`, `trailing` bytes of 0xAA after it.
struct OneFrame {
  std::vector<uint8_t> file;
  FrameInfo info;
};

OneFrame MakeFrame(const std::vector<std::vector<uint8_t>>& rows, size_t width, uint8_t key,
                   size_t trailing) {
  testing::FixtureFrame frame{.width = uint16_t(width), .height = uint16_t(rows.size()),
                              .transparency = key, .storage = 1};
  for (const std::vector<uint8_t>& row : rows) {
    const std::vector<uint8_t> encoded = testing::Row({row});
    frame.payload.insert(frame.payload.end(), encoded.begin(), encoded.end());
  }
  OneFrame out;
  out.file = testing::LayOutGaf({testing::FixtureSequence{"s", 1, 0, {frame}}}).bytes;
  out.file.resize(out.file.size() + trailing, 0xAA);
  absl::StatusOr<Gaf> gaf = ReadGaf(out.file, "t.gaf");
  EXPECT_TRUE(gaf.ok()) << gaf.status();
  if (gaf.ok()) out.info = gaf->sequences[0].frames[0].info;
  return out;
}

// Decodes `f` and checks it against the plain reading, and that the check
// (CheckRunEncodedFrame) reports what the decode does.
void ExpectDrawnAsTheTableSays(const std::vector<std::vector<uint8_t>>& rows, size_t width,
                               uint8_t key, size_t trailing, const std::string& what) {
  const OneFrame f = MakeFrame(rows, width, key, trailing);
  const Reference ref = Draw(rows, width, key);
  Warnings warnings, checked;
  absl::StatusOr<image::IndexedPicture> pic =
      DecodeRunEncodedFrame(f.file, f.info, FrameLocation{"t.gaf"}, &warnings);
  ASSERT_TRUE(pic.ok()) << pic.status() << " " << what;
  ASSERT_EQ(pic->index, ref.index) << what;
  ASSERT_EQ(pic->opaque, ref.opaque) << what;
  EXPECT_EQ(warnings.size(), std::min<size_t>(ref.short_rows, 3) + (ref.short_rows > 3)) << what;
  EXPECT_TRUE(CheckRunEncodedFrame(f.file, f.info, FrameLocation{"t.gaf"}, &checked).ok());
  EXPECT_EQ(checked, warnings) << what;
}

// Frames tall and wide enough for the fast path's two bands, with and without
// room after them, chunks of every kind and length, rows clipped and short.
// Both drawing kernels (run_chunks.h), whichever this CPU would pick.
class RunDecodeKernels : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override { run::UsePortableKernelForTesting(GetParam()); }
  void TearDown() override { run::UsePortableKernelForTesting(false); }
};

INSTANTIATE_TEST_SUITE_P(PortableOrNot, RunDecodeKernels, ::testing::Bool());

TEST_P(RunDecodeKernels, BandsDrawWhatTheChunkTableSays) {
  std::mt19937 rng(99);
  for (int trial = 0; trial < 200; ++trial) {
    const size_t width = 16 + rng() % 200, height = 4 + rng() % 40;
    const uint8_t key = uint8_t(rng());
    const bool regular = trial % 2 == 0;  // every row exactly the width: all fast
    std::vector<std::vector<uint8_t>> rows;
    for (size_t r = 0; r < height; ++r) {
      std::vector<uint8_t> row = RandomRow(rng, width);
      if (regular) row = Fit(row, width);
      rows.push_back(row);
    }
    for (size_t trailing : {size_t{0}, size_t{63}, size_t{64}, size_t{500}}) {
      ExpectDrawnAsTheTableSays(rows, width, key, trailing,
                                "trial " + std::to_string(trial) + " trailing " +
                                    std::to_string(trailing));
    }
  }
}

// Every chunk writes its first two blocks (32 bytes) whatever its length, so a
// row's last chunk spills up to 31 bytes into the next row, and frames under
// 32 pixels wide take the exact path. Widths about 32 and 48, rows ending in
// one pixel, then a long skip, a run of 17 to 32 pixels (no second write)
// and of 33 or more, few rows (bands of one row in place), both kernels.
TEST_P(RunDecodeKernels, TwoBlockWritesSpillOnlyWhereTheNextChunkDraws) {
  using testing::Literal;
  using testing::Repeat;
  using testing::Skip;
  std::mt19937 rng(2026);
  for (size_t width : {16, 24, 30, 31, 32, 33, 40, 47, 48, 49, 64, 65}) {
    for (size_t height : {4, 5, 6, 9}) {
     for (size_t shift = 0; shift < 4; ++shift) {  // each kind of row before each band's end
      std::vector<std::vector<uint8_t>> rows;
      for (size_t r = 0; r < height; ++r) {
        std::vector<uint8_t> literal(1 + rng() % 40);
        for (uint8_t& b : literal) b = uint8_t(rng());
        const size_t n = std::min<size_t>(width - 1, 17 + rng() % 48);
        std::vector<uint8_t> row;
        switch ((r + shift) % 4) {
          case 0: row = testing::Concat({Skip(width - 1), Repeat(1, uint8_t(r))}); break;
          case 1: row = testing::Concat({Skip(127), Repeat(5, 3)}); break;
          case 2: row = testing::Concat({Repeat(n, uint8_t(rng())), Literal(literal)}); break;
          default: row = testing::Concat({Literal(literal), Skip(1), Repeat(64, 4)}); break;
        }
        rows.push_back(Fit(row, width));
      }
      for (size_t trailing : {size_t{0}, size_t{64}, size_t{100}}) {
        ExpectDrawnAsTheTableSays(rows, width, uint8_t(rng()), trailing,
                                  "width " + std::to_string(width) + " height " +
                                      std::to_string(height) + " shift " +
                                      std::to_string(shift) + " trailing " +
                                      std::to_string(trailing));
      }
     }
    }
  }
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

// Hand-encoded rows with the pixels they must give, through the fast path (room
// after the frame) and the exact one (none): a zero-length skip, runs of every
// kind at their longest, runs crossing the row's end, a skip past it.
TEST_P(RunDecodeKernels, HandEncodedRowsGiveExactPixels) {
  using testing::Literal;
  using testing::Repeat;
  using testing::Skip;
  std::vector<uint8_t> counting(18);
  for (size_t i = 0; i < counting.size(); ++i) counting[i] = uint8_t(1 + i);
  const std::vector<std::vector<uint8_t>> rows = {
      testing::Concat({Skip(0), Repeat(20, 5)}),
      testing::Concat({Literal(counting), Repeat(64, 7)}),
      Skip(127),
      testing::Concat({Repeat(3, 1), Skip(0), Literal({2, 3}), Skip(5),
                       Literal({10, 11, 12, 13, 14, 15, 16, 17, 18, 19})}),
  };
  std::vector<uint8_t> index, opaque;
  auto put = [&](std::initializer_list<uint8_t> i, std::initializer_list<uint8_t> o) {
    index.insert(index.end(), i);
    opaque.insert(opaque.end(), o);
  };
  for (int x = 0; x < 20; ++x) put({5}, {1});
  for (int x = 0; x < 18; ++x) put({uint8_t(1 + x)}, {1});
  put({7, 7}, {1, 1});
  for (int x = 0; x < 20; ++x) put({9}, {0});
  put({1, 1, 1, 2, 3, 9, 9, 9, 9, 9}, {1, 1, 1, 1, 1, 0, 0, 0, 0, 0});
  for (int x = 0; x < 10; ++x) put({uint8_t(10 + x)}, {1});
  for (size_t trailing : {size_t{0}, size_t{100}}) {
    const OneFrame f = MakeFrame(rows, 20, 9, trailing);
    Warnings warnings;
    absl::StatusOr<image::IndexedPicture> pic =
        DecodeRunEncodedFrame(f.file, f.info, FrameLocation{"t.gaf"}, &warnings);
    ASSERT_TRUE(pic.ok()) << pic.status();
    EXPECT_EQ(pic->index, index) << "trailing " << trailing;
    EXPECT_EQ(pic->opaque, opaque) << "trailing " << trailing;
    EXPECT_TRUE(warnings.empty());
  }
}

// The longest literal and repeat side by side, then a skip running past the
// width, on rows 200 wide: blocks past the first, and a long run clipped.
TEST_P(RunDecodeKernels, LongestRunsOnAWideFrame) {
  std::vector<uint8_t> literal(64);
  for (size_t i = 0; i < literal.size(); ++i) literal[i] = uint8_t(100 + i);
  const std::vector<uint8_t> row =
      testing::Concat({testing::Literal(literal), testing::Repeat(64, 3), testing::Skip(127)});
  const std::vector<uint8_t> clipped =
      testing::Concat({testing::Skip(127), testing::Skip(23), testing::Repeat(64, 4)});  // 50 drawn
  const std::vector<std::vector<uint8_t>> rows = {row, clipped, row, clipped, row, clipped};
  for (size_t trailing : {size_t{0}, size_t{100}}) {
    const OneFrame f = MakeFrame(rows, 200, 0, trailing);
    absl::StatusOr<image::IndexedPicture> pic =
        DecodeRunEncodedFrame(f.file, f.info, FrameLocation{"t.gaf"}, nullptr);
    ASSERT_TRUE(pic.ok()) << pic.status();
    for (size_t y = 0; y < rows.size(); ++y) {
      for (size_t x = 0; x < 200; ++x) {
        const size_t at = y * 200 + x;
        uint8_t index = 0, opaque = 0;
        if (y % 2 == 0 && x < 64) index = uint8_t(100 + x), opaque = 1;
        if (y % 2 == 0 && x >= 64 && x < 128) index = 3, opaque = 1;
        if (y % 2 == 1 && x >= 150) index = 4, opaque = 1;
        ASSERT_EQ(pic->index[at], index) << "row " << y << " x " << x;
        ASSERT_EQ(pic->opaque[at], opaque) << "row " << y << " x " << x;
      }
    }
  }
}

// On a frame the fast path takes, a short row is padded and reported as the
// exact path reports it, and of two rows with a chunk past their end the
// first is named, whichever band each is in.
TEST(RunDecode, ShortRowsAndErrorsInBandsAreReportedInRowOrder) {
  std::vector<std::vector<uint8_t>> rows(8, testing::Concat({testing::Repeat(16, 1)}));
  rows[5] = testing::Repeat(10, 2);
  const OneFrame f = MakeFrame(rows, 16, 9, 100);
  Warnings warnings;
  absl::StatusOr<image::IndexedPicture> pic =
      DecodeRunEncodedFrame(f.file, f.info, FrameLocation{"t.gaf", 0, 0}, &warnings);
  ASSERT_TRUE(pic.ok()) << pic.status();
  EXPECT_EQ(warnings, Warnings{"sequence 0 frame 0 row 5: row ends at pixel 10 of 16; padded "
                               "transparent"});
  EXPECT_EQ(pic->opaque[5 * 16 + 9], 1);
  EXPECT_EQ(pic->opaque[5 * 16 + 10], 0);
  EXPECT_EQ(pic->index[5 * 16 + 10], 9);

  // Rows 2 and 6 end in a literal claiming 3 bytes where the row has 1.
  std::vector<std::vector<uint8_t>> bad(8, testing::Concat({testing::Repeat(16, 1)}));
  bad[2] = testing::Concat({testing::Repeat(15, 1), {uint8_t(2 << 2), 7}});
  bad[6] = bad[2];
  const OneFrame g = MakeFrame(bad, 16, 9, 100);
  absl::StatusOr<image::IndexedPicture> failed =
      DecodeRunEncodedFrame(g.file, g.info, FrameLocation{"t.gaf", 0, 0}, nullptr);
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.status().message().find("row 2: literal chunk at"), absl::string_view::npos)
      << failed.status();
  const absl::Status checked = CheckRunEncodedFrame(g.file, g.info, FrameLocation{"t.gaf", 0, 0},
                                                    nullptr);
  EXPECT_EQ(checked.message(), failed.status().message());
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
