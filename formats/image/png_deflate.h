// The compressed image data of a PNG (what its IDAT chunks, or an APNG
// frame's fdAT chunks, carry): the rows filtered (png_filter.h), then one zlib
// stream (RFC 1950) made by libdeflate.
//
// A big picture is cut into pieces of rows (two, or more for a very big one),
// filtered and compressed by two threads taking them in turn, as pigz does:
// libdeflate writes a whole stream for each, so each piece but the last has
// its last block lose its BFINAL bit and gets an empty stored block after it
// (the same bytes a zlib Z_SYNC_FLUSH ends with), and the pieces concatenate
// into one stream; their Adler-32s are joined with adler32_combine. A piece
// starts without the one before's last 32 KiB as history, which costs a few
// hundred bytes in millions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "formats/image/png_filter.h"

namespace kbot::image::png_detail {

// The rows of one image as the PNG stores them.
struct RowSource {
  const uint8_t* pixels = nullptr;  // `height` rows of `row_bytes`, top-down
  size_t row_bytes = 0;
  int height = 0;
  int bpp = 1;  // bytes a pixel: 1 indexed, 3 RGB, 4 RGBA
  FilterChoice filter = FilterChoice::kNone;
};

inline constexpr int kAutoLevel = -1;

// A piece is one libdeflate call, which can neither say how far it is nor
// hear a stop: a picture with more filtered rows than this is cut into more
// pieces (about 0.1 s each at level 1 here), each but the last decoded again
// to be joined. Below it a picture is one piece a thread.
inline constexpr size_t kMaxPieceBytes = size_t(32) << 20;

struct DeflateOptions {
  int level = kAutoLevel;  // libdeflate's 0..12, or kAutoLevel: ChooseLevel
  int threads = 0;         // 0: two threads from kParallelBytes on; 1: the calling thread
  // No piece holds more filtered rows than this (kMaxPieceBytes).
  size_t max_piece_bytes = kMaxPieceBytes;
  // Told the rows filtered (by either thread) at each band and piece the
  // calling thread finishes and every 50 ms while it waits for the other
  // thread, and "row H of H" once the stream is whole; a stop makes
  // DeflateRows return CancelledError. Called on the calling thread only.
  Progress* progress = nullptr;
};

// The level for `filtered_bytes` of rows (bench/png_bench.cc measures these):
// libdeflate's 9 below 64 KiB (0.8-1.0x the size of zlib's 6 on sprites that
// small, where libdeflate's 6 is up to 1.3x), 6 up to 1 MiB (the scene: the
// old encoder's time), 3 up to 8 MiB (the opaque picture: 0.96x the
// reference's size in 0.45x the old time) and 1 above (the benchmark map: 3x
// the speed of zlib's 3, within 1% of libdeflate's 6 there).
int ChooseLevel(size_t filtered_bytes);

// From this many bytes of filtered rows on, two threads share the work when
// the machine has two cores; below it a thread's start costs more than it saves.
inline constexpr size_t kParallelBytes = size_t(1) << 20;

// A zlib stream in the parts it was made in, so that a writer copies each
// byte once: the 2-byte header, the pieces of DEFLATE, the Adler-32.
struct ZlibStream {
  uint8_t header[2] = {};
  std::vector<std::unique_ptr<uint8_t[]>> pieces;
  std::vector<size_t> piece_bytes;
  uint8_t adler[4] = {};

  std::vector<std::span<const uint8_t>> Parts() const;
  size_t size() const;
  std::vector<uint8_t> Join() const;
};

// Asks the kernel to back [p, p + n) with 2 MiB pages where it can (Linux
// transparent huge pages on request). A big picture's buffers are each
// touched once, and on the development VM a 4 KiB page fault costs about
// 2.5 us: 20% of the benchmark map's encoding went to faulting in 46 MB.
// Call it before the memory is first written.
void AdviseHugePages(void* p, size_t n);

// The zlib stream of the filtered rows. Errors: CancelledError when the
// progress said stop, ResourceExhausted when memory ran out.
absl::StatusOr<ZlibStream> DeflateRowsInParts(const RowSource& rows,
                                              const DeflateOptions& options);
// The same in one buffer.
absl::StatusOr<std::vector<uint8_t>> DeflateRows(const RowSource& rows,
                                                 const DeflateOptions& options);

}  // namespace kbot::image::png_detail
