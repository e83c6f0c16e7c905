// TDF writing: the game's layout byte for byte, the round trip (parse, write,
// parse: the same tree), Windows-1252 out, and what the writer refuses.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "formats/tdf/tdf.h"
#include "formats/tdf/tdf_writer.h"

namespace kbot::tdf {
namespace {

Bytes BytesOf(absl::string_view s) {
  return Bytes(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}

std::string Written(const std::vector<TdfSection>& sections) {
  absl::StatusOr<std::vector<uint8_t>> bytes = WriteTdf(sections);
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  return bytes.ok() ? std::string(bytes->begin(), bytes->end()) : "";
}

std::string Refusal(const std::vector<TdfSection>& sections) {
  absl::StatusOr<std::vector<uint8_t>> bytes = WriteTdf(sections);
  EXPECT_FALSE(bytes.ok());
  return bytes.ok() ? "" : std::string(bytes.status().message());
}

TdfSection Section(std::string name, std::vector<TdfEntry> entries,
                   std::vector<TdfSection> sections = {}) {
  return {.name = std::move(name), .entries = std::move(entries),
          .sections = std::move(sections)};
}

TEST(TdfWrite, TheGamesLayout) {
  const std::vector<TdfSection> tree = {
      Section("UNITINFO", {{"UnitName", "ARMCOM"}, {"Name", "Commander"}, {"Copyright", ""}}),
      Section("ARM_LASER", {{"range", "300"}}, {Section("DAMAGE", {{"default", "75"}})})};
  EXPECT_EQ(Written(tree),
            "[UNITINFO]\r\n"
            "\t{\r\n"
            "\tUnitName=ARMCOM;\r\n"
            "\tName=Commander;\r\n"
            "\tCopyright=;\r\n"
            "\t}\r\n"
            "[ARM_LASER]\r\n"
            "\t{\r\n"
            "\trange=300;\r\n"
            "\t[DAMAGE]\r\n"
            "\t\t{\r\n"
            "\t\tdefault=75;\r\n"
            "\t\t}\r\n"
            "\t}\r\n");
  EXPECT_EQ(Written({}), "");
}

// A sloppy file read, written and read again gives the same tree; the
// written file is in the game's layout and reads without a warning but the
// duplicates it still holds.
TEST(TdfWrite, RoundTrip) {
  const std::string sloppy =
      "\xEF\xBB\xBF// header\r\n"
      "[A] { x = 1 ; Y=caf\xC3\xA9 /* c */ ok\n"
      "  [B]{ z=2 } ;\n"
      "  after=sub;\n"
      "  x=dup;\n"
      "[a]{}\n"
      "junk-free=;}\n"
      "[C]{ path=units/armcom.fbi // cut\n";
  absl::StatusOr<TdfFile> first = ParseTdf(BytesOf(sloppy), "sloppy.tdf");
  ASSERT_TRUE(first.ok()) << first.status();
  const std::string bytes = Written(first->sections);
  EXPECT_EQ(bytes,
            "[A]\r\n\t{\r\n"
            "\tx=1;\r\n"
            "\tY=caf\xE9  ok;\r\n"
            "\t[B]\r\n\t\t{\r\n\t\tz=2;\r\n\t\t}\r\n"
            "\tafter=sub;\r\n"
            "\tx=dup;\r\n"
            "\t[a]\r\n\t\t{\r\n\t\t}\r\n"
            "\tjunk-free=;\r\n"
            "\t}\r\n"
            "[C]\r\n\t{\r\n\tpath=units/armcom.fbi;\r\n\t}\r\n");
  absl::StatusOr<TdfFile> second = ParseTdf(BytesOf(bytes), "written.tdf");
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_TRUE(SameTdfContent(first->sections, second->sections));
  EXPECT_EQ(second->warning_count, 1u);  // x twice in [A]
  EXPECT_EQ(second->sections[0].entries[1].at, (TdfPosition{4, 2}));
  // Written again, the bytes do not change.
  EXPECT_EQ(Written(second->sections), bytes);
}

TEST(TdfWrite, BuiltTreesHaveTheirEntriesFirst) {
  TdfSection s = Section("S", {{"a", "1"}}, {Section("T", {})});
  s.entries.push_back({"b", "2"});
  EXPECT_EQ(Written({s}), "[S]\r\n\t{\r\n\ta=1;\r\n\tb=2;\r\n\t[T]\r\n\t\t{\r\n\t\t}\r\n\t}\r\n");
}

TEST(TdfWrite, Windows1252Out) {
  // Euro, right quote, e acute, y diaeresis, and U+0081 (the undefined 0x81).
  const std::string bytes =
      Written({Section("Caf\xC3\xA9", {{"\xE2\x82\xAC", "it\xE2\x80\x99s \xC3\xBF\xC2\x81"}})});
  EXPECT_EQ(bytes, "[Caf\xE9]\r\n\t{\r\n\t\x80=it\x92s \xFF\x81;\r\n\t}\r\n");
}

TEST(TdfWrite, RefusesWhatWouldReadBackDifferently) {
  const auto value = [](std::string v) {
    return Refusal({Section("UNITINFO", {{"Name", std::move(v)}})});
  };
  const std::string where = "[UNITINFO] key 'Name': cannot write the value: ";
  EXPECT_EQ(value("a;b"), where + "it holds ';', which would end it early");
  EXPECT_EQ(value("a}b"), where + "it holds '}', which would end it early");
  EXPECT_EQ(value("a//b"), where + "it holds a comment opener (\"//\" or \"/*\")");
  EXPECT_EQ(value("a/*b"), where + "it holds a comment opener (\"//\" or \"/*\")");
  EXPECT_EQ(value("a\nb"), where + "it holds a line break");
  EXPECT_EQ(value(std::string("a\0b", 3)), where + "it holds a NUL");
  EXPECT_EQ(value(" a"), where + "it begins or ends with a blank, which the reader trims");
  EXPECT_EQ(value("a\t"), where + "it begins or ends with a blank, which the reader trims");
  EXPECT_EQ(value("\xE4\xB8\xAD"), where + "it holds U+4E2D, which Windows-1252 has no byte for");
  EXPECT_EQ(value("a\xE9"), where + "it is not UTF-8 (byte 0xe9 at 1)");
  const auto key = [](std::string k) { return Refusal({Section("S", {{std::move(k), "v"}})}); };
  EXPECT_EQ(key(""), "[S] key '': cannot write the key: the key is empty");
  EXPECT_EQ(key("a=b"), "[S] key 'a=b': cannot write the key: it holds '=', which would end it "
                        "early");
  EXPECT_EQ(key("a[b"), "[S] key 'a[b': cannot write the key: it holds '[', which would end it "
                        "early");
  EXPECT_EQ(Refusal({Section("P", {}, {Section("a]b", {})})}),
            "[P] [a]b]: cannot write the name: it holds ']', which would end it early");
  // What is fine in a value: '=', ',', '{', '[', ']', a lone '/', inner blanks.
  EXPECT_EQ(Written({Section("S", {{"k", "a = b, {c [d] e/f  g"}})}),
            "[S]\r\n\t{\r\n\tk=a = b, {c [d] e/f  g;\r\n\t}\r\n");
}

TEST(TdfWrite, NestingIsCapped) {
  TdfSection deep = Section("S", {});
  for (int i = 1; i < kMaxTdfDepth; ++i) deep = Section("S", {}, {std::move(deep)});
  absl::StatusOr<std::vector<uint8_t>> ok = WriteTdf({deep});
  ASSERT_TRUE(ok.ok()) << ok.status();
  absl::StatusOr<TdfFile> back = ParseTdf(*ok, "deep.tdf");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_TRUE(SameTdfContent(back->sections, {deep}));
  const std::string refusal = Refusal({Section("S", {}, {std::move(deep)})});
  EXPECT_TRUE(absl::EndsWith(refusal, "[S]: sections nested deeper than 64 levels")) << refusal;
}

}  // namespace
}  // namespace kbot::tdf
