// The checks of identify.h that read a header or walk a structure.
#include "formats/identify/identify_internal.h"

#include "absl/strings/str_cat.h"

namespace kbot::identify {

namespace {

constexpr uint32_t kCityMapVersion = 331;
constexpr size_t kCityMapFixed = 28 + 0x40000 + 0x6c;  // header, base table, services
constexpr uint32_t kStyleVersion = 336;
constexpr size_t kStyleHeader = 64;
constexpr uint32_t kGafStandard = 0x00010100, kGafTa3d = 0x00010101;
constexpr size_t kGafSequenceHeader = 40, kGafFrameInfo = 24;
constexpr uint32_t kTntTa = 0x2000, kTntTak = 0x4000;
constexpr size_t kTntHeader = 0x40;
constexpr size_t kFontPalette = 768;

uint32_t U32At(Bytes b, size_t at) { return at + 4 <= b.size() ? LoadU32(b.data() + at) : 0; }
uint16_t U16At(Bytes b, size_t at) { return at + 2 <= b.size() ? LoadU16(b.data() + at) : 0; }

std::string Plural(uint64_t n, absl::string_view one, absl::string_view many) {
  return absl::StrCat(n, " ", n == 1 ? one : many);
}

}  // namespace

std::optional<FileIdentity> CityMap(Bytes b) {
  if (b.size() < kCityMapFixed || U32At(b, 0) != kCityMapVersion) return std::nullopt;
  uint64_t sections = 0;
  for (size_t at = 8; at < 28; at += 4) sections += U32At(b, at);
  const bool adds_up = kCityMapFixed + sections == b.size();
  return FileIdentity{FileKind::kCityMap,
                      absl::StrCat("a GTA1 city map (version 331",
                                   adds_up ? "" : "; its section sizes do not add up to its size",
                                   ")")};
}

std::optional<FileIdentity> Style(Bytes b) {
  if (b.size() < kStyleHeader || U32At(b, 0) != kStyleVersion) return std::nullopt;
  uint64_t sections = 0;
  for (size_t at = 4; at < kStyleHeader; at += 4) sections += U32At(b, at);
  if (sections > b.size()) return std::nullopt;
  return FileIdentity{FileKind::kStyle, "a GTA1 style (version 336)"};
}

// A GAF's header, sequence table and sequence headers lie inside the file; the
// first frame's storage byte tells a TA: Kingdoms truecolor TAF.
std::optional<FileIdentity> Gaf(Bytes b) {
  const uint32_t version = U32At(b, 0), count = U32At(b, 4);
  if (b.size() < 12 || (version != kGafStandard && version != kGafTa3d && version != 0)) {
    return std::nullopt;
  }
  if (uint64_t(count) * 4 > b.size() - 12 || (version == 0 && count == 0)) return std::nullopt;
  bool truecolor_frames = false;
  for (uint32_t s = 0; s < count; ++s) {
    const uint32_t at = U32At(b, 12 + 4 * size_t(s));
    if (uint64_t(at) + kGafSequenceHeader > b.size()) return std::nullopt;
    const uint16_t frames = U16At(b, at);
    if (uint64_t(at) + kGafSequenceHeader + 8ull * frames > b.size()) return std::nullopt;
    if (frames == 0) continue;
    const uint32_t info = U32At(b, at + kGafSequenceHeader);
    if (uint64_t(info) + kGafFrameInfo > b.size()) return std::nullopt;
    truecolor_frames = truecolor_frames || b[info + 9] == 4 || b[info + 9] == 5;
  }
  const std::string sequences = Plural(count, "sequence", "sequences");
  if (version == kGafTa3d) {
    return FileIdentity{FileKind::kTa3dGaf, absl::StrCat("a TA3D truecolor GAF (", sequences, ")")};
  }
  return FileIdentity{FileKind::kGaf,
                      absl::StrCat(truecolor_frames ? "a TA: Kingdoms truecolor TAF ("
                                                    : "a GAF/TAF sprite animation file (",
                                   sequences, ")")};
}

// TNT: a version, a size in cells, and (TA) section offsets inside the file.
std::optional<FileIdentity> TaMap(Bytes b) {
  const uint32_t version = U32At(b, 0), w = U32At(b, 4), h = U32At(b, 8);
  if (b.size() < kTntHeader || (version != kTntTa && version != kTntTak)) return std::nullopt;
  if (w == 0 || h == 0 || w > 0x10000 || h > 0x10000) return std::nullopt;
  if (version == kTntTa) {
    for (size_t at : {0x0c, 0x10, 0x14, 0x20, 0x28}) {
      if (U32At(b, at) > b.size()) return std::nullopt;
    }
  }
  return FileIdentity{FileKind::kTnt,
                      absl::StrCat(version == kTntTa ? "a TA map (TNT, " : "a TA: Kingdoms map (TNT, ",
                                   w, " x ", h, " cells)")};
}

// The 128-byte PCX header: manufacturer 0x0A, a known version, run-length or
// no encoding, a usual depth and plane count, a window the right way round.
std::optional<FileIdentity> Pcx(Bytes b) {
  if (b.size() < 128 || b[0] != 0x0A) return std::nullopt;
  // A 1024-byte PAL may start with 0x0A too; a PCX of that size would carry
  // its palette behind a 0x0C marker.
  if (b.size() == 1024 && b[1024 - 769] != 0x0C) return std::nullopt;
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
  if (b.size() < 2 + kFontPalette || b[0] == 0 || b[1] == 0) return std::nullopt;
  const size_t count = b[0], height = b[1], glyphs_end = b.size() - kFontPalette;
  size_t at = 2;
  for (size_t g = 0; g < count; ++g) {
    if (at >= glyphs_end) return std::nullopt;
    at += 1 + size_t(b[at]) * height;
  }
  if (at != glyphs_end) return std::nullopt;
  return FileIdentity{FileKind::kFont, absl::StrCat("a GTA1 font (", Plural(count, "glyph", "glyphs"),
                                                    ", ", height, " pixels high)")};
}

}  // namespace kbot::identify
