// Test-only readers for what the encoders write, built on the reference
// decoders (libpng, giflib) so a test checks the bytes a viewer would see,
// not the project's own idea of them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/image/picture.h"
#include "formats/palette/palette.h"

namespace kbot::testing {

struct DecodedPng {
  int width = 0;
  int height = 0;
  int color_type = 0;  // PNG_COLOR_TYPE_*, as stored
  int bit_depth = 0;
  std::vector<uint8_t> index;  // palette images: one index a pixel, row-major
  std::vector<uint8_t> plte;   // palette images: R, G, B per entry
  std::vector<uint8_t> trns;   // palette images: the tRNS alphas as stored (may be short)
  bool has_trns = false;
  std::vector<uint8_t> rgba;  // every image: 4 bytes a pixel, straight alpha

  size_t plte_entries() const { return plte.size() / 3; }
  // Alpha of pixel (x, y) in the RGBA expansion.
  uint8_t alpha(int x, int y) const {
    return rgba[(size_t(y) * size_t(width) + size_t(x)) * 4 + 3];
  }
};

// Decodes with libpng: palette images keep their raw indices (and are expanded
// to RGBA through PLTE and tRNS); other colour types are expanded to 8-bit RGBA.
absl::StatusOr<DecodedPng> DecodePng(std::span<const uint8_t> bytes);

struct PngChunk {
  std::string type;
  std::vector<uint8_t> data;
};

// Every chunk in order, after checking the signature and each CRC.
absl::StatusOr<std::vector<PngChunk>> ParsePngChunks(std::span<const uint8_t> bytes);

// Big-endian readers for chunk fields.
uint32_t Be32(const uint8_t* p);
uint16_t Be16(const uint8_t* p);

struct ApngFrame {
  // From the frame's fcTL.
  uint32_t sequence = 0;
  uint32_t width = 0, height = 0, x = 0, y = 0;
  uint16_t delay_num = 0, delay_den = 0;
  uint8_t dispose_op = 0, blend_op = 0;
  DecodedPng image;  // the frame's data decoded as a standalone PNG
};

struct DecodedApng {
  uint32_t num_frames = 0;  // acTL
  uint32_t num_plays = 0;
  std::vector<ApngFrame> frames;
};

// Each frame reassembled as its own PNG (IHDR with the fcTL size, the shared
// PLTE/tRNS, the frame's IDAT or fdAT data, IEND) and decoded with libpng.
absl::StatusOr<DecodedApng> DecodeApngFrames(std::span<const uint8_t> bytes);

struct GifFrame {
  int left = 0, top = 0, width = 0, height = 0;
  std::vector<uint8_t> index;  // width * height, row-major (de-interlaced)
  bool has_gcb = false;
  int delay = 0;         // hundredths of a second
  int transparent = -1;  // -1: no transparent colour
  int disposal = 0;
  bool has_local_map = false;
};

struct DecodedGif {
  std::string version;  // "GIF87a" or "GIF89a"
  int width = 0, height = 0;
  int background = 0;
  std::vector<uint8_t> global_palette;  // R, G, B per entry; empty without one
  std::optional<int> loop_count;        // NETSCAPE2.0 repeat count; nullopt: no extension
  std::vector<GifFrame> frames;
};

// Decodes with giflib's DGifOpen from memory and DGifSlurp.
absl::StatusOr<DecodedGif> DecodeGif(std::span<const uint8_t> bytes);

// Building inputs. A palette of 256 different colours with index 0 black, so
// a pixel compared as RGBA catches a wrong index.
palette::Palette DistinctPalette();

// A picture from row-major cells: an index 0..255 is a drawn pixel, -1 is
// transparent (its stored index is `key`).
image::IndexedPicture PictureFromCells(int width, int height, uint8_t key,
                                       const std::vector<int>& cells);

}  // namespace kbot::testing
