// The tool player_describe: GTA1's saved settings (PLAYER_A.DAT) (docs/json.md,
// section player_describe). `kbot gta player` prints the same.
//
// A file of exactly 0x414 bytes fills every field as it always did; in a
// file of another size a score, a name, a level score, the current player
// and the network name are null when they lie past the end of the file or do
// not check out (a warning says which, and where).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/params.h"
#include "tools/result_fields.h"
#include "tools/tool.h"
#include "tools/tool_support.h"
#include "tools/typed_tool.h"

namespace kbot::tools {

struct PlayerDescribeRequest : AssetRequest {};
const RequestTable<PlayerDescribeRequest>& PlayerDescribeTable();

struct PlayerScore {
  int rank = 0;
  std::optional<int32_t> score;
  std::optional<std::string> name;
  static const ResultTable<PlayerScore>& Fields();
};

struct PlayerLevelScores {
  int level = 0;
  std::vector<PlayerScore> scores;  // 3
  static const ResultTable<PlayerLevelScores>& Fields();
};

struct PlayerName {
  size_t index = 0;
  std::optional<std::string> name;  // null: the record starts with no name
  static const ResultTable<PlayerName>& Fields();
};

// A player record's fields that only the packed layout names.
struct PackedPlayerInfo {
  size_t index = 0;
  std::vector<std::optional<int32_t>> level_scores;  // 6
  int32_t multiplayer_area = 0, multiplayer_game = 0;
  std::vector<uint32_t> videos_unlocked;  // 6
  static const ResultTable<PackedPlayerInfo>& Fields();
};

struct PackedInfo {
  json settings = json::object();  // kPackedSettingKeys, in the file's order
  // null: a record cut by the end of the file
  std::vector<std::optional<PackedPlayerInfo>> players;
  static const ResultTable<PackedInfo>& Fields();
};

// A NUL-terminated printable string of 3+ characters.
struct PlayerStringInfo {
  size_t offset = 0;
  std::string text;
  static const ResultTable<PlayerStringInfo>& Fields();
};

struct PlayerDescription {
  std::string path;
  size_t size = 0;     // bytes
  std::string layout;  // "0x414" | "packed"
  std::string settings;                // hex
  std::vector<uint8_t> settings_bytes;  // before the language: 20 (0x414) or 17 (packed)
  uint32_t language_override = 0;
  std::string language_raw;  // hex: 4 bytes, or 1 in the packed layout
  std::vector<PlayerLevelScores> high_scores;  // 6 levels x 3
  std::vector<PlayerName> players;
  std::optional<int> current_player;  // an index into players
  std::optional<std::string> network_name;
  std::optional<PackedInfo> packed;  // null in the 0x414 layout
  // Only for a file that is not 0x414 bytes.
  std::optional<std::vector<PlayerStringInfo>> strings;
  std::vector<std::string> warnings;
  static const ResultTable<PlayerDescription>& Fields();
};

// The keys of "packed"."settings", in the file's order.
inline constexpr std::array<const char*, 11> kPackedSettingKeys = {
    "sound_volume",    "music_volume", "text_speed",    "radio_mode",
    "resolution",      "default_resolution",            "reserved",
    "transparency",    "deathmatch_mode", "deathmatch_score", "deathmatch_kills"};

absl::StatusOr<PlayerDescription> DescribePlayer(const Asset& asset);

// The tool's work once the context is known.
ToolResult RunPlayerDescribe(const contexts::Context& context,
                             const PlayerDescribeRequest& request);

Tool PlayerDescribeTool();

}  // namespace kbot::tools
