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

void GryFile::SetColor(int e, uint8_t r, uint8_t g, uint8_t b) {
  palette[size_t(3 * e)] = r, palette[size_t(3 * e + 1)] = g, palette[size_t(3 * e + 2)] = b;
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

// 52 header + 0x8000 tiles (5 stored, padded to 8) + 6 animation + 768
// palette + 130 * 256 tables + 8 index + 174 car + 26 sprite info + 262
// graphics + 42 numbers = 67,386 bytes.
GryFile GrySample() {
  GryFile f;
  f.animations = {1, 0, 1, 4, 1, 0};  // lid 0, speed 4, aux 0
  f.SetColor(1, 63, 0, 32);   // -> 255, 0, 130
  f.SetColor(2, 10, 20, 30);  // -> 40, 81, 121
  f.SetColor(5, 1, 2, 3);     // -> 4, 8, 12
  f.SetColor(9, 33, 0, 0);    // -> 134, 0, 0
  f.IdentityTables(130);
  f.remap_tables[3 * 256 + 1] = 2;
  f.remap_tables[7 * 256 + 1] = 5;
  f.remap_tables[126 * 256 + 1] = 9;
  f.remap_tables[129 * 256 + 2] = 5;
  f.remap_index = {0, 3, 0, 0,     // lid 0
                   0, 7, 3, 200};  // lid 1: table 200 is past the 130
  f.SetTile(3, 5, 6, 1);           // lid 1 = tile 3: 3 * 64 + 6 * 256 + 5
  f.SetTile(4, 63, 63, 2);         // aux 0 = tile 4, in the padding's strip: 0x7f3f
  f.cars = GryCar(3, 0, {3, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  AppendGrySprite(f.sprite_info, 2, 2, 0, {{4, 258}});  // car sprite 0
  AppendGrySprite(f.sprite_info, 2, 1, 2);              // ped sprite 0
  f.sprite_graphics.assign(262, 0);
  f.sprite_graphics[0] = 1, f.sprite_graphics[2] = 1, f.sprite_graphics[3] = 2;
  f.sprite_graphics[256] = 2, f.sprite_graphics[257] = 1;
  // The delta: skip 1, 1 byte, colour 2 -> the car sprite's (1, 0).
  f.sprite_graphics[258] = 1, f.sprite_graphics[260] = 1, f.sprite_graphics[261] = 2;
  f.sprite_numbers.assign(42, 0);
  f.sprite_numbers[2 * 5] = 1;  // one car sprite
  f.sprite_numbers[2 * 7] = 1;  // one pedestrian sprite
  return f;
}

}  // namespace kbot::testing
