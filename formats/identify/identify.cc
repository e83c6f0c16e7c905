#include "formats/identify/identify.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "absl/strings/str_cat.h"
#include "formats/gta/fxt.h"
#include "formats/gta/picture.h"
#include "formats/gta/player.h"
#include "formats/palette/palette.h"
#include "formats/identify/identify_internal.h"

namespace kbot::identify {

namespace {

bool StartsWith(Bytes b, absl::string_view magic, size_t at = 0) {
  return b.size() >= at + magic.size() &&
         std::memcmp(b.data() + at, magic.data(), magic.size()) == 0;
}

// Files that say what they are in their first bytes.
std::optional<FileIdentity> Magic(Bytes b) {
  if (StartsWith(b, "HAPI")) {
    if (StartsWith(b, "BANK", 4)) return FileIdentity{FileKind::kSavedGame, "a TA saved game"};
    if (b.size() < 8) return FileIdentity{FileKind::kHpi, "an HPI archive (cut short)"};
    const uint32_t version = LoadU32(b.data() + 4);
    const std::string v = version == 0x00010000   ? "1"
                          : version == 0x00020000 ? "2"
                                                  : Hex(version);
    return FileIdentity{FileKind::kHpi, absl::StrCat("an HPI archive (version ", v, ")")};
  }
  if (StartsWith(b, "\x89PNG\r\n\x1a\n")) return FileIdentity{FileKind::kPng, "a PNG picture"};
  if (StartsWith(b, "GIF87a") || StartsWith(b, "GIF89a")) {
    return FileIdentity{FileKind::kGif, "a GIF picture"};
  }
  if (StartsWith(b, "\xff\xd8\xff")) return FileIdentity{FileKind::kJpeg, "a JPEG picture"};
  if (StartsWith(b, "BM") && b.size() >= 6 && LoadU32(b.data() + 2) == b.size()) {
    return FileIdentity{FileKind::kBmp, "a BMP picture"};
  }
  if (StartsWith(b, "RIFF") && StartsWith(b, "WAVE", 8)) {
    return FileIdentity{FileKind::kWav, "a WAV sound"};
  }
  if (StartsWith(b, "PK\x03\x04")) return FileIdentity{FileKind::kZip, "a ZIP archive"};
  return std::nullopt;
}

// FXT: some starting values of the cipher decrypt the file's start to
// records. Its first KB holds a few of them, and is enough to tell.
std::optional<FileIdentity> Fxt(Bytes b) {
  if (b.empty() || !gta::DeriveFxtCipher(b.first(std::min<size_t>(b.size(), 1024)), "").ok()) {
    return std::nullopt;
  }
  return FileIdentity{FileKind::kFxt, "a GTA1 text file (FXT)"};
}

// Text: its first 64 KB LooksLikeText (no NUL, few control bytes). Named by
// its first line, which tells a TDF from an INI at a glance.
std::optional<FileIdentity> Text(Bytes b) {
  const size_t n = std::min<size_t>(b.size(), 64 * 1024);
  if (!LooksLikeText(b.first(n))) return std::nullopt;
  size_t start = 0;
  while (start < n && (b[start] == '\n' || b[start] == '\r' || b[start] == ' ')) ++start;
  size_t end = start;
  while (end < n && b[end] != '\n' && b[end] != '\r' && end - start < 40) ++end;
  // Shown in messages (and JSON): printable ASCII only, whatever the encoding.
  std::string first(b.begin() + start, b.begin() + end);
  for (char& c : first) c = (uint8_t(c) >= 0x20 && uint8_t(c) < 0x7f) ? c : '?';
  return FileIdentity{FileKind::kText, absl::StrCat("a text file, starting \"", first, "\"")};
}

// Kinds told by their size alone. A small text file of one of these sizes is
// text: palettes and settings hold NUL bytes.
std::optional<FileIdentity> BySize(Bytes b) {
  const size_t n = b.size();
  if ((n == palette::kPalSize || n == gta::kRgbPaletteSize || n == gta::kPlayerFileSize) &&
      Text(b)) {
    return std::nullopt;
  }
  if (b.size() == palette::kPalSize) {
    return FileIdentity{FileKind::kPal, "a 256-colour palette (PAL)"};
  }
  if (b.size() == gta::kRgbPaletteSize) {
    return FileIdentity{FileKind::kRgbPalette, "a 768-byte RGB palette (ACT, or GTA1's F_PAL.RAW)"};
  }
  if (b.size() == gta::kPlayerFileSize) {
    return FileIdentity{FileKind::kPlayerFile, "GTA1 saved settings (PLAYER_A.DAT)"};
  }
  for (const gta::PictureSize& p : gta::kFrontendPictureSizes) {
    const size_t pixels = size_t(p.width) * size_t(p.height);
    const std::string size = absl::StrCat(p.width, " x ", p.height);
    if (b.size() == pixels * 3) {
      return FileIdentity{FileKind::kRawPicture,
                          absl::StrCat("a GTA1 frontend picture (RAW, ", size, ", 24-bit)")};
    }
    if (b.size() == pixels) {
      return FileIdentity{FileKind::kRatPicture,
                          absl::StrCat("a GTA1 frontend picture (RAT, ", size, ", 8-bit)")};
    }
  }
  return std::nullopt;
}

}  // namespace

FileIdentity IdentifyFile(Bytes bytes) {
  using Check = std::optional<FileIdentity> (*)(Bytes);
  // The most certain first: a later check may also match what an earlier one
  // names (a city map can pass for a GAF with one sequence).
  static constexpr Check kChecks[] = {Magic, CityMap, Style, Gaf,        TaMap,  Model3do, Cob,
                                      Pcx,   Font,    Fxt,   MissionIni, BySize, Text};
  for (Check check : kChecks) {
    if (std::optional<FileIdentity> id = check(bytes)) return *std::move(id);
  }
  return FileIdentity{};
}

}  // namespace kbot::identify
