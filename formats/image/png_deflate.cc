#include "formats/image/png_deflate.h"

#include <libdeflate.h>
#include <zlib.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <future>
#include <memory>
#include <new>
#include <system_error>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "formats/image/png_deflate_join.h"

namespace kbot::image::png_detail {

namespace {

// Of the rows of a two-piece picture, the first piece's share: it also has to
// be decoded again to be joined (png_deflate_join.h), which costs it 35-80% of
// its compression time, so it gets less than half to finish with the other.
constexpr double kFirstPieceShare = 0.4;

constexpr int kJudgeEvery = 4;

struct FreeCompressor {
  void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

// One compressor per level and thread, kept: a level-9 compressor is about a
// megabyte of tables, and allocating it for each small picture would cost
// more than compressing the picture.
libdeflate_compressor* CompressorFor(int level) {
  thread_local std::unique_ptr<libdeflate_compressor, FreeCompressor> cached[13];
  std::unique_ptr<libdeflate_compressor, FreeCompressor>& c = cached[level];
  if (c == nullptr) c.reset(libdeflate_alloc_compressor(level));
  return c.get();
}

// Rows [first, end) of the picture, filtered, compressed, and made joinable
// unless they are the picture's last.
// The buffers are left uninitialised (new[] without ()): zero-filling the
// 17 MB of a big picture's rows cost a quarter of its encoding time.
struct Piece {
  int first = 0;
  int end = 0;
  std::unique_ptr<uint8_t[]> filtered;
  size_t filtered_bytes = 0;
  std::unique_ptr<uint8_t[]> deflated;  // raw DEFLATE
  size_t deflated_bytes = 0;
  uint32_t adler = 1;
  absl::Status status;
};

// What the workers share: the next piece to take, how far they are, and a
// stop (a cancellation, or a piece that failed).
struct Shared {
  std::atomic<size_t> next{0};
  std::atomic<uint64_t> rows_filtered{0};
  std::atomic<bool> stop{false};
  std::atomic<bool> cancelled{false};  // the progress said stop
};

// Says how far the rows are and hears a stop; on the calling thread only. A
// row counts when it is filtered: the threads filter a piece, compress it and
// go on to the next, so with many pieces the count moves through the whole
// encoding, and with one piece a thread it moves until the compression.
class RowProgress {
 public:
  RowProgress(Progress* progress, int height, const Shared& shared)
      : progress_(progress), height_(uint64_t(height)), shared_(shared) {}

  // False when told to stop. Counts up to height - 1 until the stream is
  // whole: the last row is reported once, by Finish.
  bool Now() {
    if (progress_ == nullptr) return true;
    return Say(std::min(shared_.rows_filtered.load(), height_ - 1));
  }
  bool Finish() { return progress_ == nullptr || Say(height_); }

 private:
  bool Say(uint64_t done) {
    char message[64];
    std::snprintf(message, sizeof message, "encoded PNG row %llu of %llu",
                  static_cast<unsigned long long>(done), static_cast<unsigned long long>(height_));
    return progress_->Report(done, height_, message);
  }

  Progress* progress_;
  uint64_t height_;
  const Shared& shared_;
};

// A band is about 16 KiB of rows: a report every few tens of microseconds.
int BandRows(size_t row_bytes) {
  return int(std::max<size_t>(1, (size_t(16) << 10) / (row_bytes + 1)));
}

// Filters the piece's rows; `on_band(rows_done)` returns false to stop (then
// this returns false too).
template <typename OnBand>
bool FilterPiece(const RowSource& rows, Piece& piece, OnBand on_band) {
  const size_t stored = rows.row_bytes + 1;
  piece.filtered_bytes = stored * size_t(piece.end - piece.first);
  piece.filtered.reset(new uint8_t[piece.filtered_bytes]);
  AdviseHugePages(piece.filtered.get(), piece.filtered_bytes);
  std::vector<uint8_t> scratch(rows.filter == FilterChoice::kNone ? 0 : rows.row_bytes);
  const int band = BandRows(rows.row_bytes);
  uint8_t last_type = 255;
  for (int y = piece.first; y < piece.end; ++y) {
    const uint8_t* cur = rows.pixels + size_t(y) * rows.row_bytes;
    const uint8_t* prev = y > 0 ? cur - rows.row_bytes : nullptr;
    uint8_t* out = piece.filtered.get() + stored * size_t(y - piece.first);
    // After a row left unfiltered only every fourth row is judged: noise (the
    // benchmark map) stays unfiltered at a quarter of the cost, and a smooth
    // stretch is found within four rows.
    const FilterChoice choice =
        last_type == 0 && y % kJudgeEvery != 0 ? FilterChoice::kNone : rows.filter;
    FilterRow(choice, cur, prev, rows.row_bytes, rows.bpp, out, scratch.data());
    last_type = out[0];
    const int done = y + 1 - piece.first;
    if ((done % band == 0 || y + 1 == piece.end) && !on_band(done)) return false;
  }
  return true;
}

// Compresses the filtered rows and, unless the piece is the picture's last,
// makes it joinable.
absl::Status CompressPiece(Piece& piece, int level, bool last) {
  libdeflate_compressor* compressor = CompressorFor(level);
  if (compressor == nullptr) return absl::ResourceExhaustedError("no memory for a compressor");
  const size_t bound =
      libdeflate_deflate_compress_bound(compressor, piece.filtered_bytes) + kJoinSlack;
  piece.deflated.reset(new uint8_t[bound]);
  AdviseHugePages(piece.deflated.get(), bound);
  piece.deflated_bytes = libdeflate_deflate_compress(
      compressor, piece.filtered.get(), piece.filtered_bytes, piece.deflated.get(), bound);
  if (piece.deflated_bytes == 0) {
    return absl::InternalError("libdeflate found its output bound too small");
  }
  piece.adler = uint32_t(libdeflate_adler32(1, piece.filtered.get(), piece.filtered_bytes));
  piece.filtered.reset();  // the rows are no longer needed
  if (last) return absl::OkStatus();
  absl::StatusOr<size_t> joinable = MakeJoinable(piece.deflated.get(), piece.deflated_bytes);
  if (!joinable.ok()) return joinable.status();
  piece.deflated_bytes = *joinable;
  return absl::OkStatus();
}

// The zlib header for `level` (RFC 1950: deflate, 32 KiB window, FLEVEL as
// libdeflate writes it, FCHECK making the pair a multiple of 31).
void PutHeader(int level, uint8_t* out) {
  const unsigned cmf = 0x78;
  const unsigned flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
  unsigned flg = flevel << 6;
  flg += 31 - (cmf * 256 + flg) % 31;
  out[0] = uint8_t(cmf);
  out[1] = uint8_t(flg);
}

void PutAdler(uint32_t adler, uint8_t* out) {
  out[0] = uint8_t(adler >> 24), out[1] = uint8_t(adler >> 16);
  out[2] = uint8_t(adler >> 8), out[3] = uint8_t(adler);
}

int ThreadsFor(const DeflateOptions& options, size_t filtered_bytes, int height) {
  if (options.threads == 1 || height < 2) return 1;
  if (options.threads == 0) {
    if (filtered_bytes < kParallelBytes || std::thread::hardware_concurrency() < 2) return 1;
  }
  return 2;
}

}  // namespace

void AdviseHugePages(void* p, size_t n) {
#ifdef __linux__
  constexpr uintptr_t kHuge = uintptr_t(2) << 20;
  if (n < 2 * kHuge) return;
  const uintptr_t begin = (uintptr_t(p) + kHuge - 1) & ~(kHuge - 1);
  const uintptr_t end = (uintptr_t(p) + n) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)p, (void)n;
#endif
}

int ChooseLevel(size_t filtered_bytes) {
  if (filtered_bytes < (size_t(64) << 10)) return 9;
  if (filtered_bytes <= (size_t(1) << 20)) return 6;
  if (filtered_bytes <= (size_t(8) << 20)) return 3;
  return 1;
}

namespace {

// Cuts the rows into pieces: at least one a thread, none over
// `max_piece_bytes` of filtered rows. Two pieces on two threads split
// unevenly (kFirstPieceShare says why); more split evenly.
std::vector<Piece> PlanPieces(const RowSource& rows, int threads, size_t max_piece_bytes) {
  const size_t stored = rows.row_bytes + 1;
  const size_t most = std::max(max_piece_bytes, stored);
  size_t n = (stored * size_t(rows.height) + most - 1) / most;
  n = std::min(std::max(n, size_t(threads)), size_t(rows.height));
  std::vector<Piece> pieces(n);
  for (size_t i = 0; i + 1 < n; ++i) pieces[i].end = int(uint64_t(rows.height) * (i + 1) / n);
  if (n == 2 && threads == 2) {
    pieces[0].end = std::clamp(int(double(rows.height) * kFirstPieceShare), 1, rows.height - 1);
  }
  for (size_t i = 1; i < n; ++i) pieces[i].first = pieces[i - 1].end;
  pieces.back().end = rows.height;
  return pieces;
}

// One piece filtered, compressed and, unless it is the last, made joinable.
// `report()` is asked at each band (false: stop, a cancellation).
template <typename Report>
void DoPiece(const RowSource& rows, std::vector<Piece>& pieces, size_t i, int level,
             Shared& shared, Report& report) {
  Piece& piece = pieces[i];
  int counted = 0;
  const bool filtered = FilterPiece(rows, piece, [&](int done) {
    shared.rows_filtered.fetch_add(uint64_t(done - counted));
    counted = done;
    if (shared.stop.load()) return false;
    if (report()) return true;
    shared.cancelled.store(true);
    return false;
  });
  if (!filtered) {
    // A cancellation (shared.cancelled) or another piece's failure, which
    // Outcome reports: this piece has nothing of its own to say.
    shared.stop.store(true);
    return;
  }
  piece.status = CompressPiece(piece, level, i + 1 == pieces.size());
  if (!piece.status.ok()) shared.stop.store(true);
}

// Takes pieces in turn until none is left or something stopped the work.
template <typename Report>
void Work(const RowSource& rows, std::vector<Piece>& pieces, int level, Shared& shared,
          Report report) {
  for (;;) {
    if (shared.stop.load()) return;
    const size_t i = shared.next.fetch_add(1);
    if (i >= pieces.size()) return;
    try {
      DoPiece(rows, pieces, i, level, shared, report);
    } catch (const std::bad_alloc&) {
      pieces[i].status = absl::ResourceExhaustedError("out of memory compressing a PNG");
      shared.stop.store(true);
      return;
    }
    if (!shared.stop.load() && !report()) {
      shared.cancelled.store(true);
      shared.stop.store(true);
      return;
    }
  }
}

// The helper's share of the pieces, on a thread of its own; `finished` is
// set as it ends, whichever way.
void RunHelper(const RowSource& rows, std::vector<Piece>& pieces, int level, Shared& shared,
               std::promise<void>& finished) {
  Work(rows, pieces, level, shared, [] { return true; });
  finished.set_value();
}

// Joins the helper thread on every way out; a way out before its end tells
// it to stop first.
struct HelperGuard {
  std::thread& thread;
  Shared& shared;
  ~HelperGuard() {
    if (!thread.joinable()) return;
    shared.stop.store(true);
    thread.join();
  }
};

// While the helper compresses its last piece, the calling thread, which
// alone may report, has nothing of its own to wait on: it says how far the
// rows are this often, and passes a stop on.
constexpr auto kWaitReport = std::chrono::milliseconds(50);

void AwaitHelper(std::thread& helper, std::future<void>& finished, Shared& shared,
                 RowProgress& progress) {
  while (finished.wait_for(kWaitReport) != std::future_status::ready) {
    if (!shared.stop.load() && !progress.Now()) {
      shared.cancelled.store(true);
      shared.stop.store(true);
    }
  }
  helper.join();
}

// The pieces' outcome: a cancellation first, then the first piece that failed.
absl::Status Outcome(const std::vector<Piece>& pieces, const Shared& shared) {
  if (shared.cancelled.load()) return absl::CancelledError("PNG encoding: cancelled");
  for (const Piece& p : pieces) {
    if (!p.status.ok()) return p.status;
  }
  return absl::OkStatus();
}

ZlibStream Assemble(std::vector<Piece>& pieces, int level) {
  ZlibStream out;
  PutHeader(level, out.header);
  uint32_t adler = pieces[0].adler;
  for (size_t i = 0; i < pieces.size(); ++i) {
    if (i > 0) {
      adler = uint32_t(
          adler32_combine(adler, pieces[i].adler, z_off_t(pieces[i].filtered_bytes)));
    }
    out.pieces.push_back(std::move(pieces[i].deflated));
    out.piece_bytes.push_back(pieces[i].deflated_bytes);
  }
  PutAdler(adler, out.adler);
  return out;
}

absl::StatusOr<ZlibStream> Run(const RowSource& rows, int level, int threads,
                               const DeflateOptions& options) {
  std::vector<Piece> pieces = PlanPieces(rows, threads, options.max_piece_bytes);
  Shared shared;
  RowProgress progress(options.progress, rows.height, shared);
  std::promise<void> finished;
  std::future<void> helper_finished = finished.get_future();
  std::thread helper;
  HelperGuard guard{helper, shared};
  if (threads == 2) {
    try {
      helper = std::thread(RunHelper, std::cref(rows), std::ref(pieces), level, std::ref(shared),
                           std::ref(finished));
    } catch (const std::system_error&) {
      // No thread to be had: the calling thread takes every piece.
    }
  }
  Work(rows, pieces, level, shared, [&] { return progress.Now(); });
  if (helper.joinable()) AwaitHelper(helper, helper_finished, shared, progress);
  if (absl::Status s = Outcome(pieces, shared); !s.ok()) return s;
  if (!progress.Finish()) return absl::CancelledError("PNG encoding: cancelled");
  return Assemble(pieces, level);
}

}  // namespace

std::vector<std::span<const uint8_t>> ZlibStream::Parts() const {
  std::vector<std::span<const uint8_t>> parts = {{header, 2}};
  for (size_t i = 0; i < pieces.size(); ++i) parts.emplace_back(pieces[i].get(), piece_bytes[i]);
  parts.emplace_back(adler, 4);
  return parts;
}

size_t ZlibStream::size() const {
  size_t n = 2 + 4;
  for (size_t b : piece_bytes) n += b;
  return n;
}

std::vector<uint8_t> ZlibStream::Join() const {
  std::vector<uint8_t> out;
  out.reserve(size());
  for (std::span<const uint8_t> part : Parts()) out.insert(out.end(), part.begin(), part.end());
  return out;
}

absl::StatusOr<std::vector<uint8_t>> DeflateRows(const RowSource& rows,
                                                 const DeflateOptions& options) {
  absl::StatusOr<ZlibStream> stream = DeflateRowsInParts(rows, options);
  if (!stream.ok()) return stream.status();
  try {
    return stream->Join();
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError("out of memory joining a PNG's compressed data");
  }
}

absl::StatusOr<ZlibStream> DeflateRowsInParts(const RowSource& rows,
                                              const DeflateOptions& options) {
  if (rows.height <= 0 || rows.row_bytes == 0) {
    return absl::InvalidArgumentError("no rows to compress");
  }
  const size_t filtered_bytes = (rows.row_bytes + 1) * size_t(rows.height);
  const int level = options.level == kAutoLevel ? ChooseLevel(filtered_bytes) : options.level;
  if (level < 0 || level > 12) {
    return absl::InvalidArgumentError(absl::StrCat("compression level ", level,
                                                   " is outside 0..12"));
  }
  try {
    return Run(rows, level, ThreadsFor(options, filtered_bytes, rows.height), options);
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        absl::StrCat("out of memory compressing ", filtered_bytes, " bytes of PNG rows"));
  }
}

}  // namespace kbot::image::png_detail
