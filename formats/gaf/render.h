// Drawing GAF frames and sequences as the game draws them, ready to encode.
//
// A layered frame is composed on the outer frame's rectangle: each layer is
// placed with its origin on the outer origin, drawn back to front by its own
// rule (a raw layer by its key, a run-encoded one by its skips). A layer that
// is itself layered is refused, never followed. A layer whose +11 blend byte is
// set would go through the game's translucency table, which is not part of
// the GAF; it is drawn as a plain copy (no stock file sets the byte).
//
// An animation aligns its frames on their origins: the canvas is the union of
// the frame rectangles, each placed at (-origin_x, -origin_y).
#pragma once

#include <cstdint>

#include "absl/status/statusor.h"
#include "base/progress.h"
#include "formats/gaf/frame_decode.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/transparency.h"
#include "formats/image/animation.h"
#include "formats/image/picture.h"

namespace kbot::gaf {

// An animation's canvas may not exceed this many pixels summed over its frames.
inline constexpr uint64_t kMaxAnimationPixels = 64ull * 1024 * 1024;

struct FramePicture {
  bool truecolor = false;
  image::IndexedPicture indexed;  // when !truecolor
  image::RgbaPicture rgba;        // when truecolor
  int width() const { return truecolor ? rgba.width : indexed.width; }
  int height() const { return truecolor ? rgba.height : indexed.height; }
};

// One frame (plain, layered, empty or truecolor) drawn by `mode`.
absl::StatusOr<FramePicture> RenderFrame(Bytes file, const FrameInfo& info, Transparency mode,
                                         const FrameLocation& where, Warnings* warnings);

// What RenderFrame (game mode) would report for the frame, the same error and
// the same warnings, without drawing it (frame_decode.h, CheckPalettedFrame):
// what `gaf check` and gaf_info need. Returns the pixels RenderFrame's
// picture would have.
absl::StatusOr<uint64_t> CheckFrame(Bytes file, const FrameInfo& info, const FrameLocation& where,
                                    Warnings* warnings);

struct SequenceAnimation {
  bool truecolor = false;
  image::IndexedAnimation indexed;  // when !truecolor
  image::RgbaAnimation rgba;        // when truecolor
  // Where the frames' common origin lies on the canvas.
  int origin_x = 0;
  int origin_y = 0;
  size_t frames() const { return truecolor ? rgba.frames.size() : indexed.frames.size(); }
  int width() const { return truecolor ? rgba.width : indexed.width; }
  int height() const { return truecolor ? rgba.height : indexed.height; }
};

// Every frame of sequence `index`, aligned on a shared canvas, with the game's
// timing (max(duration & 0xffff, 1) ticks) and loop flag.
absl::StatusOr<SequenceAnimation> RenderSequence(Bytes file, const Gaf& gaf, size_t index,
                                                 Transparency mode, absl::string_view file_name,
                                                 Warnings* warnings,
                                                 Progress& progress = NoProgress());

}  // namespace kbot::gaf
