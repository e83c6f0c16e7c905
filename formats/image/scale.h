// Nearest-neighbour enlargement of pictures and animations by a whole factor.
//
// Sprites are small (a cursor is 32 x 32); an assistant or a person sees them
// better enlarged. Every source pixel becomes a factor x factor block, so an
// indexed picture keeps its exact palette indices and opacity (no filtering
// ever invents a colour or a half-transparent pixel), and a scaled frame can
// still be encoded as an indexed PNG or GIF.
//
// The key, the ticks and the loop flag are kept; only sizes change. A factor
// outside 1..8, or a result over `max_pixels` (summed over every frame of an
// animation), is refused before anything is allocated.
#pragma once

#include <cstdint>

#include "absl/status/statusor.h"
#include "formats/image/animation.h"
#include "formats/image/picture.h"

namespace kbot::image {

inline constexpr int kMinScale = 1;
inline constexpr int kMaxScale = 8;
// The same budget the GAF reader and the renderer use for one frame / one
// animation, so a scaled export is never the one thing that may be huge.
inline constexpr uint64_t kMaxScaledPixels = 64ull * 1024 * 1024;

absl::StatusOr<IndexedPicture> ScaleNearest(const IndexedPicture& picture, int factor,
                                            uint64_t max_pixels = kMaxScaledPixels);
absl::StatusOr<RgbaPicture> ScaleNearest(const RgbaPicture& picture, int factor,
                                         uint64_t max_pixels = kMaxScaledPixels);

// The canvas and every frame; `max_pixels` bounds the sum over all frames.
absl::StatusOr<IndexedAnimation> ScaleNearest(const IndexedAnimation& animation, int factor,
                                              uint64_t max_pixels = kMaxScaledPixels);
absl::StatusOr<RgbaAnimation> ScaleNearest(const RgbaAnimation& animation, int factor,
                                           uint64_t max_pixels = kMaxScaledPixels);

}  // namespace kbot::image
