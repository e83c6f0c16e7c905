#include "tests/support/gaf_bytes.h"

#include <algorithm>

namespace kbot::testing {

ByteBuilder& ByteBuilder::Padded(const std::string& text, size_t size) {
  for (size_t i = 0; i < size; ++i) U8(i < text.size() ? uint8_t(text[i]) : 0);
  return *this;
}

void ByteBuilder::PatchU32(size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) data.at(at + i) = uint8_t(v >> (8 * i));
}

void ByteBuilder::PatchU16(size_t at, uint16_t v) {
  data.at(at) = uint8_t(v);
  data.at(at + 1) = uint8_t(v >> 8);
}

std::vector<uint8_t> Skip(int n) { return {uint8_t((n << 1) | 1)}; }
std::vector<uint8_t> Repeat(int count, uint8_t value) {
  return {uint8_t(((count - 1) << 2) | 2), value};
}
std::vector<uint8_t> Literal(const std::vector<uint8_t>& px) {
  ByteBuilder chunk;
  chunk.U8(uint8_t((px.size() - 1) << 2)).Append(px);
  return chunk.data;
}

std::vector<uint8_t> Concat(std::initializer_list<std::vector<uint8_t>> parts) {
  std::vector<uint8_t> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

std::vector<uint8_t> Row(std::initializer_list<std::vector<uint8_t>> chunks) {
  const std::vector<uint8_t> body = Concat(chunks);
  ByteBuilder row;
  row.U16(uint16_t(body.size())).Append(body);
  return row.data;
}

uint32_t Adler32(const std::vector<uint8_t>& data) {
  uint32_t a = 1, b = 0;
  for (uint8_t byte : data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return (b << 16) | a;
}

std::vector<uint8_t> StoredZlib(const std::vector<uint8_t>& data) {
  ByteBuilder z;
  z.U8(0x78).U8(0x01);  // deflate, 32 KB window; 0x7801 is a multiple of 31
  size_t at = 0;
  do {
    const size_t n = std::min<size_t>(65535, data.size() - at);
    const bool last = at + n == data.size();
    z.U8(last ? 1 : 0).U16(uint16_t(n)).U16(uint16_t(~n));
    z.data.insert(z.data.end(), data.begin() + at, data.begin() + at + n);
    at += n;
  } while (at < data.size());
  const uint32_t adler = Adler32(data);
  for (int shift = 24; shift >= 0; shift -= 8) z.U8(uint8_t(adler >> shift));
  return z.data;
}

std::vector<uint8_t> Ta3dData(const std::vector<uint8_t>& stream) {
  ByteBuilder b;
  b.U32(uint32_t(stream.size())).Append(stream);
  return b.data;
}

namespace {

void WriteInfo(ByteBuilder& b, const FixtureFrame& f, uint32_t data_offset) {
  b.U16(f.width).U16(f.height).I16(f.origin_x).I16(f.origin_y);
  b.U8(f.transparency).U8(f.storage).U8(f.layer_count).U8(f.blend);
  b.U32(f.unknown12).U32(data_offset).U32(f.unknown20);
}

// Writes a frame header and what it points at; returns the data offset.
size_t WriteFrame(ByteBuilder& b, const FixtureFrame& f) {
  const size_t info = b.size();
  WriteInfo(b, f, 0);
  const size_t data = b.size();
  b.PatchU32(info + 16, uint32_t(data));
  if (f.layers.empty()) {
    b.Append(f.payload);
    return data;
  }
  for (size_t i = 0; i < f.layers.size(); ++i) b.U32(0);
  for (size_t i = 0; i < f.layers.size(); ++i) {
    b.PatchU32(data + 4 * i, uint32_t(b.size()));
    WriteFrame(b, f.layers[i]);
  }
  return data;
}

}  // namespace

FixtureLayout LayOutGaf(const std::vector<FixtureSequence>& sequences, uint32_t version) {
  ByteBuilder b;
  FixtureLayout layout;
  b.U32(version).U32(uint32_t(sequences.size())).U32(0);
  for (size_t i = 0; i < sequences.size(); ++i) b.U32(0);
  for (size_t s = 0; s < sequences.size(); ++s) {
    const FixtureSequence& seq = sequences[s];
    layout.sequence_offsets.push_back(b.size());
    b.PatchU32(12 + 4 * s, uint32_t(b.size()));
    b.U16(uint16_t(seq.frames.size())).U16(seq.loop_flags).U32(seq.unknown4).Padded(seq.name, 32);
    const size_t list = b.size();
    for (const FixtureFrame& f : seq.frames) b.U32(0).U32(f.duration);
    layout.frame_info_offsets.emplace_back();
    layout.data_offsets.emplace_back();
    for (size_t f = 0; f < seq.frames.size(); ++f) {
      b.PatchU32(list + 8 * f, uint32_t(b.size()));
      layout.frame_info_offsets.back().push_back(b.size());
      layout.data_offsets.back().push_back(WriteFrame(b, seq.frames[f]));
    }
  }
  layout.bytes = std::move(b.data);
  return layout;
}

}  // namespace kbot::testing
