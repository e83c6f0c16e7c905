#include "formats/image/png_deflate_join.h"

#include <zlib.h>

#include <memory>

namespace kbot::image::png_detail {

namespace {

struct InflateEnd {
  void operator()(z_stream* z) const {
    inflateEnd(z);
    delete z;
  }
};

// Where the last block's header starts and where its end-of-block code ends,
// in bits from the start of `stream`.
struct LastBlock {
  uint64_t header_bit = 0;
  uint64_t end_bit = 0;
};

absl::Status FindLastBlock(uint8_t* stream, size_t size, LastBlock& last) {
  std::unique_ptr<z_stream, InflateEnd> z(new z_stream{});
  if (inflateInit2(z.get(), -15) != Z_OK) return absl::InternalError("zlib inflateInit2 failed");
  z->next_in = stream;
  z->avail_in = uInt(size);
  // A raw stream starts with a block header, where zlib does not stop.
  uint64_t boundary[2] = {0, 0};
  // Output goes nowhere; a sink bigger than zlib's 32 KiB window spares most
  // of its copying into the window.
  const size_t kSink = size_t(1) << 18;
  std::unique_ptr<unsigned char[]> sink(new unsigned char[kSink]);
  for (;;) {
    z->next_out = sink.get();
    z->avail_out = uInt(kSink);
    const int r = inflate(z.get(), Z_BLOCK);
    if (r == Z_STREAM_END) break;
    if (r != Z_OK && r != Z_BUF_ERROR) {
      return absl::InternalError("a DEFLATE piece did not decode to its end");
    }
    if (r == Z_BUF_ERROR && z->avail_in == 0) {
      return absl::InternalError("a DEFLATE piece ended inside a block");
    }
    // data_type: 128 at a block boundary (all of the block's output
    // delivered), its low 3 bits the unused bits of the last byte read.
    if ((z->data_type & 128) != 0) {
      const uint64_t bit = uint64_t(size - z->avail_in) * 8 - (z->data_type & 7);
      if (bit != boundary[1]) boundary[0] = boundary[1], boundary[1] = bit;
    }
  }
  if (z->avail_in != 0) return absl::InternalError("a DEFLATE piece has bytes after its end");
  // The stream's end is the last boundary; the last block starts at the one
  // before.
  last.header_bit = boundary[0];
  last.end_bit = boundary[1];
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<size_t> MakeJoinable(uint8_t* stream, size_t size) {
  if (size == 0) return absl::InternalError("an empty DEFLATE piece");
  if (size > 0xffffffffu - kJoinSlack) return absl::InternalError("a DEFLATE piece over 4 GiB");
  LastBlock last;
  if (absl::Status s = FindLastBlock(stream, size, last); !s.ok()) return s;
  if (last.end_bit == 0 || last.end_bit > uint64_t(size) * 8 ||
      (stream[last.header_bit / 8] >> (last.header_bit % 8) & 1) == 0) {
    return absl::InternalError("a DEFLATE piece's last block is not marked last");
  }
  stream[last.header_bit / 8] &= uint8_t(~(1u << (last.header_bit % 8)));
  // Clear whatever follows the end-of-block code, then the empty stored
  // block: 3 zero bits (not last, type 00), zeros to the byte, 00 00 ff ff.
  size_t n = size_t((last.end_bit + 7) / 8);
  if (last.end_bit % 8 != 0) stream[n - 1] &= uint8_t((1u << (last.end_bit % 8)) - 1);
  const size_t aligned = size_t((last.end_bit + 3 + 7) / 8);
  while (n < aligned) stream[n++] = 0;
  const uint8_t kEmptyStored[4] = {0x00, 0x00, 0xff, 0xff};
  for (uint8_t b : kEmptyStored) stream[n++] = b;
  return n;
}

}  // namespace kbot::image::png_detail
