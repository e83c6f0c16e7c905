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
#include "formats/image/animation.h"
#include "formats/image/picture.h"
#include "formats/palette/palette.h"

namespace kbot::image {

struct PngOptions {
  int zlib_level = 6;       // chosen by bench/png_bench.cc for 8-bit indexed art
  bool filter_none = true;  // PNG recommends no filtering for palette images
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

// What apng_encode.cc shares with png_encode.cc; not for other callers.
namespace png_detail {

// What IHDR, PLTE and tRNS say.
struct Layout {
  int width = 0;
  int height = 0;
  const palette::Palette* palette = nullptr;  // set: colour type 3, 8 bits; null: RGBA, 8 bits
  int trns_slot = -1;                         // indexed only; -1 writes no tRNS
};

// A chunk copied into the output as it is; libpng adds length and CRC.
struct Chunk {
  const char* type;  // four letters, e.g. "fcTL"
  std::vector<uint8_t> data;
};

// A complete PNG of `pixels` (top-down rows, 1 byte a pixel indexed, 4 RGBA).
absl::StatusOr<EncodedImage> WriteImage(const Layout& layout, std::span<const uint8_t> pixels,
                                        const PngOptions& options);

// The signature and header chunks written by libpng, then `chunks` as they
// are, then IEND: how an APNG's own chunks get into a PNG stream.
absl::StatusOr<EncodedImage> WriteChunks(const Layout& layout, std::span<const Chunk> chunks,
                                         const PngOptions& options);

}  // namespace png_detail

}  // namespace kbot::image
