// PLAYER_A.DAT, built byte by byte: a 0x414-byte file in the documented
// layout; a 1009-byte file in the packed layout (its 16-byte host name holds
// 15 characters and the NUL, so the file is one byte longer than the 1008 its
// description counts: see player.h); the documented layout cut by 35 bytes
// to the same 1009; a file with nothing plausible; tiny and empty files.
#include <cstring>

#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/gta/player.h"

namespace kbot::gta {
namespace {

using Warnings = std::vector<std::string>;

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

// A full high-score table, as a played game holds one: entry i (level i / 3,
// rank i % 3) scores 1200000 - 60000 i.
constexpr const char* kNames[kHighScores] = {
    "DAVE", "ANNA",  "ROGER", "TOMMY", "SONNY", "KIVLOV", "BUBBA", "ZAIBATSU", "EL BURRO",
    "MARIA", "LUIGI", "RAY",  "PHIL",  "ELTON", "DEACON", "MICKY", "JOEY",     "VINNIE"};
int32_t TableScore(int i) { return 1200000 - 60000 * i; }

void PutName(std::vector<uint8_t>& f, size_t at, size_t size, const char* s) {
  std::memset(f.data() + at, 0, size);
  PutText(f, at, s);
}

void FillTable(std::vector<uint8_t>& f, size_t offset, size_t entry_size) {
  for (int i = 0; i < kHighScores; ++i) {
    PutS32(f, offset + size_t(i) * entry_size, TableScore(i));
    PutName(f, offset + size_t(i) * entry_size + 4, entry_size - 4, kNames[i]);
  }
}

// The packed layout, 1009 bytes. Scores at 0x12 + 19 i; players at
// 0x168 + 79 p; the selected player at 0x3e0; the host name at 0x3e1.
std::vector<uint8_t> Packed() {
  std::vector<uint8_t> f(1009, 0);
  const uint8_t settings[9] = {7, 6, 2, 1, 3, 3, 0, 1, 0};
  std::memcpy(f.data(), settings, 9);
  PutS32(f, 9, 4321);   // deathmatch score
  PutS32(f, 13, 12);    // deathmatch kills
  f[0x11] = 1;          // language
  FillTable(f, 0x12, 19);
  PutName(f, 0x12 + 14 * 19 + 4, 15, "REN\xc9");  // level 4 rank 2 at 0x11c: Latin-1
  for (int i = 15; i < 18; ++i) {                  // level 5: not played, -1 and no names
    PutS32(f, 0x12 + size_t(i) * 19, -1);
    PutName(f, 0x12 + size_t(i) * 19 + 4, 15, "");
  }
  PutText(f, 0x168, "TRAVIS");  // player 0: scores for levels 0 and 1, then -1
  const int32_t travis[6] = {150000, 90000, -1, -1, -1, -1};
  for (int l = 0; l < 6; ++l) PutS32(f, 0x168 + 15 + 4 * size_t(l), travis[l]);
  PutS32(f, 0x168 + 43, 2);                  // multiplayer area
  PutS32(f, 0x168 + 51, 1);                  // multiplayer game
  PutS32(f, 0x168 + 55, 1);                  // video unlocked, level 0
  PutText(f, 0x1b7, "Alice");                // player 1
  PutS32(f, 0x1b7 + 15 + 20, 0x7fffffff);    // her level 5 score at 0x1da: not a score
  f[0x3e0] = 2;                              // selected player 2: index 1
  PutText(f, 0x3e1, "GTA-HOST-LONDON");      // 15 characters, the NUL at 0x3f0
  return f;
}

// The documented layout with a full table (entry 1 scores -5), cut by 35
// bytes at the end: 1009 bytes, like the packed file.
std::vector<uint8_t> Truncated() {
  std::vector<uint8_t> f = Sample();
  FillTable(f, 0x18, 20);
  PutS32(f, 0x18 + 20, -5);
  PutText(f, 0x3b0, "Last");  // record 7: its name lies inside the cut file
  f.resize(0x414 - 35);
  return f;
}

TEST(GtaPlayer, ReadsSettingsScoresPlayers) {
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(Sample(), "PLAYER_A.DAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->warnings, Warnings{});
  EXPECT_EQ(p->size, 0x414u);
  EXPECT_EQ(p->layout, PlayerLayout::kDocumented);
  EXPECT_TRUE(p->standard_size);
  ASSERT_EQ(p->settings.size(), 0x14u);
  EXPECT_EQ(p->settings[0], 0xa0);
  EXPECT_EQ(p->settings[0x13], 0xb3);
  EXPECT_FALSE(p->packed_settings.has_value());
  EXPECT_EQ(p->language_override, 2u);
  EXPECT_EQ(p->language_raw, (std::vector<uint8_t>{2, 0, 0, 0}));
  ASSERT_EQ(p->high_scores.size(), 18u);
  EXPECT_EQ(p->Score(0, 0).score, 125000);
  EXPECT_EQ(p->Score(0, 0).name, "DAVE");
  EXPECT_EQ(p->Score(0, 0).offset, 0x18u);
  ASSERT_EQ(p->Score(0, 0).raw_name.size(), 16u);
  EXPECT_EQ(p->Score(0, 0).raw_name[4], 0);
  EXPECT_EQ(p->Score(0, 1).score, -5);  // kept: a 0x414 file is read as it always was
  EXPECT_EQ(p->Score(0, 1).name, "ABCDEFGHIJKLMNO");
  EXPECT_EQ(p->Score(0, 2).score, 0);
  EXPECT_EQ(p->Score(0, 2).name, "");
  EXPECT_EQ(p->Score(5, 2).score, 0x7fffffff);
  EXPECT_EQ(p->Score(5, 2).name, "LAST");
  EXPECT_EQ(p->Score(5, 2).offset, 0x16cu);
  EXPECT_EQ(p->Score(5, 2).level, 5);
  EXPECT_EQ(p->Score(5, 2).rank, 2);
  ASSERT_EQ(p->players.size(), 8u);
  EXPECT_EQ(p->players[0].name, "Player One");
  ASSERT_EQ(p->players[0].raw.size(), 0x50u);
  EXPECT_EQ(p->players[0].raw[0x40], 0x12);
  EXPECT_EQ(p->players[0].raw[0], 'P');
  EXPECT_EQ(p->players[3].name, "Zed");
  EXPECT_EQ(p->players[3].offset, 0x270u);
  EXPECT_FALSE(p->players[1].name.has_value());  // empty
  EXPECT_FALSE(p->players[5].name.has_value());  // 0x01 is not text
  EXPECT_EQ(p->players[5].raw[0], 0x01);
  EXPECT_FALSE(p->players[0].packed.has_value());
  EXPECT_EQ(p->current_player, 3);
  EXPECT_EQ(p->network_name, "GTAHOST");
  EXPECT_TRUE(p->strings.empty());  // listed only for other sizes
}

TEST(GtaPlayer, UnterminatedStringsAndABadPlayerAreWarnings) {
  std::vector<uint8_t> f = Sample();
  PutText(f, 0x18 + 4 * 20 + 4, "SIXTEEN_CHARS_XX");  // level 1 rank 1 at 0x68
  f[0x400] = 8;
  std::memset(f.data() + 0x401, 'N', 0x414 - 0x401);
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(f, "PLAYER_A.DAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->Score(1, 1).name, "SIXTEEN_CHARS_XX");
  EXPECT_EQ(p->network_name, std::string(19, 'N'));
  EXPECT_EQ(p->current_player, 8);  // kept, with a warning
  EXPECT_EQ(p->warnings,
            (Warnings{"PLAYER_A.DAT: high score level 1 rank 1 at 0x68: the name fills its 16 "
                      "bytes without a NUL",
                      "PLAYER_A.DAT: current player at 0x400 is 8, not one of the 8 records",
                      "PLAYER_A.DAT: network name at 0x401: no NUL before the end of the file"}));
}

TEST(GtaPlayer, PackedLayoutOf1009Bytes) {
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(Packed(), "PLAYER_A.DAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->layout, PlayerLayout::kPacked);
  EXPECT_FALSE(p->standard_size);
  EXPECT_EQ(p->size, 1009u);
  EXPECT_EQ(p->warnings,
            (Warnings{"PLAYER_A.DAT: 1009 bytes, 35 fewer than the 1044 (0x414) of the "
                      "documented layout; read as the packed layout where its fields check out",
                      "PLAYER_A.DAT: high score level 4 rank 2 name at 0x120: not printable text "
                      "ended by a NUL within its 15 bytes",
                      "PLAYER_A.DAT: player 1 level 5 score at 0x1da: score 2147483647 is not -1 "
                      "or 0..100000000"}));
  ASSERT_EQ(p->settings.size(), 0x11u);
  ASSERT_TRUE(p->packed_settings.has_value());
  EXPECT_EQ(p->packed_settings->sound_volume, 7);
  EXPECT_EQ(p->packed_settings->music_volume, 6);
  EXPECT_EQ(p->packed_settings->transparency, 1);
  EXPECT_EQ(p->packed_settings->deathmatch_score, 4321u);
  EXPECT_EQ(p->packed_settings->deathmatch_kills, 12u);
  EXPECT_EQ(p->language_override, 1u);
  EXPECT_EQ(p->language_raw, std::vector<uint8_t>{1});
  EXPECT_EQ(p->Score(0, 0).offset, 0x12u);
  EXPECT_EQ(p->Score(0, 0).score, 1200000);
  EXPECT_EQ(p->Score(0, 0).name, "DAVE");
  EXPECT_EQ(p->Score(2, 2).name, "EL BURRO");
  EXPECT_EQ(p->Score(2, 2).score, 720000);
  EXPECT_EQ(p->Score(4, 2).offset, 0x11cu);
  EXPECT_EQ(p->Score(4, 2).score, 360000);           // the score checks out
  EXPECT_FALSE(p->Score(4, 2).name.has_value());     // the name does not
  EXPECT_EQ(p->Score(4, 2).raw_name[3], 0xc9);
  EXPECT_EQ(p->Score(5, 0).score, -1);
  EXPECT_EQ(p->Score(5, 0).name, "");
  EXPECT_EQ(p->players[0].offset, 0x168u);
  EXPECT_EQ(p->players[0].name, "TRAVIS");
  ASSERT_TRUE(p->players[0].packed.has_value());
  EXPECT_EQ(p->players[0].packed->level_scores[0], 150000);
  EXPECT_EQ(p->players[0].packed->level_scores[1], 90000);
  EXPECT_EQ(p->players[0].packed->level_scores[2], -1);
  EXPECT_EQ(p->players[0].packed->multiplayer_area, 2);
  EXPECT_EQ(p->players[0].packed->multiplayer_game, 1);
  EXPECT_EQ(p->players[0].packed->videos_unlocked, (std::array<uint32_t, 6>{1, 0, 0, 0, 0, 0}));
  EXPECT_EQ(p->players[1].offset, 0x1b7u);
  EXPECT_EQ(p->players[1].name, "Alice");
  EXPECT_FALSE(p->players[1].packed->level_scores[5].has_value());
  EXPECT_FALSE(p->players[2].name.has_value());  // unused
  EXPECT_EQ(p->players[7].raw.size(), 79u);
  EXPECT_EQ(p->current_player, 1);  // the byte is 2: the packed layout counts from 1
  EXPECT_EQ(p->network_name, "GTA-HOST-LONDON");
  // 14 high-score names (not REN\xc9, not level 5's), 2 players, the host.
  ASSERT_EQ(p->strings.size(), 17u);
  EXPECT_EQ(p->strings[0].offset, 0x16u);
  EXPECT_EQ(p->strings[0].text, "DAVE");
  EXPECT_EQ(p->strings[8].offset, 0x12u + 8 * 19 + 4);
  EXPECT_EQ(p->strings[8].text, "EL BURRO");
  EXPECT_EQ(p->strings[13].text, "ELTON");
  EXPECT_EQ(p->strings[14].offset, 0x168u);
  EXPECT_EQ(p->strings[14].text, "TRAVIS");
  EXPECT_EQ(p->strings[15].offset, 0x1b7u);
  EXPECT_EQ(p->strings[15].text, "Alice");
  EXPECT_EQ(p->strings[16].offset, 0x3e1u);
  EXPECT_EQ(p->strings[16].text, "GTA-HOST-LONDON");
}

// The description's 1008 bytes: the host name gets 15 bytes, and this one
// has no NUL in them.
TEST(GtaPlayer, PackedLayoutOf1008BytesCutsTheHostName) {
  std::vector<uint8_t> f = Packed();
  f.resize(1008);
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(f, "PLAYER_A.DAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->layout, PlayerLayout::kPacked);
  EXPECT_FALSE(p->network_name.has_value());
  ASSERT_EQ(p->warnings.size(), 4u);
  EXPECT_EQ(p->warnings[0],
            "PLAYER_A.DAT: 1008 bytes, 36 fewer than the 1044 (0x414) of the documented layout; "
            "read as the packed layout where its fields check out");
  EXPECT_EQ(p->warnings[3],
            "PLAYER_A.DAT: network name at 0x3e1: not printable text ended by a NUL before 0x3f0");
  EXPECT_EQ(p->current_player, 1);
}

TEST(GtaPlayer, DocumentedLayoutCutBy35Bytes) {
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(Truncated(), "PLAYER_A.DAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->layout, PlayerLayout::kDocumented);
  EXPECT_EQ(p->size, 1009u);
  EXPECT_EQ(p->warnings,
            (Warnings{"PLAYER_A.DAT: 1009 bytes, 35 fewer than the 1044 (0x414) of the "
                      "documented layout; read as the 0x414 layout where its fields check out",
                      "PLAYER_A.DAT: high score level 0 rank 1 at 0x2c: score -5 is not -1 or "
                      "0..100000000",
                      "PLAYER_A.DAT: player 5 name at 0x310: not printable text ended by a NUL "
                      "within its 80 bytes",
                      "PLAYER_A.DAT: player 7 at 0x3b0: the record (80 bytes) runs past the end "
                      "of the file at 0x3f1",
                      "PLAYER_A.DAT: current player at 0x400: past the end of the file at 0x3f1",
                      "PLAYER_A.DAT: network name at 0x401: past the end of the file at 0x3f1"}));
  EXPECT_EQ(p->settings.size(), 0x14u);
  EXPECT_EQ(p->language_override, 2u);
  EXPECT_FALSE(p->packed_settings.has_value());
  EXPECT_EQ(p->Score(0, 0).score, 1200000);
  EXPECT_EQ(p->Score(0, 0).name, "DAVE");
  EXPECT_FALSE(p->Score(0, 1).score.has_value());
  EXPECT_EQ(p->Score(0, 1).name, "ANNA");
  EXPECT_EQ(p->Score(5, 2).offset, 0x16cu);
  EXPECT_EQ(p->Score(5, 2).score, 180000);
  EXPECT_EQ(p->Score(5, 2).name, "VINNIE");
  EXPECT_EQ(p->players[0].name, "Player One");
  EXPECT_EQ(p->players[3].name, "Zed");
  EXPECT_FALSE(p->players[5].name.has_value());
  EXPECT_EQ(p->players[7].name, "Last");
  EXPECT_EQ(p->players[7].raw.size(), 0x41u);
  EXPECT_FALSE(p->current_player.has_value());
  EXPECT_FALSE(p->network_name.has_value());
  // 18 high-score names, Player One, Zed, Last.
  ASSERT_EQ(p->strings.size(), 21u);
  EXPECT_EQ(p->strings[0].offset, 0x1cu);
  EXPECT_EQ(p->strings[0].text, "DAVE");
  EXPECT_EQ(p->strings[18].offset, 0x180u);
  EXPECT_EQ(p->strings[18].text, "Player One");
  EXPECT_EQ(p->strings[20].offset, 0x3b0u);
  EXPECT_EQ(p->strings[20].text, "Last");
}

TEST(GtaPlayer, LongerFileReadsTheDocumentedLayoutAndSaysWhatIsLeft) {
  std::vector<uint8_t> f = Sample();
  FillTable(f, 0x18, 20);
  f.resize(0x414 + 0x10, 0);
  PutText(f, 0x414, "EXTRA");
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(f, "PLAYER_A.DAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->layout, PlayerLayout::kDocumented);
  EXPECT_EQ(p->current_player, 3);
  EXPECT_EQ(p->network_name, "GTAHOST");
  ASSERT_EQ(p->warnings.size(), 3u);
  EXPECT_EQ(p->warnings[0],
            "PLAYER_A.DAT: 1060 bytes, 16 more than the 1044 (0x414) of the documented layout; "
            "read as the 0x414 layout where its fields check out");
  EXPECT_EQ(p->warnings[1],
            "PLAYER_A.DAT: player 5 name at 0x310: not printable text ended by a NUL within its "
            "80 bytes");
  EXPECT_EQ(p->warnings[2],
            "PLAYER_A.DAT: 16 bytes after the end of the 0x414 layout at 0x414 are not read");
  ASSERT_FALSE(p->strings.empty());
  EXPECT_EQ(p->strings.back().offset, 0x414u);
  EXPECT_EQ(p->strings.back().text, "EXTRA");
}

// All zeros: every entry is a score of 0 with no name, in either layout.
TEST(GtaPlayer, ATieGoesToTheLayoutNearerInSize) {
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(std::vector<uint8_t>(0x413, 0), "SHORT.DAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->layout, PlayerLayout::kDocumented);
  EXPECT_EQ(p->warnings,
            (Warnings{"SHORT.DAT: 1043 bytes, 1 fewer than the 1044 (0x414) of the documented "
                      "layout; read as the 0x414 layout where its fields check out",
                      "SHORT.DAT: the high scores check out equally well in both layouts (18 of "
                      "18 entries); read as 0x414, whose size (1044) is nearer the file's"}));
  EXPECT_EQ(p->Score(5, 2).score, 0);
  EXPECT_EQ(p->current_player, 0);
  EXPECT_EQ(p->network_name, "");
  EXPECT_TRUE(p->strings.empty());
  p = ReadPlayerFile(std::vector<uint8_t>(1000, 0), "SHORT.DAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->layout, PlayerLayout::kPacked);
}

TEST(GtaPlayer, NothingPlausibleIsAnErrorByItsContent) {
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(std::vector<uint8_t>(1009, 'A'), "PLAYER_A.DAT");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().message(),
            "PLAYER_A.DAT: 1009 bytes, not the 1044 (0x414) of the documented layout, and the "
            "high scores check out in neither layout: 0x414 (0 of 18 entries inside the file check "
            "out; first: level 0 rank 0 at 0x18: score 1094795585 is not -1 or 0..100000000), "
            "packed (0 of 18 entries inside the file check out; first: level 0 rank 0 at 0x12: "
            "score 1094795585 is not -1 or 0..100000000)");
  // Plausible scores, but names without their NUL.
  std::vector<uint8_t> f(1009, 0);
  for (size_t at = 0x12; at < f.size(); ++at) f[at] = ((at - 0x12) % 19 < 4) ? 0 : 'x';
  p = ReadPlayerFile(f, "PLAYER_A.DAT");
  ASSERT_FALSE(p.ok());
  EXPECT_TRUE(absl::StrContains(p.status().message(),
                                "the name is not printable text ended by a NUL"))
      << p.status();
}

TEST(GtaPlayer, TinyAndEmptyFilesAreErrors) {
  for (size_t size : {size_t(0), size_t(1), size_t(0x14), size_t(0x24)}) {
    absl::StatusOr<PlayerFile> p = ReadPlayerFile(std::vector<uint8_t>(size), "PLAYER_A.DAT");
    ASSERT_FALSE(p.ok()) << size;
    EXPECT_EQ(p.status().message(),
              absl::StrCat("PLAYER_A.DAT: ", size,
                           " bytes, too short for a player file: the settings, the language and "
                           "one high score take at least 0x25 bytes (the documented layout is "
                           "0x414)"));
  }
}

// 0x25 bytes: the settings, the language and the first packed high score;
// everything after is unknown, one warning a field.
TEST(GtaPlayer, SmallestFileReadsOneHighScore) {
  std::vector<uint8_t> f(0x25, 0);
  PutS32(f, 0x12, 5000);
  PutText(f, 0x16, "MIN");
  absl::StatusOr<PlayerFile> p = ReadPlayerFile(f, "PLAYER_A.DAT");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->layout, PlayerLayout::kPacked);
  EXPECT_EQ(p->Score(0, 0).score, 5000);
  EXPECT_EQ(p->Score(0, 0).name, "MIN");
  EXPECT_FALSE(p->Score(0, 1).score.has_value());
  EXPECT_FALSE(p->Score(0, 1).name.has_value());
  EXPECT_TRUE(p->Score(0, 1).raw_name.empty());
  for (const PlayerRecord& r : p->players) EXPECT_TRUE(r.raw.empty());
  // The size, 17 high scores, 8 players, the current player, the name.
  ASSERT_EQ(p->warnings.size(), 1u + 17 + 8 + 2);
  EXPECT_EQ(p->warnings[1],
            "PLAYER_A.DAT: high score level 0 rank 1 at 0x25: the entry (19 bytes) runs past the "
            "end of the file at 0x25");
  EXPECT_EQ(p->warnings[18],
            "PLAYER_A.DAT: player 0 at 0x168: past the end of the file at 0x25");
  EXPECT_EQ(p->strings.size(), 1u);
  EXPECT_EQ(p->strings[0].offset, 0x16u);
}

}  // namespace
}  // namespace kbot::gta
