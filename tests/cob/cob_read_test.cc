// ReadCob (formats/cob/cob.h) on scripts built word by word: one small TA
// file typed out as literal bytes (pinning the layout apart from the
// builder), the builder's all-families fixture with every table checked, a
// TA: Kingdoms header with sounds in both field orders, and the warnings
// odd but readable files give. Refusals: cob_malformed_test.cc.
#include <gtest/gtest.h>

#include "absl/strings/str_cat.h"
#include "formats/cob/cob.h"
#include "tests/support/cob_bytes.h"

namespace kbot::cob {
namespace {

using kbot::testing::AllFamiliesCob;
using kbot::testing::CobLayout;
using kbot::testing::CobSpec;
using kbot::testing::LayOutCob;

// One script "Go" (PUSH_CONSTANT 7, RETURN) and one piece "base": header at
// 0, code at 0x2C (3 words), script starts at 0x38, script names at 0x3C,
// piece names at 0x40, names at 0x44.
std::vector<uint8_t> HandTypedTa() {
  return {
      0x04, 0, 0, 0, 0x01, 0, 0, 0, 0x01, 0, 0, 0, 0x03, 0, 0, 0,  // v4, 1 script, 1 piece, 3 words
      0x02, 0, 0, 0, 0x00, 0, 0, 0, 0x38, 0, 0, 0, 0x3C, 0, 0, 0,  // 2 statics, 0, starts, names
      0x40, 0, 0, 0, 0x2C, 0, 0, 0, 0x44, 0, 0, 0,                 // pieces, code, name area
      0x01, 0x10, 0x02, 0x10, 0x07, 0, 0, 0, 0x00, 0x50, 0x06, 0x10,  // code
      0x00, 0, 0, 0, 0x44, 0, 0, 0, 0x47, 0, 0, 0,                    // start 0; name offsets
      'G', 'o', 0, 'b', 'a', 's', 'e', 0,
  };
}

TEST(CobRead, HandTypedTa) {
  const std::vector<uint8_t> bytes = HandTypedTa();
  absl::StatusOr<Cob> cob = ReadCob(bytes, "go.cob");
  ASSERT_TRUE(cob.ok()) << cob.status();
  EXPECT_EQ(cob->version, 4u);
  ASSERT_EQ(cob->scripts.size(), 1u);
  EXPECT_EQ(cob->scripts[0].name, "Go");
  EXPECT_EQ(cob->scripts[0].start, 0u);
  EXPECT_EQ(cob->scripts[0].length, 3u);
  EXPECT_EQ(cob->pieces, std::vector<std::string>{"base"});
  EXPECT_EQ(cob->static_count, 2u);
  EXPECT_TRUE(cob->sounds.empty());
  EXPECT_EQ(cob->code_offset, 0x2Cu);
  EXPECT_EQ(cob->code, (std::vector<uint32_t>{0x10021001, 7, 0x10065000}));
  EXPECT_TRUE(cob->warnings.empty());
}

TEST(CobRead, BuilderMatchesHandTyped) {
  CobSpec spec;
  spec.scripts = {{"Go", {0x10021001, 7, 0x10065000}}};
  spec.pieces = {"base"};
  spec.static_count = 2;
  EXPECT_EQ(LayOutCob(spec).bytes, HandTypedTa());
}

TEST(CobRead, AllFamiliesScriptsOutOfStartOrder) {
  const CobLayout layout = LayOutCob(AllFamiliesCob());
  absl::StatusOr<Cob> cob = ReadCob(layout.bytes, "all.cob");
  ASSERT_TRUE(cob.ok()) << cob.status();
  ASSERT_EQ(cob->scripts.size(), 3u);
  EXPECT_EQ(cob->scripts[0].name, "Create");
  EXPECT_EQ(cob->scripts[0].start, 35u);
  EXPECT_EQ(cob->scripts[0].length, 207u);
  EXPECT_EQ(cob->scripts[1].name, "AimPrimary");
  EXPECT_EQ(cob->scripts[1].start, 242u);
  EXPECT_EQ(cob->scripts[1].length, 36u);
  EXPECT_EQ(cob->scripts[2].name, "Killed");
  EXPECT_EQ(cob->scripts[2].start, 0u);
  EXPECT_EQ(cob->scripts[2].length, 35u);
  EXPECT_EQ(cob->pieces, (std::vector<std::string>{"base", "turret", "barrel"}));
  EXPECT_EQ(cob->static_count, 2u);
  EXPECT_EQ(cob->code.size(), 278u);
  EXPECT_EQ(cob->code_offset, 44u);
  EXPECT_EQ(cob->code[0], 0x10022000u);
  EXPECT_EQ(cob->code[277], 3u);  // AimPrimary's last word: JUMP 3
  EXPECT_TRUE(cob->warnings.empty());
}

CobSpec KingdomsSpec() {
  CobSpec spec;
  spec.version = 6;
  spec.scripts = {{"Create", {0x10021001, 0, 0x10072000, 1, 0x10021001, 0, 0x10065000}}};
  spec.pieces = {"base", "head"};
  spec.sounds = {"horn", "step", "roar"};
  return spec;
}

TEST(CobRead, KingdomsSounds) {
  const CobLayout layout = LayOutCob(KingdomsSpec());
  EXPECT_EQ(layout.header_bytes, 52u);
  EXPECT_EQ(layout.Word(0x2C), layout.sound_names);
  EXPECT_EQ(layout.Word(0x30), 3u);
  absl::StatusOr<Cob> cob = ReadCob(layout.bytes, "tak.cob");
  ASSERT_TRUE(cob.ok()) << cob.status();
  EXPECT_EQ(cob->version, 6u);
  EXPECT_EQ(cob->code_offset, 52u);
  EXPECT_EQ(cob->sounds, (std::vector<std::string>{"horn", "step", "roar"}));
  EXPECT_EQ(cob->pieces, (std::vector<std::string>{"base", "head"}));
  EXPECT_TRUE(cob->warnings.empty());
}

TEST(CobRead, KingdomsSoundsCountFirstIsReadWithAWarning) {
  CobSpec spec = KingdomsSpec();
  spec.sound_count_first = true;
  const CobLayout layout = LayOutCob(spec);
  absl::StatusOr<Cob> cob = ReadCob(layout.bytes, "tak.cob");
  ASSERT_TRUE(cob.ok()) << cob.status();
  EXPECT_EQ(cob->sounds, (std::vector<std::string>{"horn", "step", "roar"}));
  ASSERT_EQ(cob->warnings.size(), 1u);
  EXPECT_EQ(cob->warnings[0],
            "sound table: 0x2C holds 3 and 0x30 holds 0x" +
                absl::StrCat(absl::Hex(layout.sound_names)) +
                ": read as count then offset (the order of the first notes), not offset then "
                "count");
}

TEST(CobRead, KingdomsWithoutSounds) {
  CobSpec spec = KingdomsSpec();
  spec.sounds.clear();
  absl::StatusOr<Cob> cob = ReadCob(LayOutCob(spec).bytes, "tak.cob");
  ASSERT_TRUE(cob.ok()) << cob.status();
  EXPECT_TRUE(cob->sounds.empty());
  EXPECT_TRUE(cob->warnings.empty());
}

TEST(CobRead, SoundsInATaFileAreNotRead) {
  CobSpec spec = KingdomsSpec();
  spec.version = 4;
  absl::StatusOr<Cob> cob = ReadCob(LayOutCob(spec).bytes, "ta.cob");
  ASSERT_TRUE(cob.ok()) << cob.status();
  EXPECT_TRUE(cob->sounds.empty());
}

// Two names for one start, and an empty script at the code's end.
TEST(CobRead, LengthsFromSortedDistinctStarts) {
  CobSpec spec;
  spec.scripts = {{"A", {0x10065000, 0x10065000}}, {"B", {}}, {"C", {0x10065000}}};
  CobLayout layout = LayOutCob(spec);  // A 0..1, B at 2 (empty), C 2
  layout.SetWord(layout.script_starts + 4, 0);  // B shares A's start
  absl::StatusOr<Cob> cob = ReadCob(layout.bytes, "t.cob");
  ASSERT_TRUE(cob.ok()) << cob.status();
  EXPECT_EQ(cob->scripts[0].length, 2u);
  EXPECT_EQ(cob->scripts[1].length, 2u);
  EXPECT_EQ(cob->scripts[2].start, 2u);
  EXPECT_EQ(cob->scripts[2].length, 1u);
}

}  // namespace
}  // namespace kbot::cob
