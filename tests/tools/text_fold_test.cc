// base/utf8.h and base/text_fold.h: characters read from UTF-8 (and from
// Windows-1252 where the bytes are not UTF-8), then folded so that a search
// ignores case and accents.
#include "base/text_fold.h"
#include "base/utf8.h"

#include <gtest/gtest.h>

namespace kbot {
namespace {

TEST(Utf8, DecodesWellFormedSequences) {
  const std::string text = "A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";  // A é € 😀
  Utf8Char c = DecodeUtf8At(text, 0);
  EXPECT_EQ(c.code, U'A');
  EXPECT_EQ(c.size, 1u);
  c = DecodeUtf8At(text, 1);
  EXPECT_EQ(c.code, 0xE9u);
  EXPECT_EQ(c.size, 2u);
  c = DecodeUtf8At(text, 3);
  EXPECT_EQ(c.code, 0x20ACu);
  EXPECT_EQ(c.size, 3u);
  c = DecodeUtf8At(text, 6);
  EXPECT_EQ(c.code, 0x1F600u);
  EXPECT_EQ(c.size, 4u);
}

// Each byte of what is not UTF-8 is one Windows-1252 character: an overlong
// form, a surrogate, a cut sequence, a lone continuation byte.
TEST(Utf8, OtherBytesReadAsWindows1252) {
  for (const auto& [text, code] : std::vector<std::pair<std::string, char32_t>>{
           {"\xc0\xaf", 0xC0}, {"\xed\xa0\x80", 0xED}, {"\xc3", 0xC3}, {"\xe9t\xe9", 0xE9},
           {"\x8a", 0x160}, {"\x9c", 0x153}, {"\x81", 0x81}, {"\xa9", 0xA9}}) {
    const Utf8Char c = DecodeUtf8At(text, 0);
    EXPECT_EQ(c.code, code) << text;
    EXPECT_EQ(c.size, 1u) << text;
  }
}

TEST(Utf8, AppendsWhatItDecodes) {
  std::string out;
  for (char32_t code : {char32_t(0x41), char32_t(0xE9), char32_t(0x20AC), char32_t(0x1F600)}) {
    AppendUtf8(out, code);
  }
  EXPECT_EQ(out, "A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
  out.clear();
  AppendUtf8(out, 0xD800);
  EXPECT_EQ(out, "\xef\xbf\xbd");  // U+FFFD
}

TEST(TextFold, CaseAndAccentsFoldToPlainLowerCase) {
  EXPECT_EQ(FoldCaseAndAccents("T\xc3\xa9l\xc3\xa9phone"), "telephone");
  EXPECT_EQ(FoldCaseAndAccents("T\xc3\x89L\xc3\x89PHONE"), "telephone");
  EXPECT_EQ(FoldCaseAndAccents("\xc3\x86schylus Stra\xc3\x9f" "e \xc5\x92uvre \xc3\x9eorn"),
            "aeschylus strasse oeuvre thorn");
  EXPECT_EQ(FoldCaseAndAccents("\xc3\x80\xc3\x87\xc3\x91\xc3\x98\xc3\x9c\xc3\xbf\xc5\xb8"),
            "acnouyy");
  // Signs among the Latin-1 letters and characters past it are kept.
  const std::string signs = "2\xc3\x97" "3 \xc3\xb7 \xe6\x97\xa5";  // 2×3 ÷ 日
  EXPECT_EQ(FoldCaseAndAccents(signs), signs);
  // Windows-1252 bytes fold as the letters they are.
  EXPECT_EQ(FoldCaseAndAccents("T\xe9l\xe9phone \x8a\x8e"), "telephone sz");
}

TEST(TextFold, ContainsComparesFolded) {
  EXPECT_TRUE(ContainsFolded("Le T\xc3\xa9l\xc3\xa9phone sonne", FoldCaseAndAccents("TELEPHONE")));
  EXPECT_TRUE(
      ContainsFolded("Le T\xc3\xa9l\xc3\xa9phone", FoldCaseAndAccents("\xc3\xa9l\xc3\xa9ph")));
  EXPECT_FALSE(ContainsFolded("Le T\xc3\xa9l\xc3\xa9phone", FoldCaseAndAccents("telefon")));
  EXPECT_TRUE(ContainsFolded("anything", ""));
}

}  // namespace
}  // namespace kbot
