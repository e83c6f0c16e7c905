// Palette files laid out byte by byte as docs/formats/palettes.md describes
// them (not as the project writes them), for the palette resolver's tests.
// Every file gets a tag in the red channel of each entry, so a colour tells
// exactly which file was used: entry i of a file tagged t is (t, i, 255 - i).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "formats/palette/palette.h"

namespace kbot::testing {

// 256 entries of R, G, B, unused (tags never 0x0A, so that no PAL starts like
// a PCX header); cut to `size` bytes for a broken one.
inline std::vector<uint8_t> Pal(uint8_t tag, size_t size = 1024) {
  std::vector<uint8_t> out;
  for (int i = 0; i < 256; ++i) out.insert(out.end(), {tag, uint8_t(i), uint8_t(255 - i), 0});
  out.resize(size);
  return out;
}

// A 1 x 1, 8-bit RLE PCX: the 128-byte header, one scan line of 2 bytes
// (bytes per line is even) as one run, then 0x0C and 768 bytes of R, G, B.
inline std::vector<uint8_t> Pcx(uint8_t tag) {
  std::vector<uint8_t> out(128, 0);
  out[0] = 0x0A;  // manufacturer
  out[1] = 5;     // version
  out[2] = 1;     // RLE
  out[3] = 8;     // bits per pixel
  // xmin, ymin, xmax, ymax = 0: one pixel
  out[65] = 1;    // planes
  out[66] = 2;    // bytes per line
  out.insert(out.end(), {0xC2, 0x07});  // a run of 2 bytes of index 7
  out.push_back(0x0C);
  for (int i = 0; i < 256; ++i) out.insert(out.end(), {tag, uint8_t(i), uint8_t(255 - i)});
  return out;
}

// A PCX cut short: the header and pixel, no palette.
inline std::vector<uint8_t> TruncatedPcx() {
  std::vector<uint8_t> out = Pcx(1);
  out.resize(130);
  return out;
}

// A whole PCX whose palette marker (at 899 - 769 = 0x82) is not 0x0C.
inline std::vector<uint8_t> UnmarkedPcx() {
  std::vector<uint8_t> out = Pcx(1);
  out[130] = 0x0B;
  return out;
}

// Entry `index` of the palette tagged `tag`.
inline palette::Rgb Tagged(uint8_t tag, int index) {
  return {tag, uint8_t(index), uint8_t(255 - index)};
}

}  // namespace kbot::testing
