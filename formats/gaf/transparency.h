// Which pixels of a frame are transparent when it is drawn (docs/formats/gaf.md,
// "Transparency modes"). The stored TransparencyIndex is never rewritten: a
// mode only decides what a render shows.
//
//   mode        raw frame                      run-encoded / layered frame
//   game        pixels equal to the stored key  skipped pixels (layers: pixels
//               are transparent                 no layer draws; each layer by
//                                               its own rule)
//   heuristic   pixels equal to                 as game
//               EffectiveTransparencyIndex
//   none        nothing                         nothing: skipped pixels take
//                                               the (outer) frame's key
//   N (0..255)  pixels equal to N               as game
//
// Palette index 0 is ordinary opaque black in every mode.
#pragma once

#include <cstdint>
#include <string>
#include "absl/strings/string_view.h"

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"

namespace kbot::gaf {

enum class TransparencyMode { kGame, kHeuristic, kNone, kIndex };

struct Transparency {
  TransparencyMode mode = TransparencyMode::kGame;
  uint8_t index = 0;  // for kIndex

  static Transparency Game() { return {}; }
  static Transparency Heuristic() { return {TransparencyMode::kHeuristic, 0}; }
  static Transparency None() { return {TransparencyMode::kNone, 0}; }
  static Transparency Index(uint8_t n) { return {TransparencyMode::kIndex, n}; }

  // "game", "heuristic", "none", or a decimal index 0..255.
  static absl::StatusOr<Transparency> Parse(absl::string_view text);
  // The public name results report (docs/json.md, gaf_export): "game",
  // "heuristic", "none", or "N".
  std::string Name() const;
};

// TA: Kingdoms atlases often store a key (typically 9) that no pixel uses,
// while the artist painted the border another index. For a raw frame:
//   1. the stored key appears in the pixels: trust it;
//   2. else, if the four corners agree, their value is the key;
//   3. else the stored key (full-bleed textures keep every pixel).
// `pixels` is width * height bytes, row-major.
uint8_t EffectiveTransparencyIndex(Bytes pixels, int width, int height, uint8_t stored_key);

}  // namespace kbot::gaf
