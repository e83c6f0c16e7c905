// The PNG image data path: pieces of DEFLATE joined into one stream, two
// threads against one, filters, progress and cancellation.
#include "formats/image/png_deflate.h"

#include <gtest/gtest.h>
#include <libdeflate.h>
#include <zlib.h>

#include <random>
#include <vector>

#include "formats/image/png_deflate_join.h"
#include "formats/image/png_encode.h"
#include "formats/image/png_filter.h"
#include "tests/support/decode_image.h"

namespace kbot::image::png_detail {
namespace {

std::vector<uint8_t> RawDeflate(const std::vector<uint8_t>& data, int level) {
  libdeflate_compressor* c = libdeflate_alloc_compressor(level);
  std::vector<uint8_t> out(libdeflate_deflate_compress_bound(c, data.size()));
  out.resize(libdeflate_deflate_compress(c, data.data(), data.size(), out.data(), out.size()));
  libdeflate_free_compressor(c);
  return out;
}

// zlib's inflate of a raw stream; fails the test unless it ends exactly at
// the stream's end.
std::vector<uint8_t> RawInflate(const std::vector<uint8_t>& stream, size_t expected) {
  z_stream z{};
  EXPECT_EQ(inflateInit2(&z, -15), Z_OK);
  std::vector<uint8_t> out(expected + 16);
  z.next_in = const_cast<uint8_t*>(stream.data());
  z.avail_in = uInt(stream.size());
  z.next_out = out.data();
  z.avail_out = uInt(out.size());
  EXPECT_EQ(inflate(&z, Z_FINISH), Z_STREAM_END);
  EXPECT_EQ(z.avail_in, 0u);
  out.resize(out.size() - z.avail_out);
  inflateEnd(&z);
  return out;
}

std::vector<uint8_t> Sample(size_t n, uint32_t seed, int alphabet) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = uint8_t(i % 97 < 40 ? i % 7 : rng() % uint32_t(alphabet));
  return v;
}

absl::Status Join(std::vector<uint8_t>& stream) {
  const size_t size = stream.size();
  stream.resize(size + kJoinSlack);
  absl::StatusOr<size_t> n = MakeJoinable(stream.data(), size);
  if (!n.ok()) return n.status();
  EXPECT_LE(*n, size + kJoinSlack);
  stream.resize(*n);
  return absl::OkStatus();
}

TEST(PngDeflateJoin, PiecesConcatenateIntoOneStream) {
  for (int level : {0, 1, 6, 12}) {
    for (size_t first_size : {size_t(0), size_t(1), size_t(5000), size_t(300000)}) {
      SCOPED_TRACE(::testing::Message() << "level " << level << ", " << first_size << " bytes");
      const std::vector<uint8_t> a = Sample(first_size, 1, 256), b = Sample(70000, 2, 5);
      std::vector<uint8_t> joined = RawDeflate(a, level);
      ASSERT_TRUE(Join(joined).ok());
      const std::vector<uint8_t> second = RawDeflate(b, level);
      joined.insert(joined.end(), second.begin(), second.end());
      std::vector<uint8_t> expected = a;
      expected.insert(expected.end(), b.begin(), b.end());
      EXPECT_EQ(RawInflate(joined, expected.size()), expected);
    }
  }
}

TEST(PngDeflateJoin, RefusesWhatIsNotOneCompleteStream) {
  std::vector<uint8_t> empty;
  EXPECT_FALSE(Join(empty).ok());
  std::vector<uint8_t> stream = RawDeflate(Sample(100000, 3, 256), 6);
  std::vector<uint8_t> truncated(stream.begin(), stream.begin() + long(stream.size() / 2));
  EXPECT_FALSE(Join(truncated).ok());
  std::vector<uint8_t> trailing = stream;
  trailing.push_back(0);
  trailing.push_back(0);
  EXPECT_FALSE(Join(trailing).ok());
  std::vector<uint8_t> garbage(64, 0xff);  // block type 3 is reserved
  EXPECT_FALSE(Join(garbage).ok());
}

// A smooth RGB picture big enough for two threads.
std::vector<uint8_t> Smooth(int w, int h) {
  std::vector<uint8_t> px(size_t(w) * size_t(h) * 3);
  std::mt19937 rng(9);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      uint8_t* p = &px[(size_t(y) * size_t(w) + size_t(x)) * 3];
      p[0] = uint8_t(x + y), p[1] = uint8_t(x * 2 + rng() % 3), p[2] = uint8_t(y / 3);
    }
  }
  return px;
}

std::vector<uint8_t> Deflate(const RowSource& rows, int threads, Progress* progress = nullptr,
                             size_t max_piece_bytes = kMaxPieceBytes) {
  DeflateOptions options;
  options.threads = threads;
  options.progress = progress;
  options.max_piece_bytes = max_piece_bytes;
  absl::StatusOr<std::vector<uint8_t>> z = DeflateRows(rows, options);
  EXPECT_TRUE(z.ok()) << z.status();
  return z.ok() ? *z : std::vector<uint8_t>{};
}

std::vector<uint8_t> Inflate(const std::vector<uint8_t>& zlib, size_t expected) {
  std::vector<uint8_t> out(expected);
  uLongf n = uLongf(out.size());
  EXPECT_EQ(uncompress(out.data(), &n, zlib.data(), uLong(zlib.size())), Z_OK);
  out.resize(n);
  return out;
}

TEST(PngDeflate, TwoThreadsAndOneGiveTheSameRows) {
  const int w = 700, h = 600;  // 1.26 MB of rows: two threads by default too
  const std::vector<uint8_t> px = Smooth(w, h);
  const RowSource rows{px.data(), size_t(w) * 3, h, 3, FilterChoice::kAdaptive};
  const std::vector<uint8_t> one = Deflate(rows, 1), two = Deflate(rows, 2), any = Deflate(rows, 0);
  ASSERT_FALSE(one.empty());
  const size_t stored = (size_t(w) * 3 + 1) * size_t(h);
  const std::vector<uint8_t> filtered = Inflate(one, stored);
  EXPECT_EQ(filtered.size(), stored);
  EXPECT_EQ(Inflate(two, stored), filtered);
  EXPECT_EQ(Inflate(any, stored), filtered);
  EXPECT_NE(one, two) << "the two-thread stream is cut in two";
  // The seam costs little.
  EXPECT_LT(double(two.size()), 1.01 * double(one.size()) + 64);
}

// Reports until `stop_after` reports, then says stop.
class StopAfter final : public Progress {
 public:
  explicit StopAfter(int stop_after) : left_(stop_after) {}
  bool Report(uint64_t done, uint64_t total) override { return Report(done, total, {}); }
  bool Report(uint64_t done, uint64_t total, std::string_view message) override {
    seen.push_back(done);
    last_total = total;
    last_message = std::string(message);
    return left_-- > 0;
  }
  std::vector<uint64_t> seen;
  uint64_t last_total = 0;
  std::string last_message;

 private:
  int left_;
};

TEST(PngDeflate, ProgressGrowsByBandsAndEndsAtTheLastRow) {
  const int w = 700, h = 600;
  const std::vector<uint8_t> px = Smooth(w, h);
  const RowSource rows{px.data(), size_t(w) * 3, h, 3, FilterChoice::kAdaptive};
  for (int threads : {1, 2}) {
    StopAfter progress(1 << 30);
    ASSERT_FALSE(Deflate(rows, threads, &progress).empty());
    ASSERT_GT(progress.seen.size(), 10u);
    for (size_t i = 1; i + 1 < progress.seen.size(); ++i) {
      EXPECT_LE(progress.seen[i - 1], progress.seen[i]);
      EXPECT_LT(progress.seen[i], uint64_t(h));
    }
    EXPECT_EQ(progress.seen.back(), uint64_t(h));
    EXPECT_EQ(progress.last_total, uint64_t(h));
    EXPECT_EQ(progress.last_message, "encoded PNG row 600 of 600");
  }
}

// A picture bigger than a piece is cut into more pieces: the same rows, one
// stream, progress at each, and a stop heard between them.
TEST(PngDeflate, ManyPiecesMakeOneStream) {
  const int w = 700, h = 600;
  const std::vector<uint8_t> px = Smooth(w, h);
  const RowSource rows{px.data(), size_t(w) * 3, h, 3, FilterChoice::kAdaptive};
  const size_t stored = (size_t(w) * 3 + 1) * size_t(h);
  const std::vector<uint8_t> filtered = Inflate(Deflate(rows, 1), stored);
  ASSERT_EQ(filtered.size(), stored);
  // 64 KiB: 20 pieces of 30 rows; one byte: a piece a row.
  for (size_t most : {size_t(64) << 10, size_t(1)}) {
    for (int threads : {1, 2}) {
      StopAfter progress(1 << 30);
      const std::vector<uint8_t> z = Deflate(rows, threads, &progress, most);
      EXPECT_EQ(Inflate(z, stored), filtered) << most << " " << threads;
      EXPECT_EQ(progress.seen.back(), uint64_t(h));
      for (size_t i = 1; i < progress.seen.size(); ++i) {
        EXPECT_LE(progress.seen[i - 1], progress.seen[i]);
      }
      for (int reports : {0, 7}) {
        StopAfter stop(reports);
        DeflateOptions options;
        options.threads = threads;
        options.progress = &stop;
        options.max_piece_bytes = most;
        absl::StatusOr<std::vector<uint8_t>> cancelled = DeflateRows(rows, options);
        ASSERT_FALSE(cancelled.ok());
        EXPECT_EQ(cancelled.status().code(), absl::StatusCode::kCancelled);
      }
    }
  }
  // A picture of a few rows gets no more pieces than rows.
  const RowSource three{px.data(), size_t(w) * 3, 3, 3, FilterChoice::kAdaptive};
  const std::vector<uint8_t> z = Deflate(three, 2, nullptr, 1);
  EXPECT_EQ(Inflate(z, (size_t(w) * 3 + 1) * 3),
            std::vector<uint8_t>(filtered.begin(), filtered.begin() + long(size_t(w) * 3 + 1) * 3));
}

TEST(PngDeflate, AStopMidwayIsCancelledOnEitherPath) {
  const int w = 700, h = 600;
  const std::vector<uint8_t> px = Smooth(w, h);
  const RowSource rows{px.data(), size_t(w) * 3, h, 3, FilterChoice::kAdaptive};
  for (int threads : {1, 2}) {
    for (int reports : {0, 3}) {
      StopAfter progress(reports);
      DeflateOptions options;
      options.threads = threads;
      options.progress = &progress;
      absl::StatusOr<std::vector<uint8_t>> z = DeflateRows(rows, options);
      ASSERT_FALSE(z.ok());
      EXPECT_EQ(z.status().code(), absl::StatusCode::kCancelled) << z.status();
      EXPECT_LT(progress.seen.back(), uint64_t(h));
    }
  }
}

TEST(PngDeflate, EncodersHearTheStopToo) {
  RgbaPicture p(600, 500);
  std::mt19937 rng(4);
  for (uint8_t& b : p.rgba) b = uint8_t(rng());
  for (int threads : {1, 2}) {
    for (int reports : {0, 5}) {
      StopAfter progress(reports);
      absl::StatusOr<EncodedImage> png =
          EncodeRgbaPng(p, PngOptions{kPngAutoLevel, false, &progress, threads});
      ASSERT_FALSE(png.ok());
      EXPECT_EQ(png.status().code(), absl::StatusCode::kCancelled);
    }
  }
}

TEST(PngDeflate, LevelsFollowTheSize) {
  EXPECT_EQ(ChooseLevel(1000), 9);
  EXPECT_EQ(ChooseLevel(size_t(64) << 10), 6);
  EXPECT_EQ(ChooseLevel(size_t(1) << 20), 6);
  EXPECT_EQ(ChooseLevel((size_t(1) << 20) + 1), 3);
  EXPECT_EQ(ChooseLevel(size_t(8) << 20), 3);
  EXPECT_EQ(ChooseLevel((size_t(8) << 20) + 1), 1);
}

TEST(PngDeflate, RefusesNoRowsAndBadLevels) {
  const uint8_t px[3] = {1, 2, 3};
  EXPECT_FALSE(DeflateRows(RowSource{px, 3, 0, 3, FilterChoice::kNone}, {}).ok());
  DeflateOptions options;
  options.level = 13;
  EXPECT_FALSE(DeflateRows(RowSource{px, 3, 1, 3, FilterChoice::kNone}, options).ok());
}

}  // namespace
}  // namespace kbot::image::png_detail
