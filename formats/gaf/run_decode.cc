#include "formats/gaf/run_decode.h"

#include <array>
#include <cstring>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"

namespace kbot::gaf {

namespace {

// What a chunk's mask byte says, looked up rather than branched on: the kind
// of the next chunk is data, and a branch on it is mispredicted about half the
// time.
struct ChunkStep {
  uint8_t pixels;   // pixels covered (skip 0..127, repeat / literal 1..64)
  uint8_t bytes;    // bytes taken, the mask included
  uint8_t literal;  // 1: the pixels follow the mask
  uint8_t drawn;    // 1: repeat or literal
};

constexpr std::array<ChunkStep, 256> kSteps = [] {
  std::array<ChunkStep, 256> steps{};
  for (int m = 0; m < 256; ++m) {
    const uint8_t count = uint8_t((m >> 2) + 1);
    if (m & 1) {
      steps[m] = {uint8_t(m >> 1), 1, 0, 0};
    } else if (m & 2) {
      steps[m] = {count, 2, 0, 1};
    } else {
      steps[m] = {count, uint8_t(count + 1), 1, 1};
    }
  }
  return steps;
}();

// The fast path writes each chunk as whole 16-byte blocks: a fixed size
// compiles to one vector move where an exact length costs a size dispatch per
// chunk. What a block writes past its chunk the next chunks overwrite, so rows
// are drawn into scratch rows with room past the width, and a literal may read
// up to its last block past its row.
constexpr size_t kBlock = 16;
constexpr size_t kLongestRun = 128;        // a skip covers up to 127 pixels
constexpr size_t kRowSlack = kLongestRun;  // room for a chunk's last block
constexpr size_t kReadSlack = 64;          // how far a literal's last block reads

// Each byte value kLongestRun times: the source of a repeat's or a skip's
// blocks, and of the opaque plane's.
constexpr std::array<std::array<uint8_t, kLongestRun>, 256> kFilled = [] {
  std::array<std::array<uint8_t, kLongestRun>, 256> filled{};
  for (size_t v = 0; v < 256; ++v) filled[v].fill(uint8_t(v));
  return filled;
}();

// One row being drawn by whole blocks into its scratch planes, which
// have kRowSlack bytes past the width; kReadSlack bytes after the row's
// chunks must be readable.
struct FastRow {
  const uint8_t* p;
  size_t length;
  uint8_t* index;
  uint8_t* opaque;
  size_t i = 0;  // next chunk
  size_t x = 0;  // next pixel

  bool done() const { return i >= length; }

  // Draws one chunk. False, having written only inside the scratch planes,
  // when the chunk runs past the row: the exact path then says where.
  bool Step(uint8_t key, size_t width) {
    const ChunkStep s = kSteps[p[i]];
    if (s.bytes > length - i) return false;
    if (x < width) {
      // Selects by masks rather than branches (compilers keep `?:` here as
      // jumps, mispredicted on every change of chunk kind): a literal copies
      // its bytes, a repeat or a skip a row of its one value.
      const uint8_t value = uint8_t(key ^ ((key ^ p[i + 1]) & -s.drawn));
      const uintptr_t filled = reinterpret_cast<uintptr_t>(kFilled[value].data());
      const uintptr_t literal = reinterpret_cast<uintptr_t>(p + i + 1);
      const auto* source =
          reinterpret_cast<const uint8_t*>(filled ^ ((filled ^ literal) & -uintptr_t(s.literal)));
      const uint8_t* drawn = kFilled[s.drawn].data();
      // Two blocks always, more only for the few chunks longer than that: a
      // loop whose count follows the data would be mispredicted at its end.
      std::memcpy(index + x, source, 2 * kBlock);
      std::memcpy(opaque + x, drawn, 2 * kBlock);
      for (size_t k = 2 * kBlock; k < s.pixels; k += kBlock) {
        std::memcpy(index + x + k, source + k, kBlock);
        std::memcpy(opaque + x + k, drawn + k, kBlock);
      }
    }
    x += s.pixels;
    i += s.bytes;
    return true;
  }
};

// Draws two rows in lockstep: each chunk's position depends on the one before
// it, and two independent chains keep the CPU busy while each waits on its
// loads. False when a chunk of either row runs past its row.
bool DrawPair(FastRow& a, FastRow& b, uint8_t key, size_t width) {
  while (!a.done() && !b.done()) {
    if (!a.Step(key, width) || !b.Step(key, width)) return false;
  }
  while (!a.done()) {
    if (!a.Step(key, width)) return false;
  }
  while (!b.done()) {
    if (!b.Step(key, width)) return false;
  }
  return true;
}

// "<file>: sequence 3 frame 1: row 7: <what>", `what` naming `offset`.
absl::Status RowError(const FrameLocation& where, size_t row, uint64_t offset,
                      absl::string_view what) {
  return ErrorNamingOffset(where.file, absl::StrCat(where.Name(), ": row ", row), offset, what);
}

// Decodes one row with exact-length writes and full checks. Returns the
// pixels covered, or an error naming the chunk that runs past the row.
absl::StatusOr<size_t> ExactRow(const uint8_t* p, size_t length, size_t row_offset, uint8_t key,
                                size_t width, uint8_t* index, uint8_t* opaque, size_t row,
                                const FrameLocation& where) {
  size_t x = 0, i = 0;
  while (i < length) {
    const uint8_t mask = p[i];
    const ChunkStep s = kSteps[mask];
    if (s.bytes > length - i) {
      return RowError(where, row, row_offset + 2 + i, absl::StrCat(
          (mask & 2) ? "repeat" : "literal", " chunk at ", Hex(row_offset + 2 + i), " needs ",
          s.bytes - 1, " byte(s), the row has ", length - i - 1, " left of its lineLength ",
          length));
    }
    if (x < width) {
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

// Decodes a frame row by row: rows two at a time by the fast path where the
// file has room after them, any other row (and any row the fast path balks
// at) by the exact path, which reports problems precisely.
class RunDecoder {
 public:
  RunDecoder(Bytes file, const FrameInfo& info, const FrameLocation& where, Warnings* warnings)
      : file_(file),
        info_(info),
        where_(where),
        warnings_(warnings),
        key_(info.transparency),
        width_(info.width),
        scratch_(4 * (width_ + kRowSlack)) {}

  absl::StatusOr<image::IndexedPicture> Decode() {
    image::IndexedPicture pic(info_.width, info_.height, key_, 0, key_);
    size_t pos = info_.data_offset;
    for (size_t row = 0; row < info_.height;) {
      absl::StatusOr<RowBytes> a = RowAt(row, pos);
      if (!a.ok()) return a.status();
      std::optional<RowBytes> b;
      if (row + 1 < info_.height && a->fast) {
        absl::StatusOr<RowBytes> next = RowAt(row + 1, a->end);
        if (next.ok() && next->fast) b = *next;
      }
      if (b && DrawFastPair(*a, *b)) {
        FinishRow(row, fast_covered_[0], 0, pic);
        FinishRow(row + 1, fast_covered_[1], 1, pic);
        pos = b->end;
        row += 2;
        continue;
      }
      absl::StatusOr<size_t> covered = DrawExact(row, *a);
      if (!covered.ok()) return covered.status();
      FinishRow(row, *covered, 0, pic);
      pos = a->end;
      row += 1;
    }
    if (short_rows_ > kShortRowsNamed && warnings_ != nullptr) {
      warnings_->push_back(absl::StrCat(where_.Name(), ": ", short_rows_ - kShortRowsNamed,
                                        " more short rows padded transparent"));
    }
    return pic;
  }

 private:
  struct RowBytes {
    size_t pos;  // the lineLength word
    size_t length;
    size_t end;  // the next row's lineLength word
    bool fast;   // kReadSlack readable bytes follow the row
  };

  absl::StatusOr<RowBytes> RowAt(size_t row, size_t pos) const {
    if (pos > file_.size() || file_.size() - pos < 2) {
      return RowError(where_, row, pos, absl::StrCat("lineLength at ", Hex(pos),
                                                     " is past the end of the file (",
                                                     file_.size(), " bytes)"));
    }
    const size_t length = LoadU16(file_.data() + pos);
    const size_t after = file_.size() - pos - 2;
    if (length > after) {
      return RowError(where_, row, pos, absl::StrCat("lineLength ", length, " at ", Hex(pos),
                                                     " runs past the end of the file (",
                                                     file_.size(), " bytes)"));
    }
    return RowBytes{pos, length, pos + 2 + length, after - length >= kReadSlack};
  }

  uint8_t* Index(int slot) { return scratch_.data() + (2 * slot) * (width_ + kRowSlack); }
  uint8_t* Opaque(int slot) { return scratch_.data() + (2 * slot + 1) * (width_ + kRowSlack); }

  bool DrawFastPair(const RowBytes& a, const RowBytes& b) {
    FastRow ra{file_.data() + a.pos + 2, a.length, Index(0), Opaque(0)};
    FastRow rb{file_.data() + b.pos + 2, b.length, Index(1), Opaque(1)};
    if (!DrawPair(ra, rb, key_, width_)) return false;
    fast_covered_[0] = ra.x;
    fast_covered_[1] = rb.x;
    return true;
  }

  absl::StatusOr<size_t> DrawExact(size_t row, const RowBytes& r) {
    return ExactRow(file_.data() + r.pos + 2, r.length, r.pos, key_, width_, Index(0), Opaque(0),
                    row, where_);
  }

  // Pads a short row, reports it, and copies the scratch row into the picture.
  void FinishRow(size_t row, size_t covered, int slot, image::IndexedPicture& pic) {
    uint8_t* index = Index(slot);
    uint8_t* opaque = Opaque(slot);
    if (covered < width_) {
      std::memset(index + covered, key_, width_ - covered);
      std::memset(opaque + covered, 0, width_ - covered);
      if (++short_rows_ <= kShortRowsNamed && warnings_ != nullptr) {
        warnings_->push_back(absl::StrCat(where_.Name(), " row ", row, ": row ends at pixel ",
                                          covered, " of ", width_, "; padded transparent"));
      }
    }
    std::memcpy(pic.index.data() + row * width_, index, width_);
    std::memcpy(pic.opaque.data() + row * width_, opaque, width_);
  }

  Bytes file_;
  const FrameInfo& info_;
  const FrameLocation& where_;
  Warnings* warnings_;
  uint8_t key_;
  size_t width_;
  std::vector<uint8_t> scratch_;  // two rows, each an index and an opaque plane
  size_t fast_covered_[2] = {0, 0};
  size_t short_rows_ = 0;
};

}  // namespace

absl::StatusOr<image::IndexedPicture> DecodeRunEncodedFrame(Bytes file, const FrameInfo& info,
                                                            const FrameLocation& where,
                                                            Warnings* warnings) {
  return RunDecoder(file, info, where, warnings).Decode();
}

}  // namespace kbot::gaf
