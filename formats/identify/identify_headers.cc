// The checks of identify.h that read a header or walk a structure.
#include "formats/identify/identify_internal.h"

#include "absl/strings/str_cat.h"
#include "formats/gaf/gaf.h"
#include "formats/cob/cob.h"
#include "formats/gta/cmp.h"
#include "formats/gta/font.h"
#include "formats/gta/style.h"
#include "formats/gta/style_gry.h"
#include "formats/model3do/model3do.h"
#include "formats/palette/palette.h"
#include "formats/tnt/tnt.h"

namespace kbot::identify {

namespace {

// A city map's parts whatever its sections' sizes: header, base table,
// service locations.
constexpr size_t kCityMapFixed = gta::kCmpHeaderSize + gta::kCmpBaseSize + gta::kCmpLocationsSize;

uint32_t U32At(Bytes b, size_t at) { return at + 4 <= b.size() ? LoadU32(b.data() + at) : 0; }
uint16_t U16At(Bytes b, size_t at) { return at + 2 <= b.size() ? LoadU16(b.data() + at) : 0; }

std::string Plural(uint64_t n, absl::string_view one, absl::string_view many) {
  return absl::StrCat(n, " ", n == 1 ? one : many);
}

}  // namespace

std::optional<FileIdentity> CityMap(Bytes b) {
  if (b.size() < kCityMapFixed || U32At(b, 0) != gta::kCmpVersion) return std::nullopt;
  uint64_t sections = 0;
  for (size_t at = 8; at < gta::kCmpHeaderSize; at += 4) sections += U32At(b, at);
  const bool adds_up = kCityMapFixed + sections == b.size();
  return FileIdentity{FileKind::kCityMap,
                      absl::StrCat("a GTA1 city map (version 331",
                                   adds_up ? "" : "; its section sizes do not add up to its size",
                                   ")")};
}

// An 8-bit style (.GRY): thirteen header words, all sizes of sections
// stored (formats/gta/style_gry.h), the palette 768 bytes.
std::optional<FileIdentity> GryStyle(Bytes b) {
  if (b.size() < gta::kGryHeaderSize || U32At(b, 20) != gta::kGryPaletteBytes) {
    return std::nullopt;
  }
  uint64_t sections = 0;
  for (size_t word = 1; word < 13; ++word) sections += U32At(b, 4 * word);
  if (sections > b.size()) return std::nullopt;
  return FileIdentity{FileKind::kStyle, "a GTA1 8-bit style (version 325)"};
}

std::optional<FileIdentity> Style(Bytes b) {
  if (U32At(b, 0) == gta::kGryStyleVersion) return GryStyle(b);
  if (b.size() < gta::kStyleHeaderSize || U32At(b, 0) != gta::kStyleVersion) {
    return std::nullopt;
  }
  // The sections stored: side, lid, aux, anim, CLUTs (u32 1-5), then palette
  // index, object info, cars, sprite info, sprite graphics, sprite numbers
  // (u32 10-15). u32 6-9 split the CLUTs between their users and describe no
  // section of their own (formats/gta/style.h), so they are not added.
  uint64_t sections = 0;
  for (size_t word = 1; word < 16; ++word) {
    if (word < 6 || word > 9) sections += U32At(b, 4 * word);
  }
  if (sections > b.size()) return std::nullopt;
  return FileIdentity{FileKind::kStyle, "a GTA1 style (version 336)"};
}

// A GAF's header, sequence table and sequence headers lie inside the file; the
// first frame's storage byte tells a TA: Kingdoms truecolor TAF.
std::optional<FileIdentity> Gaf(Bytes b) {
  const uint32_t version = U32At(b, 0), count = U32At(b, 4);
  if (b.size() < gaf::kHeaderSize ||
      (version != gaf::kVersionStandard && version != gaf::kVersionTa3dTruecolor &&
       version != gaf::kVersionZero)) {
    return std::nullopt;
  }
  if (uint64_t(count) * 4 > b.size() - gaf::kHeaderSize ||
      (version == gaf::kVersionZero && count == 0)) {
    return std::nullopt;
  }
  bool truecolor_frames = false;
  for (uint32_t s = 0; s < count; ++s) {
    const uint32_t at = U32At(b, gaf::kHeaderSize + 4 * size_t(s));
    if (uint64_t(at) + gaf::kSequenceHeaderSize > b.size()) return std::nullopt;
    const uint16_t frames = U16At(b, at);
    if (uint64_t(at) + gaf::kSequenceHeaderSize + gaf::kFrameListItemSize * frames > b.size()) {
      return std::nullopt;
    }
    if (frames == 0) continue;
    const uint32_t info = U32At(b, at + gaf::kSequenceHeaderSize);
    if (uint64_t(info) + gaf::kFrameInfoSize > b.size()) return std::nullopt;
    const uint8_t storage = b[info + 9];
    truecolor_frames = truecolor_frames || storage == gaf::kStorageArgb4444 ||
                       storage == gaf::kStorageArgb1555;
  }
  const std::string sequences = Plural(count, "sequence", "sequences");
  if (version == gaf::kVersionTa3dTruecolor) {
    return FileIdentity{FileKind::kTa3dGaf, absl::StrCat("a TA3D truecolor GAF (", sequences, ")")};
  }
  return FileIdentity{FileKind::kGaf,
                      absl::StrCat(truecolor_frames ? "a TA: Kingdoms truecolor TAF ("
                                                    : "a GAF/TAF sprite animation file (",
                                   sequences, ")")};
}

// TNT: a version, the game's header (0x40 bytes TA, 0x34 TA: Kingdoms), a
// size in cells, and the offsets of the sections tnt::ReadTnt needs inside
// the file: the per-cell arrays always, the per-tile-position arrays when
// the map has a tile position, the tile graphics and the feature table when
// their counts are not 0. Minimaps are not checked: the reader takes one
// outside the file as absent. (A map too large for the reader is still a
// TNT: the reader then says so.)
std::optional<FileIdentity> TaMap(Bytes b) {
  const uint32_t version = U32At(b, 0), w = U32At(b, 4), h = U32At(b, 8);
  const bool ta = version == tnt::kVersionTa;
  if (!ta && version != tnt::kVersionKingdoms) return std::nullopt;
  if (b.size() < (ta ? tnt::kTaHeaderSize : tnt::kKingdomsHeaderSize)) return std::nullopt;
  if (w == 0 || h == 0 || w > 0x10000 || h > 0x10000) return std::nullopt;
  const auto inside = [&](size_t at) { return U32At(b, at) <= b.size(); };
  const bool positions = w >= 2 && h >= 2;
  const bool sections =
      ta ? inside(0x10) && (!positions || inside(0x0C)) && (U32At(b, 0x18) == 0 || inside(0x14)) &&
               (U32At(b, 0x1C) == 0 || inside(0x20))
         : inside(0x10) && inside(0x14) && (U32At(b, 0x1C) == 0 || inside(0x18)) &&
               (!positions || (inside(0x20) && inside(0x24) && inside(0x28)));
  if (!sections) return std::nullopt;
  return FileIdentity{FileKind::kTnt, absl::StrCat(ta ? "a TA map" : "a TA: Kingdoms map",
                                                   " (TNT, ", w, " x ", h, " cells)")};
}

// 3DO: the root piece's 52-byte header, version 1, its name inside the
// file after the header, its vertex and primitive arrays inside the file,
// its sibling and child offsets inside it.
std::optional<FileIdentity> Model3do(Bytes b) {
  if (b.size() < model3do::kPieceHeaderBytes || U32At(b, 0) != 1) return std::nullopt;
  const uint64_t vertices = U32At(b, 0x04), primitives = U32At(b, 0x08);
  const uint32_t name = U32At(b, 0x1C);
  if (name < model3do::kPieceHeaderBytes || name >= b.size()) return std::nullopt;
  if (U32At(b, 0x24) + vertices * model3do::kVertexBytes > b.size()) return std::nullopt;
  if (U32At(b, 0x28) + primitives * model3do::kPrimitiveBytes > b.size()) return std::nullopt;
  if (U32At(b, 0x2C) >= b.size() || U32At(b, 0x30) >= b.size()) return std::nullopt;
  return FileIdentity{FileKind::kModel3do, "a TA unit model (3DO)"};
}

// COB: version 4 (TA) or 6 (TA: Kingdoms), its header, and the script,
// name and piece tables and the code inside the file.
std::optional<FileIdentity> Cob(Bytes b) {
  const uint32_t version = U32At(b, 0);
  const bool ta = version == cob::kVersionTa;
  if (!ta && version != cob::kVersionKingdoms) return std::nullopt;
  if (b.size() < (ta ? cob::kTaHeaderBytes : cob::kKingdomsHeaderBytes)) return std::nullopt;
  const uint64_t scripts = U32At(b, 0x04), pieces = U32At(b, 0x08), words = U32At(b, 0x0C);
  const auto inside = [&](size_t at, uint64_t count) {
    return uint64_t(U32At(b, at)) + count * 4 <= b.size();
  };
  if (!inside(0x18, scripts) || !inside(0x1C, scripts) || !inside(0x20, pieces) ||
      !inside(0x24, words)) {
    return std::nullopt;
  }
  return FileIdentity{FileKind::kCob, absl::StrCat(ta ? "a TA" : "a TA: Kingdoms",
                                                   " unit script (COB, ", Plural(scripts, "script", "scripts"), ")")};
}

// The 128-byte PCX header: manufacturer 0x0A, a known version, run-length or
// no encoding, a usual depth and plane count, a window the right way round.
std::optional<FileIdentity> Pcx(Bytes b) {
  if (b.size() < palette::kPcxHeaderSize || b[0] != 0x0A) return std::nullopt;
  // A 1024-byte PAL may start with 0x0A too; a PCX of that size would carry
  // its palette behind a 0x0C marker.
  if (b.size() == palette::kPalSize &&
      b[palette::kPalSize - palette::kPcxPaletteTrailer] != 0x0C) {
    return std::nullopt;
  }
  const uint8_t version = b[1], encoding = b[2], bits = b[3], planes = b[65];
  if (version > 5 || version == 1 || encoding > 1) return std::nullopt;
  if (bits != 1 && bits != 2 && bits != 4 && bits != 8) return std::nullopt;
  if (planes < 1 || planes > 4) return std::nullopt;
  const uint16_t x0 = U16At(b, 4), y0 = U16At(b, 6), x1 = U16At(b, 8), y1 = U16At(b, 10);
  if (x1 < x0 || y1 < y0) return std::nullopt;
  return FileIdentity{FileKind::kPcx, absl::StrCat("a PCX picture (", x1 - x0 + 1, " x ",
                                                   y1 - y0 + 1, ", ", bits * planes, "-bit)")};
}

// FON: count, height, the glyphs, then the 768-byte palette ends the file.
std::optional<FileIdentity> Font(Bytes b) {
  if (b.size() < 2 + gta::kFontPaletteSize || b[0] == 0 || b[1] == 0) return std::nullopt;
  const size_t count = b[0], height = b[1], glyphs_end = b.size() - gta::kFontPaletteSize;
  size_t at = 2;
  for (size_t g = 0; g < count; ++g) {
    if (at >= glyphs_end) return std::nullopt;
    at += 1 + size_t(b[at]) * height;
  }
  if (at != glyphs_end) return std::nullopt;
  return FileIdentity{FileKind::kFont, absl::StrCat("a GTA1 font (",
                                                    Plural(count, "glyph", "glyphs"), ", ",
                                                    height, " pixels high)")};
}

}  // namespace kbot::identify
