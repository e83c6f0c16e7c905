// CSV parsing, formatting and tables (formats/csv/csv.h), row by row.
#include "formats/csv/csv.h"

#include <random>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace kbot::csv {
namespace {

using Fields = std::vector<std::string>;

// Every row's fields, for exact comparisons.
std::vector<Fields> FieldsOf(const std::vector<Row>& rows) {
  std::vector<Fields> out;
  for (const Row& r : rows) out.push_back(r.fields);
  return out;
}

std::vector<size_t> LinesOf(const std::vector<Row>& rows) {
  std::vector<size_t> out;
  for (const Row& r : rows) out.push_back(r.line);
  return out;
}

std::vector<Fields> MustParse(absl::string_view text) {
  absl::StatusOr<std::vector<Row>> rows = Parse(text, "t.csv");
  EXPECT_TRUE(rows.ok()) << rows.status();
  if (!rows.ok()) return {};
  return FieldsOf(*rows);
}

std::string ParseError(absl::string_view text) {
  absl::StatusOr<std::vector<Row>> rows = Parse(text, "t.csv");
  EXPECT_FALSE(rows.ok());
  if (rows.ok()) return "";
  EXPECT_EQ(rows.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(rows.status().message());
}

TEST(CsvParse, Simple) {
  EXPECT_EQ(MustParse("a,b,c\n1,2,3\n"), (std::vector<Fields>{{"a", "b", "c"}, {"1", "2", "3"}}));
}

TEST(CsvParse, QuotedComma) {
  EXPECT_EQ(MustParse("\"a,b\",c\n"), (std::vector<Fields>{{"a,b", "c"}}));
}

TEST(CsvParse, DoubledQuotes) {
  EXPECT_EQ(MustParse("\"say \"\"hi\"\"\",\"\"\"\"\n"),
            (std::vector<Fields>{{"say \"hi\"", "\""}}));
}

TEST(CsvParse, NewlineInsideQuotesKeepsTextAndCountsLines) {
  absl::StatusOr<std::vector<Row>> rows =
      Parse("h\n\"two\nlines\",x\n\"cr\r\nlf\"\nlast\n", "t.csv");
  ASSERT_TRUE(rows.ok()) << rows.status();
  EXPECT_EQ(FieldsOf(*rows),
            (std::vector<Fields>{{"h"}, {"two\nlines", "x"}, {"cr\r\nlf"}, {"last"}}));
  EXPECT_EQ(LinesOf(*rows), (std::vector<size_t>{1, 2, 4, 6}));
}

TEST(CsvParse, CrlfAndLoneCr) {
  absl::StatusOr<std::vector<Row>> rows = Parse("a,b\r\n1,2\r\n3,4\r5,6\r", "t.csv");
  ASSERT_TRUE(rows.ok()) << rows.status();
  EXPECT_EQ(FieldsOf(*rows),
            (std::vector<Fields>{{"a", "b"}, {"1", "2"}, {"3", "4"}, {"5", "6"}}));
  EXPECT_EQ(LinesOf(*rows), (std::vector<size_t>{1, 2, 3, 4}));
}

TEST(CsvParse, ByteOrderMarkSkipped) {
  EXPECT_EQ(MustParse("\xEF\xBB\xBFname,x\n"), (std::vector<Fields>{{"name", "x"}}));
  // Only at the start: elsewhere it is field text.
  EXPECT_EQ(MustParse("a\n\xEF\xBB\xBF" "b\n"), (std::vector<Fields>{{"a"}, {"\xEF\xBB\xBF" "b"}}));
}

TEST(CsvParse, BlankLinesSkippedButSpacesAreARow) {
  absl::StatusOr<std::vector<Row>> rows = Parse("\n\na\r\n\r\n\rb\n  \n\n", "t.csv");
  ASSERT_TRUE(rows.ok()) << rows.status();
  EXPECT_EQ(FieldsOf(*rows), (std::vector<Fields>{{"a"}, {"b"}, {"  "}}));
  EXPECT_EQ(LinesOf(*rows), (std::vector<size_t>{3, 6, 7}));
}

TEST(CsvParse, NoTrailingNewline) {
  EXPECT_EQ(MustParse("a,b\n1,2"), (std::vector<Fields>{{"a", "b"}, {"1", "2"}}));
  EXPECT_EQ(MustParse("\"q\""), (std::vector<Fields>{{"q"}}));
  EXPECT_EQ(MustParse("a,"), (std::vector<Fields>{{"a", ""}}));
}

TEST(CsvParse, EmptyFields) {
  EXPECT_EQ(MustParse(",,\n,x,\n\"\"\n"),
            (std::vector<Fields>{{"", "", ""}, {"", "x", ""}, {""}}));
}

TEST(CsvParse, FieldsKeepTheirSpaces) {
  EXPECT_EQ(MustParse(" a , b\t,\" c \"\n"), (std::vector<Fields>{{" a ", " b\t", " c "}}));
}

TEST(CsvParse, EmptyText) {
  EXPECT_TRUE(MustParse("").empty());
  EXPECT_TRUE(MustParse("\xEF\xBB\xBF").empty());
  EXPECT_TRUE(MustParse("\r\n\n").empty());
}

TEST(CsvParse, Errors) {
  // Unterminated: the line where the quote opened.
  EXPECT_EQ(ParseError("a\nb,\"open\nstill open\n"), "t.csv: line 2: unterminated quoted field");
  EXPECT_EQ(ParseError("\""), "t.csv: line 1: unterminated quoted field");
  EXPECT_EQ(ParseError("a\r\n\r\nab\"c\n"), "t.csv: line 3: quote inside an unquoted field");
  EXPECT_EQ(ParseError("x,y\"\n"), "t.csv: line 1: quote inside an unquoted field");
  EXPECT_EQ(ParseError(" \"a\"\n"), "t.csv: line 1: quote inside an unquoted field");
  // After a multi-line quoted field: the line of the stray text.
  EXPECT_EQ(ParseError("h\n\"a\nb\"c\n"), "t.csv: line 3: text after a closing quote");
  EXPECT_EQ(ParseError("\"a\" ,b\n"), "t.csv: line 1: text after a closing quote");
}

TEST(CsvFormat, QuotesOnlyWhatNeedsIt) {
  EXPECT_EQ(FormatRow({"a", "b c", "", "é"}), "a,b c,,é\n");
  EXPECT_EQ(FormatRow({"a,b", "say \"hi\"", "x\ny", "x\ry"}),
            "\"a,b\",\"say \"\"hi\"\"\",\"x\ny\",\"x\ry\"\n");
  EXPECT_EQ(FormatRow({" lead", "trail\t", "in side"}), "\" lead\",\"trail\t\",in side\n");
  EXPECT_EQ(FormatRow({""}), "\"\"\n");
  EXPECT_EQ(FormatRow({"", ""}), ",\n");
}

// Parse(FormatRow(f)) == f over rows built from the awkward pieces.
TEST(CsvFormat, RoundTrip) {
  const std::vector<std::string> pieces = {
      "",  "a", ",", "\"", "\"\"", "\r", "\n", "\r\n", " ", "\t", "é", "日本", "\xEF\xBB\xBF", "x y",
  };
  std::mt19937 rng(4180);
  for (int iter = 0; iter < 5000; ++iter) {
    Fields row(1 + rng() % 5);
    for (std::string& f : row) {
      const int parts = rng() % 5;
      for (int p = 0; p < parts; ++p) f += pieces[rng() % pieces.size()];
    }
    const std::string line = FormatRow(row);
    absl::StatusOr<std::vector<Row>> rows = Parse(line, "rt.csv");
    ASSERT_TRUE(rows.ok()) << rows.status() << " for " << line;
    ASSERT_EQ(rows->size(), 1u) << line;
    ASSERT_EQ((*rows)[0].fields, row) << line;
  }
}

// Many rows at once: lines follow the embedded line ends.
TEST(CsvFormat, RoundTripOfAFile) {
  std::vector<Fields> want = {{"a", "b\nc"}, {""}, {" x ", "\r"}, {"last"}};
  std::string text;
  for (const Fields& f : want) text += FormatRow(f);
  absl::StatusOr<std::vector<Row>> rows = Parse(text, "rt.csv");
  ASSERT_TRUE(rows.ok()) << rows.status();
  EXPECT_EQ(FieldsOf(*rows), want);
  EXPECT_EQ(LinesOf(*rows), (std::vector<size_t>{1, 3, 4, 6}));
}

absl::StatusOr<Table> TableOf(absl::string_view text) {
  absl::StatusOr<std::vector<Row>> rows = Parse(text, "t.csv");
  if (!rows.ok()) return rows.status();
  return Table::FromRows(*std::move(rows), "t.csv");
}

TEST(CsvTable, LookupsAreCaseInsensitiveOnTrimmedNames) {
  absl::StatusOr<Table> t = TableOf(" Frame ,\tName,x\n1, a ,q\n2,b\n");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_TRUE(t->has_column("frame"));
  EXPECT_TRUE(t->has_column("NAME"));
  EXPECT_FALSE(t->has_column("nam"));
  EXPECT_FALSE(t->has_column(""));
  ASSERT_EQ(t->size(), 2u);
  EXPECT_EQ(t->row(1).line, 3u);
  EXPECT_EQ(t->Get(0, "FRAME"), "1");
  EXPECT_EQ(t->Get(0, "name"), " a ");  // fields are not trimmed
  EXPECT_EQ(t->Get(1, "Name"), "b");
}

TEST(CsvTable, ShortRowAndAbsentColumnAreEmpty) {
  absl::StatusOr<Table> t = TableOf("a,b,c\n1\n");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->Get(0, "a"), "1");
  EXPECT_EQ(t->Get(0, "c"), "");
  EXPECT_EQ(t->Get(0, "zzz"), "");
  EXPECT_EQ(t->Get(5, "a"), "");
}

TEST(CsvTable, HeaderOnly) {
  absl::StatusOr<Table> t = TableOf("a,b\n");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->size(), 0u);
  EXPECT_TRUE(t->has_column("b"));
}

TEST(CsvTable, EmptyHeaderNamesAreAllowed) {
  absl::StatusOr<Table> t = TableOf("a,,\n1,2,3\n");
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ(t->Get(0, "a"), "1");
}

TEST(CsvTable, Errors) {
  EXPECT_EQ(TableOf("\n\n").status().message(), "t.csv: no header row");
  EXPECT_EQ(TableOf("\nName,x, name \n").status().message(),
            "t.csv: line 2: column \"name\" appears twice");
  EXPECT_EQ(TableOf("a,b,c,d\n1,2\n1,2,3,4,5\n").status().message(),
            "t.csv: line 3: 5 fields, the header has 4");
}

}  // namespace
}  // namespace kbot::csv
