#include "formats/gta/style.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/gta/style_gry.h"
#include "formats/gta/style_internal.h"

namespace kbot::gta {

using style_internal::CheckTileSizes;
using style_internal::LocateSections;
using style_internal::Raw;
using style_internal::RoundUp;
using style_internal::SectionLayout;
using style_internal::TileBytes;

namespace {

// An error about the style's contents as a whole (a tile or CLUT number past
// the ones stored), not about one place in the file.
absl::Status Invalid(absl::string_view name, absl::string_view what) {
  return ErrorIn(name, "", what);
}

// The sixteen header words, with the version checked.
absl::StatusOr<StyleHeader> ReadStyleHeader(Bytes file, absl::string_view name) {
  ByteReader r(file);
  uint32_t h[16];
  for (int i = 0; i < 16; ++i) {
    if (!r.U32(h[i])) {
      return ErrorNamingOffset(name, "header", 4 * i,
                               absl::StrCat("the file is ", file.size(),
                                            " bytes, shorter than the 64-byte header (u32 ", i,
                                            " at ", Hex(4 * i), ")"));
    }
  }
  const StyleHeader hd{h[0], h[1], h[2],  h[3],  h[4],  h[5],  h[6],  h[7],
                       h[8], h[9], h[10], h[11], h[12], h[13], h[14], h[15]};
  if (hd.version != kStyleVersion) {
    return ErrorAt(name, "header", 0,
                   absl::StrCat("version ", hd.version, ", expected ", kStyleVersion, " (.G24) or ",
                                kGryStyleVersion, " (.GRY)"));
  }
  return hd;
}

// The sizes the loader checks: whole tiles, at most kMaxTileBytes of them,
// whole CLUTs, whole palette index entries.
absl::Status CheckSizes(const StyleHeader& hd, absl::string_view name) {
  if (absl::Status s = CheckTileSizes(hd, name); !s.ok()) return s;
  if (hd.clut_size % kClutBytes != 0) {
    return ErrorIn(name, "header",
                   absl::StrCat("CLUT size ", hd.clut_size,
                                " is not a multiple of 1024 (one 256-colour palette)"));
  }
  if (hd.palette_index_size % 2 != 0) {
    return ErrorIn(name, "header", absl::StrCat("palette index size ", hd.palette_index_size,
                                                " is odd (the entries are u16)"));
  }
  return absl::OkStatus();
}

// Each section's bytes as stored (padding included), in file order.
struct StyleSectionBytes {
  style_internal::SharedSections shared;
  Bytes cluts, palette_index;
};

std::vector<SectionLayout> G24Layout(const StyleHeader& hd, StyleSectionBytes& out) {
  style_internal::SharedSections& sh = out.shared;
  const uint64_t tile_bytes = TileBytes(hd);
  return {
      {"tiles", tile_bytes, RoundUp(tile_bytes, kTilePadding), &sh.tiles},
      {"animations", hd.anim_size, hd.anim_size, &sh.animations},
      {"CLUTs", hd.clut_size, RoundUp(hd.clut_size, kClutPageBytes), &out.cluts},
      {"palette index", hd.palette_index_size, hd.palette_index_size, &out.palette_index},
      {"object info", hd.object_info_size, hd.object_info_size, &sh.object_info},
      {"cars", hd.car_size, hd.car_size, &sh.cars},
      {"sprite info", hd.sprite_info_size, hd.sprite_info_size, &sh.sprite_info},
      {"sprite graphics", hd.sprite_graphics_size, hd.sprite_graphics_size, &sh.sprite_graphics},
      {"sprite numbers", hd.sprite_numbers_size, hd.sprite_numbers_size, &sh.sprite_numbers},
  };
}

std::vector<uint16_t> ReadPaletteIndex(Bytes section) {
  ByteReader r(section);
  std::vector<uint16_t> index(section.size() / 2);
  for (uint16_t& e : index) r.U16(e);
  return index;
}

// Warnings for an animation whose tiles the style does not hold.
void CheckAnimationTiles(const StyleAnimation& a, int i, uint64_t at, Style& style) {
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
}

}  // namespace

namespace style_internal {

absl::Status CheckTileSizes(const StyleHeader& hd, absl::string_view name) {
  const std::pair<const char*, uint32_t> tile_sizes[] = {
      {"side", hd.side_size}, {"lid", hd.lid_size}, {"aux", hd.aux_size}};
  for (const auto& [kind, size] : tile_sizes) {
    if (size % kTileBytes != 0) {
      return ErrorIn(name, "header", absl::StrCat(kind, " size ", size,
                                                  " is not a multiple of 4096 (one 64 x 64 tile)"));
    }
  }
  if (TileBytes(hd) > kMaxTileBytes) {
    return ErrorIn(name, "header",
                   absl::StrCat("side + lid + aux = ", TileBytes(hd),
                                " bytes of tiles, more than the game's ", kMaxTileBytes, " (",
                                Hex(kMaxTileBytes), ")"));
  }
  return absl::OkStatus();
}

absl::Status LocateSections(Bytes file, uint64_t at, const std::vector<SectionLayout>& layout,
                            Style& style) {
  for (const SectionLayout& s : layout) {
    style.sections.push_back(StyleSection{s.name, at, s.size, s.stored});
    if (s.stored > file.size() - at) {  // at <= file.size(): the header is there
      return ErrorNamingOffset(style.name, s.name, at,
                               absl::StrCat("the section (", s.stored, " bytes from ", Hex(at),
                                            " to ", Hex(at + s.stored),
                                            ") runs past the end of the file at ",
                                            Hex(file.size())));
    }
    *s.bytes = file.subspan(at, s.stored);
    at += s.stored;
  }
  if (at < file.size()) {
    style.warnings.push_back(absl::StrCat(style.name, ": ", file.size() - at,
                                          " trailing bytes at ", Hex(at),
                                          " after the last section"));
  }
  return absl::OkStatus();
}

namespace {

// The animation section (its own bytes), offsets in messages the file's.
absl::Status ReadAnimations(Bytes section, Style& style) {
  if (section.empty()) return absl::OkStatus();
  uint64_t base = 0;
  for (const StyleSection& s : style.sections) {
    if (s.name == "animations") base = s.offset;
  }
  ByteReader r(section);
  uint8_t count = 0;
  r.U8(count);
  if (count > kMaxAnimations) {
    return ErrorAt(style.name, "animations", base,
                   absl::StrCat(int(count), " animations, at most ", kMaxAnimations));
  }
  for (int i = 0; i < count; ++i) {
    const uint64_t at = base + r.pos();
    const std::string animation = absl::StrCat("animation ", i);
    uint8_t head[4];
    for (uint8_t& b : head) {
      if (!r.U8(b)) {
        return ErrorAt(style.name, animation, at,
                       absl::StrCat("its 4-byte head runs past the animation section's end at ",
                                    Hex(base + section.size())));
      }
    }
    StyleAnimation a;
    a.block = head[0];
    a.which = head[1];
    a.speed = head[2];
    Bytes frames;
    if (!r.Take(head[3], frames)) {
      return ErrorAt(style.name, animation, at,
                     absl::StrCat(int(head[3]), " frames run past the animation section's end at ",
                                  Hex(base + section.size())));
    }
    a.frames.assign(frames.begin(), frames.end());
    CheckAnimationTiles(a, i, at, style);
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

absl::Status TakeSharedSections(const SharedSections& sections, Style& style) {
  style.side_tiles = int(style.header.side_size / kTileBytes);
  style.lid_tiles = int(style.header.lid_size / kTileBytes);
  style.aux_tiles = int(style.header.aux_size / kTileBytes);
  style.tiles = Raw(sections.tiles);
  style.object_info = Raw(sections.object_info);
  style.cars = Raw(sections.cars);
  style.sprite_info = Raw(sections.sprite_info);
  style.sprite_graphics = Raw(sections.sprite_graphics);
  style.sprite_numbers = Raw(sections.sprite_numbers);
  return ReadAnimations(sections.animations, style);
}

}  // namespace style_internal

absl::StatusOr<Style> ReadStyle(Bytes file, absl::string_view name) {
  if (file.size() >= 4 && LoadU32(file.data()) == kGryStyleVersion) {
    return ReadGryStyle(file, name);
  }
  Style style;
  style.name = std::string(name);
  absl::StatusOr<StyleHeader> header = ReadStyleHeader(file, name);
  if (!header.ok()) return header.status();
  if (absl::Status s = CheckSizes(*header, name); !s.ok()) return s;
  style.header = *header;
  style.clut_count = int(header->clut_size / kClutBytes);
  StyleSectionBytes sections;
  if (absl::Status s = LocateSections(file, kStyleHeaderSize, G24Layout(*header, sections), style);
      !s.ok()) {
    return s;
  }
  style.cluts = Raw(sections.cluts);
  style.palette_index = ReadPaletteIndex(sections.palette_index);
  if (absl::Status s = style_internal::TakeSharedSections(sections.shared, style); !s.ok()) {
    return s;
  }
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

// A tile's number and remap checked against its kind: "" or the reason.
std::string TileProblem(const char* kind, int number, int count, int r) {
  if (number < 0 || number >= count) {
    return absl::StrCat(kind, " tile ", number, " is past the ", count, " stored");
  }
  if (r < 0 || r > 3) return absl::StrCat(kind, " tile ", number, ": remap ", r, " is outside 0..3");
  return "";
}

absl::StatusOr<palette::Palette> TilePalette(const Style& s, const char* kind, int number,
                                             int count, int r, int slot) {
  if (std::string why = TileProblem(kind, number, count, r); !why.empty()) {
    return Invalid(s.name, why);
  }
  if (s.eight_bit()) {
    absl::StatusOr<int> table = s.TileRemapTable(slot / 4, r);
    if (!table.ok()) return table.status();
    return s.TablePalette(*table);
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

absl::StatusOr<palette::Palette> Style::TablePalette(int table) const {
  if (table == 0) return base_palette;  // "no remap" (docs/formats/gta1.md, "8-bit styles")
  if (table < 0 || table >= remap_table_count()) {
    return Invalid(name, absl::StrCat("remap table ", table, " is past the ", remap_table_count(),
                                      " stored"));
  }
  palette::Palette p;
  const uint8_t* row = remap_tables.data() + size_t(table) * 256;
  for (int e = 0; e < 256; ++e) p.colors[e] = base_palette.colors[row[e]];
  return p;
}

absl::StatusOr<int> Style::TileRemapTable(int tile, int remap) const {
  if (tile < 0 || tile >= tile_count()) {
    return Invalid(name, absl::StrCat("tile ", tile, " is past the ", tile_count(), " tiles"));
  }
  if (remap < 0 || remap > 3) {
    return Invalid(name, absl::StrCat("tile ", tile, ": remap ", remap, " is outside 0..3"));
  }
  const int lid = tile - side_tiles;
  // Remap 0 is "no remap" for every lid (the index's entry 0 is always 0).
  if (lid < 0 || lid >= lid_tiles || remap == 0) return 0;
  const size_t at = size_t(lid) * 4 + size_t(remap);
  if (at >= remap_index.size()) {
    return Invalid(name, absl::StrCat("lid tile ", lid, " remap ", remap, ": entry ", at,
                                      " is past the remap index's ", remap_index.size()));
  }
  return remap_index[at];
}

}  // namespace kbot::gta
