// Palettes: 256 opaque RGB colours, from a PAL file, a PCX's trailing palette,
// or the standard Total Annihilation palette built into the binary.
//
// PAL: exactly 1024 bytes, 256 entries of R, G, B, unused. The fourth byte is
//      not alpha: every entry is opaque.
// PCX: a 256-colour PCX ends with the byte 0x0C at fileSize - 769, then 768
//      bytes of R, G, B. TA: Kingdoms ships 1 x 1 PCX files for this palette
//      alone. The 128-byte header starts with manufacturer 0x0A.
#pragma once

#include <array>
#include <cstdint>
#include "absl/strings/string_view.h"

#include "absl/status/statusor.h"
#include "formats/common/byte_reader.h"

namespace kbot::palette {

struct Rgb {
  uint8_t r = 0, g = 0, b = 0;
  friend bool operator==(const Rgb&, const Rgb&) = default;
};

struct Palette {
  std::array<Rgb, 256> colors{};
};

inline constexpr size_t kPalSize = 1024;
inline constexpr size_t kPcxHeaderSize = 128;
inline constexpr size_t kPcxPaletteTrailer = 769;  // 0x0C + 768 bytes

// The standard TA palette (palettes/PALETTE.PAL, md5 a27d8035e688859d074627653a2b14a0).
const Palette& TaPalette();
// Its 1024 stored bytes, for writing a PAL or comparing.
Bytes TaPaletteBytes();

absl::StatusOr<Palette> ParsePal(Bytes bytes, absl::string_view name);
absl::StatusOr<Palette> ParsePcxPalette(Bytes bytes, absl::string_view name);
// PAL when the file is exactly 1024 bytes and not a PCX, else the PCX trailer;
// anything else is an error naming the file and what was expected.
absl::StatusOr<Palette> ParsePalette(Bytes bytes, absl::string_view name);

}  // namespace kbot::palette
