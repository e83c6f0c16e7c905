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

TEST(IdentifyFile, AGafWhoseTablesRunPastTheFileIsNotAGaf) {
  std::vector<uint8_t> gaf = testing::KindFixtureOf(FileKind::kGaf).bytes;
  gaf[4] = 200;  // 200 sequences, a table the file cannot hold
  EXPECT_NE(IdentifyFile(AsBytes(gaf)).kind, FileKind::kGaf);
}

}  // namespace
}  // namespace kbot::identify
