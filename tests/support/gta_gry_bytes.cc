#include "tests/support/gta_gry_bytes.h"

#include "formats/common/byte_writer.h"

namespace kbot::testing {

namespace {

size_t RoundUp(size_t n, size_t unit) { return (n + unit - 1) / unit * unit; }

}  // namespace

void GryFile::IdentityTables(int n) {
  remap_tables.resize(size_t(n) * 256);
  for (size_t i = 0; i < remap_tables.size(); ++i) remap_tables[i] = uint8_t(i & 255);
}

void GryFile::SetTile(int tile, int u, int v, uint8_t texel) {
  // The page formula: 16 tiles a 64 KB page, 4 a 16 KB strip, 256-byte rows.
  const size_t n = size_t(tile);
  const size_t at = (n >> 4) * 0x10000 + ((n >> 2) & 3) * 0x4000 + size_t(v) * 256 +
                    (n & 3) * 64 + size_t(u);
  if (tiles_.size() <= at) tiles_.resize(RoundUp(at + 1, 0x4000), 0);
  tiles_[at] = texel;
}

std::vector<uint8_t> GryFile::Bytes() const {
  const size_t tile_bytes = size_t(side_tiles + lid_tiles + aux_tiles) * 4096;
  uint32_t words[13] = {325,
                        uint32_t(side_tiles * 4096),
                        uint32_t(lid_tiles * 4096),
                        uint32_t(aux_tiles * 4096),
                        uint32_t(animations.size()),
                        uint32_t(palette.size()),
                        uint32_t(remap_tables.size()),
                        uint32_t(remap_index.size()),
                        uint32_t(object_info.size()),
                        uint32_t(cars.size()),
                        uint32_t(sprite_info.size()),
                        uint32_t(sprite_graphics.size()),
                        uint32_t(sprite_numbers.size())};
  for (auto [word, value] : header_overrides) words[word] = value;
  std::vector<uint8_t> out;
  for (uint32_t w : words) AppendU32(out, w);
  std::vector<uint8_t> tiles = tiles_;
  tiles.resize(RoundUp(tile_bytes, 4 * 4096), 0);
  out.insert(out.end(), tiles.begin(), tiles.end());
  for (const std::vector<uint8_t>* s :
       {&animations, &palette, &remap_tables, &remap_index, &object_info, &cars, &sprite_info,
        &sprite_graphics, &sprite_numbers}) {
    out.insert(out.end(), s->begin(), s->end());
  }
  return out;
}

void AppendGrySprite(std::vector<uint8_t>& out, uint8_t w, uint8_t h, uint32_t offset,
                     const std::vector<std::pair<uint16_t, uint32_t>>& deltas) {
  out.push_back(w);
  out.push_back(h);
  out.push_back(uint8_t(deltas.size()));
  out.push_back(0);
  AppendU16(out, uint16_t(w * h));
  AppendU32(out, offset);
  for (auto [dsize, doffset] : deltas) {
    AppendU16(out, dsize);
    AppendU32(out, doffset);
  }
}

std::vector<uint8_t> GryCar(uint8_t model, int16_t sprite, const std::array<uint8_t, 12>& remap8) {
  std::vector<uint8_t> c(174, 0);
  c[6] = uint8_t(sprite & 0xff), c[7] = uint8_t((sprite >> 8) & 0xff);
  for (size_t i = 0; i < 12; ++i) c[94 + i] = remap8[i];
  c[106] = 4;  // vtype: car
  c[107] = model;
  return c;  // num_doors at 172 stays 0
}

}  // namespace kbot::testing
