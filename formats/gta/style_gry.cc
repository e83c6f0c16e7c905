#include "formats/gta/style_gry.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "formats/common/format_error.h"
#include "formats/gta/style_internal.h"

namespace kbot::gta {

namespace {

using style_internal::LocateSections;
using style_internal::Raw;
using style_internal::RoundUp;
using style_internal::SectionLayout;
using style_internal::TileBytes;

// The thirteen header words, with the version checked.
absl::StatusOr<StyleHeader> ReadGryHeader(Bytes file, absl::string_view name) {
  ByteReader r(file);
  uint32_t h[13];
  for (int i = 0; i < 13; ++i) {
    if (!r.U32(h[i])) {
      return ErrorNamingOffset(name, "header", 4 * i,
                               absl::StrCat("the file is ", file.size(),
                                            " bytes, shorter than the 52-byte 8-bit style header"
                                            " (u32 ", i, " at ", Hex(4 * i), ")"));
    }
  }
  if (h[0] != kGryStyleVersion) {
    return ErrorAt(name, "header", 0,
                   absl::StrCat("version ", h[0], ", expected ", kGryStyleVersion));
  }
  StyleHeader hd;
  hd.version = h[0];
  hd.side_size = h[1], hd.lid_size = h[2], hd.aux_size = h[3], hd.anim_size = h[4];
  hd.palette_size = h[5], hd.remap_size = h[6], hd.remap_index_size = h[7];
  hd.object_info_size = h[8], hd.car_size = h[9], hd.sprite_info_size = h[10];
  hd.sprite_graphics_size = h[11], hd.sprite_numbers_size = h[12];
  return hd;
}

absl::Status CheckGrySizes(const StyleHeader& hd, absl::string_view name) {
  if (absl::Status s = style_internal::CheckTileSizes(hd, name); !s.ok()) return s;
  if (hd.palette_size != kGryPaletteBytes) {
    return ErrorIn(name, "header", absl::StrCat("palette size ", hd.palette_size, ", expected ",
                                                kGryPaletteBytes, " (256 x R, G, B)"));
  }
  if (hd.remap_size % kRemapTableBytes != 0) {
    return ErrorIn(name, "header",
                   absl::StrCat("remap table size ", hd.remap_size,
                                " is not a multiple of 256 (one table)"));
  }
  return absl::OkStatus();
}

struct GrySectionBytes {
  style_internal::SharedSections shared;
  Bytes palette, remap_tables, remap_index;
};

std::vector<SectionLayout> GryLayout(const StyleHeader& hd, GrySectionBytes& out) {
  style_internal::SharedSections& sh = out.shared;
  const uint64_t tile_bytes = TileBytes(hd);
  return {
      {"tiles", tile_bytes, RoundUp(tile_bytes, kTilePadding), &sh.tiles},
      {"animations", hd.anim_size, hd.anim_size, &sh.animations},
      {"palette", hd.palette_size, hd.palette_size, &out.palette},
      {"remap tables", hd.remap_size, hd.remap_size, &out.remap_tables},
      {"remap index", hd.remap_index_size, hd.remap_index_size, &out.remap_index},
      {"object info", hd.object_info_size, hd.object_info_size, &sh.object_info},
      {"cars", hd.car_size, hd.car_size, &sh.cars},
      {"sprite info", hd.sprite_info_size, hd.sprite_info_size, &sh.sprite_info},
      {"sprite graphics", hd.sprite_graphics_size, hd.sprite_graphics_size, &sh.sprite_graphics},
      {"sprite numbers", hd.sprite_numbers_size, hd.sprite_numbers_size, &sh.sprite_numbers},
  };
}

// The 768 bytes as colours: 6-bit VGA values scaled to 8 bits so that 63
// gives 255; a palette with a value over 63 is kept as it is, with a warning.
palette::Palette ReadGryPalette(Bytes bytes, Style& style) {
  const uint8_t top = *std::max_element(bytes.begin(), bytes.end());
  const bool six_bit = top <= 63;
  if (!six_bit) {
    style.warnings.push_back(absl::StrCat(style.name, ": palette: a value of ", int(top),
                                          ", over the 6-bit 63: read as 8-bit values"));
  }
  palette::Palette p;
  for (int e = 0; e < 256; ++e) {
    uint8_t c[3];
    for (int i = 0; i < 3; ++i) {
      const uint8_t v = bytes[size_t(3 * e + i)];
      c[i] = six_bit ? uint8_t((v << 2) | (v >> 4)) : v;
    }
    p.colors[e] = palette::Rgb{c[0], c[1], c[2]};
  }
  return p;
}

// The remap index in whole entries. A ragged end is a warning, and so are
// lids the index has no entries for (asking for their remaps is an error
// naming the entry: Style::TileRemapTable).
void ReadRemapIndex(Bytes bytes, Style& style) {
  const size_t whole = bytes.size() / kLidRemapEntries * kLidRemapEntries;
  if (whole != bytes.size()) {
    style.warnings.push_back(absl::StrCat(style.name, ": remap index: ", bytes.size(),
                                          " bytes, not whole 4-byte entries; the last ",
                                          bytes.size() - whole, " ignored"));
  }
  style.remap_index.assign(bytes.begin(), bytes.begin() + whole);
  const size_t lids = style.header.lid_size / kTileBytes;  // before TakeSharedSections counts them
  if (style.remap_index.size() < lids * kLidRemapEntries) {
    style.warnings.push_back(absl::StrCat(style.name, ": remap index: entries for ",
                                          style.remap_index.size() / kLidRemapEntries,
                                          " lid tile(s), fewer than the ", lids, " stored"));
  }
}

}  // namespace

absl::StatusOr<Style> ReadGryStyle(Bytes file, absl::string_view name) {
  Style style;
  style.depth = StyleDepth::k8Bit;
  style.name = std::string(name);
  absl::StatusOr<StyleHeader> header = ReadGryHeader(file, name);
  if (!header.ok()) return header.status();
  if (absl::Status s = CheckGrySizes(*header, name); !s.ok()) return s;
  style.header = *header;
  GrySectionBytes sections;
  if (absl::Status s = LocateSections(file, kGryHeaderSize, GryLayout(*header, sections), style);
      !s.ok()) {
    return s;
  }
  style.base_palette = ReadGryPalette(sections.palette, style);
  style.remap_tables = Raw(sections.remap_tables);
  ReadRemapIndex(sections.remap_index, style);
  if (absl::Status s = style_internal::TakeSharedSections(sections.shared, style); !s.ok()) {
    return s;
  }
  return style;
}

}  // namespace kbot::gta
