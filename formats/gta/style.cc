#include "formats/gta/style.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace kbot::gta {

namespace {

uint64_t RoundUp(uint64_t n, uint64_t unit) { return (n + unit - 1) / unit * unit; }

absl::Status Invalid(absl::string_view name, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat(name, ": ", what));
}

// Reads the animation section (its own bytes, offsets reported in the file).
absl::Status ReadAnimations(Bytes section, uint64_t base, Style& style) {
  if (section.empty()) return absl::OkStatus();
  ByteReader r(section);
  uint8_t count = 0;
  r.U8(count);
  if (count > kMaxAnimations) {
    return Invalid(style.name, absl::StrCat("animations at ", Hex(base), ": ", int(count),
                                            " animations, at most ", kMaxAnimations));
  }
  for (int i = 0; i < count; ++i) {
    const uint64_t at = base + r.pos();
    uint8_t head[4];
    for (uint8_t& b : head) {
      if (!r.U8(b)) {
        return Invalid(style.name,
                       absl::StrCat("animation ", i, " at ", Hex(at),
                                    ": its 4-byte head runs past the animation section's end at ",
                                    Hex(base + section.size())));
      }
    }
    StyleAnimation a;
    a.block = head[0];
    a.which = head[1];
    a.speed = head[2];
    Bytes frames;
    if (!r.Take(head[3], frames)) {
      return Invalid(style.name,
                     absl::StrCat("animation ", i, " at ", Hex(at), ": ", int(head[3]),
                                  " frames run past the animation section's end at ",
                                  Hex(base + section.size())));
    }
    a.frames.assign(frames.begin(), frames.end());
    if (a.which > 1) {
      style.warnings.push_back(absl::StrCat(style.name, ": animation ", i, " at ", Hex(at),
                                            ": 'which' is ", int(a.which),
                                            ", neither 0 (side) nor 1 (lid)"));
    } else {
      const int limit = a.which == 0 ? style.side_tiles : style.lid_tiles;
      if (a.block >= limit) {
        style.warnings.push_back(absl::StrCat(style.name, ": animation ", i, " at ", Hex(at),
                                              ": ", a.which == 0 ? "side" : "lid", " tile ",
                                              int(a.block), " is past the ", limit, " stored"));
      }
    }
    for (size_t f = 0; f < a.frames.size(); ++f) {
      if (a.frames[f] >= style.aux_tiles) {
        style.warnings.push_back(absl::StrCat(style.name, ": animation ", i, " frame ", f,
                                              ": aux tile ", int(a.frames[f]), " is past the ",
                                              style.aux_tiles, " stored"));
      }
    }
    style.animations.push_back(std::move(a));
  }
  if (r.remaining() > 0) {
    style.warnings.push_back(absl::StrCat(style.name, ": animations: ", r.remaining(),
                                          " unused bytes at ", Hex(base + r.pos()),
                                          " after the last animation"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Style> ReadStyle(Bytes file, absl::string_view name) {
  Style style;
  style.name = std::string(name);
  ByteReader r(file);
  uint32_t h[16];
  for (int i = 0; i < 16; ++i) {
    if (!r.U32(h[i])) {
      return Invalid(name, absl::StrCat("header: the file is ", file.size(),
                                        " bytes, shorter than the 64-byte header (u32 ", i,
                                        " at ", Hex(4 * i), ")"));
    }
  }
  StyleHeader& hd = style.header;
  hd = StyleHeader{h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7],
                   h[8], h[9], h[10], h[11], h[12], h[13], h[14], h[15]};
  if (hd.version != kStyleVersion) {
    return Invalid(name, absl::StrCat("header at 0x0: version ", hd.version, ", expected ",
                                      kStyleVersion));
  }
  const std::pair<const char*, uint32_t> tile_sizes[] = {
      {"side", hd.side_size}, {"lid", hd.lid_size}, {"aux", hd.aux_size}};
  for (const auto& [kind, size] : tile_sizes) {
    if (size % kTileBytes != 0) {
      return Invalid(name, absl::StrCat("header: ", kind, " size ", size,
                                        " is not a multiple of 4096 (one 64 x 64 tile)"));
    }
  }
  const uint64_t tile_bytes = uint64_t(hd.side_size) + hd.lid_size + hd.aux_size;
  if (tile_bytes > kMaxTileBytes) {
    return Invalid(name, absl::StrCat("header: side + lid + aux = ", tile_bytes,
                                      " bytes of tiles, more than the game's ", kMaxTileBytes,
                                      " (", Hex(kMaxTileBytes), ")"));
  }
  if (hd.clut_size % kClutBytes != 0) {
    return Invalid(name, absl::StrCat("header: CLUT size ", hd.clut_size,
                                      " is not a multiple of 1024 (one 256-colour palette)"));
  }
  if (hd.palette_index_size % 2 != 0) {
    return Invalid(name, absl::StrCat("header: palette index size ", hd.palette_index_size,
                                      " is odd (the entries are u16)"));
  }
  style.side_tiles = int(hd.side_size / kTileBytes);
  style.lid_tiles = int(hd.lid_size / kTileBytes);
  style.aux_tiles = int(hd.aux_size / kTileBytes);
  style.clut_count = int(hd.clut_size / kClutBytes);

  // The sections, in file order, with what each takes in the file.
  struct Layout {
    const char* name;
    uint64_t size;
    uint64_t stored;
    std::vector<uint8_t>* raw;  // where its bytes go, if kept raw
  };
  const Layout layout[] = {
      {"tiles", tile_bytes, RoundUp(tile_bytes, kTilePadding), &style.tiles},
      {"animations", hd.anim_size, hd.anim_size, nullptr},
      {"CLUTs", hd.clut_size, RoundUp(hd.clut_size, kClutPageBytes), &style.cluts},
      {"palette index", hd.palette_index_size, hd.palette_index_size, nullptr},
      {"object info", hd.object_info_size, hd.object_info_size, &style.object_info},
      {"cars", hd.car_size, hd.car_size, &style.cars},
      {"sprite info", hd.sprite_info_size, hd.sprite_info_size, &style.sprite_info},
      {"sprite graphics", hd.sprite_graphics_size, hd.sprite_graphics_size,
       &style.sprite_graphics},
      {"sprite numbers", hd.sprite_numbers_size, hd.sprite_numbers_size, &style.sprite_numbers},
  };
  uint64_t at = kStyleHeaderSize;
  Bytes anim_bytes, index_bytes;
  uint64_t anim_offset = 0;
  for (const Layout& s : layout) {
    style.sections.push_back(StyleSection{s.name, at, s.size, s.stored});
    if (s.stored > file.size() - at) {  // at <= file.size() holds: checked below
      return Invalid(name, absl::StrCat(s.name, ": the section (", s.stored, " bytes from ",
                                        Hex(at), " to ", Hex(at + s.stored),
                                        ") runs past the end of the file at ",
                                        Hex(file.size())));
    }
    const Bytes bytes = file.subspan(at, s.stored);
    if (s.raw) s.raw->assign(bytes.begin(), bytes.end());
    if (s.raw == nullptr && std::string_view(s.name) == "animations") {
      anim_bytes = bytes;
      anim_offset = at;
    }
    if (s.raw == nullptr && std::string_view(s.name) == "palette index") index_bytes = bytes;
    at += s.stored;
  }
  if (at < file.size()) {
    style.warnings.push_back(absl::StrCat(name, ": ", file.size() - at,
                                          " trailing bytes at ", Hex(at),
                                          " after the last section"));
  }

  ByteReader ir(index_bytes);
  style.palette_index.resize(index_bytes.size() / 2);
  for (uint16_t& e : style.palette_index) ir.U16(e);

  if (absl::Status s = ReadAnimations(anim_bytes, anim_offset, style); !s.ok()) return s;
  return style;
}

absl::StatusOr<uint8_t> Style::Texel(int tile, int u, int v) const {
  if (tile < 0 || tile >= tile_count()) {
    return Invalid(name, absl::StrCat("tile ", tile, " is past the ", tile_count(),
                                      " tiles (", side_tiles, " side, ", lid_tiles, " lid, ",
                                      aux_tiles, " aux)"));
  }
  if (u < 0 || u >= kTileSide || v < 0 || v >= kTileSide) {
    return Invalid(name, absl::StrCat("tile ", tile, ": texel (", u, ", ", v,
                                      ") is outside 0..63"));
  }
  const uint64_t at = TileTexelOffset(tile, u, v);
  if (at >= tiles.size()) {  // only a hand-made Style can get here
    return Invalid(name, absl::StrCat("tile ", tile, ": texel (", u, ", ", v, ") at ", Hex(at),
                                      " is past the tile block's ", tiles.size(), " bytes"));
  }
  return tiles[at];
}

absl::StatusOr<TileTexels> Style::Tile(int tile) const {
  // Check the tile's last texel once; the rest of the tile lies before it.
  absl::StatusOr<uint8_t> last = Texel(tile, kTileSide - 1, kTileSide - 1);
  if (!last.ok()) return last.status();
  TileTexels out;
  for (int v = 0; v < kTileSide; ++v) {
    const uint64_t row = TileTexelOffset(tile, 0, v);
    for (int u = 0; u < kTileSide; ++u) out[size_t(v) * kTileSide + u] = tiles[row + u];
  }
  return out;
}

absl::StatusOr<palette::Palette> Style::Clut(int clut) const {
  if (clut < 0 || clut >= clut_count) {
    return Invalid(name, absl::StrCat("CLUT ", clut, " is past the ", clut_count, " CLUTs"));
  }
  if (ClutColorOffset(clut, 255) + 3 > cluts.size()) {  // only a hand-made Style
    return Invalid(name, absl::StrCat("CLUT ", clut, " runs past the CLUT section's ",
                                      cluts.size(), " bytes"));
  }
  palette::Palette p;
  for (int e = 0; e < 256; ++e) {
    const uint64_t at = ClutColorOffset(clut, e);
    p.colors[e] = palette::Rgb{cluts[at + 2], cluts[at + 1], cluts[at]};
  }
  return p;
}

absl::StatusOr<int> Style::ClutOfPalette(int logical) const {
  if (logical < 0 || size_t(logical) >= palette_index.size()) {
    return Invalid(name, absl::StrCat("palette index entry ", logical, " is past the ",
                                      palette_index.size(), " entries"));
  }
  const int clut = palette_index[logical];
  if (clut >= clut_count) {
    return Invalid(name, absl::StrCat("palette index entry ", logical, " names CLUT ", clut,
                                      ", past the ", clut_count, " CLUTs"));
  }
  return clut;
}

namespace {

absl::StatusOr<palette::Palette> TilePalette(const Style& s, const char* kind, int number,
                                             int count, int r, int slot) {
  if (number < 0 || number >= count) {
    return Invalid(s.name, absl::StrCat(kind, " tile ", number, " is past the ", count,
                                        " stored"));
  }
  if (r < 0 || r > 3) {
    return Invalid(s.name, absl::StrCat(kind, " tile ", number, ": remap ", r,
                                        " is outside 0..3"));
  }
  if (size_t(slot) >= s.palette_index.size()) {
    return Invalid(s.name, absl::StrCat(kind, " tile ", number, ": palette index entry ", slot,
                                        " is past the ", s.palette_index.size(), " entries"));
  }
  const int clut = s.palette_index[slot];
  if (clut >= s.clut_count) {
    return Invalid(s.name, absl::StrCat(kind, " tile ", number, ": palette index entry ", slot,
                                        " names CLUT ", clut, ", past the ", s.clut_count,
                                        " CLUTs"));
  }
  return s.Clut(clut);
}

}  // namespace

absl::StatusOr<palette::Palette> Style::SidePalette(int side, SideDirection direction) const {
  return TilePalette(*this, "side", side, side_tiles, int(direction),
                     SidePaletteSlot(SideTile(side), direction));
}

absl::StatusOr<palette::Palette> Style::LidPalette(int lid, int remap) const {
  return TilePalette(*this, "lid", lid, lid_tiles, remap, TilePaletteSlot(LidTile(lid), remap));
}

absl::StatusOr<palette::Palette> Style::AuxPalette(int aux, int remap) const {
  return TilePalette(*this, "aux", aux, aux_tiles, remap, TilePaletteSlot(AuxTile(aux), remap));
}

}  // namespace kbot::gta
