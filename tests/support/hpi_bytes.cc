#include "tests/support/hpi_bytes.h"

#include <zlib.h>

namespace kbot::testing {

uint8_t HpiV1Key(uint32_t header_key) {
  const uint8_t h = uint8_t(header_key);
  return uint8_t(((h << 2) | (h >> 6)) & 0xFF);
}

void HpiXor(std::vector<uint8_t>& file, uint8_t k, size_t from, size_t to) {
  for (size_t p = from; p < to; ++p) file.at(p) ^= uint8_t((p & 0xFF) ^ k);
}

std::vector<uint8_t> SqshChunk(uint8_t compression, bool encrypted,
                               const std::vector<uint8_t>& payload, uint32_t decompressed_size) {
  std::vector<uint8_t> stored = payload;
  if (encrypted) {
    for (size_t i = 0; i < stored.size(); ++i) stored[i] = uint8_t((stored[i] ^ uint8_t(i)) + i);
  }
  uint32_t sum = 0;
  for (uint8_t b : stored) sum += b;
  ByteBuilder b;
  b.U32(0x48535153).U8(2).U8(compression).U8(encrypted ? 1 : 0);
  b.U32(uint32_t(stored.size())).U32(decompressed_size).U32(sum);
  b.Append(stored);
  return b.data;
}

std::vector<uint8_t> ZlibStream(const std::vector<uint8_t>& data) {
  uLongf n = compressBound(uLong(data.size()));
  std::vector<uint8_t> out(n);
  compress2(out.data(), &n, data.data(), uLong(data.size()), 9);
  out.resize(n);
  return out;
}

std::vector<uint8_t> BytesOf(const std::string& text) {
  return std::vector<uint8_t>(text.begin(), text.end());
}

std::vector<uint8_t> MixedBytes(size_t n, uint32_t seed) {
  std::vector<uint8_t> out(n);
  uint32_t x = seed;
  for (size_t i = 0; i < n; ++i) {
    x = x * 1103515245 + 12345;
    out[i] = (i / 700) % 3 == 0 ? uint8_t(x >> 24) : uint8_t("kbot hpi"[(i + seed) % 8]);
  }
  return out;
}

std::vector<uint8_t> FlatHpiV1(const std::vector<FlatHpiFile>& files) {
  ByteBuilder b;
  b.U32(0x49504148).U32(0x00010000).U32(0).U32(0).U32(20);  // DirectorySize patched
  b.U32(uint32_t(files.size())).U32(28);                    // 20: root record
  const size_t entries = b.size();
  for (size_t i = 0; i < files.size(); ++i) b.U32(0).U32(0).U8(0);
  std::vector<size_t> records;
  for (size_t i = 0; i < files.size(); ++i) {
    b.PatchU32(entries + 9 * i, uint32_t(b.size()));  // NameOffset
    b.Append(BytesOf(files[i].name)).U8(0);
    b.PatchU32(entries + 9 * i + 4, uint32_t(b.size()));  // DataOffset: the file record
    records.push_back(b.size());
    b.U32(0).U32(uint32_t(files[i].data.size())).U8(0);  // stored
  }
  b.PatchU32(8, uint32_t(b.size()));
  for (size_t i = 0; i < files.size(); ++i) {
    b.PatchU32(records[i], uint32_t(b.size()));
    b.Append(files[i].data);
  }
  return b.data;
}

}  // namespace kbot::testing
