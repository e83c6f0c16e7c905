// PNG row filters (PNG spec section 9): each stored row is a filter-type byte
// and the row's bytes predicted from their left, upper and upper-left
// neighbours (bpp bytes apart). The encoder's choice per row is here.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kbot::image::png_detail {

enum class FilterChoice {
  kNone,      // every row type 0: what indexed pictures get (see png_encode.cc)
  kAdaptive,  // per row, by the heuristic of FilterRow
};

// Writes row `cur` (`length` bytes, `bpp` bytes a pixel) as one stored row at
// `out` (1 + length bytes). `prev` is the row above, or null for the first.
// kAdaptive: the type among None, Sub, Up, Average and Paeth whose output has
// the smallest sum of |byte as signed| (libpng's heuristic), except that
// None is kept unless the best filter's sum is under kFilterGain of None's;
// rows of 2 KiB or more are judged on half of their bytes (128 of each 256;
// a quarter made the opaque benchmark picture 1.2% larger). `scratch` holds
// `length` bytes.
void FilterRow(FilterChoice choice, const uint8_t* cur, const uint8_t* prev, size_t length,
               int bpp, uint8_t* out, uint8_t* scratch);

// bench/png_bench.cc, the 2048 x 2048 benchmark map (random tile texels): the
// plain heuristic filters rows whose differences are barely smaller than the
// pixels and makes the stream 11% larger than no filter at all (13.28 MB
// against 11.93 MB at the same level); requiring the filter to cut the sum by
// a quarter keeps None there and changes nothing on smooth pictures.
inline constexpr double kFilterGain = 0.75;

}  // namespace kbot::image::png_detail
