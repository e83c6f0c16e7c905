// IdentifyFile names each kind from its bytes alone, the most certain check
// first, and leaves what it cannot tell unknown.
#include "formats/identify/identify.h"

#include <gtest/gtest.h>

#include "tests/support/expect_picture.h"
#include "tests/support/gta_bytes.h"
#include "tests/support/kind_fixtures.h"

namespace kbot::identify {
namespace {

using testing::AsBytes;

TEST(IdentifyFile, NamesEveryKindOfFixture) {
  for (const testing::KindFixture& f : testing::KindFixtures()) {
    const FileIdentity id = IdentifyFile(AsBytes(f.bytes));
    EXPECT_EQ(int(id.kind), int(f.kind)) << f.name << ": " << id.what;
    EXPECT_EQ(id.what, f.what) << f.name;
  }
}

TEST(IdentifyFile, ACityMapIsNotTakenForTheGafItCouldPassFor) {
  // The case: a city map's first words read as a GAF header with one
  // sequence; the map's own check runs first.
  testing::CmpFile cmp;
  cmp.style = 1;
  const FileIdentity id = IdentifyFile(AsBytes(cmp.Bytes()));
  EXPECT_EQ(id.kind, FileKind::kCityMap);
  std::vector<uint8_t> longer = cmp.Bytes();
  longer.resize(longer.size() + 10);
  EXPECT_EQ(IdentifyFile(AsBytes(longer)).what,
            "a GTA1 city map (version 331; its section sizes do not add up to its size)");
}

// A style's u32 6-9 split its CLUTs between tiles, sprites, car remaps and
// fonts; they are not sections. A style whose split is larger than its CLUTs
// (the four count logical palettes, many of which share a CLUT) is still a
// style: 64 header bytes + 16 KB of tiles (1 side, 1 lid) + one 64 KB CLUT
// page, with the split claiming 200 KB.
TEST(IdentifyFile, AStylesClutSplitIsNotASection) {
  std::vector<uint8_t> style(64 + 0x4000 + 0x10000, 0);
  const uint32_t words[16] = {336, 4096, 4096, 0, 0, 1024, 50 * 1024, 50 * 1024, 50 * 1024,
                              50 * 1024, 0, 0, 0, 0, 0, 0};
  for (int w = 0; w < 16; ++w) {
    for (int k = 0; k < 4; ++k) style[4 * w + k] = uint8_t(words[w] >> (8 * k));
  }
  EXPECT_EQ(IdentifyFile(style).kind, FileKind::kStyle);
  style[4 * 11 + 2] = 0x10;  // object info of 0x100000 bytes: past the file
  EXPECT_NE(IdentifyFile(style).kind, FileKind::kStyle);
}

TEST(IdentifyFile, WhatNothingMatchesIsUnknown) {
  for (const std::vector<uint8_t>& bytes :
       {std::vector<uint8_t>{}, std::vector<uint8_t>{0, 1, 2}, std::vector<uint8_t>(1000, 0),
        std::vector<uint8_t>{0x0A, 1, 2, 3}}) {
    const FileIdentity id = IdentifyFile(AsBytes(bytes));
    EXPECT_EQ(id.kind, FileKind::kUnknown) << id.what;
    EXPECT_EQ(id.what, "");
  }
}

TEST(IdentifyFile, ATextFileOfAPaletteSizeIsText) {
  std::string text(1024, 'a');
  text[10] = '\n';
  const FileIdentity id = IdentifyFile(AsBytes(std::vector<uint8_t>(text.begin(), text.end())));
  EXPECT_EQ(id.kind, FileKind::kText);
}

TEST(IdentifyFile, ATextsFirstLineIsShownInPrintableAscii) {
  const std::string latin1 = "\tCaf\xe9 cr\xe8me\r\nsecond line\n";
  const FileIdentity id = IdentifyFile(AsBytes(std::vector<uint8_t>(latin1.begin(), latin1.end())));
  EXPECT_EQ(id.kind, FileKind::kText);
  EXPECT_EQ(id.what, "a text file, starting \"?Caf? cr?me\"");
}

FileIdentity IdentifyText(const std::string& text) {
  return IdentifyFile(AsBytes(std::vector<uint8_t>(text.begin(), text.end())));
}

// A "[N]" header line and its config line "NAME, NUMBER, FILE.CMP, STYLE,"
// make a MISSION.INI: with LF or CRLF, text before the first section, the
// config on the header's line, a first section too damaged to tell.
TEST(IdentifyFile, AMissionIniByItsHeaderAndConfigLine) {
  for (const std::string& text : {
           std::string("[1]\nSample Run, 22, nyc.cmp, 0,\n100 1 1 1 1 0\n-1\n-1\n"),
           std::string("\r\n\r\n[1001]\r\n\r\n  Multi , 22 , SANB.CMP , 3\r\n"),
           std::string("notes before\n[1] Town, 22, nyc.cmp, 0,\n"),
           std::string("[1]\nbroken config\n-1\n[2]\r\nRun,22,nyc.cmp,0,\r\n"),
       }) {
    const FileIdentity id = IdentifyText(text);
    EXPECT_EQ(id.kind, FileKind::kMission) << text;
    EXPECT_EQ(id.what, "a GTA1 mission script (MISSION.INI)");
  }
}

// TA's text files (sections named, bodies in braces) and INI-like text that
// has a number for a section but no config line stay text.
TEST(IdentifyFile, TaTextFilesAndOtherIniFilesAreNotMissions) {
  for (const std::string& text : {
           std::string("[UNITINFO]\r\n\t{\r\n\tName=Commander;\r\n\t}\r\n"),
           std::string("[GlobalHeader]\r\n{\r\nmissionname=Lakes;\r\n[Schema 0]\r\n{\r\n}\r\n}"),
           std::string("[0]\r\n{\r\nname=a, 22, b.cmp, 0;\r\n}\r\n"),
           std::string("[1]\nname=value\n[2]\nother=1, 2, 3\n"),
           std::string("[1]\nTown, 22, nyc.map, 0,\n"),       // not a .cmp
           std::string("[1]\nTown, twenty, nyc.cmp, 0,\n"),   // not a number
           std::string("[1]\nTown, 22, nyc.cmp, 0, extra\n"), // a fifth field
           std::string("[x1]\nTown, 22, nyc.cmp, 0,\n"),
           std::string("Town, 22, nyc.cmp, 0,\n[1]\n"),      // no config after the header
       }) {
    EXPECT_EQ(IdentifyText(text).kind, FileKind::kText) << text;
  }
}

// Only the first eight sections are looked at: a large text file costs no
// more than its start.
TEST(IdentifyFile, AMissionIniIsToldFromItsFirstSections) {
  std::string text;
  for (int n = 1; n <= 8; ++n) text += "[" + std::to_string(n) + "]\nbroken\n";
  EXPECT_EQ(IdentifyText(text + "[9]\nTown, 22, nyc.cmp, 0,\n").kind, FileKind::kText);
  text.resize(text.size() - 7);  // drop the eighth "broken"
  EXPECT_EQ(IdentifyText(text + "Town, 22, nyc.cmp, 0,\n").kind, FileKind::kMission);
}

// The sizes that tell a headerless picture do not take a MISSION.INI of
// that size; binary bytes with a header are not text.
TEST(IdentifyFile, AMissionIniOfAPicturesSizeIsAMission) {
  std::string text = "[1]\r\nTown, 22, nyc.cmp, 0,\r\n100 1 1 1 1 0\r\n";
  text.resize(64 * 59, ' ');  // a RAT picture's size (64 x 59)
  EXPECT_EQ(IdentifyText(text).kind, FileKind::kMission);
  text.resize(1024);  // a PAL's
  EXPECT_EQ(IdentifyText(text).kind, FileKind::kMission);
  std::string binary = "[1]\nTown, 22, nyc.cmp, 0,\n";
  binary.push_back('\0');
  EXPECT_NE(IdentifyText(binary).kind, FileKind::kMission);
}

TEST(IdentifyFile, AGafWhoseTablesRunPastTheFileIsNotAGaf) {
  std::vector<uint8_t> gaf = testing::KindFixtureOf(FileKind::kGaf).bytes;
  gaf[4] = 200;  // 200 sequences, a table the file cannot hold
  EXPECT_NE(IdentifyFile(AsBytes(gaf)).kind, FileKind::kGaf);
}

}  // namespace
}  // namespace kbot::identify
