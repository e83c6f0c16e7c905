// OTA reading (formats/tnt/ota.h): a two-schema OTA typed here in the game's
// layout with every value checked, and the odd cases of docs/formats/tnt.md
// "OTA", each with its exact warning.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "formats/tnt/ota.h"

namespace kbot::tnt {
namespace {

using Warnings = std::vector<std::string>;

Bytes BytesOf(absl::string_view s) {
  return Bytes(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}

Ota Read(absl::string_view text) {
  absl::StatusOr<Ota> ota = ReadOta(BytesOf(text), "maps/t.ota");
  EXPECT_TRUE(ota.ok()) << ota.status();
  return ota.ok() ? *std::move(ota) : Ota{};
}

std::string ErrorOf(absl::string_view text) {
  absl::StatusOr<Ota> ota = ReadOta(BytesOf(text), "maps/t.ota");
  EXPECT_FALSE(ota.ok());
  return ota.ok() ? "" : std::string(ota.status().message());
}

// Lines joined with CR LF, as the game's files are written.
std::string Crlf(const std::vector<std::string>& lines) {
  return absl::StrCat(absl::StrJoin(lines, "\r\n"), "\r\n");
}

// The two-schema OTA; its line numbers are what the tests below check.
const std::vector<std::string>& DemoLines() {
  static const std::vector<std::string> lines = {
      "[GlobalHeader]",                                              // 1
      "\t{",                                                         // 2
      "\tmissionname=Demo Lakes;",                                   // 3
      "\tmissiondescription=Two lakes under a hill, 2 to 4 players.;",  // 4
      "\tplanet=Green Planet;",                                      // 5
      "\tmissionhint=;",                                             // 6
      "\tglamour=;",                                                 // 7
      "\ttidalstrength=20;",                                         // 8
      "\tsolarstrength=20;",                                         // 9
      "\tlavaworld=0;",                                              // 10
      "\tkillmul=50;",                                               // 11
      "\ttimemul=0;",                                                // 12
      "\tminwindspeed=1000;",                                        // 13
      "\tmaxwindspeed=3000;",                                        // 14
      "\tgravity=112;",                                              // 15
      "\tnumplayers=2, 4;",                                          // 16
      "\tsize=4 x 4;",                                               // 17
      "\tmemory=32 mb;",                                             // 18
      "\tuseonlyunits=;",                                            // 19
      "\tantialias=1;",                                              // 20
      "\tSCHEMACOUNT=2;",                                            // 21
      "\t[Schema 0]",                                                // 22
      "\t\t{",                                                       // 23
      "\t\tType=Network 1;",                                         // 24
      "\t\taiprofile=DEFAULT;",                                      // 25
      "\t\tSurfaceMetal=3;",                                         // 26
      "\t\tMohoMetal=35;",                                           // 27
      "\t\tHumanMetal=1000;",                                        // 28
      "\t\tComputerMetal=1000;",                                     // 29
      "\t\tHumanEnergy=1000;",                                       // 30
      "\t\tComputerEnergy=1000;",                                    // 31
      "\t\t[features]",                                              // 32
      "\t\t\t{",                                                     // 33
      "\t\t\t}",                                                     // 34
      "\t\t[specials]",                                              // 35
      "\t\t\t{",                                                     // 36
      "\t\t\t[special0]",                                            // 37
      "\t\t\t\t{",                                                   // 38
      "\t\t\t\tspecialwhat=StartPos1;",                              // 39
      "\t\t\t\tXPos=96;",                                            // 40
      "\t\t\t\tZPos=112;",                                           // 41
      "\t\t\t\t}",                                                   // 42
      "\t\t\t[special1]",                                            // 43
      "\t\t\t\t{",                                                   // 44
      "\t\t\t\tspecialwhat=StartPos2;",                              // 45
      "\t\t\t\tXPos=416;",                                           // 46
      "\t\t\t\tZPos=272;",                                           // 47
      "\t\t\t\t}",                                                   // 48
      "\t\t\t}",                                                     // 49
      "\t\t}",                                                       // 50
      "\t[Schema 1]",                                                // 51
      "\t\t{",                                                       // 52
      "\t\tType=Network 2;",                                         // 53
      "\t\taiprofile=DEFAULT;",                                      // 54
      "\t\tSurfaceMetal=1.5;",                                       // 55
      "\t\tMohoMetal=20;",                                           // 56
      "\t\tHumanMetal=500;",                                         // 57
      "\t\tHumanEnergy=2500;",                                       // 58
      "\t\t[specials]",                                              // 59
      "\t\t\t{",                                                     // 60
      "\t\t\t[special0]",                                            // 61
      "\t\t\t\t{",                                                   // 62
      "\t\t\t\tspecialwhat=StartPos1;",                              // 63
      "\t\t\t\tXPos=64;",                                            // 64
      "\t\t\t\tZPos=320;",                                           // 65
      "\t\t\t\t}",                                                   // 66
      "\t\t\t[special1]",                                            // 67
      "\t\t\t\t{",                                                   // 68
      "\t\t\t\tspecialwhat=StartPos2;",                              // 69
      "\t\t\t\tXPos=448;",                                           // 70
      "\t\t\t\tZPos=64;",                                            // 71
      "\t\t\t\t}",                                                   // 72
      "\t\t\t[special2]",                                            // 73
      "\t\t\t\t{",                                                   // 74
      "\t\t\t\tspecialwhat=StartPos3;",                              // 75
      "\t\t\t\tXPos=256;",                                           // 76
      "\t\t\t\tZPos=192;",                                           // 77
      "\t\t\t\t}",                                                   // 78
      "\t\t\t}",                                                     // 79
      "\t\t}",                                                       // 80
      "\t}",                                                         // 81
  };
  return lines;
}

// A minimal OTA around `header` (GlobalHeader entries) and `schemas`.
std::string Ota1(absl::string_view header, absl::string_view schemas) {
  return absl::StrCat("[GlobalHeader]\n{\n", header, schemas, "}\n");
}

void ExpectStart(const OtaStart& s, int number, int x, int z, absl::string_view section,
                 uint32_t line) {
  EXPECT_EQ(s.number, number);
  EXPECT_EQ(s.x, x);
  EXPECT_EQ(s.z, z);
  EXPECT_EQ(s.section, section);
  EXPECT_EQ(s.line, line);
}

TEST(OtaRead, TwoSchemaMapAsTheGameWritesIt) {
  const Ota ota = Read(Crlf(DemoLines()));
  EXPECT_EQ(ota.title, "Demo Lakes");
  EXPECT_EQ(ota.description, "Two lakes under a hill, 2 to 4 players.");
  EXPECT_EQ(ota.planet, "Green Planet");
  EXPECT_EQ(ota.players_text, "2, 4");
  EXPECT_EQ(ota.players_min, 2);
  EXPECT_EQ(ota.players_max, 4);
  EXPECT_EQ(ota.size_text, "4 x 4");
  EXPECT_EQ(ota.tidal, 20.0);
  EXPECT_EQ(ota.solar, 20.0);
  EXPECT_EQ(ota.min_wind, 1000.0);
  EXPECT_EQ(ota.max_wind, 3000.0);
  EXPECT_EQ(ota.gravity, 112.0);
  EXPECT_EQ(ota.lava_world, false);
  EXPECT_EQ(ota.water_does_damage, std::nullopt);
  EXPECT_EQ(ota.water_damage, std::nullopt);
  EXPECT_EQ(ota.schema_count, 2);

  // Every header key, as written, in order, with its place.
  ASSERT_EQ(ota.header_keys.size(), 19u);
  EXPECT_EQ(ota.header_keys[0], (tdf::TdfEntry{"missionname", "Demo Lakes", {3, 2}}));
  EXPECT_EQ(ota.header_keys[4], (tdf::TdfEntry{"glamour", "", {7, 2}}));
  EXPECT_EQ(ota.header_keys[8], (tdf::TdfEntry{"killmul", "50", {11, 2}}));
  EXPECT_EQ(ota.header_keys[15], (tdf::TdfEntry{"memory", "32 mb", {18, 2}}));
  EXPECT_EQ(ota.header_keys[17], (tdf::TdfEntry{"antialias", "1", {20, 2}}));
  EXPECT_EQ(ota.header_keys[18], (tdf::TdfEntry{"SCHEMACOUNT", "2", {21, 2}}));

  ASSERT_EQ(ota.schemas.size(), 2u);
  const OtaSchema& s0 = ota.schemas[0];
  EXPECT_EQ(s0.index, 0);
  EXPECT_EQ(s0.section, "Schema 0");
  EXPECT_EQ(s0.line, 22u);
  EXPECT_EQ(s0.type, "Network 1");
  EXPECT_EQ(s0.surface_metal, 3.0);
  EXPECT_EQ(s0.moho_metal, 35.0);
  ASSERT_EQ(s0.keys.size(), 8u);
  EXPECT_EQ(s0.keys[1], (tdf::TdfEntry{"aiprofile", "DEFAULT", {25, 3}}));
  EXPECT_EQ(s0.keys[4], (tdf::TdfEntry{"HumanMetal", "1000", {28, 3}}));
  EXPECT_EQ(s0.keys[7], (tdf::TdfEntry{"ComputerEnergy", "1000", {31, 3}}));
  ASSERT_EQ(s0.starts.size(), 2u);
  ExpectStart(s0.starts[0], 1, 96, 112, "special0", 37);
  ExpectStart(s0.starts[1], 2, 416, 272, "special1", 43);
  ASSERT_EQ(s0.specials.size(), 2u);
  EXPECT_EQ(s0.specials[1].section, "special1");
  EXPECT_EQ(s0.specials[1].line, 43u);
  EXPECT_EQ(s0.specials[1].what, "StartPos2");
  EXPECT_EQ(s0.specials[1].x, 416);
  EXPECT_EQ(s0.specials[1].z, 272);

  const OtaSchema& s1 = ota.schemas[1];
  EXPECT_EQ(s1.index, 1);
  EXPECT_EQ(s1.type, "Network 2");
  EXPECT_EQ(s1.surface_metal, 1.5);
  EXPECT_EQ(s1.moho_metal, 20.0);
  EXPECT_EQ(s1.keys.size(), 6u);
  ASSERT_EQ(s1.starts.size(), 3u);
  ExpectStart(s1.starts[0], 1, 64, 320, "special0", 61);
  ExpectStart(s1.starts[1], 2, 448, 64, "special1", 67);
  ExpectStart(s1.starts[2], 3, 256, 192, "special2", 73);
  EXPECT_EQ(s1.specials.size(), 3u);

  EXPECT_EQ(ota.warnings, Warnings{});
  EXPECT_EQ(ota.warning_count, 0u);
}

TEST(OtaRead, LineFeedsAloneReadTheSame) {
  const Ota crlf = Read(Crlf(DemoLines()));
  const Ota lf = Read(absl::StrReplaceAll(Crlf(DemoLines()), {{"\r\n", "\n"}}));
  EXPECT_EQ(lf.title, crlf.title);
  EXPECT_EQ(lf.header_keys, crlf.header_keys);
  ASSERT_EQ(lf.schemas.size(), 2u);
  ExpectStart(lf.schemas[1].starts[2], 3, 256, 192, "special2", 73);
  EXPECT_EQ(lf.warnings, Warnings{});
}

TEST(OtaRead, ByteOrderMarkIsReadAsUtf8WithTheTdfWarning) {
  const Ota ota = Read(absl::StrCat("\xEF\xBB\xBF", Crlf(DemoLines())));
  EXPECT_EQ(ota.title, "Demo Lakes");
  ASSERT_EQ(ota.schemas.size(), 2u);
  EXPECT_EQ(ota.schemas[0].starts.size(), 2u);
  EXPECT_EQ(ota.warnings,
            (Warnings{"line 1 column 1: a UTF-8 byte-order mark: the file is read as UTF-8, "
                      "not Windows-1252"}));
}

TEST(OtaRead, KeysAndSectionsInAnyCase) {
  const Ota ota = Read(
      "[GLOBALHEADER]\n{\nMissionName=Caps;\nNUMPLAYERS=3;\nPlanet=Lava;\nLavaWorld=1;\n"
      "WaterDoesDamage=1;\nWATERDAMAGE=40;\nschemacount=1;\n"
      "[ schema  0 ]\n{\ntype=Network 1;\nsurfacemetal=2;\nMOHOMETAL=30;\n"
      "[SPECIALS]\n{\n[Special0]\n{\nSPECIALWHAT=startpos2;\nxpos=32;\nZpos=48;\n}\n}\n}\n}\n");
  EXPECT_EQ(ota.title, "Caps");
  EXPECT_EQ(ota.planet, "Lava");
  EXPECT_EQ(ota.players_min, 3);
  EXPECT_EQ(ota.players_max, 3);
  EXPECT_EQ(ota.lava_world, true);
  EXPECT_EQ(ota.water_does_damage, true);
  EXPECT_EQ(ota.water_damage, 40.0);
  EXPECT_EQ(ota.schema_count, 1);
  ASSERT_EQ(ota.schemas.size(), 1u);
  EXPECT_EQ(ota.schemas[0].section, "schema  0");
  EXPECT_EQ(ota.schemas[0].type, "Network 1");
  EXPECT_EQ(ota.schemas[0].surface_metal, 2.0);
  EXPECT_EQ(ota.schemas[0].moho_metal, 30.0);
  ASSERT_EQ(ota.schemas[0].starts.size(), 1u);
  ExpectStart(ota.schemas[0].starts[0], 2, 32, 48, "Special0", 17);
  EXPECT_EQ(ota.schemas[0].specials[0].what, "startpos2");
  EXPECT_EQ(ota.warnings, Warnings{});
}

TEST(OtaRead, PlayerCountsInTheirShapes) {
  struct Case {
    const char* text;
    int min, max;
  };
  for (const Case& c : {Case{"4", 4, 4}, Case{"2, 4", 2, 4}, Case{"2-4", 2, 4},
                        Case{"2,3,4", 2, 4}, Case{" 4 , 2 ", 2, 4}, Case{"2 - 10", 2, 10}}) {
    const Ota ota = Read(Ota1(absl::StrCat("numplayers=", c.text, ";\n"), ""));
    EXPECT_EQ(ota.players_min, c.min) << c.text;
    EXPECT_EQ(ota.players_max, c.max) << c.text;
  }
}

TEST(OtaRead, BadPlayerCountIsAWarningAndKeepsTheText) {
  const Ota ota = Read(Ota1("numplayers=two or four;\nSCHEMACOUNT=0;\n", ""));
  EXPECT_EQ(ota.players_text, "two or four");
  EXPECT_EQ(ota.players_min, std::nullopt);
  EXPECT_EQ(ota.players_max, std::nullopt);
  EXPECT_EQ(ota.warnings,
            (Warnings{"[GlobalHeader] line 3: numplayers 'two or four' is not a player count "
                      "such as '2, 4', '4' or '2-4'",
                      "[GlobalHeader] line 1: no [Schema N] section"}));
  for (const char* bad : {"0", "2, x", "-", "1.5"}) {
    EXPECT_EQ(Read(Ota1(absl::StrCat("numplayers=", bad, ";\n"), "")).players_min, std::nullopt)
        << bad;
  }
}

TEST(OtaRead, NumbersThatAreNotAreWarnings) {
  const Ota ota = Read(Ota1(
      "tidalstrength=strong;\ngravity=;\nminwindspeed=3000;\nmaxwindspeed=1000;\n"
      "lavaworld=yes;\nSCHEMACOUNT=two;\n",
      "[Schema 0]\n{\nSurfaceMetal=3x;\n}\n"));
  EXPECT_EQ(ota.tidal, std::nullopt);
  EXPECT_EQ(ota.gravity, std::nullopt);  // empty: absent, no warning
  EXPECT_EQ(ota.lava_world, std::nullopt);
  EXPECT_EQ(ota.schema_count, std::nullopt);
  EXPECT_EQ(ota.schemas[0].surface_metal, std::nullopt);
  EXPECT_EQ(ota.warnings,
            (Warnings{"[GlobalHeader] line 3: tidalstrength 'strong' is not a number",
                      "[GlobalHeader] line 7: lavaworld 'yes' is not a number",
                      "[GlobalHeader] line 5: minwindspeed 3000 is above maxwindspeed 1000",
                      "[GlobalHeader] line 8: SCHEMACOUNT 'two' is not a count of schemas",
                      "[Schema 0] line 11: SurfaceMetal '3x' is not a number"}));
}

TEST(OtaRead, SchemaWithoutSpecials) {
  const Ota ota = Read(Ota1("SCHEMACOUNT=1;\n", "[Schema 0]\n{\nType=Network 1;\n}\n"));
  ASSERT_EQ(ota.schemas.size(), 1u);
  EXPECT_TRUE(ota.schemas[0].starts.empty());
  EXPECT_TRUE(ota.schemas[0].specials.empty());
  EXPECT_EQ(ota.warnings, Warnings{});
}

TEST(OtaRead, SchemaCountThatDiffersIsAWarning) {
  const Ota ota = Read(Ota1("SCHEMACOUNT=3;\n", "[Schema 0]\n{\n}\n[Schema 1]\n{\n}\n"));
  EXPECT_EQ(ota.schema_count, 3);
  EXPECT_EQ(ota.schemas.size(), 2u);
  EXPECT_EQ(ota.warnings,
            (Warnings{"[GlobalHeader] line 3: SCHEMACOUNT=3 but the file has 2 schema(s), "
                      "numbered 0, 1"}));
}

TEST(OtaRead, SchemasAreOrderedByTheirNumber) {
  const Ota ota = Read(Ota1("SCHEMACOUNT=3;\n",
                            "[Schema 2]\n{\nType=c;\n}\n[Schema 0]\n{\nType=a;\n}\n"
                            "[Schema 1]\n{\nType=b;\n}\n"));
  ASSERT_EQ(ota.schemas.size(), 3u);
  EXPECT_EQ(ota.schemas[0].type, "a");
  EXPECT_EQ(ota.schemas[1].type, "b");
  EXPECT_EQ(ota.schemas[2].type, "c");
  EXPECT_EQ(ota.schemas[2].line, 4u);
  EXPECT_EQ(ota.warnings, Warnings{});
}

TEST(OtaRead, OddSchemaSectionsAreWarnings) {
  const Ota ota = Read(Ota1("SCHEMACOUNT=2;\n",
                            "[Schema 0]\n{\nType=a;\n}\n[Schema 0]\n{\nType=b;\n}\n"
                            "[Schema 2]\n{\n}\n[Notes]\n{\n}\n[Schema -1]\n{\n}\n"));
  ASSERT_EQ(ota.schemas.size(), 2u);
  EXPECT_EQ(ota.schemas[0].type, "a");
  EXPECT_EQ(ota.schemas[1].index, 2);
  EXPECT_EQ(ota.warnings,
            (Warnings{"line 8 column 1: duplicate section [Schema 0] (also at line 4): both kept",
                      "[GlobalHeader] [Schema 0] line 8: schema 0 again (first [Schema 0] line "
                      "4); the first is read",
                      "[GlobalHeader] [Notes] line 15: not a schema section ('Schema N'); not "
                      "read",
                      "[GlobalHeader] [Schema -1] line 18: not a schema section ('Schema N'); "
                      "not read",
                      "[GlobalHeader] line 1: 2 schema(s), numbered 0, 2, not 0 to 1"}));
}

// One schema whose [specials] holds `specials`.
std::string WithSpecials(absl::string_view specials) {
  return Ota1("SCHEMACOUNT=1;\n", absl::StrCat("[Schema 0]\n{\n[specials]\n{\n", specials,
                                               "}\n}\n"));
}

TEST(OtaRead, StartWithoutACoordinateIsDroppedButKeptAsASpecial) {
  // Lines: 8 [special0], 13 [special1], 19 [special2].
  const Ota ota = Read(WithSpecials(
      "[special0]\n{\nspecialwhat=StartPos1;\nZPos=100;\n}\n"
      "[special1]\n{\nspecialwhat=StartPos2;\nXPos=10;\nZPos=far;\n}\n"
      "[special2]\n{\nspecialwhat=StartPos3;\nXPos=20.75;\nZPos=-30;\n}\n"));
  ASSERT_EQ(ota.schemas.size(), 1u);
  const OtaSchema& s = ota.schemas[0];
  ASSERT_EQ(s.starts.size(), 1u);
  ExpectStart(s.starts[0], 3, 20, -30, "special2", 19);
  ASSERT_EQ(s.specials.size(), 3u);
  EXPECT_EQ(s.specials[0].x, std::nullopt);
  EXPECT_EQ(s.specials[0].z, 100);
  EXPECT_EQ(s.specials[1].x, 10);
  EXPECT_EQ(s.specials[1].z, std::nullopt);
  EXPECT_EQ(ota.warnings,
            (Warnings{"[Schema 0] [special0] line 8: StartPos1: no XPos; not a start position",
                      "[Schema 0] [special1] line 13: StartPos2: ZPos 'far' is not a number; "
                      "not a start position"}));
}

TEST(OtaRead, DuplicateStartPositionIsAWarningAndTheLaterWins) {
  const Ota ota = Read(WithSpecials(
      "[special0]\n{\nspecialwhat=StartPos1;\nXPos=1;\nZPos=2;\n}\n"
      "[special1]\n{\nspecialwhat=STARTPOS1;\nXPos=3;\nZPos=4;\n}\n"));
  const OtaSchema& s = ota.schemas[0];
  ASSERT_EQ(s.starts.size(), 1u);
  ExpectStart(s.starts[0], 1, 3, 4, "special1", 14);
  EXPECT_EQ(s.specials.size(), 2u);
  EXPECT_EQ(ota.warnings, (Warnings{"[Schema 0] [special1] line 14: StartPos1 again (first in "
                                    "[special0] line 8); the later is read"}));
}

TEST(OtaRead, OtherSpecialsAndOddStartNames) {
  const Ota ota = Read(WithSpecials(
      "[special0]\n{\nspecialwhat=Beacon;\nXPos=5;\nZPos=6;\n}\n"
      "[special1]\n{\nspecialwhat=StartPos11;\nXPos=1;\nZPos=1;\n}\n"
      "[special2]\n{\nspecialwhat=StartPosA;\nXPos=1;\nZPos=1;\n}\n"
      "[special3]\n{\nXPos=1;\n}\n"
      "[special4]\n{\nspecialwhat=Crate;\nXPos=?;\n}\n"));
  const OtaSchema& s = ota.schemas[0];
  EXPECT_TRUE(s.starts.empty());
  ASSERT_EQ(s.specials.size(), 5u);
  EXPECT_EQ(s.specials[0].what, "Beacon");
  EXPECT_EQ(s.specials[0].x, 5);
  EXPECT_EQ(s.specials[0].z, 6);
  EXPECT_EQ(s.specials[3].what, "");
  EXPECT_EQ(ota.warnings,
            (Warnings{"[Schema 0] [special1] line 14: specialwhat 'StartPos11' names no start "
                      "position 1..10",
                      "[Schema 0] [special2] line 20: specialwhat 'StartPosA' names no start "
                      "position 1..10",
                      "[Schema 0] [special3] line 26: no specialwhat",
                      "[Schema 0] [special4] line 30: XPos '?' is not a number"}));
}

TEST(OtaRead, SecondSpecialsSectionIsAWarning) {
  const Ota ota = Read(Ota1(
      "SCHEMACOUNT=1;\n",
      "[Schema 0]\n{\n[specials]\n{\n[special0]\n{\nspecialwhat=StartPos1;\nXPos=1;\nZPos=2;\n}\n"
      "}\n[Specials]\n{\n[special0]\n{\nspecialwhat=StartPos2;\nXPos=1;\nZPos=2;\n}\n}\n}\n"));
  ASSERT_EQ(ota.schemas[0].starts.size(), 1u);
  EXPECT_EQ(ota.schemas[0].starts[0].number, 1);
  // The TDF reader keeps both; the OTA reader says which it reads.
  EXPECT_EQ(ota.warnings,
            (Warnings{"line 15 column 1: duplicate section [Specials] (also at line 6): both kept",
                      "[Schema 0] [Specials] line 15: 2 [specials] sections; the first (line 6) "
                      "is read"}));
}

TEST(OtaRead, TdfWarningsComeFirstWithTheirPlace) {
  const Ota ota = Read("[GlobalHeader]\n{\nmissionname=No Semicolon\nSCHEMACOUNT=0;\n}\n");
  EXPECT_EQ(ota.title, "No Semicolon");
  ASSERT_EQ(ota.warnings.size(), 2u);
  EXPECT_EQ(ota.warnings[0].rfind("line 3 column ", 0), 0u) << ota.warnings[0];
  EXPECT_NE(ota.warnings[0].find("missing ';'"), std::string::npos) << ota.warnings[0];
  EXPECT_EQ(ota.warnings[1], "[GlobalHeader] line 1: no [Schema N] section");
}

TEST(OtaRead, WarningsAreBoundedAndCounted) {
  std::string specials;
  for (int i = 0; i < 150; ++i) absl::StrAppend(&specials, "[special", i, "]\n{\nXPos=1;\n}\n");
  const Ota ota = Read(WithSpecials(specials));
  EXPECT_EQ(ota.schemas[0].specials.size(), 150u);
  EXPECT_EQ(ota.warnings.size(), kMaxOtaWarnings);
  EXPECT_EQ(ota.warning_count, 150u);
}

TEST(OtaRead, SecondGlobalHeaderIsAWarning) {
  const Ota ota = Read(
      "[GlobalHeader]\n{\nmissionname=First;\nSCHEMACOUNT=0;\n}\n"
      "[GlobalHeader]\n{\nmissionname=Second;\n}\n");
  EXPECT_EQ(ota.title, "First");
  EXPECT_EQ(ota.warnings,
            (Warnings{"line 6 column 1: duplicate section [GlobalHeader] (also at line 1): both "
                      "kept",
                      "[GlobalHeader] line 6: 2 [GlobalHeader] sections; the first (line 1) is "
                      "read",
                      "[GlobalHeader] line 1: no [Schema N] section"}));
}

TEST(OtaRead, NoGlobalHeaderIsAnError) {
  EXPECT_EQ(ErrorOf("[UNITINFO]\n{\nUnitName=ARMCOM;\n}\n[DAMAGE]\n{\n}\n"),
            "maps/t.ota: not an OTA: no [GlobalHeader] section; its sections: [UNITINFO], "
            "[DAMAGE]");
  EXPECT_EQ(ErrorOf(""), "maps/t.ota: not an OTA: no [GlobalHeader] section; the file has no "
                         "section");
  std::string many;
  for (int i = 0; i < 12; ++i) absl::StrAppend(&many, "[s", i, "]\n{\n}\n");
  EXPECT_EQ(ErrorOf(many),
            "maps/t.ota: not an OTA: no [GlobalHeader] section; its sections: [s0], [s1], [s2], "
            "[s3], [s4], [s5], [s6], [s7], [s8], [s9], and 2 more");
}

TEST(OtaRead, BinaryBytesAreAnError) {
  // A TNT's header read as an OTA: not TDF text.
  const std::string tnt("\x00\x20\x00\x00\x20\x00\x00\x00\x18\x00\x00\x00[x", 14);
  EXPECT_FALSE(ReadOta(BytesOf(tnt), "maps/t.ota").ok());
  EXPECT_FALSE(ReadOta(BytesOf(std::string(64, '\xff')), "maps/t.ota").ok());
}

TEST(OtaRead, UnreadableTdfIsTheTdfError) {
  const std::string error = ErrorOf("[GlobalHeader\n{\n}\n");
  EXPECT_EQ(error.rfind("maps/t.ota: ", 0), 0u) << error;
  EXPECT_NE(error.find("line 1"), std::string::npos) << error;
}

}  // namespace
}  // namespace kbot::tnt
