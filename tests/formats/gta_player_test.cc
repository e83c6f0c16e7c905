// PLAYER_A.DAT: a 0x414-byte file built byte by byte from
// specs/gta1-formats.txt.
#include <cstring>

#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/gta/player.h"

namespace kbot::gta {
namespace {

void PutS32(std::vector<uint8_t>& f, size_t at, int32_t v) {
  for (int i = 0; i < 4; ++i) f[at + i] = uint8_t(uint32_t(v) >> (8 * i));
}
void PutText(std::vector<uint8_t>& f, size_t at, const char* s) {
  std::memcpy(f.data() + at, s, std::strlen(s));
}

// Score (level l, rank k) is at 0x18 + (3 l + k) * 20, its name 4 bytes on.
std::vector<uint8_t> Sample() {
  std::vector<uint8_t> f(0x414, 0);
  for (int i = 0; i < 0x14; ++i) f[i] = uint8_t(0xa0 + i);  // settings
  f[0x14] = 2;                                               // language override
  PutS32(f, 0x18, 125000);                                   // level 0 rank 0
  PutText(f, 0x1c, "DAVE");
  PutS32(f, 0x18 + 1 * 20, -5);                              // level 0 rank 1
  PutText(f, 0x18 + 1 * 20 + 4, "ABCDEFGHIJKLMNO");          // 15 chars + NUL
  PutS32(f, 0x18 + 17 * 20, 0x7fffffff);                     // level 5 rank 2 at 0x16c
  PutText(f, 0x16c + 4, "LAST");
  PutText(f, 0x180, "Player One");                           // record 0
  f[0x180 + 0x40] = 0x12;                                    // something later in it
  PutText(f, 0x180 + 3 * 0x50, "Zed");                       // record 3 at 0x270
  f[0x180 + 5 * 0x50] = 0x01;                                // record 5: not a string
  f[0x400] = 3;
  PutText(f, 0x401, "GTAHOST");
  return f;
}

TEST(GtaPlayer, ReadsSettingsScoresPlayers) {
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(Sample(), "PLAYER_A.DAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_TRUE(p->warnings.empty()) << p->warnings.front();
  EXPECT_EQ(p->settings[0], 0xa0);
  EXPECT_EQ(p->settings[0x13], 0xb3);
  EXPECT_EQ(p->language_override, 2u);
  EXPECT_EQ(p->language_raw, (std::array<uint8_t, 4>{2, 0, 0, 0}));
  EXPECT_EQ(p->high_scores[0][0].score, 125000);
  EXPECT_EQ(p->high_scores[0][0].name, "DAVE");
  EXPECT_EQ(p->high_scores[0][0].raw_name[4], 0);
  EXPECT_EQ(p->high_scores[0][1].score, -5);
  EXPECT_EQ(p->high_scores[0][1].name, "ABCDEFGHIJKLMNO");
  EXPECT_EQ(p->high_scores[0][2].score, 0);
  EXPECT_EQ(p->high_scores[0][2].name, "");
  EXPECT_EQ(p->high_scores[5][2].score, 0x7fffffff);
  EXPECT_EQ(p->high_scores[5][2].name, "LAST");
  ASSERT_TRUE(p->players[0].name.has_value());
  EXPECT_EQ(*p->players[0].name, "Player One");
  EXPECT_EQ(p->players[0].raw[0x40], 0x12);
  EXPECT_EQ(p->players[0].raw[0], 'P');
  ASSERT_TRUE(p->players[3].name.has_value());
  EXPECT_EQ(*p->players[3].name, "Zed");
  EXPECT_FALSE(p->players[1].name.has_value());  // empty
  EXPECT_FALSE(p->players[5].name.has_value());  // 0x01 is not text
  EXPECT_EQ(p->players[5].raw[0], 0x01);
  EXPECT_EQ(p->current_player, 3);
  EXPECT_EQ(p->network_name, "GTAHOST");
}

TEST(GtaPlayer, UnterminatedStringsAndABadPlayerAreWarnings) {
  std::vector<uint8_t> f = Sample();
  PutText(f, 0x18 + 4 * 20 + 4, "SIXTEEN_CHARS_XX");  // level 1 rank 1 at 0x68
  f[0x400] = 8;
  std::memset(f.data() + 0x401, 'N', 0x414 - 0x401);
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(f, "PLAYER_A.DAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->high_scores[1][1].name, "SIXTEEN_CHARS_XX");
  EXPECT_EQ(p->network_name, std::string(19, 'N'));
  ASSERT_EQ(p->warnings.size(), 3u);
  EXPECT_TRUE(absl::StrContains(p->warnings[0], "level 1 rank 1 at 0x68")) << p->warnings[0];
  EXPECT_TRUE(absl::StrContains(p->warnings[1], "current player at 0x400 is 8"))
      << p->warnings[1];
  EXPECT_TRUE(absl::StrContains(p->warnings[2], "network name at 0x401")) << p->warnings[2];
}

TEST(GtaPlayer, WrongSizeIsAnError) {
  for (size_t size : {size_t(0), size_t(0x413), size_t(0x415), size_t(4096)}) {
    absl::StatusOr<PlayerFile> p = ReadPlayerFile(std::vector<uint8_t>(size), "PLAYER_A.DAT");
    ASSERT_FALSE(p.ok()) << size;
    EXPECT_EQ(p.status().message(),
              absl::StrCat("PLAYER_A.DAT: a player file is 0x414 (1044) bytes, the file is ",
                           size));
  }
}

}  // namespace
}  // namespace kbot::gta
