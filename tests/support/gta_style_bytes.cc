#include "tests/support/gta_style_bytes.h"

#include "formats/common/byte_writer.h"

namespace kbot::testing {

namespace {

size_t RoundUp(size_t n, size_t unit) { return (n + unit - 1) / unit * unit; }

}  // namespace

void StyleFile::SetColor(int clut, int e, uint8_t r, uint8_t g, uint8_t b) {
  const size_t at = size_t(clut >> 6) * 0x10000 + size_t(clut & 63) * 4 + size_t(e) * 256;
  if (cluts_.size() < at + 4) cluts_.resize(RoundUp(at + 4, 0x10000), 0);
  cluts_[at] = b, cluts_[at + 1] = g, cluts_[at + 2] = r;
}

std::vector<uint8_t> StyleFile::Bytes() const {
  const size_t tile_bytes = size_t(side_tiles + lid_tiles + aux_tiles) * 4096;
  std::vector<uint8_t> cluts = cluts_;
  cluts.resize(RoundUp(size_t(clut_count) * 1024, 0x10000), 0);
  std::vector<uint8_t> out;
  for (uint32_t v :
       {336u, uint32_t(side_tiles * 4096), uint32_t(lid_tiles * 4096), uint32_t(aux_tiles * 4096),
        0u, uint32_t(clut_count * 1024), tile_clut_size, sprite_clut_size, new_car_clut_size,
        font_clut_size, uint32_t(2 * palette_index.size()), uint32_t(object_info.size()),
        uint32_t(cars.size()), uint32_t(sprite_info.size()), uint32_t(sprite_graphics.size()),
        uint32_t(sprite_numbers.size())}) {
    AppendU32(out, v);
  }
  out.resize(out.size() + RoundUp(tile_bytes, 4 * 4096), 0);
  out.insert(out.end(), cluts.begin(), cluts.end());
  for (uint16_t e : palette_index) AppendU16(out, e);
  for (const std::vector<uint8_t>* s :
       {&object_info, &cars, &sprite_info, &sprite_graphics, &sprite_numbers}) {
    out.insert(out.end(), s->begin(), s->end());
  }
  return out;
}

std::vector<uint8_t> SpriteNumbers(const std::vector<std::pair<int, uint16_t>>& kind_counts) {
  std::vector<uint16_t> counts(21, 0);
  for (auto [kind, count] : kind_counts) counts[kind] = count;
  std::vector<uint8_t> out;
  for (uint16_t c : counts) AppendU16(out, c);
  return out;
}

void AppendSprite(std::vector<uint8_t>& out, uint8_t w, uint8_t h, uint16_t palette,
                  uint32_t offset, const std::vector<std::pair<uint16_t, uint32_t>>& deltas,
                  std::optional<uint16_t> size) {
  out.push_back(w);
  out.push_back(h);
  out.push_back(uint8_t(deltas.size()));
  out.push_back(0);
  AppendU16(out, size.value_or(uint16_t(w * h)));
  AppendU16(out, palette);
  AppendU32(out, offset);
  for (auto [dsize, doffset] : deltas) {
    AppendU16(out, dsize);
    AppendU32(out, doffset);
  }
}

}  // namespace kbot::testing
