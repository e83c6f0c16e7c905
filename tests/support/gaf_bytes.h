// Test fixtures laid out byte by byte from docs/formats/gaf.md, without
// any writer of the project: the tests check the reader against the spec, not
// against the project's own idea of it.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace kbot::testing {

// Appends little-endian values.
class ByteBuilder {
 public:
  ByteBuilder& U8(uint8_t v) { data.push_back(v); return *this; }
  ByteBuilder& U16(uint16_t v) { U8(uint8_t(v)); return U8(uint8_t(v >> 8)); }
  ByteBuilder& I16(int16_t v) { return U16(uint16_t(v)); }
  ByteBuilder& U32(uint32_t v) { U16(uint16_t(v)); return U16(uint16_t(v >> 16)); }
  ByteBuilder& Append(const std::vector<uint8_t>& bytes) {
    data.insert(data.end(), bytes.begin(), bytes.end());
    return *this;
  }
  // `size` bytes: the text, then NULs.
  ByteBuilder& Padded(const std::string& text, size_t size);
  void PatchU32(size_t at, uint32_t v);
  void PatchU16(size_t at, uint16_t v);
  size_t size() const { return data.size(); }

  std::vector<uint8_t> data;
};

// Run-length chunks (docs/formats/gaf.md, "Run-length chunks").
std::vector<uint8_t> Skip(int n);                             // mask (n << 1) | 1
std::vector<uint8_t> Repeat(int count, uint8_t value);        // mask ((count-1) << 2) | 2, value
std::vector<uint8_t> Literal(const std::vector<uint8_t>& px);  // mask (count-1) << 2, pixels
// One row: u16 lineLength, then the chunks.
std::vector<uint8_t> Row(std::initializer_list<std::vector<uint8_t>> chunks);
std::vector<uint8_t> Concat(std::initializer_list<std::vector<uint8_t>> parts);

// A zlib stream (RFC 1950) of `data` in stored deflate blocks (RFC 1951,
// BTYPE 00), laid out by hand: header 78 01, then blocks of at most 65535
// bytes, each `BFINAL, LEN, ~LEN, bytes`, then the Adler-32 of `data`,
// big-endian. No compressor is involved.
std::vector<uint8_t> StoredZlib(const std::vector<uint8_t>& data);
// The Adler-32 of `data`, by its definition (sums mod 65521).
uint32_t Adler32(const std::vector<uint8_t>& data);
// A TA3D truecolor frame's data: u32 byte count, then the stream.
std::vector<uint8_t> Ta3dData(const std::vector<uint8_t>& stream);

struct FixtureFrame {
  uint16_t width = 0, height = 0;
  int16_t origin_x = 0, origin_y = 0;
  uint8_t transparency = 0;
  uint8_t storage = 0;      // +9
  uint8_t layer_count = 0;  // +10; when non-zero, `layers` are laid out as nested headers
  uint8_t blend = 0;        // +11
  uint32_t unknown12 = 0;
  uint32_t unknown20 = 0;
  uint32_t duration = 1;    // the frame-list word
  std::vector<uint8_t> payload;  // pixel bytes or rows, exactly as stored
  std::vector<FixtureFrame> layers;
};

struct FixtureSequence {
  std::string name;
  uint16_t loop_flags = 1;
  uint32_t unknown4 = 0;
  std::vector<FixtureFrame> frames;
};

// Where things were put, so tests can corrupt them.
struct FixtureLayout {
  std::vector<uint8_t> bytes;
  std::vector<size_t> sequence_offsets;
  std::vector<std::vector<size_t>> frame_info_offsets;  // [sequence][frame]
  std::vector<std::vector<size_t>> data_offsets;        // [sequence][frame]
};

// Header, offset table, then per sequence: its 40-byte header and frame list,
// then each frame's 24-byte header and payload (layers: pointer table, then
// each layer's header and payload).
FixtureLayout LayOutGaf(const std::vector<FixtureSequence>& sequences,
                        uint32_t version = 0x00010100);

}  // namespace kbot::testing
