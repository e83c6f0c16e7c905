// PCX files built byte by byte (formats/pcx/pcx.h): a 128-byte header with
// the fields a test names, pixel data given as the exact bytes of the stream,
// and an optional 0x0C palette trailer. Header-only so that the fuzz corpus
// writer can seed from the same fixtures.
#pragma once

#include <cstdint>
#include <vector>

namespace kbot::testing {

struct PcxFixture {
  uint8_t manufacturer = 0x0A;
  uint8_t version = 5;
  uint8_t encoding = 1;
  uint8_t bits = 8;
  uint16_t xmin = 0, ymin = 0, xmax = 0, ymax = 0;
  uint8_t planes = 1;
  uint16_t bytes_per_line = 0;
  std::vector<uint8_t> data;  // the pixel data as stored, from offset 128
  bool trailer = false;       // append 0x0C and TrailerColour(0..255)
};

// Colour i of the fixtures' trailer: R, G, B = i, 255 - i, 3i (mod 256).
inline std::vector<uint8_t> PcxTrailerColour(int i) {
  return {uint8_t(i), uint8_t(255 - i), uint8_t(3 * i)};
}

inline std::vector<uint8_t> LayOutPcx(const PcxFixture& f) {
  std::vector<uint8_t> out(128, 0);
  auto u16 = [&](size_t at, uint16_t v) {
    out[at] = uint8_t(v);
    out[at + 1] = uint8_t(v >> 8);
  };
  out[0] = f.manufacturer;
  out[1] = f.version;
  out[2] = f.encoding;
  out[3] = f.bits;
  u16(4, f.xmin);
  u16(6, f.ymin);
  u16(8, f.xmax);
  u16(10, f.ymax);
  u16(12, 72);
  u16(14, 72);
  out[65] = f.planes;
  u16(66, f.bytes_per_line);
  u16(68, 1);
  out.insert(out.end(), f.data.begin(), f.data.end());
  if (f.trailer) {
    out.push_back(0x0C);
    for (int i = 0; i < 256; ++i) {
      const std::vector<uint8_t> c = PcxTrailerColour(i);
      out.insert(out.end(), c.begin(), c.end());
    }
  }
  return out;
}

// A 3 x 2 indexed picture with an odd width (bytes per line 4: one padding
// byte a line) and the trailer. Line 0: literal 0x05, run 0xC2 0x07 (two 7s),
// a zero run 0xC0 0x33 (nothing), literal 0x09 (padding). Line 1: 0xC1 0xC8
// (one 0xC8, which needs the run form), 0x00, 0x3F, 0x00 (padding).
// Pixels: 5 7 7 / 200 0 63.
inline PcxFixture IndexedPcx() {
  PcxFixture f;
  f.xmax = 2;
  f.ymax = 1;
  f.bytes_per_line = 4;
  f.data = {0x05, 0xC2, 0x07, 0xC0, 0x33, 0x09, 0xC1, 0xC8, 0x00, 0x3F, 0x00};
  f.trailer = true;
  return f;
}

// A 2 x 2 RGB picture, bytes per line 2, whose runs cross from one plane into
// the next within a line: line 0 is R 10 10, G 10 20, B 30 30 written as
// 0xC3 10, 20, 0xC2 30; line 1 is R 1 2, G 3 3, B 3 4 as 1, 2, 0xC3 3, 4.
inline PcxFixture RgbPcx() {
  PcxFixture f;
  f.xmax = 1;
  f.ymax = 1;
  f.planes = 3;
  f.bytes_per_line = 2;
  f.data = {0xC3, 10, 20, 0xC2, 30, 1, 2, 0xC3, 3, 4};
  return f;
}

}  // namespace kbot::testing
