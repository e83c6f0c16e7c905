// The MCP tool player_describe: GTA1's saved settings (PLAYER_A.DAT).
// `kbot gta player` calls the same functions.
#pragma once

#include <array>

#include "absl/status/statusor.h"
#include "contexts/workspace.h"
#include "tools/tool.h"
#include "tools/gaf_tools.h"

namespace kbot::tools {

// player_describe's structuredContent:
//   {"path", "size" (bytes), "layout" ("0x414" | "packed"),
//    "settings" (hex), "settings_bytes" [the bytes before the language: 20 in
//    the 0x414 layout, 17 in the packed one], "language_override",
//    "language_raw" (hex: 4 bytes, or 1 in the packed layout),
//    "high_scores": [{"level", "scores": [{"rank", "score", "name"}]}] (6 x 3),
//    "players": [{"index", "name"}], "current_player" (an index into
//    players), "network_name",
//    "packed": null, or in the packed layout {"settings": {"sound_volume",
//      "music_volume", "text_speed", "radio_mode", "resolution",
//      "default_resolution", "reserved", "transparency", "deathmatch_mode",
//      "deathmatch_score", "deathmatch_kills"}, "players": [null (record cut
//      by the end of the file) or {"index", "level_scores" [6],
//      "multiplayer_area", "multiplayer_game", "videos_unlocked" [6]}]},
//    "strings": [{"offset", "text"}] (only for a file that is not 0x414 bytes),
//    "warnings"}
// A file of exactly 0x414 bytes fills every field as it always did; in a
// file of another size a score, a name, a level score, the current player
// and the network name are null when they lie past the end of the file or do
// not check out (a warning says which, and where).
absl::StatusOr<json> PlayerDescribe(const Asset& asset);

// The keys of "packed"."settings", in the file's order.
inline constexpr std::array<const char*, 11> kPackedSettingKeys = {
    "sound_volume",    "music_volume", "text_speed",    "radio_mode",
    "resolution",      "default_resolution",            "reserved",
    "transparency",    "deathmatch_mode", "deathmatch_score", "deathmatch_kills"};

// The handler's work once the context is known (arguments already valid).
ToolResult RunPlayerDescribe(const contexts::Context& context, const json& arguments);

Tool PlayerDescribeTool();

}  // namespace kbot::tools
