// PCX pictures (ZSoft PC Paintbrush): TA's unitpics/*.pcx, loading screens,
// TA: Kingdoms' palette sidecars. The rules and where each comes from:
// docs/formats/pcx.md.
//
//   header (128 bytes, little-endian)
//     0  u8   manufacturer, 0x0A
//     1  u8   version: 0, 2, 3, 4 or 5 (anything else is refused)
//     2  u8   encoding: 1 = run-length, 0 = stored (written by a few tools)
//     3  u8   bits per pixel per plane: 8 (1, 2 and 4 are refused by name)
//     4  u16  xmin, ymin, xmax, ymax: inclusive, width = xmax - xmin + 1
//    12  u16  hdpi, vdpi;  16: 48-byte 16-colour palette (not used at 8 bits)
//    64  u8   reserved;    65: u8 planes: 1 indexed, 3 RGB, 4 RGBA
//    66  u16  bytes per line per plane: at least the width; what is past
//             the width is padding, never drawn (ZSoft says even; GIMP writes
//             the width, odd or not, so odd is accepted)
//    68  u16  palette info;  70: 58 bytes of filler
//
//   pixel data, from offset 128: scan lines top-down, each `planes` lines of
//   `bytes per line` bytes (R, G, B, A planes in turn), run-length coded as
//   one stream: a byte >= 0xC0 repeats the next byte (byte & 0x3F) times (0xC0
//   repeats it none); any other byte is itself. A run may go on from one
//   plane into the next (ZSoft: no break between planes), and from one scan
//   line into the next (ZSoft: there "should" be a break; its sample decoder,
//   ImageMagick, GIMP and SDL_image carry the run on, and so does kbot, with
//   a warning); a run past the last line is clipped, with a warning.
//
//   trailer (8 bits, 1 plane): 0x0C at fileSize - 769, then 768 bytes of
//   R, G, B (formats/palette reads it). The pixel data ends before it.
//
// Errors name the file, the scan line and plane, and the byte offset.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"
#include "formats/image/picture.h"
#include "formats/palette/palette.h"

namespace kbot::pcx {

inline constexpr size_t kHeaderSize = 128;
// The largest picture decoded: a side, and width x height.
inline constexpr int kMaxSide = 16384;
inline constexpr uint64_t kMaxPixels = uint64_t(64) << 20;

struct Header {
  uint8_t version = 0;
  uint8_t encoding = 0;        // 1 run-length, 0 stored
  uint8_t bits_per_pixel = 0;  // per plane
  uint16_t xmin = 0, ymin = 0, xmax = 0, ymax = 0;
  uint16_t hdpi = 0, vdpi = 0;
  uint8_t planes = 0;
  uint16_t bytes_per_line = 0;  // per plane
  uint16_t palette_info = 0;

  int width() const { return int(xmax) - int(xmin) + 1; }
  int height() const { return int(ymax) - int(ymin) + 1; }
};

enum class Kind {
  kIndexed,  // 8 bits, 1 plane: `indexed` and a palette
  kRgb,      // 8 bits, 3 planes: `rgba`, alpha 255
  kRgba,     // 8 bits, 4 planes: `rgba`, alpha from the fourth plane
};

// Which palette an indexed picture's `palette` holds.
enum class PaletteSource {
  kNone,     // an RGB picture, or no trailer and none given
  kTrailer,  // the file's own 256-colour trailer
  kGiven,    // the caller's (given palettes win over the trailer)
};

struct Picture {
  Header header;
  Kind kind = Kind::kIndexed;
  image::IndexedPicture indexed;            // kIndexed: every pixel opaque, key 0
  image::RgbaPicture rgba;                  // kRgb, kRgba
  std::optional<palette::Palette> palette;  // kIndexed, unless kNone
  PaletteSource palette_source = PaletteSource::kNone;
  bool has_trailer = false;  // the file ends with the 0x0C palette trailer
  // Oddities that do not stop decoding: runs crossing a scan line or clipped
  // at the end, data left after the last line, no trailer on an indexed file.
  std::vector<std::string> warnings;
};

// The 128-byte header, checked: manufacturer, version, encoding, depth and
// planes supported, a window the right way round and within kMaxSide /
// kMaxPixels, bytes per line at least the width.
absl::StatusOr<Header> ReadHeader(Bytes file, absl::string_view name);

// The whole picture. `palette`, when given, colours an indexed picture
// instead of the trailer (which still bounds the pixel data); an indexed file
// with neither decodes with no palette and a warning.
absl::StatusOr<Picture> ReadPcx(Bytes file, absl::string_view name,
                                const palette::Palette* palette = nullptr);

}  // namespace kbot::pcx
