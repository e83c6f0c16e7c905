// TDF reading: every rule of docs/formats/tdf.md and every sloppy case the
// spec lists, on files typed here, with the exact tree (names, values, lines,
// columns) and the exact warnings.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "formats/common/format_error.h"
#include "formats/tdf/tdf.h"

namespace kbot::tdf {
namespace {

using Warnings = std::vector<std::string>;

Bytes BytesOf(absl::string_view s) {
  return Bytes(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}

TdfFile Parse(absl::string_view text) {
  absl::StatusOr<TdfFile> file = ParseTdf(BytesOf(text), "t.tdf");
  EXPECT_TRUE(file.ok()) << file.status();
  return file.ok() ? *std::move(file) : TdfFile{};
}

Warnings WarningsOf(const TdfFile& file) {
  Warnings out;
  for (const TdfWarning& w : file.warnings) out.push_back(TdfWarningText(w));
  return out;
}

std::string ErrorOf(absl::string_view text) {
  absl::StatusOr<TdfFile> file = ParseTdf(BytesOf(text), "t.tdf");
  EXPECT_FALSE(file.ok());
  return file.ok() ? "" : std::string(file.status().message());
}

TdfEntry E(std::string key, std::string value, uint32_t line, uint32_t column) {
  return {std::move(key), std::move(value), {line, column}};
}

TEST(TdfParse, UnitFileAsTheGameWritesIt) {
  const TdfFile f = Parse(
      "[UNITINFO]\r\n"
      "\t{\r\n"
      "\tUnitName=ARMCOM;\r\n"
      "\tName=Commander;\r\n"
      "\tObjectName=objects3d/armcom;\r\n"
      "\tDescription=Commander, with spaces = and more;\r\n"
      "\tCopyright=;\r\n"
      "\t}\r\n");
  ASSERT_EQ(f.sections.size(), 1u);
  const TdfSection& s = f.sections[0];
  EXPECT_EQ(s.name, "UNITINFO");
  EXPECT_EQ(s.at, (TdfPosition{1, 1}));
  EXPECT_EQ(s.entries, (std::vector<TdfEntry>{
                           E("UnitName", "ARMCOM", 3, 2),
                           E("Name", "Commander", 4, 2),
                           E("ObjectName", "objects3d/armcom", 5, 2),
                           E("Description", "Commander, with spaces = and more", 6, 2),
                           E("Copyright", "", 7, 2)}));
  EXPECT_TRUE(s.sections.empty());
  EXPECT_TRUE(f.warnings.empty());
  EXPECT_EQ(f.warning_count, 0u);
  EXPECT_FALSE(f.utf8);
}

// The spec's example: spaces around names and '=', nested sections, several
// top-level sections.
TEST(TdfParse, NestedSectionsAndBlanksAnywhere) {
  const TdfFile f = Parse(
      "[SECTION NAME]\n"
      "    {\n"
      "    key=value;\n"
      "    other key = a value, with spaces ;\n"
      "    [ SUBSECTION ]\n"
      "        {\n"
      "        k\t=\tv;\n"
      "        }\n"
      "    }\n"
      "[all worlds] { x=1; }\n");
  ASSERT_EQ(f.sections.size(), 2u);
  const TdfSection& a = f.sections[0];
  EXPECT_EQ(a.name, "SECTION NAME");
  EXPECT_EQ(a.entries, (std::vector<TdfEntry>{E("key", "value", 3, 5),
                                              E("other key", "a value, with spaces", 4, 5)}));
  ASSERT_EQ(a.sections.size(), 1u);
  EXPECT_EQ(a.sections[0].name, "SUBSECTION");
  EXPECT_EQ(a.sections[0].at, (TdfPosition{5, 5}));
  EXPECT_EQ(a.sections[0].entries, (std::vector<TdfEntry>{E("k", "v", 7, 9)}));
  const TdfSection& b = f.sections[1];
  EXPECT_EQ(b.name, "all worlds");
  EXPECT_EQ(b.at, (TdfPosition{10, 1}));
  EXPECT_EQ(b.entries, (std::vector<TdfEntry>{E("x", "1", 10, 16)}));
  EXPECT_TRUE(f.warnings.empty());
}

TEST(TdfParse, LookupsIgnoreCaseAndKeepTheSpelling) {
  const TdfFile f = Parse(
      "[Weapon1]{ Range=300; [DAMAGE]{ default=75; } [damage]{ ARMCOM=10; } }\n"
      "[WEAPON1]{ }\n");
  ASSERT_NE(f.FindSection("weapon1"), nullptr);
  EXPECT_EQ(f.FindSection("weapon1"), &f.sections[0]);
  EXPECT_EQ(f.Sections("Weapon1").size(), 2u);
  EXPECT_EQ(f.FindSection("nothing"), nullptr);
  const TdfSection& w = f.sections[0];
  EXPECT_EQ(w.Find("RANGE")->key, "Range");
  EXPECT_EQ(w.Value("range"), "300");
  EXPECT_EQ(w.Value("reload"), std::nullopt);
  ASSERT_EQ(w.Sections("Damage").size(), 2u);
  EXPECT_EQ(w.FindSection("Damage")->name, "DAMAGE");
  EXPECT_EQ(w.Sections("Damage")[1]->Value("armcom"), "10");
  EXPECT_EQ(WarningsOf(f), (Warnings{
                               "line 1 column 47: duplicate section [damage] (also at line 1): "
                               "both kept",
                               "line 2 column 1: duplicate section [WEAPON1] (also at line 1): "
                               "both kept"}));
}

TEST(TdfParse, DuplicateKeysAreKeptAndTheLaterWins) {
  const TdfFile f = Parse("[A]\n{\nx=1;\nX=2;\ny=3;\n}\n");
  EXPECT_EQ(f.sections[0].entries,
            (std::vector<TdfEntry>{E("x", "1", 3, 1), E("X", "2", 4, 1), E("y", "3", 5, 1)}));
  EXPECT_EQ(f.sections[0].Value("x"), "2");
  EXPECT_EQ(WarningsOf(f), (Warnings{"line 4 column 1: duplicate key 'X' (also at line 3): "
                                     "both kept, the later wins"}));
}

TEST(TdfParse, Comments) {
  const TdfFile f = Parse(
      "// a file comment [NOT A SECTION]\n"
      "/* a block\n"
      "   over lines { } ; */\n"
      "[A] // after the name\n"
      "{ /* before */ a=1; // after ; the entry\n"
      "b=x /* cut */ y;\n"
      "c=2 /* runs\n"
      "over a line */ 3;\n"
      "d=4; /**/ e=5;\n"
      "}\n");
  EXPECT_EQ(f.sections[0].entries,
            (std::vector<TdfEntry>{E("a", "1", 5, 16), E("b", "x  y", 6, 1), E("c", "2  3", 7, 1),
                                   E("d", "4", 9, 1), E("e", "5", 9, 11)}));
  EXPECT_EQ(f.sections[0].at, (TdfPosition{4, 1}));
  EXPECT_TRUE(f.warnings.empty());
}

// The spec: "a // inside a value ends the value's text". The rest of the
// line is a comment, ';' included, so the entry lacks its ';'.
TEST(TdfParse, LineCommentInsideAValueEndsIt) {
  const TdfFile f = Parse("[A]\n{\npath=units/x // not; part\ny=2;\n}\n");
  EXPECT_EQ(f.sections[0].entries,
            (std::vector<TdfEntry>{E("path", "units/x", 3, 1), E("y", "2", 4, 1)}));
  EXPECT_EQ(WarningsOf(f),
            (Warnings{"line 3 column 14: missing ';' after the value of 'path'"}));
}

TEST(TdfParse, MissingSemicolonBeforeALineBreakOrBrace) {
  const TdfFile f = Parse("[A]\n{\na=1\nb = 2 }\n[B]{c=3}");
  EXPECT_EQ(f.sections[0].entries, (std::vector<TdfEntry>{E("a", "1", 3, 1), E("b", "2", 4, 1)}));
  EXPECT_EQ(f.sections[1].entries, (std::vector<TdfEntry>{E("c", "3", 5, 5)}));
  EXPECT_EQ(WarningsOf(f), (Warnings{"line 3 column 4: missing ';' after the value of 'a'",
                                     "line 4 column 7: missing ';' after the value of 'b'",
                                     "line 5 column 8: missing ';' after the value of 'c'"}));
}

TEST(TdfParse, MissingFinalBracesAtTheEnd) {
  const TdfFile f = Parse("[A]\n{\na=1;\n[B]\n{\nb=2;\n");
  ASSERT_EQ(f.sections.size(), 1u);
  ASSERT_EQ(f.sections[0].sections.size(), 1u);
  EXPECT_EQ(f.sections[0].sections[0].entries, (std::vector<TdfEntry>{E("b", "2", 6, 1)}));
  EXPECT_EQ(WarningsOf(f),
            (Warnings{"line 7 column 1: missing '}' at the end of the file for [B] (line 4)",
                      "line 7 column 1: missing '}' at the end of the file for [A] (line 1)"}));
}

TEST(TdfParse, StraySemicolonsAndBraces) {
  const TdfFile f = Parse("[A]\n{\n[B]{x=1;};\n;a=2;\n{\n};;\n}\n");
  EXPECT_EQ(f.sections[0].entries, (std::vector<TdfEntry>{E("a", "2", 4, 2)}));
  EXPECT_EQ(f.sections[0].sections[0].entries, (std::vector<TdfEntry>{E("x", "1", 3, 5)}));
  EXPECT_EQ(f.sections.size(), 1u);
  EXPECT_EQ(WarningsOf(f), (Warnings{"line 3 column 10: stray ';' after '}'",
                                     "line 4 column 1: stray ';'",
                                     "line 5 column 1: stray '{' inside a section: ignored",
                                     "line 6 column 2: stray ';' after '}'",
                                     "line 6 column 3: stray ';'",
                                     "line 7 column 1: '}' closes no section: ignored"}));
}

TEST(TdfParse, ByteOrderMarkReadsTheFileAsUtf8) {
  const TdfFile f =
      Parse("\xEF\xBB\xBF[A]\r\n{\r\nname=Caf\xC3\xA9 \xE4\xB8\xAD;\r\nb=\xE9;\r\n}\r\n");
  EXPECT_TRUE(f.utf8);
  EXPECT_EQ(f.sections[0].at, (TdfPosition{1, 1}));
  // Well-formed UTF-8 as it is; a byte that starts none, as Windows-1252.
  EXPECT_EQ(f.sections[0].entries,
            (std::vector<TdfEntry>{E("name", "Caf\xC3\xA9 \xE4\xB8\xAD", 3, 1),
                                   E("b", "\xC3\xA9", 4, 1)}));
  EXPECT_EQ(WarningsOf(f), (Warnings{"line 1 column 1: a UTF-8 byte-order mark: the file is "
                                     "read as UTF-8, not Windows-1252"}));
}

TEST(TdfParse, Windows1252BecomesUtf8) {
  // 0x80 euro, 0x92 right quote, 0xE9 e acute, 0xFF y diaeresis, 0x81 undefined
  // (its C1 control, U+0081), in a name, a key and a value.
  const TdfFile f = Parse("[Caf\xE9]{ \x80key=it\x92s \xFF\x81; }");
  EXPECT_EQ(f.sections[0].name, "Caf\xC3\xA9");
  EXPECT_EQ(f.sections[0].entries,
            (std::vector<TdfEntry>{E("\xE2\x82\xAC" "key",
                                     "it\xE2\x80\x99s \xC3\xBF\xC2\x81", 1, 9)}));
}

TEST(TdfParse, NulBytes) {
  const std::string text("[A]{a=1;}\n\0\0\0", 13);
  const TdfFile f = Parse(text);
  EXPECT_EQ(f.sections[0].entries, (std::vector<TdfEntry>{E("a", "1", 1, 5)}));
  EXPECT_EQ(WarningsOf(f),
            (Warnings{"line 2 column 1: 3 NUL byte(s) at the end of the file: ignored"}));
  // Inside the file a NUL is a blank, and ends a value like a line break.
  const TdfFile g = Parse(std::string("[A]{a=1\0\0b=2;}", 14));
  EXPECT_EQ(g.sections[0].entries, (std::vector<TdfEntry>{E("a", "1", 1, 5), E("b", "2", 1, 10)}));
  EXPECT_EQ(WarningsOf(g), (Warnings{"line 1 column 8: missing ';' after the value of 'a'",
                                     "line 1 column 8: 2 NUL byte(s) inside the file: read as "
                                     "blanks"}));
}

TEST(TdfParse, LineBreaksOfEveryKindCountLines) {
  const TdfFile f = Parse("[A]\r\n{\ra=1;\nb=2;\r\n\r\nc=3;}");
  EXPECT_EQ(f.sections[0].entries,
            (std::vector<TdfEntry>{E("a", "1", 3, 1), E("b", "2", 4, 1), E("c", "3", 6, 1)}));
}

TEST(TdfParse, EmptyAndCommentOnlyFiles) {
  for (const char* text : {"", " \r\n\t", "// nothing\n/* at all */", "\x1a"}) {
    const TdfFile f = Parse(text);
    EXPECT_TRUE(f.sections.empty()) << text;
    EXPECT_TRUE(f.warnings.empty()) << text;
  }
}

TEST(TdfParse, TextOutsideSectionsBeforeOneIsAWarning) {
  const TdfFile f = Parse("junk=1;\n[A]{}\n stray text // c\n[B]{}\n");
  EXPECT_EQ(f.sections.size(), 2u);
  EXPECT_EQ(WarningsOf(f), (Warnings{"line 1 column 1: text outside any section: ignored",
                                     "line 3 column 2: text outside any section: ignored"}));
}

TEST(TdfParse, TextAfterTheLastSectionIsAnError) {
  EXPECT_EQ(ErrorOf("[A]\n{\n}\nx=1;\n"),
            "t.tdf: line 4 column 1: text after the last section that is not a section");
  EXPECT_EQ(ErrorOf("  key=value;\n"),
            "t.tdf: line 1 column 3: text outside any section, and no section in the file");
  const absl::StatusOr<TdfFile> f = ParseTdf(BytesOf("[A]{}\n{x}"), "u.fbi");
  const std::optional<FormatError> e = GetFormatError(f.status());
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->file, "u.fbi");
  EXPECT_EQ(e->structure, "line 2 column 1");
}

TEST(TdfParse, UnclosedBracketIsAnError) {
  EXPECT_EQ(ErrorOf("[A]\n{\n  [B\n  {}\n}\n"),
            "t.tdf: line 3 column 3: '[' has no ']' on its line");
  EXPECT_EQ(ErrorOf("[A"), "t.tdf: line 1 column 1: '[' has no ']' on its line");
}

TEST(TdfParse, SectionNamesRunToTheFirstBracket) {
  const TdfFile f = Parse("[ Schema 0 ]{}\n[]{}\n[a[b]{}");
  ASSERT_EQ(f.sections.size(), 3u);
  EXPECT_EQ(f.sections[0].name, "Schema 0");
  EXPECT_EQ(f.sections[1].name, "");
  EXPECT_EQ(f.sections[2].name, "a[b");
  EXPECT_EQ(WarningsOf(f), (Warnings{"line 2 column 1: a section with an empty name"}));
}

TEST(TdfParse, EntriesWithoutKeyOrEquals) {
  const TdfFile f = Parse("[A]\n{\njust words\n=orphan value;\nk=v;\nno equals;\n}\n");
  EXPECT_EQ(f.sections[0].entries, (std::vector<TdfEntry>{E("k", "v", 5, 1)}));
  EXPECT_EQ(WarningsOf(f), (Warnings{"line 3 column 1: 'just words' has no '=': skipped",
                                     "line 4 column 1: an entry with an empty key: skipped",
                                     "line 6 column 1: 'no equals' has no '=': skipped"}));
}

TEST(TdfParse, SectionWithoutBraceIsEmpty) {
  const TdfFile f = Parse("[A]\n[B]\n{\nb=1;\n}\n");
  ASSERT_EQ(f.sections.size(), 2u);
  EXPECT_TRUE(f.sections[0].entries.empty());
  EXPECT_EQ(f.sections[1].entries, (std::vector<TdfEntry>{E("b", "1", 4, 1)}));
  EXPECT_EQ(WarningsOf(f),
            (Warnings{"line 1 column 1: [A] has no '{' after it: read as an empty section"}));
}

TEST(TdfParse, UnclosedBlockCommentRunsToTheEnd) {
  const TdfFile f = Parse("[A]{a=1; /* to the end\n b=2; }");
  EXPECT_EQ(f.sections[0].entries, (std::vector<TdfEntry>{E("a", "1", 1, 5)}));
  EXPECT_EQ(WarningsOf(f),
            (Warnings{"line 1 column 10: '/*' comment is not closed: it runs to the end of the "
                      "file",
                      "line 2 column 8: missing '}' at the end of the file for [A] (line 1)"}));
}

std::string Nested(int depth) {
  std::string text;
  for (int i = 0; i < depth; ++i) text += "[S]{";
  return text + std::string(size_t(depth), '}');
}

TEST(TdfParse, NestingIsCapped) {
  const TdfFile f = Parse(Nested(kMaxTdfDepth));
  const TdfSection* s = &f.sections[0];
  int depth = 1;
  while (!s->sections.empty()) s = &s->sections[0], ++depth;
  EXPECT_EQ(depth, kMaxTdfDepth);
  EXPECT_EQ(ErrorOf(Nested(kMaxTdfDepth + 1)),
            "t.tdf: line 1 column 257: sections nested deeper than 64 levels");
  // A hostile depth fails at the cap, not at the stack's end.
  EXPECT_EQ(ErrorOf(Nested(100000)),
            "t.tdf: line 1 column 257: sections nested deeper than 64 levels");
}

TEST(TdfParse, WarningsAreCappedAndCounted) {
  const TdfFile f = Parse("[A]{" + std::string(150, ';') + "}");
  EXPECT_EQ(f.warnings.size(), kMaxTdfWarnings);
  EXPECT_EQ(f.warning_count, 150u);
  EXPECT_EQ(TdfWarningText(f.warnings[99]), "line 1 column 104: stray ';'");
}

TEST(TdfParse, LongLinesAndManyEntries) {
  std::string text = "[A]{long=" + std::string(1 << 20, 'x') + ";";
  for (int i = 0; i < 20000; ++i) text += "k" + std::to_string(i) + "=" + std::to_string(i) + ";";
  text += "}";
  const TdfFile f = Parse(text);
  ASSERT_EQ(f.sections[0].entries.size(), 20001u);
  EXPECT_EQ(f.sections[0].entries[0].value.size(), size_t(1) << 20);
  EXPECT_EQ(f.sections[0].Value("K19999"), "19999");
  EXPECT_TRUE(f.warnings.empty());
}

TEST(TdfNumber, ReadsAsTheGameDoes) {
  EXPECT_EQ(ParseTdfNumber("1.5"), 1.5);
  EXPECT_EQ(ParseTdfNumber(" -2\t"), -2.0);
  EXPECT_EQ(ParseTdfNumber("+3"), 3.0);
  EXPECT_EQ(ParseTdfNumber(".5"), 0.5);
  EXPECT_EQ(ParseTdfNumber("3."), 3.0);
  EXPECT_EQ(ParseTdfNumber("1e3"), 1000.0);
  EXPECT_EQ(ParseTdfNumber("007"), 7.0);
  for (const char* not_number : {"", " ", "0x10", "abc", "12abc", "inf", "nan", "-", "+-1",
                                 "1.5.2", "1 2", "1e999"}) {
    EXPECT_EQ(ParseTdfNumber(not_number), std::nullopt) << not_number;
  }
}

}  // namespace
}  // namespace kbot::tdf
