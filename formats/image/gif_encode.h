// Animated GIF writing through giflib.
//
// One global colour table of the 256 palette colours; each frame is the whole
// canvas with a Graphics Control Extension naming the transparent slot (see
// transparent_slot.h) and disposal "restore to background", so transparent
// pixels never show the previous frame. A looping sequence gets the
// NETSCAPE2.0 extension with repeat count 0 (forever); a non-looping one has
// none and plays once.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "formats/image/animation.h"
#include "formats/palette/palette.h"

namespace kbot::image {

// GIF delays count hundredths of a second. Rounding each frame's ticks would
// drift; rounding the running total keeps the whole animation's length:
// delay[i] = round(T[i+1] * 100 / 30) - round(T[i] * 100 / 30).
std::vector<int> GifDelays(std::span<const uint16_t> ticks);

// Fails (clearly) when every one of the 256 indices is drawn and some pixel is
// transparent: a GIF cannot keep both.
// Reports each frame encoded to `progress`; a stop returns CancelledError.
absl::StatusOr<std::vector<uint8_t>> EncodeGif(const IndexedAnimation& animation,
                                               const palette::Palette& palette,
                                               Progress& progress = NoProgress());

}  // namespace kbot::image
