// A whole sequence ready to encode: every frame already placed on one canvas.
#pragma once

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/image/picture.h"

namespace kbot::image {

inline constexpr int kTicksPerSecond = 30;  // the game's animation clock

template <typename Picture>
struct Animation {
  int width = 0;   // the canvas: every frame in `frames` has this size
  int height = 0;
  std::vector<Picture> frames;
  std::vector<uint16_t> ticks;  // per frame, >= 1, in 1/30 s
  bool loops = true;            // false: play once and stop on the last frame
};

// What every animation encoder checks first: at least one frame, one tick
// count per frame, each frame exactly the canvas and at least one tick long.
template <typename Picture>
absl::Status CheckAnimation(const Animation<Picture>& animation) {
  if (animation.frames.empty()) {
    return absl::InvalidArgumentError("nothing to draw: the animation has no frames");
  }
  if (absl::Status s = CheckCanvas(animation.width, animation.height); !s.ok()) return s;
  if (animation.ticks.size() != animation.frames.size()) {
    return absl::InvalidArgumentError(absl::StrCat("the animation has ", animation.frames.size(),
                                                   " frames but ", animation.ticks.size(),
                                                   " durations"));
  }
  for (size_t i = 0; i < animation.frames.size(); ++i) {
    const Picture& frame = animation.frames[i];
    if (frame.width != animation.width || frame.height != animation.height) {
      return absl::InvalidArgumentError(absl::StrCat("frame ", i, " is ", frame.width, " x ",
                                                     frame.height, ", the canvas is ",
                                                     animation.width, " x ", animation.height));
    }
    if (absl::Status s = CheckPicture(frame); !s.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("frame ", i, ": ", s.message()));
    }
    if (animation.ticks[i] == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("frame ", i, " lasts 0 ticks; every frame lasts at least 1/30 s"));
    }
  }
  return absl::OkStatus();
}

using IndexedAnimation = Animation<IndexedPicture>;
using RgbaAnimation = Animation<RgbaPicture>;

}  // namespace kbot::image
