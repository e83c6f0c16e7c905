// MISSION.INI: a file typed for these tests (no game data) with every
// construct the format and real files have, read field by field; the quirks
// the reader notes; the game's word tables; and hostile input (binary files,
// huge lines and numbers, open comments, a '[' inside a comment, floods of
// sections, lines and notes), which must give an error or a bounded value.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "formats/gta/mission.h"

namespace kbot::gta {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<uint8_t> BytesOf(absl::string_view s) { return {s.begin(), s.end()}; }

// The fixtures are typed with markers for the bytes a raw string cannot
// show: <CR> a carriage return (CRLF lines), <TAB> a tab, <EOF> a Ctrl-Z.
std::string Typed(absl::string_view typed) {
  return absl::StrReplaceAll(typed, {{"<CR>", "\r"}, {"<TAB>", "\t"}, {"<EOF>", "\x1a"}});
}

MissionFile Read(absl::string_view text, absl::string_view name = "MISSION.INI") {
  absl::StatusOr<MissionFile> file = ReadMissionIni(BytesOf(text), name);
  EXPECT_TRUE(file.ok()) << file.status();
  return file.ok() ? *std::move(file) : MissionFile{};
}

// "line: problem" for each note, to compare in one go.
std::vector<std::string> Problems(const Mission& m) {
  std::vector<std::string> out;
  for (const MissionNote& n : m.notes) out.push_back(absl::StrCat(n.source_line, ": ", n.problem));
  return out;
}

void ExpectObject(const MissionObject& o, int number, int flag, int x, int y, int z,
                  absl::string_view type, bool known, CoordUnit units, std::vector<int> params,
                  size_t source_line) {
  SCOPED_TRACE(absl::StrCat("object ", number, " on line ", source_line));
  EXPECT_EQ(o.line_number, number);
  EXPECT_EQ(o.flag, flag);
  EXPECT_EQ(o.x, x);
  EXPECT_EQ(o.y, y);
  EXPECT_EQ(o.z, z);
  EXPECT_EQ(o.type, type);
  EXPECT_EQ(o.known_type, known);
  EXPECT_EQ(o.units, units);
  EXPECT_EQ(o.params, params);
  EXPECT_EQ(o.source_line, source_line);
}

void ExpectCommand(const MissionCommand& c, int label, absl::string_view opcode, int index,
                   std::array<int, 5> args, size_t source_line) {
  SCOPED_TRACE(absl::StrCat("label ", label, " on line ", source_line));
  EXPECT_EQ(c.label, label);
  EXPECT_EQ(c.opcode, opcode);
  EXPECT_EQ(c.known_opcode, index >= 0);
  EXPECT_EQ(c.opcode_index, index);
  EXPECT_EQ(c.args, args);
  EXPECT_EQ(c.source_line, source_line);
}

constexpr CoordUnit kBlocks = CoordUnit::kBlocks;
constexpr CoordUnit kPixels = CoordUnit::kPixels;

// Two sections. [3]: a trailing blank after its header, objects reading 2, 3,
// 4 and 5 values, flags 1 and 2 (one glued to its '('), pixel coordinates,
// comments (one over two lines, one after a value, one glued to a value),
// CRLF lines, a '.' for a ',', an unknown type, a junk line, commands
// branching to 0, -1 and labels, a tab, an unknown opcode, "00", and a final
// -1 glued to the next header. [7]: CRLF throughout, no final -1, a Ctrl-Z.
constexpr absl::string_view kFile = R"({ kbot's own fixture, typed for these tests }
[3] 
Harbour Test Run, 22, nyc.cmp, 1,
100 1 0 1 1 0
{ objects: two values, then three, four and five }
0 1 (10,20,4) PARKED 5 256
1 1 (11,20,4) PLAYER 0 512
2 2 (12,21,4) POWERUP 2 99   {a kill frenzy prize}
3 (3200,4160,256) TARGET 0 0
4 1(12,22,4) TRIGGER 20 1<CR>
5 (9,9.3) DOOR 1 11 7<CR>
{ a comment
  over two lines }
6 (14,15,3) MODEL_BARRIER 2 4 1 7
7 (15,15,3) SPECIFIC_DOOR 0 8 7 0 5
8 1 (1000,2000,256) PED 8 0 0 5 3
9 (16,16,4) WIDGET 4 4
10 (17,17,4) PARKED 3 0{glued}
this line is junk
11 1 (18,18,4) CARBOMB 7 0 2
-1
0 DONOWT 0 0 0 0 0
20<TAB>SURVIVE 0 0 0 50 0
21 IS_PED_IN_CAR 1 21 0 -1 0 {waits on itself}
22 ARROW 3 0 0 0 0
23 FROBNICATE 1 2 3 4 5
24 MISSION_END 0 -1 -1 0 00
-1[7]<CR>
Second Run, 22, sanb.cmp, 0,<CR>
150 0 1 1 0 0<CR>
0 (0,0,0) COUNTER 3 0<CR>
1 (0,0,0) GTA_DEMAND 0 18 -1 2<CR>
-1<CR>
5 INCCOUNT 0 0 -1 0 0<CR>
6 COMPARE 0 7 0 3 0<CR>
7 END 1 0 0 0 0<CR>
<EOF>)";

TEST(GtaMission, ReadsEverySectionFieldByField) {
  const MissionFile file = Read(Typed(kFile));
  ASSERT_EQ(file.missions.size(), 2u);
  const Mission& a = file.missions[0];
  EXPECT_EQ(a.number, 3);
  EXPECT_EQ(a.title, "Harbour Test Run");
  EXPECT_EQ(a.number_field, 22);
  EXPECT_EQ(a.map_file, "nyc.cmp");
  EXPECT_EQ(a.style, 1);
  EXPECT_EQ(a.header_values, (std::array<int, 6>{100, 1, 0, 1, 1, 0}));
  EXPECT_EQ(a.line, 2u);
  ASSERT_EQ(a.objects.size(), 11u);
  ExpectObject(a.objects[0], 0, 1, 10, 20, 4, "PARKED", true, kBlocks, {5, 256}, 6);
  ExpectObject(a.objects[1], 1, 1, 11, 20, 4, "PLAYER", true, kBlocks, {0, 512}, 7);
  ExpectObject(a.objects[2], 2, 2, 12, 21, 4, "POWERUP", true, kBlocks, {2, 99}, 8);
  ExpectObject(a.objects[3], 3, 0, 3200, 4160, 256, "TARGET", true, kPixels, {0, 0}, 9);
  ExpectObject(a.objects[4], 4, 1, 12, 22, 4, "TRIGGER", true, kBlocks, {20, 1}, 10);
  ExpectObject(a.objects[5], 5, 0, 9, 9, 3, "DOOR", true, kBlocks, {1, 11, 7}, 11);
  ExpectObject(a.objects[6], 6, 0, 14, 15, 3, "MODEL_BARRIER", true, kBlocks, {2, 4, 1, 7}, 14);
  ExpectObject(a.objects[7], 7, 0, 15, 15, 3, "SPECIFIC_DOOR", true, kBlocks, {0, 8, 7, 0, 5},
               15);
  ExpectObject(a.objects[8], 8, 1, 1000, 2000, 256, "PED", true, kPixels, {8, 0, 0, 5, 3}, 16);
  ExpectObject(a.objects[9], 9, 0, 16, 16, 4, "WIDGET", false, kBlocks, {4, 4}, 17);
  ExpectObject(a.objects[10], 11, 1, 18, 18, 4, "CARBOMB", true, kBlocks, {7, 0, 2}, 20);
  ASSERT_EQ(a.commands.size(), 6u);
  ExpectCommand(a.commands[0], 0, "DONOWT", 0x11, {0, 0, 0, 0, 0}, 22);
  ExpectCommand(a.commands[1], 20, "SURVIVE", 4, {0, 0, 0, 50, 0}, 23);
  ExpectCommand(a.commands[2], 21, "IS_PED_IN_CAR", 0x5a, {1, 21, 0, -1, 0}, 24);
  ExpectCommand(a.commands[3], 22, "ARROW", 0x1a, {3, 0, 0, 0, 0}, 25);
  ExpectCommand(a.commands[4], 23, "FROBNICATE", -1, {1, 2, 3, 4, 5}, 26);
  ExpectCommand(a.commands[5], 24, "MISSION_END", 0x2d, {0, -1, -1, 0, 0}, 27);

  const Mission& b = file.missions[1];
  EXPECT_EQ(b.number, 7);
  EXPECT_EQ(b.title, "Second Run");
  EXPECT_EQ(b.number_field, 22);
  EXPECT_EQ(b.map_file, "sanb.cmp");
  EXPECT_EQ(b.style, 0);
  EXPECT_EQ(b.header_values, (std::array<int, 6>{150, 0, 1, 1, 0, 0}));
  EXPECT_EQ(b.line, 28u);
  ASSERT_EQ(b.objects.size(), 2u);
  ExpectObject(b.objects[0], 0, 0, 0, 0, 0, "COUNTER", true, kBlocks, {3, 0}, 31);
  ExpectObject(b.objects[1], 1, 0, 0, 0, 0, "GTA_DEMAND", true, kBlocks, {0, 18, -1, 2}, 32);
  ASSERT_EQ(b.commands.size(), 3u);
  ExpectCommand(b.commands[0], 5, "INCCOUNT", 0x7f, {0, 0, -1, 0, 0}, 34);
  ExpectCommand(b.commands[1], 6, "COMPARE", 0x80, {0, 7, 0, 3, 0}, 35);
  ExpectCommand(b.commands[2], 7, "END", 10, {1, 0, 0, 0, 0}, 36);
}

TEST(GtaMission, NotesSayWhatWasOddOnWhichLine) {
  const MissionFile file = Read(Typed(kFile));
  ASSERT_EQ(file.missions.size(), 2u);
  EXPECT_THAT(file.warnings,
              ElementsAre("MISSION.INI: line 1: the text before the first section (to line 2) "
                          "is not read"));
  const Mission& a = file.missions[0];
  EXPECT_THAT(
      Problems(a),
      ElementsAre(
          "11: '.' in place of ',' in the coordinates, read as ','",
          "17: unknown object type 'WIDGET': not one of the game's 72 (the game stops at it); "
          "kept with its 2 value(s)",
          "18: PARKED reads 2 values; the line has 1, then '0{glued}', which is not a number: "
          "not kept (the game stops at it, or takes the next line's numbers)",
          "19: not an object line (LINE [FLAG] (X,Y,Z) TYPE VALUES): it does not start with a "
          "number",
          "26: unknown opcode 'FROBNICATE': not one of the game's 150; kept"));
  // A note keeps the line as written; a CRLF line without its CR.
  EXPECT_EQ(a.notes[0].text, "5 (9,9.3) DOOR 1 11 7");
  EXPECT_EQ(a.notes[2].text, "10 (17,17,4) PARKED 3 0{glued}");
  EXPECT_EQ(a.notes[3].text, "this line is junk");
  EXPECT_THAT(Problems(file.missions[1]),
              ElementsAre("36: no final -1 ends the command list before the file ends"));
  EXPECT_EQ(file.missions[1].notes[0].text, "");
}

TEST(GtaMission, TheTablesAreTheGamesInItsOrder) {
  ASSERT_EQ(MissionObjectTypes().size(), 72u);
  EXPECT_EQ(MissionObjectTypes()[0].name, "CAR");
  EXPECT_EQ(MissionObjectTypes()[71].name, "ALT_DAMAGE_TRIG");
  ASSERT_EQ(MissionCommandNames().size(), 150u);
  EXPECT_EQ(MissionCommandNames()[0], "LOCATE_STOPPED");
  EXPECT_EQ(FindCommand("MISSION_END"), 0x2d);
  EXPECT_EQ(FindCommand("STARTUP"), 0x3c);
  EXPECT_EQ(FindCommand("RESET"), 0x81);
  EXPECT_EQ(FindCommand("IS_PED_STUNNED"), 0x95);
  EXPECT_EQ(FindCommand("XXXX"), 0x7a);  // the first of the two
  EXPECT_EQ(MissionCommandNames()[0x7b], "XXXX");
  EXPECT_EQ(FindCommand("CRANE"), 0x16);  // also an object type
  EXPECT_EQ(FindCommand("reset"), -1);    // case matters, as in the game
  EXPECT_EQ(FindCommand("RED_ARROWCAR"), -1);
  for (size_t i = 0; i < MissionObjectTypes().size(); ++i) {
    EXPECT_EQ(FindObjectType(MissionObjectTypes()[i].name), &MissionObjectTypes()[i]);
  }
  for (size_t i = 0; i < MissionCommandNames().size(); ++i) {
    if (MissionCommandNames()[i] != "XXXX") EXPECT_EQ(FindCommand(MissionCommandNames()[i]), int(i));
  }
  EXPECT_EQ(FindObjectType("parked"), nullptr);
  EXPECT_EQ(FindObjectType("PHONE"), nullptr);  // TELEPHONE is the name
  const MissionObjectType* dummy = FindObjectType("DUMMY");
  ASSERT_NE(dummy, nullptr);
  EXPECT_EQ(dummy->units, kBlocks);
  EXPECT_TRUE(dummy->units_unresolved);
  EXPECT_EQ(FindObjectType("SPECIFIC_DOOR_BOMB")->params, 5);
  EXPECT_EQ(FindObjectType("GTA_DEMAND")->params, 4);
  EXPECT_EQ(FindObjectType("PARKED_PIXELS")->units, kPixels);
  EXPECT_EQ(FindObjectType("PED")->params, 3);
  EXPECT_EQ(FindObjectType("PED")->max_params, 5);
  EXPECT_EQ(PedParamCount(0), 3);
  EXPECT_EQ(PedParamCount(1), 4);
  EXPECT_EQ(PedParamCount(8), 5);
  EXPECT_EQ(PedParamCount(22), 4);
  EXPECT_EQ(PedParamCount(3), 0);
  EXPECT_EQ(PedParamCount(15), 0);
  EXPECT_EQ(PedParamCount(47), 0);
  EXPECT_EQ(PedParamCount(-1), 0);
}

TEST(GtaMission, WorldPixelsAreTheBlocksCentreOrThePixelsAsWritten) {
  MissionObject block;
  block.x = 105, block.y = 119, block.z = 4;
  const WorldPixels b = ObjectWorldPixels(block);
  EXPECT_EQ(b.x, 105 * 64 + 32);
  EXPECT_EQ(b.y, 119 * 64 + 32);
  EXPECT_EQ(b.z, 256);
  MissionObject pixel = block;
  pixel.units = kPixels;
  const WorldPixels p = ObjectWorldPixels(pixel);
  EXPECT_EQ(p.x, 105);
  EXPECT_EQ(p.y, 119);
  EXPECT_EQ(p.z, 4);
  block.x = INT32_MAX;  // no overflow: 64-bit arithmetic
  EXPECT_EQ(ObjectWorldPixels(block).x, int64_t{INT32_MAX} * 64 + 32);
}


// One section from typed lines, with its header and header values.
std::string Section(absl::string_view body, int number = 1) {
  return absl::StrCat("[", number, "]\nTest, 22, nyc.cmp, 0,\n100 1 1 1 1 0\n", body);
}

TEST(GtaMission, ACommentOverLinesJoinsItsTwoEndsAndOnlyABlankBeforeStartsOne) {
  const MissionFile file = Read(Section(
      "0 (1,2,3) {a comment\n over two lines} PARKED 4 5\n"
      "1 (1,2,3) PARKED 6 7 {one}{two} \n"
      "-1\n0 DONOWT 0 0 0 0 0\n-1\n"));
  ASSERT_EQ(file.missions.size(), 1u);
  const Mission& m = file.missions[0];
  ASSERT_EQ(m.objects.size(), 2u);
  ExpectObject(m.objects[0], 0, 0, 1, 2, 3, "PARKED", true, kBlocks, {4, 5}, 4);
  ExpectObject(m.objects[1], 1, 0, 1, 2, 3, "PARKED", true, kBlocks, {6, 7}, 6);
  ASSERT_EQ(m.commands.size(), 1u);
  EXPECT_EQ(m.commands[0].source_line, 8u);
  // "{two}" follows a '}', not a blank: the game reads it as text.
  EXPECT_THAT(Problems(m), ElementsAre("6: '{two}' after the 2 values PARKED reads: not read (the "
                                       "game would take it for the next object line)"));
  EXPECT_EQ(m.notes[0].text, "1 (1,2,3) PARKED 6 7 {one}{two} ");
}

TEST(GtaMission, OddButReadableLinesAreKeptWithANote) {
  const MissionFile file = Read(Section(
      "0 0 (1,2,3) PARKED 1 2\n"          // flag 0: persistent in the game
      "1 12 (1,2,3) PARKED 1 2\n"         // the game reads the first digit only
      "2 (1,2,3) PARKED 1 2 3\n"          // one value too many
      "3 (1,2,3) parked 1 2\n"            // lower case: unknown
      "4 (1000,1000,256) PED 3 0 1 2\n"   // a sub-type the game stops at
      "2 (5,5,5) TELEPHONE 0 0\n"         // a number used again
      "-1 0 DONOWT 0 0 0 0 0\n"           // the game reads on after the -1
      "1 SURVIVE 0 0 0 5 0 9\n"
      "1 goto 0 0 0 0 0\n"
      "-1\n"
      "this is not read\n"
      "nor this\n"));
  ASSERT_EQ(file.missions.size(), 1u);
  const Mission& m = file.missions[0];
  ASSERT_EQ(m.objects.size(), 6u);
  EXPECT_EQ(m.objects[0].flag, 1);
  EXPECT_EQ(m.objects[1].flag, 1);
  EXPECT_EQ(m.objects[2].params, (std::vector<int>{1, 2}));
  EXPECT_FALSE(m.objects[3].known_type);
  ExpectObject(m.objects[4], 4, 0, 1000, 1000, 256, "PED", true, kPixels, {3, 0, 1, 2}, 8);
  ASSERT_EQ(m.commands.size(), 3u);
  ExpectCommand(m.commands[0], 0, "DONOWT", 0x11, {0, 0, 0, 0, 0}, 10);
  ExpectCommand(m.commands[1], 1, "SURVIVE", 4, {0, 0, 0, 5, 0}, 11);
  ExpectCommand(m.commands[2], 1, "goto", -1, {0, 0, 0, 0, 0}, 12);
  EXPECT_THAT(
      Problems(m),
      ElementsAre(
          "4: flag '0': the game reads any digit but 2 as 1 (persistent)",
          "5: flag '12': the game reads only its first digit, and any digit but 2 as 1 "
          "(persistent)",
          "6: '3' after the 2 values PARKED reads: not read (the game would take it for the next "
          "object line)",
          "7: unknown object type 'parked' (the game's names are upper case: PARKED): not one of "
          "the game's 72 (the game stops at it); kept with its 2 value(s)",
          "8: PED sub-type 3 is not one the game's loader reads (it stops with an error)",
          "9: object number 2 again (first on line 6): the game's references go to the later one",
          "11: '9' after the five values: not read (the game would take it for the next label)",
          "12: unknown opcode 'goto' (the game's names are upper case: GOTO): not one of the "
          "game's 150; kept; label 1 again (first on line 11): the game's jumps go to the later "
          "one",
          "14: text after the final -1 (from here to the end of the section): the game does not "
          "read it"));
}

TEST(GtaMission, LinesThatDoNotReadAreNotesAndTheRestStillReads) {
  const MissionFile file = Read(Section(
      "0 (1,2) PARKED 1 2\n"
      "1 (1,2,3 PARKED 1 2\n"
      "2 (1,x,3) PARKED 1 2\n"
      "3 x (1,2,3) PARKED 1 2\n"
      "4 (1,2,3)\n"
      "5 (1,2,3) DOOR 1 2\n"
      "6 (1,2,3) 9LIVES 1 2\n"
      "7 (1,2,3) PARKED 1 2\n"
      "-1\n"
      "5 (1,2,3) PARKED 1 2\n"
      "6 SURVIVE 0 0 0\n"
      "7 123 0 0 0 0 0\n"
      "x DONOWT 0 0 0 0 0\n"
      "8 DONOWT 0 0 0 0 0\n"
      "-1\n"));
  ASSERT_EQ(file.missions.size(), 1u);
  const Mission& m = file.missions[0];
  ASSERT_EQ(m.objects.size(), 1u);
  EXPECT_EQ(m.objects[0].line_number, 7);
  ASSERT_EQ(m.commands.size(), 1u);
  EXPECT_EQ(m.commands[0].label, 8);
  const std::string object = "not an object line (LINE [FLAG] (X,Y,Z) TYPE VALUES): ";
  const std::string command = "not a command line (LABEL OPCODE A B C D E): ";
  EXPECT_THAT(
      Problems(m),
      ElementsAre(
          "4: " + object + "no ',' after coordinate 2",
          "5: " + object + "no ')' after three coordinates",
          "6: " + object + "coordinate 2 is not a number",
          "7: " + object + "no flag digit or '(' after the number",
          "8: " + object + "no object type after the coordinates",
          "9: DOOR reads 3 values; the line has 2: not kept (the game stops at it, or takes the "
          "next line's numbers)",
          "10: " + object + "unknown object type '9LIVES'",
          "13: " + command + "'(1,2,3)' is not an opcode (it reads like an object line, but the "
          "objects ended with the -1 on line 12)",
          "14: SURVIVE reads 5 values; the line has 3: not kept (the game would take the next "
          "line's numbers for the rest)",
          "15: " + command + "'123' is not an opcode",
          "16: " + command + "it does not start with a number"));
}

TEST(GtaMission, AMissingObjectTerminatorOrConfigLineIsNotedAndReadOn) {
  const MissionFile file = Read(
      "[1]\n100 1 1 1 1 0\n0 (1,2,3) PARKED 1 2\n0 DONOWT 0 0 0 0 0\n-1\n"
      "[2] Inline Title, 22, miami.cmp, 3\n-1\n-1\n"
      "[4]\n\n");
  ASSERT_EQ(file.missions.size(), 3u);
  const Mission& a = file.missions[0];
  EXPECT_EQ(a.title, "");
  EXPECT_EQ(a.header_values, (std::array<int, 6>{100, 1, 1, 1, 1, 0}));
  ASSERT_EQ(a.objects.size(), 1u);
  ASSERT_EQ(a.commands.size(), 1u);
  EXPECT_THAT(Problems(a),
              ElementsAre("2: not a config line (NAME, NUMBER, FILE.CMP, STYLE,): no ',' after "
                          "the name; read as the header values",
                          "4: a command line among the objects: no -1 ends the object list "
                          "before it; read as commands from here"));
  // The config line may follow "[N]" on its line; its last ',' is optional.
  const Mission& b = file.missions[1];
  EXPECT_EQ(b.title, "Inline Title");
  EXPECT_EQ(b.map_file, "miami.cmp");
  EXPECT_EQ(b.style, 3);
  EXPECT_THAT(Problems(b), ElementsAre("8: only 2 of the six header values, and no objects or "
                                       "commands"));
  EXPECT_THAT(Problems(file.missions[2]),
              ElementsAre("9: the section is empty: no config line, objects or commands"));
}

TEST(GtaMission, HeadersTheGameCannotFindAreWarnedAbout) {
  const MissionFile file = Read(
      "[0]\nA, 22, a.cmp, 0,\n"
      "[2001]\nB, 22, b.cmp, 0,\n"
      "[01]\nC, 22, c.cmp, 0,\n"
      "[0]\nD, 22, d.cmp, 0,\n"
      "[[5]\nE, 22, e.cmp, 0,\n");
  ASSERT_EQ(file.missions.size(), 5u);
  EXPECT_EQ(file.missions[2].number, 1);
  EXPECT_EQ(file.missions[4].number, 5);
  EXPECT_EQ(file.missions[4].title, "E");
  EXPECT_THAT(
      file.warnings,
      ElementsAre(
          "MISSION.INI: line 1: section [0]: the game never reads it (its mission 0 is built in)",
          "MISSION.INI: line 3: section [2001]: the game's sections are 0 to 2000",
          "MISSION.INI: line 5: section [01]: the game looks for \"[1]\" and would not find it",
          "MISSION.INI: line 7: section [0]: the game never reads it (its mission 0 is built in)",
          "MISSION.INI: line 7: section [0] again (first on line 1): the game reads only the "
          "first",
          "MISSION.INI: line 9: section [5] follows a partial match (such as \"[[\"): the game's "
          "search for it passes it by"));
  // The stray '[' before [5] ends section [0]'s text, as in the game.
  EXPECT_THAT(Problems(file.missions[3]),
              ElementsAre("8: the section has no header values, objects or commands",
                          "9: a '[' that starts no section header ends the section here, as in "
                          "the game: the text up to the next [N] is not read"));
}

TEST(GtaMission, ABracketInACommentEndsTheSectionAsInTheGame) {
  const MissionFile file = Read(Section(
      "0 (1,2,3) PARKED 1 2 { see [old] notes }\n"
      "1 (1,2,3) PARKED 1 2\n-1\n0 DONOWT 0 0 0 0 0\n-1\n"
      "[2]\nNext, 22, nyc.cmp, 0,\n"));
  ASSERT_EQ(file.missions.size(), 2u);
  const Mission& m = file.missions[0];
  ASSERT_EQ(m.objects.size(), 1u);
  EXPECT_TRUE(m.commands.empty());
  EXPECT_THAT(
      Problems(m),
      ElementsAre("4: a comment opened on this line has no '}' before the '[' on line 4 ends the "
                  "section (as in the game, a '[' ends a section even inside a comment): the rest "
                  "of the section is inside it",
                  "4: no -1 ends the object list before the '[' on line 4 ends the section, and no "
                  "commands follow",
                  "4: a '[' that starts no section header ends the section here, as in the game: "
                  "the text up to the next [N] is not read"));
  EXPECT_EQ(file.missions[1].number, 2);
  // A header inside a comment is a header: the game's search finds it too.
  const MissionFile inside = Read(Section("0 (1,2,3) PARKED 1 2 {[9]}\n-1\n-1\n"));
  ASSERT_EQ(inside.missions.size(), 2u);
  EXPECT_EQ(inside.missions[1].number, 9);
  EXPECT_EQ(inside.missions[1].line, 4u);
}

TEST(GtaMission, AnOpenCommentRunsToTheEnd) {
  const MissionFile file = Read(Section("0 (1,2,3) PARKED 1 2\n { never closed\n-1\n-1\n"));
  ASSERT_EQ(file.missions.size(), 1u);
  EXPECT_EQ(file.missions[0].objects.size(), 1u);
  EXPECT_THAT(Problems(file.missions[0]),
              ElementsAre("4: no -1 ends the object list before the file ends, and no commands "
                          "follow",
                          "5: a comment opened on this line has no '}' before the file ends: the "
                          "rest of the section is inside it"));
}

TEST(GtaMission, OtherFilesAreRefusedByName) {
  const auto refused = [](const std::vector<uint8_t>& bytes, absl::string_view name) {
    absl::StatusOr<MissionFile> file = ReadMissionIni(bytes, name);
    EXPECT_FALSE(file.ok());
    return std::string(file.status().message());
  };
  EXPECT_EQ(refused({}, "EMPTY.INI"), "EMPTY.INI is not a MISSION.INI: the file is empty");
  // A GAF's header: version 0x00010100, one entry, a zero word.
  EXPECT_EQ(refused({0x00, 0x01, 0x01, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0}, "CURSORS.GAF"),
            "CURSORS.GAF is not a MISSION.INI: byte 0x00 at 0x0: a text file holds no NUL bytes");
  // A PNG signature: its 0x1a ends the text, which holds no header.
  EXPECT_EQ(refused({0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, "MAP.PNG"),
            "MAP.PNG is not a MISSION.INI: no \"[N]\" section header in its 6 bytes of text");
  EXPECT_EQ(refused(BytesOf("[UNITINFO]\n{\nName=Commander;\n}\n"), "ARMCOM.FBI"),
            "ARMCOM.FBI is not a MISSION.INI: no \"[N]\" section header in its 31 bytes of text");
  EXPECT_EQ(refused(BytesOf("[1]\x01\x02\x03"), "CTRL.INI"),
            "CTRL.INI is not a MISSION.INI: 3 of its 6 bytes are control bytes: not a text file");
  const std::vector<uint8_t> huge(kMaxMissionIniBytes + 1, ' ');
  EXPECT_EQ(refused(huge, "HUGE.INI"),
            "HUGE.INI: 16777217 bytes: more than the 16 MiB kbot reads of a MISSION.INI (the "
            "game's is about 0.5 MB)");
}

TEST(GtaMission, HugeLinesAndNumbersAreNotesOfBoundedLength) {
  std::string values;
  for (int i = 0; i < 50000; ++i) values += "7 ";
  const std::string big = "1099511627776";  // 2^40
  const MissionFile file = Read(Section(absl::StrCat(
      "0 (1,2,3) PARKED 1 2 ", values, "\n",
      "1 (1,2,3) ", std::string(100000, 'A'), " 1 2\n",
      "2 (", big, ",2,3) PARKED 1 2\n",
      "3 (1,2,3) PARKED ", big, " 2\n",
      big, " (1,2,3) PARKED 1 2\n",
      "-1\n", big, " DONOWT 0 0 0 0 0\n",
      "1 DONOWT 0 0 0 0 -", big, "\n-1\n")));
  ASSERT_EQ(file.missions.size(), 1u);
  const Mission& m = file.missions[0];
  ASSERT_EQ(m.objects.size(), 2u);
  EXPECT_EQ(m.objects[0].params, (std::vector<int>{1, 2}));
  EXPECT_EQ(m.objects[1].type, std::string(100000, 'A'));  // kept whole: the line's own bytes
  EXPECT_TRUE(m.commands.empty());
  ASSERT_EQ(m.notes.size(), 7u);
  for (const MissionNote& n : m.notes) {
    EXPECT_LE(n.text.size(), kMaxNoteText);
    EXPECT_LT(n.problem.size(), 400u);
  }
  EXPECT_EQ(m.notes[0].text.substr(kMaxNoteText - 5), "7 ...");
  EXPECT_THAT(m.notes[0].problem, HasSubstr("'7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7...' after the 2 values"));
  EXPECT_THAT(m.notes[1].problem, HasSubstr("unknown object type 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA...'"));
  EXPECT_THAT(m.notes[2].problem, HasSubstr("coordinate 1 does not fit in 32 bits"));
  EXPECT_THAT(m.notes[3].problem, HasSubstr("then '1099511627776', which does not fit in 32 bits"));
  EXPECT_THAT(m.notes[4].problem, HasSubstr("its number does not fit in 32 bits"));
  EXPECT_THAT(m.notes[5].problem, HasSubstr("its label does not fit in 32 bits"));
  EXPECT_THAT(m.notes[6].problem, HasSubstr("then '-1099511627776', which does not fit"));
}

TEST(GtaMission, FloodsOfSectionsLinesAndNotesAreBounded) {
  std::string sections;
  for (int i = 0; i < 100000; ++i) sections += "[1]\n";
  const MissionFile many = Read(sections);
  EXPECT_EQ(many.missions.size(), kMaxMissions);
  EXPECT_EQ(many.warnings.size(), kMaxMissionWarnings + 1);
  EXPECT_EQ(many.warnings.back(), "MISSION.INI: more than 256 warnings: the rest are dropped");

  std::string junk;
  for (int i = 0; i < 1000; ++i) junk += "junk\n";
  const MissionFile noisy = Read(Section(junk + "-1\n-1\n"));
  ASSERT_EQ(noisy.missions.size(), 1u);
  ASSERT_EQ(noisy.missions[0].notes.size(), kMaxNotesPerMission);
  EXPECT_EQ(noisy.missions[0].notes.back().problem,
            "more notes than kbot keeps (256 a section, 8192 a file): the rest are dropped");

  std::string objects;
  for (size_t i = 0; i <= kMaxObjectsPerMission; ++i) {
    absl::StrAppend(&objects, i, " (1,2,3) TARGET 0 0\n");
  }
  const MissionFile crowded = Read(Section(objects + "-1\n-1\n", 6));
  ASSERT_EQ(crowded.missions.size(), 1u);
  EXPECT_EQ(crowded.missions[0].objects.size(), kMaxObjectsPerMission);
  EXPECT_THAT(crowded.warnings,
              ElementsAre("MISSION.INI: line 1: section [6]: 14001 objects; the game holds 1400",
                          "MISSION.INI: line 1: section [6]: 338958 bytes of text; the game "
                          "keeps the first 225281"));
  EXPECT_THAT(Problems(crowded.missions[0]),
              ElementsAre("14004: more objects than kbot keeps (14000 a section, 262144 objects "
                          "and commands a file): from here on they are read but not kept"));
}

TEST(GtaMission, BytesAfterACtrlZAreNotRead) {
  const MissionFile file = Read(Section("-1\n-1\n\x1a[2]\nLost, 22, a.cmp, 0,\n"));
  ASSERT_EQ(file.missions.size(), 1u);
  EXPECT_THAT(file.warnings,
              ElementsAre("MISSION.INI: line 6: 24 byte(s) after the Ctrl-Z (end of file) are "
                          "not read"));
}

}  // namespace
}  // namespace kbot::gta
