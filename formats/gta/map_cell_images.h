// The pictures a top-down map render copies into its cells: each lid, as one
// cell of p x p pixels shows it (its remap's palette, its rotation, the flat
// rule), drawn once per render and then copied row by row into every cell
// that shows it. The rules drawn here are docs/formats/gta1.md, "Drawing a
// map from above"; map_render.h states them for the renderer.
//
// A picture is p x p RGBA words, row-major, each the four bytes R, G, B, A in
// memory order (so a word is copied, never interpreted: the result is the same
// on any byte order). Every drawn word has A = 255; a word of 0 (transparent
// black) is a texel the flat rule leaves undrawn, which is how the renderer
// tells "look through to the block below" from a drawn colour.
//
// Memory: a render keeps at most kMaxCachedCellBytes of pictures (at 8 px a
// cell a picture is 256 bytes, so a whole city's few hundred lids fit many
// times over; at 64 px it is 16 KiB). Past that, a lid is drawn into the
// caller's scratch buffer on every use: slower, but bounded whatever the map.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "formats/gta/style.h"

namespace kbot::gta {

inline constexpr size_t kMaxCachedCellBytes = size_t(32) << 20;  // 32 MiB

// The texel offset v * 64 + u read by each pixel of a p x p cell for a lid
// turned by `rotation` (0..3), sampled nearest-neighbour: row-major, p * p
// entries. LidTexelAt (map_render.h) is the convention.
std::vector<uint16_t> LidSampleTable(int p, int rotation);

class CellImages {
 public:
  // `style` must outlive this object. p in 1..64. `max_cached_bytes` bounds
  // the pictures kept (tests lower it to reach the scratch path).
  CellImages(const Style& style, int p, size_t max_cached_bytes = kMaxCachedCellBytes);

  struct Picture {
    const uint32_t* words = nullptr;    // p * p words; null when `error` is set
    const std::string* error = nullptr;  // why the lid cannot be drawn
  };

  // Lid `lid` (1..255) with palette `remap` (0..3), turned by `rotation`
  // (0..3), flat or not. The words live until the next call that returns
  // `scratch` (p * p words the caller owns) or until this object dies.
  Picture Get(uint8_t lid, uint8_t remap, uint8_t rotation, bool flat, uint32_t* scratch) {
    const size_t key =
        ((size_t(lid) * 4 + (remap & 3u)) * 4 + (rotation & 3u)) * 2 + (flat ? 1 : 0);
    if (const uint32_t* words = picture_of_[key]; words != nullptr) return Picture{words, nullptr};
    return Miss(key, lid, remap, rotation, flat, scratch);
  }

 private:
  static constexpr int kUnresolved = -1;

  // A lid's palette for one remap, as words.
  using Colors = std::array<uint32_t, 256>;
  // A (lid, remap): its texels and colours, or why it cannot be drawn.
  struct Look {
    const uint8_t* texels = nullptr;
    const Colors* colors = nullptr;
    std::string error;
  };

  const Look& LookOf(uint8_t lid, uint8_t remap);
  int ResolveLook(int lid, int remap);
  void Draw(const Look& look, int rotation, bool flat, uint32_t* out) const;
  Picture Miss(size_t key, uint8_t lid, uint8_t remap, uint8_t rotation, bool flat,
               uint32_t* scratch);
  uint32_t* Allocate(size_t words);

  const Style& style_;
  int p_;
  std::array<std::vector<uint16_t>, 4> samples_;  // LidSampleTable per rotation
  std::array<int, 256 * 4> look_of_;              // (lid, remap) -> looks_ index
  std::array<int, 256> tile_of_;                  // lid -> tiles_ index, or -2 - error index
  std::vector<Look> looks_;
  std::vector<std::unique_ptr<Colors>> colors_;
  std::vector<std::unique_ptr<TileTexels>> tiles_;
  std::vector<std::string> tile_errors_;
  // (lid, remap, rotation, flat) -> its picture, null until drawn: the one
  // load a cell's layer costs once its picture exists.
  std::vector<const uint32_t*> picture_of_;
  // The pictures, packed into chunks (stable addresses, few allocations).
  std::vector<std::unique_ptr<uint32_t[]>> chunks_;
  uint32_t* chunk_next_ = nullptr;
  size_t chunk_left_ = 0;  // words
  size_t cached_bytes_ = 0;
  size_t max_cached_bytes_;
};

}  // namespace kbot::gta
