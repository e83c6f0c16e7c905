#include "mcp/tools/player_handlers.h"

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "formats/gta/player.h"
#include "mcp/tools/tool_support.h"

namespace kbot::tools {

namespace {

using mcp::ToolCall;
using mcp::ToolResult;

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

json PlayerDescribeOutput() {
  json score = OutputSchema({{"rank", CountSchema()}, {"score", IntegerSchema()}, {"name", StringSchema()}},
                            {"rank", "score", "name"});
  json level = OutputSchema(
      {{"level", CountSchema()}, {"scores", {{"type", "array"}, {"items", score}}}}, {"level", "scores"});
  json player = OutputSchema({{"index", CountSchema()}, {"name", NullableString()}}, {"index", "name"});
  return OutputSchema({{"path", StringSchema()},
                       {"settings", StringSchema()},
                       {"settings_bytes", {{"type", "array"}, {"items", CountSchema()}}},
                       {"language_override", CountSchema()},
                       {"language_raw", StringSchema()},
                       {"high_scores", {{"type", "array"}, {"items", level}}},
                       {"players", {{"type", "array"}, {"items", player}}},
                       {"current_player", CountSchema()},
                       {"network_name", StringSchema()},
                       {"warnings", StringArraySchema()}},
                      {"path", "settings", "language_override", "high_scores", "players",
                       "current_player", "network_name", "warnings"});
}

}  // namespace

absl::StatusOr<json> PlayerDescribe(const Asset& asset) {
  absl::StatusOr<gta::PlayerFile> p = gta::ReadPlayerFile(asset.bytes, asset.path);
  if (!p.ok()) return p.status();
  json levels = json::array();
  for (int l = 0; l < gta::kScoreLevels; ++l) {
    json scores = json::array();
    for (int r = 0; r < gta::kScoresPerLevel; ++r) {
      const gta::HighScore& s = p->high_scores[size_t(l)][size_t(r)];
      scores.push_back({{"rank", r}, {"score", s.score}, {"name", s.name}});
    }
    levels.push_back({{"level", l}, {"scores", std::move(scores)}});
  }
  json players = json::array();
  for (int i = 0; i < gta::kPlayerRecords; ++i) {
    const gta::PlayerRecord& r = p->players[size_t(i)];
    players.push_back({{"index", i}, {"name", r.name ? json(*r.name) : json(nullptr)}});
  }
  return json{{"path", asset.path},
              {"settings", Hex(p->settings.data(), p->settings.size())},
              {"settings_bytes", p->settings},
              {"language_override", p->language_override},
              {"language_raw", Hex(p->language_raw.data(), p->language_raw.size())},
              {"high_scores", std::move(levels)},
              {"players", std::move(players)},
              {"current_player", p->current_player},
              {"network_name", p->network_name},
              {"warnings", p->warnings}};
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

mcp::Tool PlayerDescribeTool() {
  return {"player_describe",
          "Describe GTA1's saved settings",
          "What GTA1's PLAYER_A.DAT holds: the settings bytes (undecoded, as hex), the language "
          "override, the high scores (6 levels x 3: score and name), the player records (named "
          "when they start with a name), the current player and the network name, with "
          "warnings for anything odd.",
          PlayerDescribeInput(),
          PlayerDescribeOutput(),
          {},
          InContextHandler([](const contexts::Context& c, const ToolCall& call) {
            return RunPlayerDescribe(c, call.arguments);
          })};
}

}  // namespace kbot::tools
