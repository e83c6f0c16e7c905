// Decoding one simple (not layered) frame's pixels.
//
// Raw (storage 0): width x height indices, top-down.
// Run-encoded (any other storage byte but 4 and 5): see run_decode.h.
// Truecolor (storage 4 / 5, TA: Kingdoms): width x height little-endian u16,
//   ARGB4444 or ARGB1555, widened to 8 bits by bit replication.
// TA3D truecolor (a version 0x00010101 file): see ta3d_frame.h.
#pragma once

#include <string>
#include "absl/strings/string_view.h"
#include <vector>

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/transparency.h"
#include "formats/image/picture.h"

namespace kbot::gaf {

using Warnings = std::vector<std::string>;

// Where a frame is, for messages: "sequence 3 frame 1" (and " layer 0").
struct FrameLocation {
  absl::string_view file;
  size_t sequence = 0;
  size_t frame = 0;
  int layer = -1;

  std::string Name() const;
  // "<file>: sequence 3 frame 1: <what>", a FormatError (format_error.h);
  // the second form when `what` names the offset it is about.
  absl::Status Error(absl::string_view what) const;
  absl::Status Error(uint64_t offset, absl::string_view what) const;
  FrameLocation Layer(int l) const {
    FrameLocation loc = *this;
    loc.layer = l;
    return loc;
  }
};

// The most pixels one byte of run-encoded data can cover: a skip chunk.
inline constexpr uint64_t kMaxPixelsPerByte = 127;

// Refuses a frame before anything is allocated for it when it is over
// kMaxFramePixels, or when the file cannot hold it: a run-encoded or layered
// frame covers at most kMaxPixelsPerByte pixels per byte of the file, unless
// it is padding, and padding alone is no reason to allocate gigabytes.
absl::Status CheckFrameSize(Bytes file, const FrameInfo& info, const FrameLocation& where);

// A raw or run-encoded frame drawn by `mode`. The picture's key is the index
// the mode treats as the frame's key (the effective one for `heuristic`).
absl::StatusOr<image::IndexedPicture> DecodePalettedFrame(Bytes file, const FrameInfo& info,
                                                          Transparency mode,
                                                          const FrameLocation& where,
                                                          Warnings* warnings);

// A TA: Kingdoms ARGB frame, or a TA3D zlib frame (ta3d_frame.h); warnings
// only come from the latter.
absl::StatusOr<image::RgbaPicture> DecodeTruecolorFrame(Bytes file, const FrameInfo& info,
                                                        const FrameLocation& where,
                                                        Warnings* warnings = nullptr);

// What DecodePalettedFrame (game mode) and DecodeTruecolorFrame would report,
// the same error and the same warnings, reading only what they must: a raw or
// ARGB frame's pixels need only be inside the file (they are never touched,
// so checking a large file does not page it in), a run-encoded frame's rows
// are read and checked, a TA3D frame is inflated.
absl::Status CheckPalettedFrame(Bytes file, const FrameInfo& info, const FrameLocation& where,
                                Warnings* warnings);
absl::Status CheckTruecolorFrame(Bytes file, const FrameInfo& info, const FrameLocation& where,
                                 Warnings* warnings);

// Channel widening by bit replication, so narrowing back by a shift restores
// the stored value exactly.
inline uint8_t Widen4(unsigned v) { return uint8_t(v * 17); }
inline uint8_t Widen5(unsigned v) { return uint8_t((v << 3) | (v >> 2)); }

}  // namespace kbot::gaf
