// What kind of file a byte span holds, told from its bytes alone (never from
// its name): so that a tool handed a file of another kind can say what the
// file is instead of reporting nonsense from reading it as its own format
// ("DEMO.CMP is a GTA1 city map (version 331)", not "a GAF with one nameless
// 331-frame sequence").
//
// The checks run from the most certain to the least, and the first that
// matches names the file:
//   1. magic numbers: HPI archive "HAPI" (a saved game has "BANK" as its
//      version), PNG, GIF, JPEG, BMP, RIFF WAVE and RIFF palettes, ZIP,
//      JASC text palettes;
//   2. headers whose values must agree with the file: GTA1 city map (u32
//      331, then five section sizes that add up to the file's size), GTA1
//      style (u32 336, sixteen u32), GAF / TAF (version 0x00010100, 0 or
//      0x00010101, a sequence table and sequence headers inside the file),
//      TA / TA: Kingdoms map (TNT: version 0x2000 / 0x4000, a size in cells,
//      sections inside the file), 3DO model (version 1, the root piece's
//      name, vertices, primitives and links inside the file), COB script
//      (version 4 / 6, its tables and code inside the file), PCX (0x0A, a
//      known version, encoding, depth and a 128-byte header);
//   3. structures that must fill the file exactly: GTA1 font (glyphs, then
//      a 768-byte palette, nothing left over), GTA1 text (FXT: the cipher
//      decrypts the start to a "[key]" record);
//   4. text of a known shape: GTA1 MISSION.INI (a "[N]" section header and
//      its config line "NAME, NUMBER, FILE.CMP, STYLE,"), before the sizes,
//      which a text file may happen to have;
//   5. sizes alone: 1024-byte PAL palette, 768-byte RGB palette (ACT), the
//      GTA1 frontend pictures (RAW 24-bit, RAT 8-bit) at the sizes the game
//      loads them, GTA1 saved settings (PLAYER_A.DAT, 0x414 bytes);
//   6. text: valid UTF-8 without NUL bytes, mostly printable.
// Anything else is kUnknown: a reader then reports what it finds.
#pragma once

#include <string>

#include "formats/common/byte_reader.h"

namespace kbot::identify {

enum class FileKind {
  kUnknown,
  kHpi,
  kSavedGame,
  kGaf,
  kTa3dGaf,
  kTnt,
  kModel3do,
  kCob,
  kPcx,
  kPal,
  kRgbPalette,
  kCityMap,
  kStyle,
  kFxt,
  kFont,
  kRawPicture,
  kRatPicture,
  kPlayerFile,
  kMission,
  kText,
  kPng,
  kGif,
  kJpeg,
  kBmp,
  kWav,
  kZip,
};

struct FileIdentity {
  FileKind kind = FileKind::kUnknown;
  // What it is, for a message: "a GTA1 city map (version 331)". Empty for
  // kUnknown.
  std::string what;
};

FileIdentity IdentifyFile(Bytes bytes);

}  // namespace kbot::identify
