// Synthetic GAF files for the benchmarks, generated deterministically (fixed
// seeds, integer RNG, no libm beyond sqrt) so every run measures the same bytes.
//
//   atlas     a raw (storage 0) texture atlas of about 12 MB, shaped like TA's
//             anims/textures.gaf: ~650 sequences of 1-4 frames, 32x32 to
//             256x256 (mostly 64x64 and 128x128), every frame's stored key 9,
//             drawn as a cut-out (key pixels present) in about a third of them.
//   effects   a run-encoded (storage 1) effects file: 10 sequences x 20 frames
//             of 128 x 128, a fire blob over a transparent background: skips
//             for the background and the gaps between sparks, repeats for the
//             white-hot core and smoke, literals for the noisy gradient.
//   scene     a 640 x 480 indexed picture for the PNG benchmarks: a sidebar and
//             top bar of flat panels with bevels, icons and "text", a terrain
//             of smooth noise with fine grain, buildings and explosions.
#pragma once

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/gaf_writer.h"
#include "formats/image/picture.h"

namespace kbot::bench {

inline constexpr uint8_t kAtlasKey = 9;
inline constexpr uint8_t kEffectsKey = 9;
// The atlas stops growing once its pixel data reaches this many bytes.
inline constexpr size_t kAtlasPixelBytes = 12u * 1024 * 1024;
inline constexpr int kEffectsSequences = 10;
inline constexpr int kEffectsFramesPerSequence = 20;
inline constexpr int kEffectsSide = 128;
inline constexpr int kSceneWidth = 640;
inline constexpr int kSceneHeight = 480;

std::vector<gaf::SequenceToWrite> AtlasSequences();
std::vector<gaf::SequenceToWrite> EffectsSequences();

// The two files as WriteGaf writes them.
absl::StatusOr<std::vector<uint8_t>> AtlasGaf();
absl::StatusOr<std::vector<uint8_t>> EffectsGaf();

// Fully opaque; its key (0) is drawn, so the PNG gets no tRNS slot.
image::IndexedPicture Scene();

// What the run-encoded frames of a file are made of (raw frames are not
// counted), to show the effects fixture exercises every chunk kind.
struct ChunkStats {
  uint64_t frames = 0, rows = 0, row_bytes = 0;
  uint64_t skips = 0, skip_pixels = 0;
  uint64_t repeats = 0, repeat_pixels = 0;
  uint64_t literals = 0, literal_pixels = 0;
};
ChunkStats CountChunks(Bytes file, const gaf::Gaf& gaf);

// Totals over every frame of a file.
struct FileStats {
  uint64_t sequences = 0, frames = 0, pixels = 0;
  uint64_t frames_with_key_pixels = 0;  // raw frames where the stored key is drawn as a cut-out
};
FileStats CountFrames(Bytes file, const gaf::Gaf& gaf);

}  // namespace kbot::bench
