#include "tests/support/gta_bytes.h"

#include "tests/support/gaf_bytes.h"

namespace kbot::testing {

CmpFile::CmpFile() : base(256 * 256, 0) { AddColumn(6, {}); }

uint32_t CmpFile::AddColumn(int16_t h, const std::vector<uint16_t>& indices) {
  const uint32_t at = uint32_t(columns.size());
  ByteBuilder b;
  b.I16(h);
  for (uint16_t i : indices) b.U16(i);
  columns.insert(columns.end(), b.data.begin(), b.data.end());
  return at;
}

void CmpFile::SetCell(int x, int y, uint32_t column_offset) {
  base[size_t(y) * 256 + size_t(x)] = column_offset;
}

uint16_t CmpFile::AddBlock(uint16_t type_map, uint8_t ext, uint8_t left, uint8_t right,
                           uint8_t top, uint8_t bottom, uint8_t lid) {
  const uint16_t index = uint16_t(blocks.size() / 8);
  ByteBuilder b;
  b.U16(type_map).U8(ext).U8(left).U8(right).U8(top).U8(bottom).U8(lid);
  blocks.insert(blocks.end(), b.data.begin(), b.data.end());
  return index;
}

void CmpFile::SetLocation(int category, int slot, uint8_t x, uint8_t y, uint8_t z) {
  const size_t at = 3 * (6 * size_t(category) + size_t(slot));
  locations[at] = x;
  locations[at + 1] = y;
  locations[at + 2] = z;
}

void CmpFile::AddNav(uint8_t x, uint8_t y, uint8_t w, uint8_t h, uint8_t sample,
                     const std::string& name) {
  ByteBuilder b;
  b.U8(x).U8(y).U8(w).U8(h).U8(sample).Padded(name.substr(0, 30), 30);
  nav.insert(nav.end(), b.data.begin(), b.data.end());
}

std::vector<uint8_t> CmpFile::Bytes() const {
  ByteBuilder b;
  b.U32(version).U8(style).U8(sample).U16(reserved);
  b.U32(route_size.value_or(uint32_t(routes.size())));
  b.U32(object_size.value_or(uint32_t(objects.size())));
  b.U32(column_size.value_or(uint32_t(columns.size())));
  b.U32(block_size.value_or(uint32_t(blocks.size())));
  b.U32(nav_size.value_or(uint32_t(nav.size())));
  for (uint32_t offset : base) b.U32(offset);
  b.Append(columns).Append(blocks).Append(objects).Append(routes);
  b.Append(std::vector<uint8_t>(locations.begin(), locations.end()));
  b.Append(nav);
  return b.data;
}

}  // namespace kbot::testing
