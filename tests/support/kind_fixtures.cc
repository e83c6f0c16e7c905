#include "tests/support/kind_fixtures.h"

#include <algorithm>
#include <cstdlib>

#include "tests/support/gaf_bytes.h"
#include "tests/support/gta_bytes.h"
#include "tests/support/hpi_bytes.h"

namespace kbot::testing {

namespace {

using identify::FileKind;

std::vector<uint8_t> OneSequenceGaf(uint32_t version, uint8_t storage,
                                    std::vector<uint8_t> payload) {
  FixtureFrame f;
  f.width = 1;
  f.height = 1;
  f.storage = storage;
  f.payload = std::move(payload);
  return LayOutGaf({FixtureSequence{"one", 1, 0, {f}}}, version).bytes;
}

// Bytes that count up by 7, so they hold a NUL now and then (never text) and
// no run a format would mistake for structure.
std::vector<uint8_t> Pattern(size_t n) {
  std::vector<uint8_t> out(n);
  for (size_t i = 0; i < n; ++i) out[i] = uint8_t(i * 7 + 1);
  return out;
}

// A 1 x 1 256-colour PCX: the 128-byte header, one run-length line of two
// bytes (bytes per line is even), then 0x0C and 768 bytes of palette.
std::vector<uint8_t> Pcx() {
  ByteBuilder b;
  b.U8(0x0A).U8(5).U8(1).U8(8).U16(0).U16(0).U16(0).U16(0).U16(72).U16(72);
  while (b.size() < 65) b.U8(0);  // 16-colour palette, reserved
  b.U8(1).U16(2);                 // planes, bytes per line
  while (b.size() < 128) b.U8(0);
  b.U8(5).U8(0).U8(0x0C);
  for (int i = 0; i < 768; ++i) b.U8(uint8_t(i));
  return b.data;
}

// "[k1]Café\0[k1]Noël\0[]\x1a\0[]" under the documented cipher (the bytes of
// the FXT tests, computed there by hand).
std::vector<uint8_t> Fxt() {
  return {0xbf, 0x32, 0xbe, 0x76, 0x74, 0xc2, 0x27, 0x44, 0xaa, 0x01, 0x5c, 0x6c, 0x32,
          0x5e, 0x4f, 0x70, 0xc4, 0xac, 0x6d, 0x01, 0x5c, 0x5e, 0x1b, 0x01, 0x5c, 0x5e};
}

// One glyph 1 pixel wide and 2 high, then the palette.
std::vector<uint8_t> Font() {
  ByteBuilder b;
  b.U8(1).U8(2).U8(1).U8(3).U8(0);
  for (int i = 0; i < 768; ++i) b.U8(uint8_t(i / 3));
  return b.data;
}

std::vector<uint8_t> Style() {
  ByteBuilder b;
  b.U32(336);
  for (int i = 1; i < 16; ++i) b.U32(0);
  return b.data;
}

// PLAYER_A.DAT: 0x414 bytes, a high score and a player named.
std::vector<uint8_t> Player() {
  std::vector<uint8_t> b(0x414, 0);
  b[0x18] = 100;
  const std::string bob = "Bob", alice = "Alice";
  std::copy(bob.begin(), bob.end(), b.begin() + 0x1c);
  std::copy(alice.begin(), alice.end(), b.begin() + 0x180);
  return b;
}

// A TA map header: version 0x2000, 4 x 4 cells, every section at 0x40.
// A 3DO of one empty piece: the 52-byte root header (version 1, no
// vertices, no primitives, no sibling or child), then its name.
std::vector<uint8_t> Model3do() {
  ByteBuilder b;
  b.U32(1).U32(0).U32(0).U32(0xFFFFFFFF).U32(0).U32(0).U32(0).U32(52);
  b.U32(0).U32(0).U32(0).U32(0).U32(0);
  for (char c : std::string("base")) b.U8(uint8_t(c));
  b.U8(0);
  return b.data;
}

// A TA COB: the 44-byte header, one script (Create: RETURN) and one piece
// (base): start table at 44, name tables at 48 and 52, code at 56, names at
// 60 and 67.
std::vector<uint8_t> Cob() {
  ByteBuilder b;
  b.U32(4).U32(1).U32(1).U32(1).U32(0).U32(0).U32(44).U32(48).U32(52).U32(56).U32(60);
  b.U32(0).U32(60).U32(67).U32(0x10065000);
  for (char c : std::string("Create")) b.U8(uint8_t(c));
  b.U8(0);
  for (char c : std::string("base")) b.U8(uint8_t(c));
  b.U8(0);
  return b.data;
}

std::vector<uint8_t> Tnt() {
  ByteBuilder b;
  b.U32(0x2000).U32(4).U32(4);
  for (int i = 0; i < 13; ++i) b.U32(0x40);
  return b.data;
}

std::vector<uint8_t> Text(const std::string& s) { return {s.begin(), s.end()}; }

std::vector<KindFixture> Make() {
  std::vector<uint8_t> pal(1024, 0);
  for (size_t i = 0; i < 1024; ++i) pal[i] = i % 4 == 3 ? 0 : uint8_t(i / 4);
  std::vector<uint8_t> saved = Text("HAPIBANK");
  saved.resize(64, 0);
  std::vector<uint8_t> png = Text("\x89PNG\r\n\x1a\n");
  png.resize(40, 0);
  return {
      {"units/arm.gaf", FileKind::kGaf, "a GAF/TAF sprite animation file (1 sequence)",
       OneSequenceGaf(0x00010100, 0, {7})},
      {"ui/build.gaf", FileKind::kTa3dGaf, "a TA3D truecolor GAF (1 sequence)",
       OneSequenceGaf(0x00010101, 1, Ta3dData(StoredZlib({1, 2, 3})))},
      {"anims/glow.taf", FileKind::kGaf, "a TA: Kingdoms truecolor TAF (1 sequence)",
       OneSequenceGaf(0x00010100, 4, {0xff, 0xff})},
      {"totala1.hpi", FileKind::kHpi, "an HPI archive (version 1)",
       FlatHpiV1({{"readme.txt", BytesOf("hi")}})},
      {"save1.sav", FileKind::kSavedGame, "a TA saved game", saved},
      {"palettes/palette.pal", FileKind::kPal, "a 256-colour palette (PAL)", pal},
      {"GTADATA/CUT1.ACT", FileKind::kRgbPalette,
       "a 768-byte RGB palette (ACT, or GTA1's F_PAL.RAW)", Pattern(768)},
      {"palettes/aramon.pcx", FileKind::kPcx, "a PCX picture (1 x 1, 8-bit)", Pcx()},
      {"GTADATA/DEMO.CMP", FileKind::kCityMap, "a GTA1 city map (version 331)",
       CmpFile().Bytes()},
      {"GTADATA/STYLE001.G24", FileKind::kStyle, "a GTA1 style (version 336)", Style()},
      {"GTADATA/ENGLISH.FXT", FileKind::kFxt, "a GTA1 text file (FXT)", Fxt()},
      {"GTADATA/DEMO.FON", FileKind::kFont, "a GTA1 font (1 glyph, 2 pixels high)", Font()},
      {"GTADATA/F_RSTAR.RAW", FileKind::kRawPicture,
       "a GTA1 frontend picture (RAW, 64 x 59, 24-bit)", Pattern(64 * 59 * 3)},
      {"GTADATA/F_RSTAR.RAT", FileKind::kRatPicture,
       "a GTA1 frontend picture (RAT, 64 x 59, 8-bit)", Pattern(64 * 59)},
      {"PLAYER_A.DAT", FileKind::kPlayerFile, "GTA1 saved settings (PLAYER_A.DAT)", Player()},
      {"GTADATA/MISSION.INI", FileKind::kMission, "a GTA1 mission script (MISSION.INI)",
       Text("[1]\r\nTown, 22, nyc.cmp, 0,\r\n100 1 1 1 1 0\r\n"
            "0 1 (40,60,4) TELEPHONE 0 768\r\n-1\r\n0 DONOWT 0 0 0 0 0\r\n-1\r\n")},
      {"units/armcom.fbi", FileKind::kText, "a text file, starting \"[UNITINFO]\"",
       Text("[UNITINFO]\r\n\t{\r\n\tName=Commander;\r\n\t}\r\n")},
      {"maps/coast.tnt", FileKind::kTnt, "a TA map (TNT, 4 x 4 cells)", Tnt()},
      {"objects3d/armcom.3do", FileKind::kModel3do, "a TA unit model (3DO)", Model3do()},
      {"scripts/armcom.cob", FileKind::kCob, "a TA unit script (COB, 1 script)", Cob()},
      {"pics/shot.png", FileKind::kPng, "a PNG picture", png},
  };
}

}  // namespace

std::vector<KindFixture> KindFixtures() {
  static const std::vector<KindFixture> fixtures = Make();
  return fixtures;
}

const KindFixture& KindFixtureOf(identify::FileKind kind) {
  static const std::vector<KindFixture> fixtures = Make();
  for (const KindFixture& f : fixtures) {
    if (f.kind == kind) return f;
  }
  std::abort();
}

}  // namespace kbot::testing
