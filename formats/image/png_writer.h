// The PNG writer that png_encode.cc and apng_encode.cc share; not for other
// callers. Chunks are written here (length, type, data, CRC-32); the image
// data comes from png_deflate.h.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/image/png_colour_type.h"
#include "formats/image/png_encode.h"
#include "formats/palette/palette.h"

namespace kbot::image::png_detail {

// What IHDR, PLTE and tRNS say. Bit depth is always 8.
struct Layout {
  int width = 0;
  int height = 0;
  ColourType colour = ColourType::kRgba;
  std::vector<uint8_t> plte;  // indexed: R, G, B per entry, 1..256 entries
  std::vector<uint8_t> trns;  // indexed: alphas of the first entries; empty: no tRNS
  int bytes_per_pixel() const {
    return colour == ColourType::kIndexed || colour == ColourType::kGrey ? 1
           : colour == ColourType::kRgb                                 ? 3
                                                                        : 4;
  }
};

// A chunk copied into the output as it is; the writer adds length and CRC.
struct Chunk {
  const char* type;  // four letters, e.g. "fcTL"
  std::vector<uint8_t> data;
};

// An indexed picture's layout: all 256 colours of `palette`, and a tRNS
// making `slot` transparent (none when slot is -1).
Layout IndexedPictureLayout(int width, int height, const palette::Palette& palette, int slot);
// An RGBA picture's layout in the form png_colour_type.h chose.
Layout RgbaLayout(int width, int height, const StoredForm& form);

// Sizes a PNG reader accepts: each side 1..1,000,000 (libpng's default limit
// on reading; the format allows 2^31 - 1).
absl::Status CheckLayout(const Layout& layout);

// The zlib stream of `pixels` (top-down rows in the layout's form): filtered
// (none for indexed pictures or with options.filter_none, else per row) and
// compressed at options.zlib_level; options.progress as in png_deflate.h.
absl::StatusOr<std::vector<uint8_t>> CompressPixels(const Layout& layout,
                                                    std::span<const uint8_t> pixels,
                                                    const PngOptions& options);

// The signature, IHDR, PLTE and tRNS, then `chunks` as they are, then IEND.
absl::StatusOr<EncodedImage> WriteChunks(const Layout& layout, std::span<const Chunk> chunks);

// A complete PNG of `pixels`: the header chunks, IDATs of at most kIdatBytes
// each, IEND.
absl::StatusOr<EncodedImage> WriteImage(const Layout& layout, std::span<const uint8_t> pixels,
                                        const PngOptions& options);

inline constexpr size_t kIdatBytes = size_t(1) << 20;

}  // namespace kbot::image::png_detail
