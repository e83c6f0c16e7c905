#include "tools/player_describe_tool.h"

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "formats/gta/player.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {

std::string HexBytes(const std::vector<uint8_t>& bytes) {
  std::string out;
  for (uint8_t b : bytes) absl::StrAppendFormat(&out, "%02x", b);
  return out;
}

json NullableInteger() { return {{"type", {"integer", "null"}}}; }

json OrNull(json schema) {
  schema["type"] = {"object", "null"};
  return schema;
}

json PackedSettingsJson(const gta::PackedSettings& s) {
  return {{"sound_volume", s.sound_volume}, {"music_volume", s.music_volume},
          {"text_speed", s.text_speed}, {"radio_mode", s.radio_mode},
          {"resolution", s.resolution}, {"default_resolution", s.default_resolution},
          {"reserved", s.reserved}, {"transparency", s.transparency},
          {"deathmatch_mode", s.deathmatch_mode}, {"deathmatch_score", s.deathmatch_score},
          {"deathmatch_kills", s.deathmatch_kills}};
}

// What only the packed layout names; nullopt for the documented one.
std::optional<PackedInfo> Packed(const gta::PlayerFile& p) {
  if (!p.packed_settings) return std::nullopt;
  PackedInfo out;
  out.settings = PackedSettingsJson(*p.packed_settings);
  for (size_t i = 0; i < p.players.size(); ++i) {
    const std::optional<gta::PackedPlayer>& r = p.players[i].packed;
    if (!r) {
      out.players.emplace_back();
      continue;
    }
    out.players.push_back(PackedPlayerInfo{
        i,
        {r->level_scores.begin(), r->level_scores.end()},
        r->multiplayer_area,
        r->multiplayer_game,
        {r->videos_unlocked.begin(), r->videos_unlocked.end()}});
  }
  return out;
}

std::vector<PlayerLevelScores> HighScores(const gta::PlayerFile& p) {
  std::vector<PlayerLevelScores> levels;
  for (int l = 0; l < gta::kScoreLevels; ++l) {
    PlayerLevelScores& level = levels.emplace_back();
    level.level = l;
    for (int r = 0; r < gta::kScoresPerLevel; ++r) {
      const gta::HighScore& s = p.Score(l, r);
      level.scores.push_back({r, s.score, s.name});
    }
  }
  return levels;
}

}  // namespace

const RequestTable<PlayerDescribeRequest>& PlayerDescribeTable() {
  static const RequestTable<PlayerDescribeRequest> table = [] {
    RequestTable<PlayerDescribeRequest> t;
    AddAssetParams(t, "The settings file, e.g. PLAYER_A.DAT");
    return t;
  }();
  return table;
}

const ResultTable<PlayerScore>& PlayerScore::Fields() {
  using S = PlayerScore;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("rank", &S::rank, CountSchema())
      .Add("score", &S::score, NullableInteger())
      .Add("name", &S::name, NullableString());
  return table;
}

const ResultTable<PlayerLevelScores>& PlayerLevelScores::Fields() {
  using S = PlayerLevelScores;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("level", &S::level, CountSchema())
      .Add("scores", &S::scores, ArraySchema<PlayerScore>());
  return table;
}

const ResultTable<PlayerName>& PlayerName::Fields() {
  using S = PlayerName;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("index", &S::index, CountSchema())
      .Add("name", &S::name, NullableString());
  return table;
}

const ResultTable<PackedPlayerInfo>& PackedPlayerInfo::Fields() {
  using S = PackedPlayerInfo;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("index", &S::index, CountSchema())
      .Add("level_scores", &S::level_scores, {{"type", "array"}, {"items", NullableInteger()}})
      .Add("multiplayer_area", &S::multiplayer_area, IntegerSchema())
      .Add("multiplayer_game", &S::multiplayer_game, IntegerSchema())
      .Add("videos_unlocked", &S::videos_unlocked, {{"type", "array"}, {"items", CountSchema()}});
  return table;
}

const ResultTable<PackedInfo>& PackedInfo::Fields() {
  using S = PackedInfo;
  static const ResultTable<S> table = [] {
    json settings = json::object();
    for (const char* key : kPackedSettingKeys) settings[key] = CountSchema();
    return ResultTable<S>()
        .Add("settings", &S::settings, {{"type", "object"}, {"properties", std::move(settings)}})
        .Add("players", &S::players,
             {{"type", "array"}, {"items", OrNull(ObjectSchema<PackedPlayerInfo>())}});
  }();
  return table;
}

const ResultTable<PlayerStringInfo>& PlayerStringInfo::Fields() {
  using S = PlayerStringInfo;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("offset", &S::offset, CountSchema())
      .Add("text", &S::text, StringSchema());
  return table;
}

const ResultTable<PlayerDescription>& PlayerDescription::Fields() {
  using S = PlayerDescription;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("size", &S::size, CountSchema())
      .Add("layout", &S::layout, {{"type", "string"}, {"enum", {"0x414", "packed"}}})
      .Add("settings", &S::settings, StringSchema())
      .Add("settings_bytes", &S::settings_bytes, {{"type", "array"}, {"items", CountSchema()}},
           false)
      .Add("language_override", &S::language_override, CountSchema())
      .Add("language_raw", &S::language_raw, StringSchema(), false)
      .Add("high_scores", &S::high_scores, ArraySchema<PlayerLevelScores>())
      .Add("players", &S::players, ArraySchema<PlayerName>())
      .Add("current_player", &S::current_player, NullableInteger())
      .Add("network_name", &S::network_name, NullableString())
      .Add("packed", &S::packed, OrNull(ObjectSchema<PackedInfo>()))
      .AddWhenSet("strings", &S::strings, ArraySchema<PlayerStringInfo>())
      .Add("warnings", &S::warnings, StringArraySchema());
  return table;
}

absl::StatusOr<PlayerDescription> DescribePlayer(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, kHeaderlessKinds); !s.ok()) return s;
  absl::StatusOr<gta::PlayerFile> p = gta::ReadPlayerFile(asset.bytes, asset.path);
  if (!p.ok()) return p.status();
  PlayerDescription d;
  d.path = asset.path;
  d.size = p->size;
  d.layout = std::string(gta::PlayerLayoutName(p->layout));
  d.settings = HexBytes(p->settings);
  d.settings_bytes = p->settings;
  d.language_override = p->language_override;
  d.language_raw = HexBytes(p->language_raw);
  d.high_scores = HighScores(*p);
  for (size_t i = 0; i < p->players.size(); ++i) d.players.push_back({i, p->players[i].name});
  d.current_player = p->current_player;
  d.network_name = p->network_name;
  d.packed = Packed(*p);
  if (!p->standard_size) {
    d.strings.emplace();
    for (const gta::PlayerString& s : p->strings) d.strings->push_back({s.offset, s.text});
  }
  d.warnings = p->warnings;
  return d;
}

ToolResult RunPlayerDescribe(const contexts::Context& context,
                             const PlayerDescribeRequest& request) {
  return RunAssetTool(context, request, [](const Asset& asset) { return DescribePlayer(asset); });
}

Tool PlayerDescribeTool() {
  return MakeContextTool<PlayerDescribeRequest>(
      {"player_describe", "Describe GTA1 settings",
       "GTA1's saved settings (PLAYER_A.DAT...): controls, options, progress per city."},
      PlayerDescribeTable(), PlayerDescription::Fields().Schema(),
      [](const contexts::Context& context, const PlayerDescribeRequest& request, const ToolCall&) {
        return RunPlayerDescribe(context, request);
      });
}

}  // namespace kbot::tools
