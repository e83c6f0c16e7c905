// Malformed GAFs: each one an error naming the file, the sequence / frame /
// row and the offset, never a crash, a read past the buffer or a huge
// allocation.
#include <atomic>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "formats/gaf/frame_decode.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "formats/gaf/transparency.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/support/expect_picture.h"
#include "tests/support/gaf_bytes.h"

// --- Allocation watch -------------------------------------------------------
// Global operator new, replaced so a test can see how much a call allocates
// (a hostile header must be refused, not allocated). Only counts while a
// watch is active; otherwise it is plain malloc.
namespace {

using ::kbot::testing::AsBytes;
std::atomic<bool> g_watching{false};
std::atomic<uint64_t> g_total{0};
std::atomic<uint64_t> g_largest{0};
}  // namespace

namespace {
void* CountedMalloc(std::size_t n) {
  if (g_watching.load(std::memory_order_relaxed)) {
    g_total.fetch_add(n, std::memory_order_relaxed);
    uint64_t prev = g_largest.load(std::memory_order_relaxed);
    while (n > prev && !g_largest.compare_exchange_weak(prev, n, std::memory_order_relaxed)) {
    }
  }
  return std::malloc(n == 0 ? 1 : n);
}
}  // namespace

void* operator new(std::size_t n) {
  if (void* p = CountedMalloc(n)) return p;
  throw std::bad_alloc();
}
// The nothrow forms too (std::stable_sort's buffer uses them): every form of
// new must pair with the free below, or AddressSanitizer reports a mismatch.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return CountedMalloc(n); }
// GCC sees gtest's inlined `new` meet this `free` and warns, not knowing that
// this file replaces operator new with malloc too.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace kbot::gaf {
namespace {

using ::kbot::testing::ByteBuilder;
using ::kbot::testing::Concat;
using ::kbot::testing::FixtureFrame;
using ::kbot::testing::FixtureLayout;
using ::kbot::testing::FixtureSequence;
using ::kbot::testing::LayOutGaf;
using ::kbot::testing::Literal;
using ::kbot::testing::Repeat;
using ::kbot::testing::Row;
using ::kbot::testing::Skip;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class AllocationWatch {
 public:
  AllocationWatch() {
    g_total = 0;
    g_largest = 0;
    g_watching = true;
  }
  ~AllocationWatch() { g_watching = false; }
  uint64_t total() const { return g_total; }
  uint64_t largest() const { return g_largest; }
};

constexpr uint64_t kMB = 1024 * 1024;

std::string Msg(const absl::Status& s) { return std::string(s.message()); }

FixtureFrame Raw(uint16_t w, uint16_t h, uint8_t key, std::vector<uint8_t> px) {
  FixtureFrame f;
  f.width = w;
  f.height = h;
  f.transparency = key;
  f.payload = std::move(px);
  return f;
}

FixtureFrame Rle(uint16_t w, uint16_t h, uint8_t key, std::vector<uint8_t> rows) {
  FixtureFrame f = Raw(w, h, key, std::move(rows));
  f.storage = 1;
  return f;
}

FixtureFrame Layered(uint16_t w, uint16_t h, std::vector<FixtureFrame> layers) {
  FixtureFrame f;
  f.width = w;
  f.height = h;
  f.transparency = 9;
  f.storage = 1;
  f.layer_count = uint8_t(layers.size());
  f.layers = std::move(layers);
  return f;
}

FixtureSequence Seq(std::string name, std::vector<FixtureFrame> frames) {
  FixtureSequence s;
  s.name = std::move(name);
  s.frames = std::move(frames);
  return s;
}

void Patch32(std::vector<uint8_t>& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) b.at(at + i) = uint8_t(v >> (8 * i));
}
void Patch16(std::vector<uint8_t>& b, size_t at, uint16_t v) {
  b.at(at) = uint8_t(v);
  b.at(at + 1) = uint8_t(v >> 8);
}

std::string HexOf(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

absl::Status ReadStatus(const std::vector<uint8_t>& bytes) {
  return ReadGaf(AsBytes(bytes), "t.gaf").status();
}

// Reads (must succeed), then renders every sequence; returns the first error.
absl::Status RenderAll(const std::vector<uint8_t>& bytes, Warnings* warnings = nullptr) {
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(bytes), "t.gaf");
  if (!gaf.ok()) return absl::InternalError(absl::StrCat("read failed: ", gaf.status().message()));
  for (size_t s = 0; s < gaf->sequences.size(); ++s) {
    absl::StatusOr<SequenceAnimation> anim =
        RenderSequence(AsBytes(bytes), *gaf, s, Transparency::Game(), "t.gaf", warnings);
    if (!anim.ok()) return anim.status();
  }
  return absl::OkStatus();
}

// The watch sees allocations, so the "nothing huge allocated" checks below
// mean something.
TEST(GafMalformed, AllocationWatchCounts) {
  AllocationWatch watch;
  void* big = ::operator new(3 * kMB);  // a call, which cannot be elided
  EXPECT_GE(watch.total(), 3 * kMB);
  EXPECT_GE(watch.largest(), 3 * kMB);
  ::operator delete(big);
}

// --- Header -----------------------------------------------------------------

TEST(GafMalformed, ShorterThanTheHeader) {
  ByteBuilder b;
  b.U32(0x00010100).U32(0).U32(0);
  for (size_t n = 0; n < 12; ++n) {
    std::vector<uint8_t> prefix(b.data.begin(), b.data.begin() + n);
    absl::Status s = ReadStatus(prefix);
    ASSERT_FALSE(s.ok()) << n;
    EXPECT_THAT(Msg(s), StartsWith("t.gaf: ")) << n;
    EXPECT_THAT(Msg(s), HasSubstr("12-byte")) << n;
    EXPECT_THAT(Msg(s), HasSubstr(absl::StrCat("(", n, " bytes)"))) << n;
  }
  EXPECT_TRUE(ReadStatus(b.data).ok());
}

TEST(GafMalformed, SequenceCountThatCannotFit) {
  AllocationWatch watch;
  ByteBuilder b;
  b.U32(0x00010100).U32(0x40000000).U32(0).U32(16);
  absl::Status s = ReadStatus(b.data);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: "));
  EXPECT_THAT(Msg(s), HasSubstr("sequence count 1073741824"));
  EXPECT_LT(watch.largest(), 1 * kMB);
}

TEST(GafMalformed, SequenceCountLargerThanTheTable) {
  FixtureLayout l = LayOutGaf({Seq("a", {Raw(1, 1, 0, {1})})});
  // Count 2 with a 1-entry table: the second entry is read from the sequence
  // header's first word (FrameCount 1, LoopFlags 1 = 0x00010001), past the end.
  std::vector<uint8_t> two = l.bytes;
  Patch32(two, 4, 2);
  absl::Status s = ReadStatus(two);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 1: "));
  EXPECT_THAT(Msg(s), HasSubstr("0x10001"));
  // A count whose table alone is larger than the file.
  std::vector<uint8_t> huge = l.bytes;
  Patch32(huge, 4, 0xffffffff);
  s = ReadStatus(huge);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: "));
  EXPECT_THAT(Msg(s), HasSubstr("sequence count 4294967295"));
}

// --- Sequence table and headers ---------------------------------------------

TEST(GafMalformed, SequenceOffsetPastTheEnd) {
  FixtureLayout l = LayOutGaf({Seq("a", {Raw(1, 1, 0, {1})}), Seq("b", {Raw(1, 1, 0, {1})})});
  const size_t size = l.bytes.size();
  for (uint64_t bad : {uint64_t(size), uint64_t(size) + 0x100, uint64_t(size) - 39,
                       uint64_t(0xffffffff)}) {
    std::vector<uint8_t> bytes = l.bytes;
    Patch32(bytes, 16, uint32_t(bad));  // sequence 1
    absl::Status s = ReadStatus(bytes);
    ASSERT_FALSE(s.ok()) << bad;
    EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 1: ")) << Msg(s);
    EXPECT_THAT(Msg(s), HasSubstr(HexOf(bad))) << Msg(s);
  }
}

TEST(GafMalformed, FrameListPastTheEnd) {
  FixtureLayout l = LayOutGaf({Seq("a", {Raw(1, 1, 0, {1})}), Seq("b", {Raw(1, 1, 0, {1})})});
  const size_t seq = l.sequence_offsets[1];
  Patch16(l.bytes, seq, 500);
  absl::Status s = ReadStatus(l.bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 1: "));
  EXPECT_THAT(Msg(s), HasSubstr("500 frames"));
  EXPECT_THAT(Msg(s), HasSubstr(HexOf(seq + 40)));
}

// A frame count one past what the rest of the file can hold as a list.
TEST(GafMalformed, FrameListOneItemTooLong) {
  FixtureLayout l = LayOutGaf({Seq("a", {Raw(1, 1, 0, {1})})});
  const size_t list = l.sequence_offsets[0] + 40;
  const size_t fits = (l.bytes.size() - list) / 8;
  Patch16(l.bytes, l.sequence_offsets[0], uint16_t(fits + 1));
  absl::Status s = ReadStatus(l.bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0: "));
  EXPECT_THAT(Msg(s), HasSubstr(absl::StrCat(fits + 1, " frames")));
  EXPECT_THAT(Msg(s), HasSubstr(HexOf(list)));
}

TEST(GafMalformed, FrameInfoPointerPastTheEnd) {
  FixtureLayout l = LayOutGaf({Seq("a", {Raw(1, 1, 0, {1}), Raw(1, 1, 0, {2})})});
  const size_t size = l.bytes.size();
  const size_t item1 = l.sequence_offsets[0] + 40 + 8;
  for (uint64_t bad :
       {uint64_t(size), uint64_t(size) - 23, uint64_t(size) + 1000, uint64_t(0xffffffff)}) {
    std::vector<uint8_t> bytes = l.bytes;
    Patch32(bytes, item1, uint32_t(bad));
    absl::Status s = ReadStatus(bytes);
    ASSERT_FALSE(s.ok()) << bad;
    EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 1: ")) << Msg(s);
    EXPECT_THAT(Msg(s), HasSubstr("24-byte")) << Msg(s);
    EXPECT_THAT(Msg(s), HasSubstr(HexOf(bad))) << Msg(s);
  }
}

// --- Layer tables -----------------------------------------------------------

FixtureLayout TwoLayerGaf() {
  return LayOutGaf(
      {Seq("a", {Layered(2, 2, {Raw(1, 1, 0, {1}), Rle(1, 1, 0, Row({Literal({2})}))})})});
}

TEST(GafMalformed, LayerTablePastTheEnd) {
  FixtureLayout l = TwoLayerGaf();
  const size_t info = l.frame_info_offsets[0][0];
  const size_t size = l.bytes.size();
  // The table needs 8 bytes: 7 left is one too few.
  for (uint64_t bad : {uint64_t(size) - 7, uint64_t(size) + 4, uint64_t(0xfffffffe)}) {
    std::vector<uint8_t> bytes = l.bytes;
    Patch32(bytes, info + 16, uint32_t(bad));
    absl::Status s = ReadStatus(bytes);
    ASSERT_FALSE(s.ok()) << bad;
    EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0: ")) << Msg(s);
    EXPECT_THAT(Msg(s), HasSubstr("layer table of 2")) << Msg(s);
    EXPECT_THAT(Msg(s), HasSubstr(HexOf(bad))) << Msg(s);
  }
}

TEST(GafMalformed, LayerCountBeyondTheTable) {
  FixtureLayout l = TwoLayerGaf();
  const size_t info = l.frame_info_offsets[0][0];
  l.bytes[info + 10] = 200;  // 800 bytes of pointers: past the end
  absl::Status s = ReadStatus(l.bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0: "));
  EXPECT_THAT(Msg(s), HasSubstr("layer table of 200"));
  EXPECT_THAT(Msg(s), HasSubstr(HexOf(l.data_offsets[0][0])));
}

TEST(GafMalformed, LayerPointerPastTheEnd) {
  FixtureLayout l = TwoLayerGaf();
  const size_t table = l.data_offsets[0][0];
  const size_t size = l.bytes.size();
  for (uint64_t bad : {uint64_t(size), uint64_t(size) - 1, uint64_t(0xffffffff)}) {
    std::vector<uint8_t> bytes = l.bytes;
    Patch32(bytes, table + 4, uint32_t(bad));
    absl::Status s = ReadStatus(bytes);
    ASSERT_FALSE(s.ok()) << bad;
    EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0 layer 1: ")) << Msg(s);
    EXPECT_THAT(Msg(s), HasSubstr(HexOf(bad))) << Msg(s);
  }
}

// A layer pointer aimed back at its own outer frame: read once, never
// followed again, refused when drawn (no recursion, no loop).
TEST(GafMalformed, LayerPointingAtItsOwnFrame) {
  FixtureLayout l = TwoLayerGaf();
  const size_t info = l.frame_info_offsets[0][0];
  Patch32(l.bytes, l.data_offsets[0][0] + 4, uint32_t(info));
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(l.bytes), "t.gaf");
  ASSERT_TRUE(gaf.ok()) << gaf.status();
  const FrameInfo& outer = gaf->sequences[0].frames[0].info;
  ASSERT_EQ(outer.layers.size(), 2u);
  EXPECT_EQ(outer.layers[1].offset, info);
  EXPECT_EQ(outer.layers[1].layer_count, 2u);
  EXPECT_TRUE(outer.layers[1].layers.empty());
  absl::Status s = RenderAll(l.bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0 layer 1: "));
  EXPECT_THAT(Msg(s), HasSubstr("layered"));
}

// --- Pixel data -------------------------------------------------------------

TEST(GafMalformed, RawPixelDataPastTheEnd) {
  FixtureLayout l = LayOutGaf({Seq("a", {Raw(4, 4, 0, std::vector<uint8_t>(16, 1))})});
  std::vector<uint8_t> bytes = l.bytes;
  bytes.pop_back();  // 15 of 16 pixels
  absl::Status s = RenderAll(bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0: "));
  EXPECT_THAT(Msg(s), HasSubstr("16 bytes"));
  EXPECT_THAT(Msg(s), HasSubstr(HexOf(l.data_offsets[0][0])));
  EXPECT_TRUE(RenderAll(l.bytes).ok());
}

TEST(GafMalformed, RawDataPointerPastTheEnd) {
  FixtureLayout l = LayOutGaf({Seq("a", {Raw(1, 1, 0, {1}), Raw(2, 1, 0, {1, 2})})});
  const size_t info = l.frame_info_offsets[0][1];
  for (uint64_t bad : {uint64_t(l.bytes.size()), uint64_t(0xffffffff), uint64_t(0xfffffffe)}) {
    std::vector<uint8_t> bytes = l.bytes;
    Patch32(bytes, info + 16, uint32_t(bad));
    absl::Status s = RenderAll(bytes);
    ASSERT_FALSE(s.ok());
    EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 1: ")) << Msg(s);
    EXPECT_THAT(Msg(s), HasSubstr(HexOf(bad))) << Msg(s);
  }
}

TEST(GafMalformed, TruecolorPixelDataPastTheEnd) {
  FixtureFrame f = Raw(2, 2, 0, {1, 2, 3, 4, 5, 6, 7, 8});
  f.storage = 5;
  FixtureLayout l = LayOutGaf({Seq("a", {f})});
  std::vector<uint8_t> bytes = l.bytes;
  bytes.pop_back();
  absl::Status s = RenderAll(bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0: "));
  EXPECT_THAT(Msg(s), HasSubstr("8 bytes"));
  EXPECT_THAT(Msg(s), HasSubstr(HexOf(l.data_offsets[0][0])));
  EXPECT_TRUE(RenderAll(l.bytes).ok());
}

TEST(GafMalformed, LayerPixelDataPastTheEnd) {
  FixtureLayout l =
      LayOutGaf({Seq("a", {Layered(2, 2, {Raw(1, 1, 0, {1}), Raw(2, 2, 0, {1, 2, 3, 4})})})});
  std::vector<uint8_t> bytes = l.bytes;
  bytes.pop_back();
  absl::Status s = RenderAll(bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0 layer 1: "));
  EXPECT_TRUE(RenderAll(l.bytes).ok());
}

// A literal claiming more bytes than remain in its row's lineLength, though
// the file goes on: an error, never a read into the next row.
TEST(GafMalformed, LiteralPastItsLineLength) {
  // Row 0 is whole (7 bytes); row 1: lineLength 3, a literal of 4 (mask 0x0c)
  // with 2 bytes left in the row; 2 more bytes follow in the file.
  const std::vector<uint8_t> rows = Concat({Row({Literal({1, 2, 3, 4})}), {3, 0, 0x0c, 5, 6},
                                            {7, 8}});
  FixtureLayout l = LayOutGaf({Seq("a", {Raw(1, 1, 0, {1}), Rle(4, 2, 0, rows)})});
  const size_t data = l.data_offsets[0][1];
  absl::Status s = RenderAll(l.bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 1: row 1: ")) << Msg(s);
  EXPECT_THAT(Msg(s), HasSubstr("literal")) << Msg(s);
  EXPECT_THAT(Msg(s), HasSubstr(HexOf(data + 7 + 2))) << Msg(s);  // the mask byte
}

// A repeat whose value byte is missing from its row.
TEST(GafMalformed, RepeatWithNoValueByte) {
  const std::vector<uint8_t> rows = Concat({{1, 0, 0x02}, Row({Literal({1})}), {9, 9}});
  FixtureLayout l = LayOutGaf({Seq("a", {Rle(1, 2, 0, rows)})});
  const size_t data = l.data_offsets[0][0];
  absl::Status s = RenderAll(l.bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0: row 0: ")) << Msg(s);
  EXPECT_THAT(Msg(s), HasSubstr("repeat")) << Msg(s);
  EXPECT_THAT(Msg(s), HasSubstr(HexOf(data + 2))) << Msg(s);
}

// Same, at the very end of the file.
TEST(GafMalformed, RepeatWithNoValueByteAtEndOfFile) {
  const std::vector<uint8_t> rows = {1, 0, 0xfe};
  FixtureLayout l = LayOutGaf({Seq("a", {Rle(64, 1, 0, rows)})});
  absl::Status s = RenderAll(l.bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0: row 0: ")) << Msg(s);
  EXPECT_THAT(Msg(s), HasSubstr(HexOf(l.data_offsets[0][0] + 2))) << Msg(s);
}

TEST(GafMalformed, LineLengthPastTheData) {
  const std::vector<uint8_t> rows = Concat({Row({Repeat(2, 1)}), {200, 0, 0x02, 1, 4}});
  FixtureLayout l = LayOutGaf({Seq("a", {Rle(2, 2, 0, rows)})});
  const size_t data = l.data_offsets[0][0];
  absl::Status s = RenderAll(l.bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0: row 1: ")) << Msg(s);
  EXPECT_THAT(Msg(s), HasSubstr("lineLength 200")) << Msg(s);
  EXPECT_THAT(Msg(s), HasSubstr(HexOf(data + 4))) << Msg(s);
}

// The lineLength field itself past the end: missing, or with only one byte.
TEST(GafMalformed, LineLengthFieldPastTheEnd) {
  const std::vector<uint8_t> row0 = Row({Repeat(2, 1)});
  for (size_t extra : {size_t{0}, size_t{1}}) {
    std::vector<uint8_t> rows = row0;
    if (extra) rows.push_back(4);
    FixtureLayout l = LayOutGaf({Seq("a", {Rle(2, 3, 0, rows)})});
    const size_t field = l.data_offsets[0][0] + row0.size();
    ASSERT_EQ(field + extra, l.bytes.size());
    absl::Status s = RenderAll(l.bytes);
    ASSERT_FALSE(s.ok());
    EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0: row 1: ")) << Msg(s);
    EXPECT_THAT(Msg(s), HasSubstr("lineLength")) << Msg(s);
    EXPECT_THAT(Msg(s), HasSubstr(HexOf(field))) << Msg(s);
  }
}

TEST(GafMalformed, RunEncodedDataPointerPastTheEnd) {
  FixtureLayout l = LayOutGaf({Seq("a", {Rle(1, 1, 0, Row({Literal({1})}))})});
  Patch32(l.bytes, l.frame_info_offsets[0][0] + 16, 0xffffffff);
  absl::Status s = RenderAll(l.bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame 0: row 0: ")) << Msg(s);
  EXPECT_THAT(Msg(s), HasSubstr("0xffffffff")) << Msg(s);
}

// --- Size caps --------------------------------------------------------------

// 65535 x 65535 is over the 64 M-pixel cap for every kind of frame: an error,
// and nothing near that size is allocated.
TEST(GafMalformed, FrameOverThePixelCap) {
  FixtureFrame rle = Rle(65535, 65535, 0, Row({Repeat(64, 1)}));
  FixtureFrame raw = Raw(65535, 65535, 0, {1, 2, 3});
  FixtureFrame tc = Raw(65535, 65535, 0, {1, 2});
  tc.storage = 4;
  FixtureFrame layered = Layered(65535, 65535, {Raw(1, 1, 0, {1})});
  FixtureFrame just_over = Rle(8193, 8193, 0, Row({Repeat(64, 1)}));   // 67,125,249 pixels
  FixtureFrame wide = Rle(65535, 1025, 0, Row({Repeat(64, 1)}));        // 67,173,375 pixels
  struct Case {
    FixtureFrame frame;
    std::string size;
  };
  const Case cases[] = {{rle, "65535 x 65535"}, {raw, "65535 x 65535"},
                        {tc, "65535 x 65535"},  {layered, "65535 x 65535"},
                        {just_over, "8193 x 8193"}, {wide, "65535 x 1025"}};
  for (const Case& c : cases) {
    FixtureLayout l = LayOutGaf({Seq("a", {c.frame})});
    absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(l.bytes), "t.gaf");
    ASSERT_TRUE(gaf.ok()) << gaf.status();
    for (Transparency mode : {Transparency::Game(), Transparency::None()}) {
      AllocationWatch watch;
      absl::StatusOr<FramePicture> pic =
          RenderFrame(AsBytes(l.bytes), gaf->sequences[0].frames[0].info, mode,
                      FrameLocation{"t.gaf", 0, 0}, nullptr);
      ASSERT_FALSE(pic.ok()) << c.size;
      EXPECT_THAT(Msg(pic.status()), StartsWith("t.gaf: sequence 0 frame 0: ")) << c.size;
      EXPECT_THAT(Msg(pic.status()), HasSubstr(c.size));
      EXPECT_THAT(Msg(pic.status()), HasSubstr("64 M-pixel"));
      EXPECT_LT(watch.total(), 1 * kMB) << c.size;
    }
    AllocationWatch watch;
    absl::Status s = RenderAll(l.bytes);
    ASSERT_FALSE(s.ok());
    EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0"));
    EXPECT_LT(watch.total(), 1 * kMB) << c.size;
  }
}

// Two small frames whose origins are far apart would need a 65535 x 65535
// canvas: refused, not allocated.
TEST(GafMalformed, AnimationCanvasOverTheCap) {
  FixtureFrame a = Raw(1, 1, 0, {1});
  a.origin_x = -32767;
  a.origin_y = -32767;
  FixtureFrame b = Raw(1, 1, 0, {2});
  b.origin_x = 32767;
  b.origin_y = 32767;
  FixtureLayout l = LayOutGaf({Seq("a", {a, b})});
  AllocationWatch watch;
  absl::Status s = RenderAll(l.bytes);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0: "));
  EXPECT_THAT(Msg(s), HasSubstr("64 M-pixel"));
  EXPECT_LT(watch.total(), 1 * kMB);
}

// Many sequences pointing at one header with 65535 frames: the file cannot
// hold that many frames, so an error rather than an allocation explosion
// (1000 x 65535 frame records).
TEST(GafMalformed, SharedFrameListsExceedingTheFile) {
  constexpr uint32_t kSequences = 1000;
  ByteBuilder b;
  b.U32(0x00010100).U32(kSequences).U32(0);
  const uint32_t seq = 12 + 4 * kSequences;
  for (uint32_t i = 0; i < kSequences; ++i) b.U32(seq);
  ASSERT_EQ(b.size(), seq);
  b.U16(65535).U16(1).U32(0).Padded("shared", 32);
  const uint32_t info = seq + 40 + 65535 * 8;
  for (uint32_t f = 0; f < 65535; ++f) b.U32(info).U32(1);
  ASSERT_EQ(b.size(), info);
  b.U16(1).U16(1).I16(0).I16(0).U8(0).U8(0).U8(0).U8(0).U32(0).U32(info + 24).U32(0);
  b.U8(7);
  AllocationWatch watch;
  absl::Status s = ReadStatus(b.data);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence "));
  EXPECT_THAT(Msg(s), HasSubstr("frame"));
  EXPECT_LT(watch.total(), 64 * kMB);
}

// The same with layer tables: 65535 frames all pointing at one frame with 255
// layers, all pointing at one layer header.
TEST(GafMalformed, SharedLayerTablesExceedingTheFile) {
  ByteBuilder b;
  b.U32(0x00010100).U32(1).U32(0).U32(16);
  b.U16(65535).U16(1).U32(0).Padded("layers", 32);
  const uint32_t outer = 16 + 40 + 65535 * 8;
  for (uint32_t f = 0; f < 65535; ++f) b.U32(outer).U32(1);
  ASSERT_EQ(b.size(), outer);
  const uint32_t table = outer + 24;
  const uint32_t layer = table + 255 * 4;
  b.U16(1).U16(1).I16(0).I16(0).U8(0).U8(1).U8(255).U8(0).U32(0).U32(table).U32(0);
  for (int i = 0; i < 255; ++i) b.U32(layer);
  ASSERT_EQ(b.size(), layer);
  b.U16(1).U16(1).I16(0).I16(0).U8(0).U8(0).U8(0).U8(0).U32(0).U32(layer + 24).U32(0);
  b.U8(7);
  AllocationWatch watch;
  absl::Status s = ReadStatus(b.data);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(Msg(s), StartsWith("t.gaf: sequence 0 frame "));
  EXPECT_THAT(Msg(s), HasSubstr("layer"));
  EXPECT_LT(watch.total(), 256 * kMB);
}

// --- Truncation and corruption at every byte --------------------------------

// A small valid file with every kind of frame: raw, run-encoded (with a short
// row), layered (raw + run-encoded layers), empty, and a truecolor sequence.
FixtureLayout SmallValidFile() {
  FixtureFrame raw = Raw(3, 2, 9, {9, 1, 2, 0, 9, 3});
  raw.origin_x = -1;
  FixtureFrame rle = Rle(4, 3, 9,
                         Concat({Row({Skip(1), Repeat(3, 4)}), Row({Literal({1, 2})}),
                                 Row({Literal({5, 6, 7, 8})})}));
  rle.origin_y = 2;
  FixtureFrame layered = Layered(
      3, 3, {Raw(2, 2, 7, {7, 1, 2, 3}), Rle(2, 1, 0, Row({Literal({4}), Skip(1)}))});
  layered.origin_x = 1;
  layered.origin_y = 1;
  FixtureFrame empty = Raw(0, 0, 9, {});
  FixtureFrame tc0 = Raw(2, 1, 0, {0x0f, 0xf0, 0x21, 0x84});
  tc0.storage = 4;
  FixtureFrame tc1 = Raw(1, 1, 0, {0xff, 0x7f});
  tc1.storage = 5;
  return LayOutGaf({Seq("mixed", {raw, rle, layered, empty}), Seq("tc", {tc0, tc1})});
}

// CheckFrame reports what RenderFrame did in game mode: the same error or the
// same pixel count, and the same warnings.
void ExpectCheckedAsRendered(const std::vector<uint8_t>& bytes, const Gaf& gaf, size_t s,
                             size_t f, const absl::StatusOr<FramePicture>& rendered,
                             const Warnings& rendered_warnings) {
  Warnings w;
  absl::StatusOr<uint64_t> checked = CheckFrame(AsBytes(bytes), gaf.sequences[s].frames[f].info,
                                                FrameLocation{"t.gaf", s, f}, &w);
  ASSERT_EQ(checked.ok(), rendered.ok()) << (checked.ok() ? rendered.status() : checked.status());
  if (checked.ok()) {
    EXPECT_EQ(*checked, uint64_t(rendered->width()) * uint64_t(rendered->height()));
  } else {
    EXPECT_EQ(checked.status(), rendered.status());
  }
  EXPECT_EQ(w, rendered_warnings);
}

// A file read by pieces, as kbot gaf list reads a large one; counts the bytes
// asked for.
class Pieces : public RandomAccess {
 public:
  explicit Pieces(const std::vector<uint8_t>& bytes) : bytes_(bytes) {}
  uint64_t size() const override { return bytes_.size(); }
  bool Read(uint64_t offset, std::span<uint8_t> out) const override {
    if (offset > bytes_.size() || out.size() > bytes_.size() - offset) return false;
    std::copy_n(bytes_.begin() + long(offset), out.size(), out.begin());
    read += out.size();
    return true;
  }
  mutable size_t read = 0;

 private:
  const std::vector<uint8_t>& bytes_;
};

// Reading by pieces gives what reading the whole file does: the same error,
// or the same structure.
void ExpectSameByPieces(const std::vector<uint8_t>& bytes, const absl::StatusOr<Gaf>& whole) {
  absl::StatusOr<Gaf> pieces = ReadGaf(Pieces(bytes), "t.gaf");
  ASSERT_EQ(pieces.ok(), whole.ok());
  if (!whole.ok()) {
    EXPECT_EQ(pieces.status(), whole.status());
    return;
  }
  EXPECT_EQ(pieces->warnings, whole->warnings);
  ASSERT_EQ(pieces->sequences.size(), whole->sequences.size());
  for (size_t s = 0; s < whole->sequences.size(); ++s) {
    const Sequence& a = pieces->sequences[s];
    const Sequence& b = whole->sequences[s];
    EXPECT_EQ(a.name, b.name);
    ASSERT_EQ(a.frames.size(), b.frames.size());
    for (size_t f = 0; f < b.frames.size(); ++f) {
      EXPECT_EQ(a.frames[f].info.data_offset, b.frames[f].info.data_offset);
      EXPECT_EQ(a.frames[f].info.layers.size(), b.frames[f].info.layers.size());
    }
  }
}

// Reads and renders everything; every error must name the file.
void ExerciseEverything(const std::vector<uint8_t>& bytes, bool* all_ok) {
  *all_ok = true;
  absl::StatusOr<Gaf> gaf = ReadGaf(AsBytes(bytes), "t.gaf");
  ExpectSameByPieces(bytes, gaf);
  if (!gaf.ok()) {
    *all_ok = false;
    EXPECT_THAT(Msg(gaf.status()), StartsWith("t.gaf: "));
    return;
  }
  const Transparency modes[] = {Transparency::Game(), Transparency::Heuristic(),
                                Transparency::None(), Transparency::Index(9)};
  for (size_t s = 0; s < gaf->sequences.size(); ++s) {
    for (size_t f = 0; f < gaf->sequences[s].frames.size(); ++f) {
      for (Transparency mode : modes) {
        Warnings w;
        absl::StatusOr<FramePicture> pic =
            RenderFrame(AsBytes(bytes), gaf->sequences[s].frames[f].info, mode,
                        FrameLocation{"t.gaf", s, f}, &w);
        if (!pic.ok()) {
          *all_ok = false;
          EXPECT_THAT(Msg(pic.status()), StartsWith("t.gaf: sequence "));
        }
        if (mode.mode == TransparencyMode::kGame) ExpectCheckedAsRendered(bytes, *gaf, s, f, pic, w);
      }
    }
    for (Transparency mode : modes) {
      Warnings w;
      absl::StatusOr<SequenceAnimation> anim =
          RenderSequence(AsBytes(bytes), *gaf, s, mode, "t.gaf", &w);
      if (!anim.ok()) {
        *all_ok = false;
        EXPECT_THAT(Msg(anim.status()), StartsWith("t.gaf: sequence "));
      }
    }
  }
}

TEST(GafMalformed, TheSmallValidFileIsValid) {
  FixtureLayout l = SmallValidFile();
  bool ok = false;
  ExerciseEverything(l.bytes, &ok);
  EXPECT_TRUE(ok);
  // By pieces, only the headers and tables are read, never the pixels: the
  // 12-byte header, 2 sequence offsets, 2 headers of 40 bytes, 6 frame-list
  // items, 6 frame headers and the layered frame's 2 pointers and 2 headers.
  Pieces pieces(l.bytes);
  ASSERT_TRUE(ReadGaf(pieces, "t.gaf").ok());
  EXPECT_EQ(pieces.read, 12u + 2 * 4 + 2 * 40 + 6 * 8 + 6 * 24 + 2 * 4 + 2 * 24);
  Warnings w;
  EXPECT_TRUE(RenderAll(l.bytes, &w).ok());
  EXPECT_EQ(w.size(), 1u);  // the short row
}

// Truncated at every byte position: ok or an error, never a crash or a read
// past the buffer (run this under ASan). The copy is exactly `n` bytes long
// so that ASan sees any read past it.
TEST(GafMalformed, TruncationAtEveryByte) {
  FixtureLayout l = SmallValidFile();
  size_t read_ok = 0;
  for (size_t n = 0; n < l.bytes.size(); ++n) {
    std::vector<uint8_t> prefix(l.bytes.begin(), l.bytes.begin() + n);
    prefix.shrink_to_fit();
    bool all_ok = true;
    ExerciseEverything(prefix, &all_ok);
    EXPECT_FALSE(all_ok) << "prefix of " << n << " bytes rendered completely";
    if (ReadGaf(AsBytes(prefix), "t.gaf").ok()) ++read_ok;
  }
  // Only prefixes that keep every header can be read at all.
  EXPECT_LT(read_ok, l.bytes.size());
}

// Every byte overwritten with a few hostile values: ok or an error, never a crash.
TEST(GafMalformed, CorruptionAtEveryByte) {
  FixtureLayout l = SmallValidFile();
  for (size_t i = 0; i < l.bytes.size(); ++i) {
    for (uint8_t v : {uint8_t{0x00}, uint8_t{0x7f}, uint8_t{0x80}, uint8_t{0xff}}) {
      std::vector<uint8_t> bytes = l.bytes;
      bytes[i] = v;
      bool all_ok = true;
      ExerciseEverything(bytes, &all_ok);
    }
  }
}

}  // namespace
}  // namespace kbot::gaf
