// PLAYER_A.DAT: GTA1's saved settings, high scores and players. Layout from
// specs/gta1-formats.txt ("Text, fonts, frontend pictures, settings"); the
// file is exactly 0x414 (1044) bytes.
//
//   Offset  Size                  Field
//   0x000   0x14                  settings: the spec says only "settings";
//                                 kept as raw bytes, none decoded
//   0x014   4                     language override: a 4-byte slot before
//                                 the aligned s32 scores; read as a u32
//                                 (a u8 with three zero bytes reads the
//                                 same); the raw bytes are kept too
//   0x018   6 x 3 x 20 = 0x168    high scores: per level (6), per rank (3),
//                                 {s32 score, char name[16]}
//   0x180   8 x 0x50 = 0x280      player records, kept raw; a record that
//                                 starts with a NUL-terminated printable
//                                 string is given its name
//   0x400   u8                    current player
//   0x401   19                    network name, NUL-terminated
//
// Strings are read up to their first NUL; one that fills its field without a
// NUL is kept whole, with a warning.
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

inline constexpr size_t kPlayerFileSize = 0x414;
inline constexpr size_t kPlayerSettingsSize = 0x14;
inline constexpr size_t kPlayerLanguageOffset = 0x14;
inline constexpr size_t kPlayerScoresOffset = 0x18;
inline constexpr int kScoreLevels = 6;
inline constexpr int kScoresPerLevel = 3;
inline constexpr size_t kScoreSize = 20;  // s32 + char[16]
inline constexpr size_t kScoreNameSize = 16;
inline constexpr size_t kPlayerRecordsOffset = 0x180;
inline constexpr int kPlayerRecords = 8;
inline constexpr size_t kPlayerRecordSize = 0x50;
inline constexpr size_t kCurrentPlayerOffset = 0x400;
inline constexpr size_t kNetworkNameOffset = 0x401;

struct HighScore {
  int32_t score = 0;
  std::string name;  // up to the first NUL
  std::array<uint8_t, kScoreNameSize> raw_name{};
};

struct PlayerRecord {
  std::optional<std::string> name;  // when the record starts with a printable C string
  std::array<uint8_t, kPlayerRecordSize> raw{};
};

struct PlayerFile {
  std::array<uint8_t, kPlayerSettingsSize> settings{};
  uint32_t language_override = 0;
  std::array<uint8_t, 4> language_raw{};
  // high_scores[level][rank]
  std::array<std::array<HighScore, kScoresPerLevel>, kScoreLevels> high_scores{};
  std::array<PlayerRecord, kPlayerRecords> players{};
  uint8_t current_player = 0;  // a warning when it is not 0..7
  std::string network_name;
  std::vector<std::string> warnings;
};

// Decodes PLAYER_A.DAT; a file of any size but 0x414 is an error naming the
// expected and actual sizes.
absl::StatusOr<PlayerFile> ReadPlayerFile(Bytes file, absl::string_view name);

}  // namespace kbot::gta
