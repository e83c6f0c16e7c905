// A bounds-checked little-endian cursor over a byte span: the only way format
// readers look at file bytes. No packed struct is ever cast over the buffer, so
// malformed input cannot make a read go past the end, and the code is the same
// on big-endian hosts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace kbot {

using Bytes = std::span<const uint8_t>;

inline uint16_t LoadU16(const uint8_t* p) { return uint16_t(p[0] | (p[1] << 8)); }
inline uint32_t LoadU32(const uint8_t* p) {
  return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
}

// "0x1a2b": how error messages name an offset.
std::string Hex(uint64_t offset);

class ByteReader {
 public:
  explicit ByteReader(Bytes data, size_t pos = 0) : data_(data), pos_(pos) {}

  size_t size() const { return data_.size(); }
  size_t pos() const { return pos_; }
  size_t remaining() const { return pos_ <= data_.size() ? data_.size() - pos_ : 0; }
  bool Has(size_t n) const { return pos_ <= data_.size() && n <= data_.size() - pos_; }

  // Each read returns false, and leaves the position where it was, when the
  // bytes are not there.
  bool U8(uint8_t& v) {
    if (!Has(1)) return false;
    v = data_[pos_++];
    return true;
  }
  bool U16(uint16_t& v) {
    if (!Has(2)) return false;
    v = LoadU16(data_.data() + pos_);
    pos_ += 2;
    return true;
  }
  bool I16(int16_t& v) {
    uint16_t u;
    if (!U16(u)) return false;
    v = static_cast<int16_t>(u);
    return true;
  }
  bool U32(uint32_t& v) {
    if (!Has(4)) return false;
    v = LoadU32(data_.data() + pos_);
    pos_ += 4;
    return true;
  }
  bool Take(size_t n, Bytes& out) {
    if (!Has(n)) return false;
    out = data_.subspan(pos_, n);
    pos_ += n;
    return true;
  }
  bool Skip(size_t n) {
    if (!Has(n)) return false;
    pos_ += n;
    return true;
  }
  bool Seek(size_t pos) {
    if (pos > data_.size()) return false;
    pos_ = pos;
    return true;
  }

 private:
  Bytes data_;
  size_t pos_;
};

}  // namespace kbot
