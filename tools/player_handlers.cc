#include "tools/player_handlers.h"

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "formats/gta/player.h"
#include "tools/tool_support.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {


std::string Hex(const uint8_t* data, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) absl::StrAppendFormat(&out, "%02x", data[i]);
  return out;
}

json PlayerDescribeInput() {
  return InputSchema({{"context", ContextProperty()},
                      {"path", PathProperty("The settings file, e.g. PLAYER_A.DAT")}},
                     {"path"});
}

json NullableInteger() { return {{"type", {"integer", "null"}}}; }

json PackedOutput() {
  json settings = json::object();
  for (const char* key : kPackedSettingKeys) settings[key] = CountSchema();
  json player = OutputSchema(
      {{"index", CountSchema()},
       {"level_scores", {{"type", "array"}, {"items", NullableInteger()}}},
       {"multiplayer_area", IntegerSchema()},
       {"multiplayer_game", IntegerSchema()},
       {"videos_unlocked", {{"type", "array"}, {"items", CountSchema()}}}},
      {"index", "level_scores", "multiplayer_area", "multiplayer_game", "videos_unlocked"});
  player["type"] = {"object", "null"};
  json packed = OutputSchema(
      {{"settings", {{"type", "object"}, {"properties", std::move(settings)}}},
       {"players", {{"type", "array"}, {"items", std::move(player)}}}},
      {"settings", "players"});
  packed["type"] = {"object", "null"};
  return packed;
}

json PlayerDescribeOutput() {
  json score = OutputSchema(
      {{"rank", CountSchema()}, {"score", NullableInteger()}, {"name", NullableString()}},
      {"rank", "score", "name"});
  json level = OutputSchema(
      {{"level", CountSchema()}, {"scores", {{"type", "array"}, {"items", score}}}}, {"level", "scores"});
  json player = OutputSchema({{"index", CountSchema()}, {"name", NullableString()}}, {"index", "name"});
  json found = OutputSchema({{"offset", CountSchema()}, {"text", StringSchema()}}, {"offset", "text"});
  return OutputSchema({{"path", StringSchema()},
                       {"size", CountSchema()},
                       {"layout", {{"type", "string"}, {"enum", {"0x414", "packed"}}}},
                       {"settings", StringSchema()},
                       {"settings_bytes", {{"type", "array"}, {"items", CountSchema()}}},
                       {"language_override", CountSchema()},
                       {"language_raw", StringSchema()},
                       {"high_scores", {{"type", "array"}, {"items", level}}},
                       {"players", {{"type", "array"}, {"items", player}}},
                       {"current_player", NullableInteger()},
                       {"network_name", NullableString()},
                       {"packed", PackedOutput()},
                       {"strings", {{"type", "array"}, {"items", found}}},
                       {"warnings", StringArraySchema()}},
                      {"path", "size", "layout", "settings", "language_override", "high_scores",
                       "players", "current_player", "network_name", "packed", "warnings"});
}

template <typename T>
json OrNull(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}

json HighScores(const gta::PlayerFile& p) {
  json levels = json::array();
  for (int l = 0; l < gta::kScoreLevels; ++l) {
    json scores = json::array();
    for (int r = 0; r < gta::kScoresPerLevel; ++r) {
      const gta::HighScore& s = p.Score(l, r);
      scores.push_back({{"rank", r}, {"score", OrNull(s.score)}, {"name", OrNull(s.name)}});
    }
    levels.push_back({{"level", l}, {"scores", std::move(scores)}});
  }
  return levels;
}

// What only the packed layout names; null for the documented one.
json Packed(const gta::PlayerFile& p) {
  if (!p.packed_settings) return nullptr;
  const gta::PackedSettings& s = *p.packed_settings;
  json settings = {{"sound_volume", s.sound_volume}, {"music_volume", s.music_volume},
                   {"text_speed", s.text_speed}, {"radio_mode", s.radio_mode},
                   {"resolution", s.resolution}, {"default_resolution", s.default_resolution},
                   {"reserved", s.reserved}, {"transparency", s.transparency},
                   {"deathmatch_mode", s.deathmatch_mode},
                   {"deathmatch_score", s.deathmatch_score},
                   {"deathmatch_kills", s.deathmatch_kills}};
  json players = json::array();
  for (size_t i = 0; i < p.players.size(); ++i) {
    const std::optional<gta::PackedPlayer>& r = p.players[i].packed;
    if (!r) {
      players.push_back(nullptr);
      continue;
    }
    json scores = json::array();
    for (const std::optional<int32_t>& v : r->level_scores) scores.push_back(OrNull(v));
    players.push_back({{"index", i}, {"level_scores", std::move(scores)},
                       {"multiplayer_area", r->multiplayer_area},
                       {"multiplayer_game", r->multiplayer_game},
                       {"videos_unlocked", r->videos_unlocked}});
  }
  return {{"settings", std::move(settings)}, {"players", std::move(players)}};
}

}  // namespace

absl::StatusOr<json> PlayerDescribe(const Asset& asset) {
  if (absl::Status s = RequireKind(asset, kHeaderlessKinds); !s.ok()) return s;
  absl::StatusOr<gta::PlayerFile> p = gta::ReadPlayerFile(asset.bytes, asset.path);
  if (!p.ok()) return p.status();
  json players = json::array();
  for (size_t i = 0; i < p->players.size(); ++i) {
    players.push_back({{"index", i}, {"name", OrNull(p->players[i].name)}});
  }
  json out = {{"path", asset.path},
              {"size", p->size},
              {"layout", gta::PlayerLayoutName(p->layout)},
              {"settings", Hex(p->settings.data(), p->settings.size())},
              {"settings_bytes", p->settings},
              {"language_override", p->language_override},
              {"language_raw", Hex(p->language_raw.data(), p->language_raw.size())},
              {"high_scores", HighScores(*p)},
              {"players", std::move(players)},
              {"current_player", OrNull(p->current_player)},
              {"network_name", OrNull(p->network_name)},
              {"packed", Packed(*p)},
              {"warnings", p->warnings}};
  if (!p->standard_size) {
    json strings = json::array();
    for (const gta::PlayerString& s : p->strings) {
      strings.push_back({{"offset", s.offset}, {"text", s.text}});
    }
    out["strings"] = std::move(strings);
  }
  return out;
}

ToolResult RunPlayerDescribe(const contexts::Context& context, const json& arguments) {
  absl::StatusOr<ContextAsset> opened = OpenContextAsset(context, arguments.value("path", ""));
  if (!opened.ok()) return ErrorResult(opened.status());
  absl::StatusOr<json> out = PlayerDescribe(opened->asset);
  if (!out.ok()) return ErrorResult(InContext(context, out.status()));
  ToolResult result;
  result.structured = *std::move(out);
  return result;
}

Tool PlayerDescribeTool() {
  return {"player_describe",
          "Describe GTA1's saved settings",
          "What GTA1's PLAYER_A.DAT holds: the settings bytes (undecoded, as hex), the language "
          "override, the high scores (6 levels x 3: score and name), the player records (named "
          "when they start with a name), the current player (an index into players) and the "
          "network name, with warnings for anything odd. A file of exactly 0x414 bytes is read "
          "in the documented layout. A file of another size is read in the layout whose high "
          "scores check out, \"0x414\" or \"packed\" (the same fields without alignment "
          "padding, 1009 bytes; \"packed\" then also holds the settings and player fields that "
          "layout names); a field past the end of the file or that does not check out is null, "
          "with a warning, and \"strings\" lists the file's NUL-terminated printable strings "
          "(3+ characters) with their offsets as evidence.",
          PlayerDescribeInput(),
          PlayerDescribeOutput(),
          {},
          InContextHandler([](const contexts::Context& c, const ToolCall& call) {
            return RunPlayerDescribe(c, call.arguments);
          })};
}

}  // namespace kbot::tools
