#include "formats/gaf/run_decode.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/gaf/run_chunks.h"

namespace kbot::gaf {

namespace {
std::atomic<bool> portable_for_testing{false};
}  // namespace

namespace run {

void UsePortableKernelForTesting(bool portable) { portable_for_testing = portable; }

__attribute__((noinline)) void DrawLongRun(uint8_t* at, const uint8_t* chunk, size_t room,
                                          ptrdiff_t opaque_offset) {
  const ChunkStep& s = kSteps[chunk[0]];
  const size_t end = std::min<size_t>(s.pixels, room);
  if (end <= kFirst) return;  // the first blocks reached the width
  // A literal's blocks follow its mask; a repeat's block is the same each time.
  const uint8_t* source = s.literal ? chunk + 1 : kFilled[chunk[1]].data();
  const size_t advance = s.literal ? 1 : 0;
  // Whole blocks while more than one is left, then the block that ends with
  // the chunk (it may overlap the one before: the same bytes again), so no
  // byte past the chunk is written. Most long chunks take only that one.
  for (size_t k = kFirst; k + kBlock < end; k += kBlock) {
    std::memcpy(at + k, source + k * advance, kBlock);
    std::memcpy(at + k + opaque_offset, kFilled[1].data(), kBlock);
  }
  std::memcpy(at + end - kBlock, source + (end - kBlock) * advance, kBlock);
  std::memcpy(at + end - kBlock + opaque_offset, kFilled[1].data(), kBlock);
}

}  // namespace run

namespace {

using run::ChunkStep;
using run::kSteps;

// "<file>: sequence 3 frame 1: row 7: <what>", `what` naming `offset`.
absl::Status RowError(const FrameLocation& where, size_t row, uint64_t offset,
                      absl::string_view what) {
  return ErrorNamingOffset(where.file, absl::StrCat(where.Name(), ": row ", row), offset, what);
}

// Where a row's bytes are: its lineLength word at `pos`, its chunks up to `end`.
struct RowBytes {
  size_t pos;
  size_t length;
  size_t end;
};

absl::StatusOr<RowBytes> RowAt(Bytes file, size_t row, size_t pos, const FrameLocation& where) {
  if (pos > file.size() || file.size() - pos < 2) {
    return RowError(where, row, pos, absl::StrCat("lineLength at ", Hex(pos),
                                                  " is past the end of the file (",
                                                  file.size(), " bytes)"));
  }
  const size_t length = LoadU16(file.data() + pos);
  if (length > file.size() - pos - 2) {
    return RowError(where, row, pos, absl::StrCat("lineLength ", length, " at ", Hex(pos),
                                                  " runs past the end of the file (",
                                                  file.size(), " bytes)"));
  }
  return RowBytes{pos, length, pos + 2 + length};
}

// Walks one row chunk by chunk with every check, drawing it with exact-length
// writes when `index` is set (the opaque plane at `opaque`). Returns the
// pixels the chunks cover, or an error naming the chunk that runs past the row.
absl::StatusOr<size_t> ExactRow(const uint8_t* p, const RowBytes& r, uint8_t key, size_t width,
                                uint8_t* index, uint8_t* opaque, size_t row,
                                const FrameLocation& where) {
  size_t x = 0, i = 0;
  while (i < r.length) {
    const uint8_t mask = p[i];
    const ChunkStep s = kSteps[mask];
    if (s.bytes > r.length - i) {
      return RowError(where, row, r.pos + 2 + i, absl::StrCat(
          (mask & 2) ? "repeat" : "literal", " chunk at ", Hex(r.pos + 2 + i), " needs ",
          s.bytes - 1, " byte(s), the row has ", r.length - i - 1, " left of its lineLength ",
          r.length));
    }
    if (index != nullptr && x < width) {
      const size_t n = std::min<size_t>(s.pixels, width - x);
      if (s.literal) {
        std::memcpy(index + x, p + i + 1, n);
      } else {
        std::memset(index + x, s.drawn ? p[i + 1] : key, n);
      }
      std::memset(opaque + x, s.drawn, n);
    }
    x += s.pixels;
    i += s.bytes;
  }
  return x;
}

// A frame of many short rows is reported by its first few, then a count, so a
// hostile file cannot make the report grow with every row it claims.
constexpr size_t kShortRowsNamed = 3;

// Reads rows in order with every check: the reference the fast path must
// match, the path for anything it does not take (rows near the end of the
// file, short rows, errors), and, without a picture, the check of a frame.
class ExactDecoder {
 public:
  ExactDecoder(Bytes file, const FrameInfo& info, const FrameLocation& where, Warnings* warnings)
      : file_(file), info_(info), where_(where), warnings_(warnings) {}

  // Rows [first_row, height), the first one's lineLength word at `pos`, drawn
  // into `pic` (every pixel of those rows) or, when null, only checked.
  absl::Status Rows(size_t first_row, size_t pos, image::IndexedPicture* pic) {
    const size_t width = info_.width;
    for (size_t row = first_row; row < info_.height; ++row) {
      absl::StatusOr<RowBytes> r = RowAt(file_, row, pos, where_);
      if (!r.ok()) return r.status();
      uint8_t* index = pic ? pic->index.data() + row * width : nullptr;
      uint8_t* opaque = pic ? pic->opaque.data() + row * width : nullptr;
      absl::StatusOr<size_t> covered = ExactRow(file_.data() + r->pos + 2, *r, info_.transparency,
                                                width, index, opaque, row, where_);
      if (!covered.ok()) return covered.status();
      if (*covered < width) Short(row, *covered, index, opaque);
      pos = r->end;
    }
    if (short_rows_ > kShortRowsNamed && warnings_ != nullptr) {
      warnings_->push_back(absl::StrCat(where_.Name(), ": ", short_rows_ - kShortRowsNamed,
                                        " more short rows padded transparent"));
    }
    return absl::OkStatus();
  }

 private:
  // Pads a row whose chunks end before the width, and reports it.
  void Short(size_t row, size_t covered, uint8_t* index, uint8_t* opaque) {
    if (index != nullptr) {
      std::memset(index + covered, info_.transparency, info_.width - covered);
      std::memset(opaque + covered, 0, info_.width - covered);
    }
    if (++short_rows_ <= kShortRowsNamed && warnings_ != nullptr) {
      warnings_->push_back(absl::StrCat(where_.Name(), " row ", row, ": row ends at pixel ",
                                        covered, " of ", info_.width, "; padded transparent"));
    }
  }

  Bytes file_;
  const FrameInfo& info_;
  const FrameLocation& where_;
  Warnings* warnings_;
  size_t short_rows_ = 0;
};

// The fast path. Rows are drawn in place by whole blocks (RowCursor::Step),
// two bands of rows at once: each chunk's position depends on the one before
// it, and two independent chains keep the CPU busy while each waits on its
// loads. A row's blocks may spill up to kFirst - 1 bytes into the next row,
// which that row's first chunk then overwrites; so each band is drawn top to
// bottom, and its last row, whose next row belongs to the other band, goes
// through a scratch row. Anything irregular (a chunk past its row, a row short
// of the width) makes the whole frame go to the exact path, which reports it.

// Which rows the fast path takes: [0, rows), the ones with kReadSlack
// readable bytes after them, split into bands [0, middle) and [middle, rows)
// of about the same number of bytes.
struct BandPlan {
  size_t rows = 0;
  size_t middle = 0;
  size_t middle_pos = 0;  // the lineLength word of row `middle`
  size_t end_pos = 0;     // the lineLength word of row `rows`
};

// Row `plan.middle` and its position: the first row from 2 on whose
// lineLength word is half the rows' bytes or more into the frame, at most
// rows - 2. `starts` holds the first rows' offsets into the frame (the first
// `noted`); past them the rows are walked again.
void FindMiddle(Bytes file, const FrameInfo& info, const uint32_t* starts, size_t noted,
                BandPlan& plan) {
  const size_t half = (plan.end_pos - info.data_offset) / 2;
  const size_t last = plan.rows - 2;
  if (last < noted) {
    plan.middle = size_t(std::lower_bound(starts + 2, starts + last, half) - starts);
    plan.middle_pos = info.data_offset + starts[plan.middle];
    return;
  }
  plan.middle_pos = info.data_offset;
  while (plan.middle < last && (plan.middle < 2 || plan.middle_pos - info.data_offset < half)) {
    plan.middle_pos += 2 + LoadU16(file.data() + plan.middle_pos);
    ++plan.middle;
  }
}

std::optional<BandPlan> PlanBands(Bytes file, const FrameInfo& info) {
  // The offsets of the first rows (all of them in nearly every frame), so that
  // the middle is found without walking the rows again. Each row is at most
  // 65,537 bytes: 32 bits hold the offsets of 1024 rows.
  constexpr size_t kNoted = 1024;
  std::array<uint32_t, kNoted> starts;
  BandPlan plan;
  size_t pos = info.data_offset;
  while (plan.rows < info.height && pos <= file.size() && file.size() - pos >= 2) {
    const size_t end = pos + 2 + LoadU16(file.data() + pos);
    if (end > file.size() || file.size() - end < run::kReadSlack) break;
    if (plan.rows < kNoted) starts[plan.rows] = uint32_t(pos - info.data_offset);
    pos = end;
    ++plan.rows;
  }
  plan.end_pos = pos;
  // Each band needs a row in place and its last row.
  // A row at least kFirst wide: a row's spill stays within the next row.
  if (plan.rows < 4 || info.width < run::kFirst) return std::nullopt;
  FindMiddle(file, info, starts.data(), kNoted, plan);
  return plan;
}

run::Canvas MakeCanvas(size_t width, ptrdiff_t opaque_offset, uint8_t key) {
  run::Canvas c{width, opaque_offset, run::kFilled[key].data()};
#if defined(__x86_64__)
  c.key = _mm_load_si128(reinterpret_cast<const __m128i*>(c.key_fill));
#endif
  return c;
}

// One band: its rows in place, [first, last), then row `last` from scratch.
struct Band {
  run::RowCursor r;
  size_t rows_left;  // in place, after the current one

  Band(Bytes file, size_t pos, size_t first, size_t last, uint8_t* index, size_t width)
      : r{file.data() + pos + 2, file.data() + pos + 2 + LoadU16(file.data() + pos),
          index + first * width, index + (first + 1) * width},
        rows_left(last - first - 1) {}

  // At the end of a row: false when it is irregular.
  __attribute__((always_inline)) bool Finished() const {
    return r.p == r.end && r.at >= r.row_end;
  }
  __attribute__((always_inline)) void NextRow(size_t width) {
    const uint8_t* word = r.end;
    r.p = word + 2;
    r.end = r.p + LoadU16(word);
    r.at = r.row_end;
    r.row_end += width;
    --rows_left;
  }
};

// Draws one band alone to its last row in place. False when a row is irregular.
template <run::Kernel kKernel>
__attribute__((always_inline)) inline bool DrawAlone(Band& b, const run::Canvas& c) {
  for (;;) {
    while (b.r.p < b.r.end) b.r.Step<kKernel>(c);
    if (!b.Finished()) return false;
    if (b.rows_left == 0) return true;
    b.NextRow(c.width);
  }
}

// Draws both bands in lockstep until one has drawn its rows in place.
template <run::Kernel kKernel>
__attribute__((always_inline)) inline bool DrawLockstep(Band& a, Band& b, const run::Canvas& c) {
  for (;;) {
    while (a.r.p < a.r.end && b.r.p < b.r.end) {
      a.r.Step<kKernel>(c);
      b.r.Step<kKernel>(c);
    }
    if (a.r.p >= a.r.end) {
      if (!a.Finished()) return false;
      if (a.rows_left == 0) return true;
      a.NextRow(c.width);
    }
    if (b.r.p >= b.r.end) {
      if (!b.Finished()) return false;
      if (b.rows_left == 0) return true;
      b.NextRow(c.width);
    }
  }
}

// Draws both bands' rows in place: in lockstep, then whichever has rows left
// alone. False when a row is irregular. The state is copied into locals
// (RowCursor says why).
template <run::Kernel kKernel>
bool DrawInPlace(Band& band_a, Band& band_b, const run::Canvas& canvas) {
  Band a = band_a, b = band_b;
  const run::Canvas c = canvas;
  const bool drawn = DrawLockstep<kKernel>(a, b, c) && DrawAlone<kKernel>(a, c) &&
                     DrawAlone<kKernel>(b, c);
  band_a = a;
  band_b = b;
  return drawn;
}

// The row whose lineLength word is at `word` (a band's last row), drawn into
// a scratch row with room for the blocks' spill (2 x (width + kFirst) bytes
// at `scratch`), then copied into place.
template <run::Kernel kKernel>
bool DrawFromScratch(const uint8_t* word, uint8_t* index, const run::Canvas& c,
                     uint8_t* scratch) {
  const size_t stride = c.width + run::kFirst;
  std::memset(scratch, c.key_fill[0], stride);
  std::memset(scratch + stride, 0, stride);
  run::RowCursor r{word + 2, word + 2 + LoadU16(word), scratch, scratch + c.width};
  const run::Canvas scratch_canvas = MakeCanvas(c.width, ptrdiff_t(stride), c.key_fill[0]);
  while (r.p < r.end) r.Step<kKernel>(scratch_canvas);
  if (r.p != r.end || r.at < r.row_end) return false;
  std::memcpy(index, scratch, c.width);
  std::memcpy(index + c.opaque_offset, scratch + stride, c.width);
  return true;
}

// Draws rows [0, plan.rows) of `pic` (filled with the key, transparent).
// False when the exact path must draw the frame instead.
template <run::Kernel kKernel>
bool DrawFast(Bytes file, const FrameInfo& info, const BandPlan& plan,
              image::IndexedPicture& pic) {
  const size_t width = info.width;
  uint8_t* index = pic.index.data();
  const run::Canvas c = MakeCanvas(width, pic.opaque.data() - index, info.transparency);
  Band a(file, info.data_offset, 0, plan.middle - 1, index, width);
  Band b(file, plan.middle_pos, plan.middle, plan.rows - 1, index, width);
  if (!DrawInPlace<kKernel>(a, b, c)) return false;
  // Each band ended at its last row's lineLength word. The scratch row is on
  // the stack for frames up to 1024 pixels wide (nearly all): no allocation.
  constexpr size_t kStackWidth = 1024;
  std::array<uint8_t, 2 * (kStackWidth + run::kFirst)> stack;
  std::vector<uint8_t> heap(width > kStackWidth ? 2 * (width + run::kFirst) : 0);
  uint8_t* scratch = width > kStackWidth ? heap.data() : stack.data();
  return DrawFromScratch<kKernel>(a.r.end, index + (plan.middle - 1) * width, c, scratch) &&
         DrawFromScratch<kKernel>(b.r.end, index + (plan.rows - 1) * width, c, scratch);
}

// The shuffling kernel where the CPU has SSE4.1 (nearly every x86-64 since
// 2008; not Intel's first Core 2 nor AMD's K8 and K10), else the portable one.
bool HaveSse41() {
#if defined(__x86_64__)
  static const bool have = __builtin_cpu_supports("sse4.1");
  return have && !portable_for_testing.load(std::memory_order_relaxed);
#else
  return false;
#endif
}

bool DrawFast(Bytes file, const FrameInfo& info, const BandPlan& plan,
              image::IndexedPicture& pic) {
  if (run::kHaveShuffle && HaveSse41()) {
    return DrawFast<run::Kernel::kShuffle>(file, info, plan, pic);
  }
  return DrawFast<run::Kernel::kPortable>(file, info, plan, pic);
}

}  // namespace

absl::StatusOr<image::IndexedPicture> DecodeRunEncodedFrame(Bytes file, const FrameInfo& info,
                                                            const FrameLocation& where,
                                                            Warnings* warnings) {
  const uint8_t key = info.transparency;
  image::IndexedPicture pic(info.width, info.height, key, 0, key);
  ExactDecoder exact(file, info, where, warnings);
  const std::optional<BandPlan> plan = PlanBands(file, info);
  if (plan && DrawFast(file, info, *plan, pic)) {
    absl::Status s = exact.Rows(plan->rows, plan->end_pos, &pic);
    if (!s.ok()) return s;
    return pic;
  }
  // The exact path writes every pixel of every row: what the fast path left
  // is overwritten.
  absl::Status s = exact.Rows(0, info.data_offset, &pic);
  if (!s.ok()) return s;
  return pic;
}

absl::Status CheckRunEncodedFrame(Bytes file, const FrameInfo& info, const FrameLocation& where,
                                  Warnings* warnings) {
  return ExactDecoder(file, info, where, warnings).Rows(0, info.data_offset, nullptr);
}

}  // namespace kbot::gaf
