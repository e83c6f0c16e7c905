// Joining raw DEFLATE streams (RFC 1951) made separately, as zlib's
// examples/gzjoin.c does: every stream but the last loses the BFINAL bit of its
// last block and ends with an empty stored block (3 zero bits, padding to the
// byte, LEN 0, NLEN 0xffff), so the next stream starts on a byte boundary and
// an inflater reads the concatenation as one stream. A stream's matches only
// reach back into itself, so no distance crosses a seam.
#pragma once

#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"

namespace kbot::image::png_detail {

// What joining may add to a stream's size.
inline constexpr size_t kJoinSlack = 5;

// Rewrites stream[0, size), one complete raw DEFLATE stream, so that another
// may follow it, and returns its new size (at most size + kJoinSlack: the
// buffer must hold that many). Finding the last block means decoding the
// stream (zlib's inflate stops at each block boundary with Z_BLOCK): a third
// to four fifths of libdeflate's level-1 compression time. InternalError when
// the bytes are not one complete, valid stream.
absl::StatusOr<size_t> MakeJoinable(uint8_t* stream, size_t size);

}  // namespace kbot::image::png_detail
