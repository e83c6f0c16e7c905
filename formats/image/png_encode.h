// PNG and APNG writing: kbot's own chunk writer, the rows filtered and
// compressed by libdeflate (png_deflate.h), big pictures on two threads.
//
// Indexed pictures: colour type 3, bit depth 8, a PLTE of all 256 palette
// colours (an editor then offers the whole game palette) and a tRNS that makes
// exactly one slot transparent (see transparent_slot.h). When no slot is free
// the picture is written as RGBA.
// RGBA pictures: stored as RGB when every pixel is opaque, indexed when they
// have at most 256 colours (png_colour_type.h says exactly when), else RGBA.
// Grey pictures: colour type 0 (see EncodeGreyPng).
// APNG: acTL / fcTL / fdAT chunks, each frame compressed as an image of its
// own; delays are exact (ticks / 30 s), num_plays is 0 (forever) for a looping
// sequence and 1 otherwise.
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

inline constexpr int kPngAutoLevel = -1;

struct PngOptions {
  // libdeflate's level, 0 (stored) .. 12, or kPngAutoLevel: by the picture's
  // size (png_deflate.h ChooseLevel: 9, 6, 3 or 1), measured in bench/png_bench.cc
  // against libpng's defaults (zlib 6, adaptive filters): smaller files for
  // every benchmark picture, and faster than kbot's old libpng level 3.
  int zlib_level = kPngAutoLevel;
  // true: no row is filtered. false: rows of RGB and RGBA pictures are
  // filtered by png_filter.h's heuristic; indexed rows never are (filters
  // made the benchmark's sprite sheet 10-13% larger: palette images do not
  // predict).
  bool filter_none = false;
  // Animations report each frame encoded here, a single picture each band of
  // rows; a stop makes the encoder return CancelledError.
  Progress* progress = nullptr;
  // 0: pictures of at least 1 MiB on two threads (when there are two cores);
  // 1: the calling thread only. The bytes are the same either way but for
  // where the stream is cut.
  int threads = 0;
};

using EncodedImage = std::vector<uint8_t>;

absl::StatusOr<EncodedImage> EncodeIndexedPng(const IndexedPicture& picture,
                                              const palette::Palette& palette,
                                              const PngOptions& options = {});
absl::StatusOr<EncodedImage> EncodeRgbaPng(const RgbaPicture& picture,
                                           const PngOptions& options = {});
// Grey pictures: colour type 0, bit depth 8, rows filtered as RGB rows are
// (a heightmap's smooth slopes predict well).
absl::StatusOr<EncodedImage> EncodeGreyPng(const GreyPicture& picture,
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
