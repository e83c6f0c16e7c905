// The libpng writer that png_encode.cc and apng_encode.cc share; not for
// other callers.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/image/png_encode.h"
#include "formats/palette/palette.h"

namespace kbot::image {

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
