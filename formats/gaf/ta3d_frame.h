// The frames of a TA3D truecolor GAF (version 0x00010101; see gaf.h).
//
//   PtrFrameData -> u32 N, then N bytes: one zlib stream (RFC 1950) that
//                   inflates to exactly Width x Height pixels, top-down, rows
//                   packed without padding:
//                     TransparencyIndex != 0: R G B A (4 bytes a pixel)
//                     TransparencyIndex == 0: R G B   (3 bytes a pixel, opaque)
//
// TA3D's own reader inflates into a buffer of the frame's size and ignores
// whatever does not fit; kbot refuses such a frame instead, naming what it
// found, since a stream of the wrong length means the header or the data is
// not what the writer meant. The output is capped before inflating: a stream
// can expand at most 1032 times (deflate's longest match, 258 bytes, costs at
// least 2 bits), so a frame that claims more pixels than its stream could
// hold is refused without allocating it.
#pragma once

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"
#include "formats/gaf/frame_decode.h"
#include "formats/gaf/gaf.h"
#include "formats/image/picture.h"

namespace kbot::gaf {

inline constexpr uint64_t kMaxInflateRatio = 1032;

// Bytes a pixel of `info` takes in its stream: 4 (RGBA) or 3 (RGB).
inline size_t Ta3dBytesPerPixel(const FrameInfo& info) {
  return info.storage() == Storage::kZlibRgba ? 4 : 3;
}

// One frame as RGBA (alpha 255 for RGB frames). Bytes after the end of the
// stream but inside its count are a warning.
absl::StatusOr<image::RgbaPicture> DecodeTa3dFrame(Bytes file, const FrameInfo& info,
                                                   const FrameLocation& where,
                                                   Warnings* warnings);

// The frame data TA3D reads: u32 N, then the zlib stream (level 9, as TA3D's
// own writer) of `rgba` (width * height * 4 bytes), written as RGBA when
// `with_alpha`, else as RGB (the alpha bytes dropped).
std::vector<uint8_t> EncodeTa3dFrameData(const std::vector<uint8_t>& rgba, bool with_alpha);

}  // namespace kbot::gaf
