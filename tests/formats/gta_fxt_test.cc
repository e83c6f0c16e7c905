// FXT texts: the cipher and the records, against bytes computed by hand from
// the format's rule (byte = plain + key; k += m; m *= 2), with the documented
// starting values and with others, which the reader derives from the file.
#include <gtest/gtest.h>

#include <random>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/gta/fxt.h"

namespace kbot::gta {
namespace {

std::vector<uint8_t> BytesOf(absl::string_view s) { return {s.begin(), s.end()}; }
std::string TextOf(const std::vector<uint8_t>& b) { return {b.begin(), b.end()}; }

// "[k1]Café\0[k1]Noël\0[]\x1a\0[]" encrypted by hand from the documented
// k=0x64 m=0x63, byte = plain + key:
//   '[' 0x5b + 0x64 = 0xbf   'k' 0x6b + 0xc7 = 0x32   '1' 0x31 + 0x8d = 0xbe
//   ']' 0x5d + 0x19 = 0x76   'C' 0x43 + 0x31 = 0x74   'a' 0x61 + 0x61 = 0xc2
//   'f' 0x66 + 0xc1 = 0x27   0xc3 + 0x81 = 0x44 (the first byte of 'é')
//   then every byte + 0x01.
const std::vector<uint8_t> kTwoRecords = {
    0xbf, 0x32, 0xbe, 0x76, 0x74, 0xc2, 0x27, 0x44, 0xaa, 0x01, 0x5c, 0x6c, 0x32,
    0x5e, 0x4f, 0x70, 0xc4, 0xac, 0x6d, 0x01, 0x5c, 0x5e, 0x1b, 0x01, 0x5c, 0x5e};

// The same text from k=0x5e m=0x31 (m odd): the keys run 5e 8f f1 b5 3d 4d
// 6d ad, then k - m = 0x2d:
//   '[' 0x5b + 0x5e = 0xb9   'k' 0x6b + 0x8f = 0xfa
//   '1' 0x31 + 0xf1 = 0x22   ']' 0x5d + 0xb5 = 0x12
//   'C' 0x43 + 0x3d = 0x80   'a' 0x61 + 0x4d = 0xae
//   'f' 0x66 + 0x6d = 0xd3   0xc3 + 0xad = 0x70 (the first byte of 'é')
//   then every byte + 0x2d: 0xa9 -> 0xd6, NUL -> 0x2d, '[' -> 0x88 ...
const std::vector<uint8_t> kOddPair = {
    0xb9, 0xfa, 0x22, 0x12, 0x80, 0xae, 0xd3, 0x70, 0xd6, 0x2d, 0x88, 0x98, 0x5e,
    0x8a, 0x7b, 0x9c, 0xf0, 0xd8, 0x99, 0x2d, 0x88, 0x8a, 0x47, 0x2d, 0x88, 0x8a};

// "[s]Straße\0[]\x1a\0[]" from k=0xa7 m=0x0b (m odd): keys a7 b2 c8 f4 4c
// fc 5c 1c, then k - m = 0x9c:
//   '[' 0x5b + 0xa7 = 0x02   's' 0x73 + 0xb2 = 0x25
//   ']' 0x5d + 0xc8 = 0x25   'S' 0x53 + 0xf4 = 0x47
//   't' 0x74 + 0x4c = 0xc0   'r' 0x72 + 0xfc = 0x6e
//   'a' 0x61 + 0x5c = 0xbd   0xc3 + 0x1c = 0xdf (the first byte of 'ß')
//   then every byte + 0x9c: 0x9f -> 0x3b, 'e' -> 0x01, NUL -> 0x9c ...
const std::vector<uint8_t> kOtherOddPair = {0x02, 0x25, 0x25, 0x47, 0xc0, 0x6e,
                                            0xbd, 0xdf, 0x3b, 0x01, 0x9c, 0xf7,
                                            0xf9, 0xb6, 0x9c, 0xf7, 0xf9};

// "[it]Città\0[]\x1a\0[]" from k=0x21 m=0x48 (m even, so it reaches 0 after
// five doublings, not eight): keys 21 69 f9 19 59, then k - m = 0xd9 from
// byte 5 on:
//   '[' 0x5b + 0x21 = 0x7c   'i' 0x69 + 0x69 = 0xd2
//   't' 0x74 + 0xf9 = 0x6d   ']' 0x5d + 0x19 = 0x76
//   'C' 0x43 + 0x59 = 0x9c   'i' 0x69 + 0xd9 = 0x42
//   then every byte + 0xd9: 't' -> 0x4d, 0xc3 -> 0x9c, 0xa0 -> 0x79 ...
const std::vector<uint8_t> kEvenPair = {0x7c, 0xd2, 0x6d, 0x76, 0x9c, 0x42,
                                        0x4d, 0x4d, 0x9c, 0x79, 0xd9, 0x34,
                                        0x36, 0xf3, 0xd9, 0x34, 0x36};

void ExpectRecords(const Fxt& fxt, const std::vector<FxtRecord>& expected) {
  ASSERT_EQ(fxt.records.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(fxt.records[i].key, expected[i].key) << i;
    EXPECT_EQ(fxt.records[i].text, expected[i].text) << i;
  }
}

TEST(GtaFxt, TheDocumentedKeysRunAsTheFormatSays) {
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
  // A file no starting values read: the error says what byte 0 implies ('x'
  // 0x78 + 0x64 = 0xdc, and 0xdc - '[' = 0x81), that every m was tried, and
  // what the documented pair reads.
  EXPECT_EQ(read("x[a]b").status().message(),
            "bad.fxt: record 0 at 0x0: no starting values of the cipher read the file as "
            "[KEY]TEXT records: byte 0 is 0xdc, so k=0x81 for a text opening with '[', and none "
            "of the 256 values of m reads on from there as keys, ']', texts and NULs; with the "
            "documented k=0x64 m=0x63: record 0 at 0x0: expected '[' to open a key");
  // A later record: the documented pair reads the first, so it is kept.
  EXPECT_EQ(read(absl::string_view("[a]b\0[c", 7)).status().message(),
            "bad.fxt: record 1 at 0x5: the key has no closing ']'");
  const absl::Status nul_in_key = read(absl::string_view("[a\0]b", 5)).status();
  EXPECT_TRUE(
      absl::StartsWith(nul_in_key.message(), "bad.fxt: record 0 at 0x0: no starting values"));
  EXPECT_TRUE(absl::EndsWith(nul_in_key.message(),
                             "m=0x63: record 0 at 0x0: the key has no closing ']'"))
      << nul_in_key;
  const absl::Status no_nul = read("[a]no end").status();
  EXPECT_TRUE(absl::EndsWith(no_nul.message(), "record 0 at 0x0: [a]: the text has no closing NUL"))
      << no_nul;
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
  EXPECT_EQ(empty->cipher, FxtCipher{});
  // An empty list, as WriteFxt({}) makes it: no record to derive from, but
  // the documented pair reads it.
  absl::StatusOr<std::vector<uint8_t>> none = WriteFxt({});
  ASSERT_TRUE(none.ok());
  absl::StatusOr<Fxt> listless = ReadFxt(*none, "n.fxt");
  ASSERT_TRUE(listless.ok()) << listless.status();
  EXPECT_TRUE(listless->records.empty());
  EXPECT_TRUE(listless->warnings.empty());
}

TEST(GtaFxt, TheKeysOfOtherStartingValuesSettleAtKMinusM) {
  const uint8_t odd[] = {0x5e, 0x8f, 0xf1, 0xb5, 0x3d, 0x4d, 0x6d, 0xad, 0x2d, 0x2d};
  for (size_t i = 0; i < std::size(odd); ++i) EXPECT_EQ(FxtKey(i, {0x5e, 0x31}), odd[i]) << i;
  const uint8_t even[] = {0x21, 0x69, 0xf9, 0x19, 0x59, 0xd9, 0xd9, 0xd9, 0xd9};
  for (size_t i = 0; i < std::size(even); ++i) EXPECT_EQ(FxtKey(i, {0x21, 0x48}), even[i]) << i;
  // The key of byte i is k + m * (2^i - 1), for every pair.
  for (int k = 0; k < 256; k += 17) {
    for (int m = 0; m < 256; m += 13) {
      const FxtCipher c{uint8_t(k), uint8_t(m)};
      for (uint64_t i = 0; i < 12; ++i) {
        EXPECT_EQ(FxtKey(i, c), uint8_t(k + m * ((uint64_t{1} << i) - 1)))
            << k << " " << m << " " << i;
      }
      EXPECT_EQ(FxtKey(uint64_t{1} << 40, c), uint8_t(k - m));
    }
  }
}

TEST(GtaFxt, TheWriterEnciphersFromTheStartingValuesGiven) {
  absl::StatusOr<std::vector<uint8_t>> odd =
      WriteFxt({{"k1", "Caf\xc3\xa9"}, {"k1", "No\xc3\xabl"}}, {0x5e, 0x31});
  ASSERT_TRUE(odd.ok());
  EXPECT_EQ(*odd, kOddPair);
  absl::StatusOr<std::vector<uint8_t>> other = WriteFxt({{"s", "Stra\xc3\x9f" "e"}}, {0xa7, 0x0b});
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(*other, kOtherOddPair);
  absl::StatusOr<std::vector<uint8_t>> even = WriteFxt({{"it", "Citt\xc3\xa0"}}, {0x21, 0x48});
  ASSERT_TRUE(even.ok());
  EXPECT_EQ(*even, kEvenPair);
  EXPECT_EQ(DecryptFxt(EncryptFxt(kEvenPair, {0x21, 0x48}), {0x21, 0x48}), kEvenPair);
}

TEST(GtaFxt, DerivesOtherStartingValuesFromTheFirstBytes) {
  struct Case {
    const std::vector<uint8_t>* file;
    FxtCipher cipher;
    std::vector<FxtRecord> records;
  };
  const Case cases[] = {
      {&kOddPair, {0x5e, 0x31}, {{"k1", "Caf\xc3\xa9"}, {"k1", "No\xc3\xabl"}}},
      {&kOtherOddPair, {0xa7, 0x0b}, {{"s", "Stra\xc3\x9f" "e"}}},
      {&kEvenPair, {0x21, 0x48}, {{"it", "Citt\xc3\xa0"}}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(absl::StrCat(c.cipher.k, ",", c.cipher.m));
    absl::StatusOr<FxtDerivation> derived = DeriveFxtCipher(*c.file, "X.FXT");
    ASSERT_TRUE(derived.ok()) << derived.status();
    EXPECT_EQ(derived->cipher, c.cipher);
    EXPECT_TRUE(derived->warnings.empty());
    absl::StatusOr<Fxt> fxt = ReadFxt(*c.file, "X.FXT");
    ASSERT_TRUE(fxt.ok()) << fxt.status();
    EXPECT_EQ(fxt->cipher, c.cipher);
    ExpectRecords(*fxt, c.records);
    EXPECT_TRUE(fxt->warnings.empty());
  }
}

TEST(GtaFxt, TheDocumentedPairIsKeptForDocumentedFiles) {
  absl::StatusOr<FxtDerivation> derived = DeriveFxtCipher(kTwoRecords, "FRENCH.FXT");
  ASSERT_TRUE(derived.ok());
  EXPECT_EQ(derived->cipher, (FxtCipher{0x64, 0x63}));
  EXPECT_TRUE(derived->warnings.empty());
  absl::StatusOr<Fxt> fxt = ReadFxt(kTwoRecords, "FRENCH.FXT");
  ASSERT_TRUE(fxt.ok());
  EXPECT_EQ(fxt->cipher, FxtCipher{});
  // A first record longer than the sample, or with a key longer than the
  // game's, reads with the documented pair as it always has.
  const std::vector<FxtRecord> odd = {{std::string(200, 'K'), std::string(kFxtSampleBytes, 'x')},
                                      {"b", "\x01 control"}};
  absl::StatusOr<std::vector<uint8_t>> written = WriteFxt(odd);
  ASSERT_TRUE(written.ok());
  absl::StatusOr<Fxt> back = ReadFxt(*written, "ODD.FXT");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->cipher, FxtCipher{});
  ExpectRecords(*back, odd);
}

// Which m wins does not depend on the values themselves (a wrong m shifts
// the right reading the same way whatever k and m are), so every m of one k
// and every k of one m is found back.
TEST(GtaFxt, EveryStartingValueIsFoundBack) {
  const std::vector<FxtRecord> records = {{"1001", "Answer the phones"}, {"k", "Caf\xc3\xa9"}};
  const auto round_trip = [&](FxtCipher cipher) {
    absl::StatusOr<std::vector<uint8_t>> file = WriteFxt(records, cipher);
    ASSERT_TRUE(file.ok());
    absl::StatusOr<Fxt> fxt = ReadFxt(*file, "R.FXT");
    ASSERT_TRUE(fxt.ok()) << int(cipher.k) << "," << int(cipher.m) << ": " << fxt.status();
    EXPECT_EQ(fxt->cipher, cipher) << int(cipher.k) << "," << int(cipher.m);
    EXPECT_TRUE(fxt->warnings.empty());
    ExpectRecords(*fxt, records);
  };
  for (int v = 0; v < 256; ++v) {
    round_trip({0x5e, uint8_t(v)});
    round_trip({uint8_t(v), 0x31});
  }
}

// Built to tie: under m=0x31 the sample reads "[=w(]\0" then "[c>]@AAA..."
// to its end; under m=0x4e (d = 29 more) bytes 1 to 7 shift by -29 * (2^i -
// 1) and later ones by +29, so it reads "[  ]\xaa}8\0" then "[z]^^^...".
// One whole record each, neither broken: the smaller m wins, with a warning.
TEST(GtaFxt, ATieGoesToTheSmallerMWithAWarningNamingBoth) {
  const std::vector<FxtRecord> records = {{"=w(", ""},
                                          {"c>", "@" + std::string(kFxtSampleBytes, 'A')}};
  absl::StatusOr<std::vector<uint8_t>> file = WriteFxt(records, {0x5e, 0x31});
  ASSERT_TRUE(file.ok());
  absl::StatusOr<Fxt> fxt = ReadFxt(*file, "TIE.FXT");
  ASSERT_TRUE(fxt.ok()) << fxt.status();
  EXPECT_EQ(fxt->cipher, (FxtCipher{0x5e, 0x31}));
  ExpectRecords(*fxt, records);
  ASSERT_EQ(fxt->warnings.size(), 1u);
  EXPECT_EQ(fxt->warnings[0],
            "TIE.FXT: the cipher's starting values k=0x5e m=0x31 and k=0x5e m=0x4e read the first "
            "4096 bytes equally well (1 record(s)); using k=0x5e m=0x31");
  // The documented pair reads the same file, and is kept without a ranking.
  absl::StatusOr<std::vector<uint8_t>> documented = WriteFxt(records);
  ASSERT_TRUE(documented.ok());
  absl::StatusOr<Fxt> kept = ReadFxt(*documented, "TIE.FXT");
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ(kept->cipher, FxtCipher{});
  EXPECT_TRUE(kept->warnings.empty());
}

// Under one of the 256 values of m, about 2% of random byte strings read as
// one record then garbage; that is not taken for a text file.
TEST(GtaFxt, RandomBytesAreNotTakenForText) {
  std::mt19937 rng(1998);  // raw output only: fixed by the standard
  for (int t = 0; t < 2000; ++t) {
    std::vector<uint8_t> file(64 + t % 512);
    for (uint8_t& b : file) b = uint8_t(rng());
    EXPECT_FALSE(DeriveFxtCipher(file, "r.fxt").ok()) << t;
  }
}

TEST(GtaFxt, HostileFilesAreErrorsOrEmptyNeverCrashes) {
  const auto message = [](const std::vector<uint8_t>& file) {
    return std::string(ReadFxt(file, "h.fxt").status().message());
  };
  // One byte: 0xbf is '[' under the documented pair, and nothing follows.
  EXPECT_TRUE(absl::StrContains(message({0xbf}), "byte 0 is 0xbf, so k=0x64"));
  EXPECT_TRUE(absl::EndsWith(message({0xbf}), "record 0 at 0x0: the key has no closing ']'"));
  // "[" alone from k=0x5e (0x5b + 0x5e = 0xb9).
  EXPECT_TRUE(absl::StartsWith(message({0xb9}), "h.fxt: record 0 at 0x0: no starting values"));
  EXPECT_TRUE(absl::StrContains(message({0xb9}), "byte 0 is 0xb9, so k=0x5e"));
  EXPECT_TRUE(absl::StrContains(message({0x00}), "byte 0 is 0x00, so k=0xa5"));
  // A megabyte of one byte value: every candidate breaks or runs out of
  // sample, so the cost is bounded by the sample, not the file.
  EXPECT_TRUE(
      absl::StrContains(message(std::vector<uint8_t>(1 << 20, 0xbf)), "no starting values"));
  // A huge key: the documented pair reads it by the loose rules; from other
  // values nothing reads it.
  const std::vector<FxtRecord> huge = {{std::string(100000, 'K'), "t"}};
  absl::StatusOr<std::vector<uint8_t>> documented = WriteFxt(huge);
  ASSERT_TRUE(documented.ok());
  absl::StatusOr<Fxt> read = ReadFxt(*documented, "h.fxt");
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->records[0].key.size(), 100000u);
  absl::StatusOr<std::vector<uint8_t>> other = WriteFxt(huge, {0x5e, 0x31});
  ASSERT_TRUE(other.ok());
  EXPECT_TRUE(absl::StrContains(message(*other), "byte 0 is 0xb9, so k=0x5e")) << message(*other);
}

}  // namespace
}  // namespace kbot::gta
