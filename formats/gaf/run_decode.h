// Run-encoded GAF frames (docs/formats/gaf.md, "Run-length chunks"): height
// rows, each u16 lineLength then exactly lineLength bytes of chunks:
//   mask bit 0 set         skip (mask >> 1) pixels (0..127): transparent
//   bit 0 clear, bit 1 set repeat the next byte (mask >> 2) + 1 times (1..64)
//   bits 0 and 1 clear     copy the next (mask >> 2) + 1 bytes (1..64)
// Runs are clipped at the width; repeated and literal pixels are drawn even
// when they equal the key. A row that ends before the width is padded
// transparent and reported (the game would read on into the next row).
#pragma once

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"
#include "formats/gaf/frame_decode.h"
#include "formats/gaf/gaf.h"
#include "formats/image/picture.h"

namespace kbot::gaf {

// Draws by the game's rule: skipped and padded pixels are transparent and
// carry the frame's stored key as their index.
absl::StatusOr<image::IndexedPicture> DecodeRunEncodedFrame(Bytes file, const FrameInfo& info,
                                                            const FrameLocation& where,
                                                            Warnings* warnings);

// What DecodeRunEncodedFrame would report (the same error, the same
// warnings), without drawing: every row's chunks are read and checked.
absl::Status CheckRunEncodedFrame(Bytes file, const FrameInfo& info, const FrameLocation& where,
                                  Warnings* warnings);

}  // namespace kbot::gaf
