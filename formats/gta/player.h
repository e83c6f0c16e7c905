// PLAYER_A.DAT: GTA1's saved settings, high scores and players. Two layouts
// of the same fields are known, and a file does not say which it uses.
//
// The documented layout, 0x414 (1044) bytes:
//
//   Offset  Size                  Field
//   0x000   0x14                  settings, kept as raw bytes (this layout's
//                                 description names none of them)
//   0x014   4                     language override: a u8 slot padded to 4
//                                 bytes; read as a u32 (a u8 with three zero
//                                 bytes reads the same); the raw bytes kept
//   0x018   6 x 3 x 20 = 0x168    high scores: per level (6), per rank (3),
//                                 {s32 score, char name[16]}
//   0x180   8 x 0x50 = 0x280      player records, kept raw; a record that
//                                 starts with a NUL-terminated printable
//                                 string is given its name
//   0x400   u8                    current player, 0..7
//   0x401   19                    network name, NUL-terminated, to the end
//
// The packed layout, described for the original 1997 game with every field
// byte-aligned, 1009 (0x3f1) bytes:
//
//   0x000   9 x u8                sound volume, music volume, text speed,
//                                 radio mode, resolution, default resolution,
//                                 reserved, transparency effects, deathmatch
//                                 mode
//   0x009   u32                   deathmatch score
//   0x00d   u32                   deathmatch kills
//   0x011   u8                    language
//   0x012   18 x 19 = 0x156       high scores, level by level, 3 a level:
//                                 {s32 score (-1 when none), char name[15]}
//   0x168   8 x 79 = 0x278        players: {char name[15], s32 score per
//                                 level [6], s32 reserved, s32 multiplayer
//                                 area, s32 reserved, s32 multiplayer game,
//                                 u32 video unlocked per level [6]}
//   0x3e0   u8                    selected player, 1..8
//   0x3e1   16                    host (network) name, NUL-terminated
//
// The description of the packed layout counts 15 bytes for the host name and
// 1008 bytes in all; a released edition's file is 1009 bytes. Give the host
// name 16 bytes and the two layouts are one structure, packed or naturally
// aligned: aligning it adds 3 bytes after the 9 setting bytes, 3 after the
// language, one after each of the 18 + 8 fifteen-byte names and 3 at the
// end (1041 rounded up to 1044), 35 bytes in all, exactly the difference.
// That is why the packed layout is read with a 16-byte host name (15 when
// the file is 1008 bytes: the name runs to the end of the file). It remains
// a reading of the evidence, not a documented fact.
//
// Reading. A file of exactly 0x414 bytes is read in the documented layout,
// every field, as it always was. A file of any other size is not refused for
// its size: both layouts are tried on the high-score table (see
// ReadPlayerFile), the better one is chosen, and each field is decoded only
// where it lies inside the file and checks out; any other field is left
// unknown (std::nullopt) with a warning naming it and its offset. Such a
// file also lists its printable strings as evidence a person can check.
//
// Strings are read up to their first NUL. In a 0x414-byte file one that
// fills its field without a NUL is kept whole, with a warning; in a file of
// another size such a field does not check out.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "formats/common/byte_reader.h"

namespace kbot::gta {

inline constexpr int kScoreLevels = 6;
inline constexpr int kScoresPerLevel = 3;
inline constexpr int kHighScores = kScoreLevels * kScoresPerLevel;
inline constexpr int kPlayerRecords = 8;

// The documented layout.
inline constexpr size_t kPlayerFileSize = 0x414;
inline constexpr size_t kPlayerSettingsSize = 0x14;
inline constexpr size_t kPlayerLanguageOffset = 0x14;
inline constexpr size_t kPlayerScoresOffset = 0x18;
inline constexpr size_t kScoreSize = 20;  // s32 + char[16]
inline constexpr size_t kScoreNameSize = 16;
inline constexpr size_t kPlayerRecordsOffset = 0x180;
inline constexpr size_t kPlayerRecordSize = 0x50;
inline constexpr size_t kCurrentPlayerOffset = 0x400;
inline constexpr size_t kNetworkNameOffset = 0x401;

// The packed layout.
inline constexpr size_t kPackedPlayerFileSize = 0x3f1;  // 1009
inline constexpr size_t kPackedSettingsSize = 0x11;     // 9 bytes, 2 x u32
inline constexpr size_t kPackedLanguageOffset = 0x11;
inline constexpr size_t kPackedScoresOffset = 0x12;
inline constexpr size_t kPackedScoreSize = 19;  // s32 + char[15]
inline constexpr size_t kPackedScoreNameSize = 15;
inline constexpr size_t kPackedPlayersOffset = 0x168;
inline constexpr size_t kPackedPlayerSize = 79;
inline constexpr size_t kPackedPlayerNameSize = 15;
inline constexpr size_t kPackedCurrentPlayerOffset = 0x3e0;
inline constexpr size_t kPackedNetworkNameOffset = 0x3e1;

// Less than the settings, the language and one high score of the packed
// layout holds nothing a layout could be checked against: an error.
inline constexpr size_t kPlayerMinimumSize = kPackedScoresOffset + kPackedScoreSize;  // 0x25

// A score above this does not check out. It is a sanity bound chosen here,
// not a rule of the game: generous for a game's score, and below any four
// text bytes read as a number (a printable top byte makes it at least
// 0x20000000), which is what tells a read at the wrong offsets apart.
inline constexpr int32_t kMaxPlausibleScore = 100000000;

// At most this many strings are listed for a file of a non-standard size.
inline constexpr size_t kMaxListedStrings = 256;

enum class PlayerLayout : uint8_t { kDocumented, kPacked };

// "0x414" or "packed".
absl::string_view PlayerLayoutName(PlayerLayout layout);

// The settings the packed layout names (the documented one names none).
struct PackedSettings {
  uint8_t sound_volume = 0;
  uint8_t music_volume = 0;
  uint8_t text_speed = 0;
  uint8_t radio_mode = 0;
  uint8_t resolution = 0;
  uint8_t default_resolution = 0;
  uint8_t reserved = 0;
  uint8_t transparency = 0;
  uint8_t deathmatch_mode = 0;
  uint32_t deathmatch_score = 0;
  uint32_t deathmatch_kills = 0;
};

struct HighScore {
  int level = 0;
  int rank = 0;
  size_t offset = 0;              // of the score; the name follows it
  std::optional<int32_t> score;   // unknown: past the end, or does not check out
  std::optional<std::string> name;
  std::vector<uint8_t> raw_name;  // the name field's bytes inside the file
};

// What the packed layout holds after a player's name.
struct PackedPlayer {
  std::array<std::optional<int32_t>, kScoreLevels> level_scores{};  // unknown: not a score
  int32_t multiplayer_area = 0;
  int32_t multiplayer_game = 0;
  std::array<uint32_t, kScoreLevels> videos_unlocked{};
};

struct PlayerRecord {
  size_t offset = 0;
  std::optional<std::string> name;      // when the record starts with a printable C string
  std::vector<uint8_t> raw;             // the record's bytes inside the file
  std::optional<PackedPlayer> packed;   // packed layout, record wholly inside the file
};

// A NUL-terminated run of printable ASCII in the file.
struct PlayerString {
  size_t offset = 0;
  std::string text;
};

// clang 14 crashes (a segmentation fault in its constant evaluator, while
// compiling `PlayerFile out;`) on a two-dimensional array, std::array of
// std::array or a C array, of a struct holding a std::string, value-
// initialised in C++20. The high scores and players are therefore flat
// std::vectors; keep them so.
struct PlayerFile {
  size_t size = 0;  // of the file
  PlayerLayout layout = PlayerLayout::kDocumented;
  bool standard_size = true;            // exactly 0x414 bytes
  std::vector<uint8_t> settings;        // the bytes before the language: 0x14 or 0x11
  std::optional<PackedSettings> packed_settings;  // packed layout only
  uint32_t language_override = 0;
  std::vector<uint8_t> language_raw;    // 4 bytes (documented) or 1 (packed)
  std::vector<HighScore> high_scores;   // 18, level by level: index 3 * level + rank
  std::vector<PlayerRecord> players;    // 8
  // An index into players. A 0x414-byte file keeps the byte even when it is
  // not 0..7 (with a warning); the packed layout stores 1..8 and is given
  // here less one.
  std::optional<int> current_player;
  std::optional<std::string> network_name;
  std::vector<PlayerString> strings;    // only for a file of a non-standard size
  std::vector<std::string> warnings;

  const HighScore& Score(int level, int rank) const {
    return high_scores[size_t(level * kScoresPerLevel + rank)];
  }
};

// Decodes PLAYER_A.DAT. A file of exactly 0x414 bytes is read in the
// documented layout. Any other size is read in the layout whose high-score
// table checks out: each entry wholly inside the file checks out when its
// score is -1 or 0..kMaxPlausibleScore and its name is printable ASCII
// (possibly empty) ended by a NUL inside the field. A layout checks out when
// at least 3 in 4 of those entries do (a real table may hold an odd one,
// which is then unknown, with a warning); a layout read at the wrong offsets
// straddles names and scores and fails most. Of two layouts that check out,
// the one with more entries that check out wins, then the one with more
// names zero-padded after their NUL, then the one whose size is nearer the
// file's. The warnings say the size difference and which layout was read.
// Errors: a file shorter than kPlayerMinimumSize, and a file of another size
// whose high scores check out in neither layout.
absl::StatusOr<PlayerFile> ReadPlayerFile(Bytes file, absl::string_view name);

}  // namespace kbot::gta
