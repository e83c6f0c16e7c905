// FXT texts: the cipher and the records, against bytes computed by hand from
// specs/gta1-formats.txt and the addendum.
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "formats/gta/fxt.h"

namespace kbot::gta {
namespace {

std::vector<uint8_t> BytesOf(absl::string_view s) { return {s.begin(), s.end()}; }
std::string TextOf(const std::vector<uint8_t>& b) { return {b.begin(), b.end()}; }

// "[k1]Café\0[k1]Noël\0[]\x1a\0[]" encrypted by hand, byte = plain + key:
//   '[' 0x5b + 0x64 = 0xbf   'k' 0x6b + 0xc7 = 0x32   '1' 0x31 + 0x8d = 0xbe
//   ']' 0x5d + 0x19 = 0x76   'C' 0x43 + 0x31 = 0x74   'a' 0x61 + 0x61 = 0xc2
//   'f' 0x66 + 0xc1 = 0x27   0xc3 + 0x81 = 0x44 (the first byte of 'é')
//   then every byte + 0x01.
const std::vector<uint8_t> kTwoRecords = {
    0xbf, 0x32, 0xbe, 0x76, 0x74, 0xc2, 0x27, 0x44, 0xaa, 0x01, 0x5c, 0x6c, 0x32,
    0x5e, 0x4f, 0x70, 0xc4, 0xac, 0x6d, 0x01, 0x5c, 0x5e, 0x1b, 0x01, 0x5c, 0x5e};

TEST(GtaFxt, TheKeysRunAsTheAddendumSays) {
  const uint8_t expected[] = {0x64, 0xC7, 0x8D, 0x19, 0x31, 0x61, 0xC1, 0x81, 0x01, 0x01};
  for (size_t i = 0; i < std::size(expected); ++i) EXPECT_EQ(FxtKey(i), expected[i]) << i;
  EXPECT_EQ(FxtKey(1000000), 0x01);
  // The start of every English file.
  EXPECT_EQ(TextOf(DecryptFxt(std::vector<uint8_t>{0xbf, 0xf8, 0xbd, 0x49, 0x62, 0xbe, 0x02,
                                                   0xef})),
            "[1001]An");
}

TEST(GtaFxt, ReadsRecordsInFileOrderWithRepeatedKeysAndAccents) {
  absl::StatusOr<Fxt> fxt = ReadFxt(kTwoRecords, "FRENCH.FXT");
  ASSERT_TRUE(fxt.ok()) << fxt.status();
  ASSERT_EQ(fxt->records.size(), 2u);
  EXPECT_EQ(fxt->records[0].key, "k1");
  EXPECT_EQ(fxt->records[0].text, "Caf\xc3\xa9");
  EXPECT_EQ(fxt->records[1].key, "k1");
  EXPECT_EQ(fxt->records[1].text, "No\xc3\xabl");
  EXPECT_TRUE(fxt->warnings.empty());
}

TEST(GtaFxt, TheWriterGivesTheSameBytesAndReadsBack) {
  absl::StatusOr<std::vector<uint8_t>> written =
      WriteFxt({{"k1", "Caf\xc3\xa9"}, {"k1", "No\xc3\xabl"}});
  ASSERT_TRUE(written.ok()) << written.status();
  EXPECT_EQ(*written, kTwoRecords);
  const std::vector<FxtRecord> records = {
      {"1001", "Answer the South Park phones"}, {"a", ""}, {"x y", "[not a key] ok"}};
  absl::StatusOr<std::vector<uint8_t>> again = WriteFxt(records);
  ASSERT_TRUE(again.ok());
  absl::StatusOr<Fxt> back = ReadFxt(*again, "x.fxt");
  ASSERT_TRUE(back.ok()) << back.status();
  ASSERT_EQ(back->records.size(), records.size());
  for (size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(back->records[i].key, records[i].key);
    EXPECT_EQ(back->records[i].text, records[i].text);
  }
  EXPECT_EQ(EncryptFxt(DecryptFxt(*again)), *again);
}

TEST(GtaFxt, TheWriterRefusesWhatCannotBeReadBack) {
  EXPECT_EQ(WriteFxt({{"", "x"}}).status().message(),
            "record 0 []: a key must be non-empty, without '[', ']' or NUL");
  EXPECT_FALSE(WriteFxt({{"a]b", "x"}}).ok());
  EXPECT_FALSE(WriteFxt({{"ok", "x"}, {"a[", "x"}}).ok());
  EXPECT_EQ(WriteFxt({{"ok", std::string("a\0b", 3)}}).status().message(),
            "record 0 [ok]: the text holds a NUL byte");
}

TEST(GtaFxt, MalformedFilesAreErrorsNamingRecordAndOffset) {
  const auto read = [](absl::string_view plain) {
    return ReadFxt(EncryptFxt(BytesOf(plain)), "bad.fxt");
  };
  EXPECT_EQ(read("x[a]b").status().message(),
            "bad.fxt: record 0 at 0x0: expected '[' to open a key");
  EXPECT_EQ(read(absl::string_view("[a]b\0[c", 7)).status().message(),
            "bad.fxt: record 1 at 0x5: the key has no closing ']'");
  EXPECT_EQ(read(absl::string_view("[a\0]b", 5)).status().message(),
            "bad.fxt: record 0 at 0x0: the key has no closing ']'");
  EXPECT_EQ(read("[a]no end").status().message(),
            "bad.fxt: record 0 at 0x0: [a]: the text has no closing NUL");
}

TEST(GtaFxt, OddButReadableFilesGiveWarnings) {
  // No final "[]": every record is read, and the reader says so.
  absl::StatusOr<Fxt> open = ReadFxt(EncryptFxt(BytesOf(absl::string_view("[a]b\0", 5))), "o.fxt");
  ASSERT_TRUE(open.ok()) << open.status();
  ASSERT_EQ(open->records.size(), 1u);
  ASSERT_EQ(open->warnings.size(), 1u);
  EXPECT_EQ(open->warnings[0], "o.fxt: no final \"[]\": read to the end of the file");
  // Latin-1 where UTF-8 belongs: kept as stored, with a warning.
  absl::StatusOr<Fxt> latin =
      ReadFxt(EncryptFxt(BytesOf(absl::string_view("[a]Caf\xe9\0[]", 10))), "l.fxt");
  ASSERT_TRUE(latin.ok()) << latin.status();
  EXPECT_EQ(latin->records[0].text, "Caf\xe9");
  ASSERT_EQ(latin->warnings.size(), 1u);
  EXPECT_TRUE(absl::StrContains(latin->warnings[0], "record 0 at 0x0: [a]: not valid UTF-8"));
  // An empty file holds no records.
  absl::StatusOr<Fxt> empty = ReadFxt({}, "e.fxt");
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->records.empty());
}

}  // namespace
}  // namespace kbot::gta
