// ReadCob on hostile files: each refusal with its exact message, and each
// oddity that is read with a warning instead. Counts near 2^32 must be
// refused before anything is allocated (the test would run out of memory
// otherwise).
#include <gtest/gtest.h>

#include "formats/cob/cob.h"
#include "formats/common/format_error.h"
#include "tests/support/cob_bytes.h"

namespace kbot::cob {
namespace {

using kbot::testing::AllFamiliesCob;
using kbot::testing::CobLayout;
using kbot::testing::CobSpec;
using kbot::testing::LayOutCob;

std::string ErrorOf(const std::vector<uint8_t>& bytes) {
  absl::StatusOr<Cob> cob = ReadCob(bytes, "bad.cob");
  return cob.ok() ? "(read)" : std::string(cob.status().message());
}

CobLayout Fixture() { return LayOutCob(AllFamiliesCob()); }

TEST(CobMalformed, TooShortForTheVersion) {
  EXPECT_EQ(ErrorOf({4, 0}), "bad.cob: too short for a COB header (2 bytes)");
}

TEST(CobMalformed, TruncatedHeader) {
  std::vector<uint8_t> bytes = Fixture().bytes;
  bytes.resize(40);
  EXPECT_EQ(ErrorOf(bytes), "bad.cob: too short for the 44-byte TA COB header (40 bytes)");
  CobSpec tak;
  tak.version = 6;
  bytes = LayOutCob(tak).bytes;
  bytes.resize(48);
  EXPECT_EQ(ErrorOf(bytes),
            "bad.cob: too short for the 52-byte TA: Kingdoms COB header (48 bytes)");
}

TEST(CobMalformed, VersionFive) {
  CobLayout l = Fixture();
  l.SetWord(0, 5);
  EXPECT_EQ(ErrorOf(l.bytes),
            "bad.cob: header at 0x0: version 5 is not a COB kbot reads (4 is TA's, 6 TA: "
            "Kingdoms')");
  absl::StatusOr<Cob> cob = ReadCob(l.bytes, "bad.cob");
  std::optional<FormatError> e = GetFormatError(cob.status());
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->offset, 0u);
}

TEST(CobMalformed, TableOffsetsPastTheEnd) {
  CobLayout l = Fixture();
  const size_t size = l.bytes.size();
  l.SetWord(0x18, uint32_t(size - 4));  // 3 starts from 4 bytes before the end
  EXPECT_EQ(ErrorOf(l.bytes), "bad.cob: header at 0x18: the script start table at " +
                                  Hex(size - 4) + " (3 word(s)) runs past the end of the " +
                                  std::to_string(size) + "-byte file");
  l = Fixture();
  l.SetWord(0x20, 0xFFFFFFF0);
  EXPECT_EQ(ErrorOf(l.bytes), "bad.cob: header at 0x20: the piece name table at 0xfffffff0 (3 "
                              "word(s)) runs past the end of the " + std::to_string(size) +
                                  "-byte file");
  l = Fixture();
  l.SetWord(0x24, uint32_t(size));
  EXPECT_EQ(ErrorOf(l.bytes), "bad.cob: header at 0x24: the code at " + Hex(size) +
                                  " (278 word(s)) runs past the end of the " +
                                  std::to_string(size) + "-byte file");
  l = Fixture();
  l.SetWord(0x1C, 0xFFFFFFFF);
  EXPECT_EQ(ErrorOf(l.bytes), "bad.cob: header at 0x1c: the script name table at 0xffffffff (3 "
                              "word(s)) runs past the end of the " + std::to_string(size) +
                                  "-byte file");
}

// 0xFFFFFFFF x 4 overflows 32 bits to 0xFFFFFFFC: the sums are 64-bit.
TEST(CobMalformed, HugeCountsAreRefusedBeforeAllocating) {
  for (size_t field : {size_t(0x04), size_t(0x08), size_t(0x0C)}) {
    CobLayout l = Fixture();
    l.SetWord(field, 0xFFFFFFFF);
    const std::string error = ErrorOf(l.bytes);
    EXPECT_NE(error.find("(4294967295 word(s)) runs past the end"), std::string::npos) << error;
  }
  CobLayout l = Fixture();
  l.SetWord(0x04, 0x40000001);  // x 4 wraps to 4 in 32 bits
  l.SetWord(0x18, 0);
  EXPECT_NE(ErrorOf(l.bytes).find("(1073741825 word(s))"), std::string::npos);
}

TEST(CobMalformed, KingdomsSoundTablePastTheEnd) {
  CobSpec spec;
  spec.version = 6;
  spec.scripts = {{"Create", {0x10065000}}};
  spec.sounds = {"horn"};
  CobLayout l = LayOutCob(spec);
  l.SetWord(0x30, 0x7FFFFFFF);
  const std::string error = ErrorOf(l.bytes);
  EXPECT_EQ(error, "bad.cob: header at 0x2c: the sound name table at " + Hex(l.sound_names) +
                       " (2147483647 word(s)) runs past the end of the " +
                       std::to_string(l.bytes.size()) + "-byte file");
}

TEST(CobMalformed, NameOffsetPastTheEndIsAWarning) {
  CobLayout l = Fixture();
  l.SetWord(l.script_names + 4, 0x10000);   // AimPrimary
  l.SetWord(l.piece_names + 8, 0xFFFFFFFF);  // barrel
  absl::StatusOr<Cob> cob = ReadCob(l.bytes, "odd.cob");
  ASSERT_TRUE(cob.ok()) << cob.status();
  EXPECT_EQ(cob->scripts[1].name, "");
  EXPECT_EQ(cob->scripts[1].length, 36u);
  EXPECT_EQ(cob->pieces[2], "");
  const std::string size = std::to_string(l.bytes.size());
  EXPECT_EQ(cob->warnings, (std::vector<std::string>{
                               "script 1: its name at 0x10000 is past the end of the " + size +
                                   "-byte file (read as no name)",
                               "piece 2: its name at 0xffffffff is past the end of the " + size +
                                   "-byte file (read as no name)"}));
}

TEST(CobMalformed, UnterminatedAndOverlongNamesAreCut) {
  CobSpec spec;
  spec.scripts = {{std::string(300, 'a'), {0x10065000}}};
  spec.pieces = {"base"};
  CobLayout l = LayOutCob(spec);
  l.bytes.pop_back();  // "base" loses its NUL at the file's end
  absl::StatusOr<Cob> cob = ReadCob(l.bytes, "odd.cob");
  ASSERT_TRUE(cob.ok()) << cob.status();
  EXPECT_EQ(cob->scripts[0].name, std::string(256, 'a'));
  EXPECT_EQ(cob->pieces[0], "base");
  EXPECT_EQ(cob->warnings,
            (std::vector<std::string>{
                "script 0: its name at " + Hex(l.names) +
                    " has no NUL within 256 byte(s) (cut there)",
                "piece 0: its name at " + Hex(l.names + 301) +
                    " has no NUL within 4 byte(s) (cut there)"}));
}

TEST(CobMalformed, ScriptStartPastTheCodeIsEmpty) {
  CobLayout l = Fixture();
  l.SetWord(l.script_starts + 0, 900);  // Create
  absl::StatusOr<Cob> cob = ReadCob(l.bytes, "odd.cob");
  ASSERT_TRUE(cob.ok()) << cob.status();
  EXPECT_EQ(cob->scripts[0].start, 900u);
  EXPECT_EQ(cob->scripts[0].length, 0u);
  // Killed now runs to AimPrimary's start.
  EXPECT_EQ(cob->scripts[2].length, 242u);
  EXPECT_EQ(cob->warnings, std::vector<std::string>{
                               "script 0 'Create': start 900 is past the 278-word code (read as "
                               "empty)"});
}

}  // namespace
}  // namespace kbot::cob
