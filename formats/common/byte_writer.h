// Appending integers to a byte buffer: how the writers (GAF, HPI, the demo
// data, the test and benchmark fixtures) lay out the little-endian fields
// byte_reader.h reads back, and the big-endian ones of PNG chunks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kbot {

inline void AppendU16(std::vector<uint8_t>& out, uint16_t v) {
  out.push_back(uint8_t(v));
  out.push_back(uint8_t(v >> 8));
}

inline void AppendU32(std::vector<uint8_t>& out, uint32_t v) {
  AppendU16(out, uint16_t(v));
  AppendU16(out, uint16_t(v >> 16));
}

// Overwrites the four bytes at `at` (a size or offset known only later).
inline void PatchU32(std::vector<uint8_t>& out, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) out[at + i] = uint8_t(v >> (8 * i));
}

inline void AppendU16BigEndian(std::vector<uint8_t>& out, uint16_t v) {
  out.push_back(uint8_t(v >> 8));
  out.push_back(uint8_t(v));
}

inline void AppendU32BigEndian(std::vector<uint8_t>& out, uint32_t v) {
  AppendU16BigEndian(out, uint16_t(v >> 16));
  AppendU16BigEndian(out, uint16_t(v));
}

}  // namespace kbot
