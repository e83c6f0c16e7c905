// GTA1 fixtures laid out byte by byte from docs/formats/gta1.md, without any
// writer of the project: the tests check the readers against the spec.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kbot::testing {

// A city map (.CMP) in the making. The sections are kept as raw bytes; the
// header's five sizes are the sections' own sizes unless overridden, which is
// how tests make the size rule fail. A new CmpFile holds one column, the empty
// column (h = 6) at offset 0, and every cell of the base points at it.
struct CmpFile {
  CmpFile();

  uint32_t version = 331;
  uint8_t style = 1;
  uint8_t sample = 0;
  uint16_t reserved = 0;
  std::vector<uint32_t> base;       // 256 x 256 column byte offsets, y major
  std::vector<uint8_t> columns;     // column data
  std::vector<uint8_t> blocks;      // 8 bytes each
  std::vector<uint8_t> objects;     // 14 bytes each
  std::vector<uint8_t> routes;
  std::array<uint8_t, 0x6c> locations{};
  std::vector<uint8_t> nav;         // 35 bytes each
  std::optional<uint32_t> route_size, object_size, column_size, block_size, nav_size;

  // Appends a column: s16 h, then the block indices for z = h .. 5, top
  // first. `indices` is written as given (its size need not be 6 - h), so
  // tests can build broken columns. Returns the column's byte offset.
  uint32_t AddColumn(int16_t h, const std::vector<uint16_t>& indices);
  void SetCell(int x, int y, uint32_t column_offset);
  // Appends an 8-byte descriptor; returns its index.
  uint16_t AddBlock(uint16_t type_map, uint8_t ext, uint8_t left, uint8_t right, uint8_t top,
                    uint8_t bottom, uint8_t lid);
  // Category-major: byte 3 * (6 * category + slot).
  void SetLocation(int category, int slot, uint8_t x, uint8_t y, uint8_t z);
  // x, y, w, h, sample, then `name` NUL-padded (or cut) to 30 bytes.
  void AddNav(uint8_t x, uint8_t y, uint8_t w, uint8_t h, uint8_t sample, const std::string& name);

  // Header, base, columns, blocks, objects, routes, locations, nav.
  std::vector<uint8_t> Bytes() const;
};

}  // namespace kbot::testing
