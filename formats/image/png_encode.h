// PNG and APNG writing through libpng.
//
// Indexed output: colour type 3, bit depth 8, a PLTE of all 256 palette
// colours and a tRNS that makes exactly one slot transparent (see
// transparent_slot.h). When no slot is free the picture is written as RGBA.
// APNG: acTL / fcTL / fdAT chunks written through png_write_chunk, each
// frame's image data compressed by libpng; delays are exact (ticks / 30 s),
// num_plays is 0 (forever) for a looping sequence and 1 otherwise.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "formats/image/animation.h"
#include "formats/image/picture.h"
#include "formats/palette/palette.h"

namespace kbot::image {

struct PngOptions {
  // bench/png_bench.cc, 640 x 480 indexed art: level 3 without filters is 2.9x
  // faster than libpng's default level 6 for 7% more bytes; filters never pay
  // at level 3 or below (palette images do not predict well).
  int zlib_level = 3;
  bool filter_none = true;  // PNG recommends no filtering for palette images
  // Animations report each frame encoded here, a single picture each band of
  // rows; a stop makes the encoder return CancelledError.
  Progress* progress = nullptr;
};

using EncodedImage = std::vector<uint8_t>;

absl::StatusOr<EncodedImage> EncodeIndexedPng(const IndexedPicture& picture,
                                              const palette::Palette& palette,
                                              const PngOptions& options = {});
absl::StatusOr<EncodedImage> EncodeRgbaPng(const RgbaPicture& picture,
                                           const PngOptions& options = {});

absl::StatusOr<EncodedImage> EncodeIndexedApng(const IndexedAnimation& animation,
                                               const palette::Palette& palette,
                                               const PngOptions& options = {});
absl::StatusOr<EncodedImage> EncodeRgbaApng(const RgbaAnimation& animation,
                                            const PngOptions& options = {});

// The picture drawn through the palette: opaque pixels take their colour,
// transparent ones become (0, 0, 0, 0).
RgbaPicture ToRgba(const IndexedPicture& picture, const palette::Palette& palette);

}  // namespace kbot::image
