// `kbot mcp` over stdio on the built-in demo context, as goldens: initialize,
// tools/list, every tool called on the demo data (results, errors and
// refusals), the resource templates, a rendered resource and completions.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>

#include "nlohmann/json.hpp"
#include "tests/golden/golden.h"
#include "tests/support/kbot_process.h"

namespace kbot::testing {
namespace {

// The requests after initialize, each answered by one response.
json Requests() {
  auto call = [](const char* name, json arguments) {
    return json{{"method", "tools/call"}, {"params", {{"name", name}, {"arguments", arguments}}}};
  };
  return json::array({
      {{"method", "tools/list"}, {"params", json::object()}},
      {{"method", "resources/templates/list"}, {"params", json::object()}},
      call("context_list", json::object()),
      call("vfs_list", json::object()),
      call("vfs_list", {{"pattern", "anims/*"}, {"offset", 1}, {"limit", 2}}),
      call("gaf_list", {{"path", "anims/demo.gaf"}}),
      call("gaf_list", {{"path", "units/verflag.gaf"}, {"context", "demo"}}),
      call("gaf_list", {{"path", "palettes/palette.pal"}}),
      call("gaf_list", {{"path", "nope.gaf"}}),
      call("gaf_info", {{"path", "anims/demo.gaf"}, {"sequence", "Explosion"}}),
      call("gaf_info", {{"path", "anims/layered.gaf"}}),
      call("gaf_export", {{"path", "anims/demo.gaf"}, {"sequence", "spinner"}, {"format", "apng"}}),
      call("gaf_export", {{"path", "anims/demo.gaf"}, {"sequence", 1}, {"frame", 2}}),
      call("gaf_export", {{"path", "anims/glow.taf"}, {"format", "gif"}}),
      call("gaf_export",
           {{"path", "anims/atlas.gaf"}, {"format", "sheet"}, {"scale", 2}, {"transparency", "none"}}),
      call("gaf_export", {{"path", "units/verflag.gaf"}, {"palette", "palettes/veruna.pcx"}}),
      call("gaf_export", {{"path", "anims/demo.gaf"}, {"scale", 99}}),
      call("gaf_export", {{"path", "anims/demo.gaf"}, {"frame", 999}}),
      call("palette_candidates", {{"path", "units/verflag.gaf"}}),
      call("hpi_list", {{"path", "demo.ufo"}}),
      call("map_describe", {{"path", "GTADATA/DEMO.CMP"}}),
      call("map_describe", {{"path", "GTADATA/DEMO.CMP"}, {"x", 7}, {"y", 7}}),
      call("map_describe", {{"path", "GTADATA/DEMO.CMP"}, {"x", 7}}),
      call("map_render", {{"path", "GTADATA/DEMO.CMP"}, {"w", 16}, {"h", 16}, {"scale", 4}}),
      call("map_render", {{"path", "GTADATA/DEMO.CMP"}, {"x", 250}, {"w", 16}}),
      call("style_describe", {{"path", "GTADATA/STYLE001.G24"}}),
      call("style_tiles", {{"path", "GTADATA/STYLE001.G24"}, {"kind", "lid"}}),
      call("style_tiles", {{"path", "GTADATA/STYLE001.G24"}, {"kind", "side"}, {"direction", "left"},
                           {"first", 0}, {"count", 2}, {"scale", 2}}),
      call("fxt_decode", {{"path", "GTADATA/ENGLISH.FXT"}}),
      call("fxt_decode", {{"path", "GTADATA/ENGLISH.FXT"}, {"search", "city"}, {"limit", 1}}),
      call("font_render", {{"path", "GTADATA/DEMO.FON"}, {"text", "LIBERTY CITY"}}),
      call("font_render", {{"path", "GTADATA/DEMO.FON"}, {"text", "123"}, {"kind", "digit"}, {"scale", 3}}),
      call("picture_export", {{"path", "GTADATA/DEMO.CMP"}}),
      call("picture_export", {{"path", "GTADATA/F_UPPER.RAW"}}),
      call("picture_export", {{"path", "anims/atlas.pcx"}}),
      call("tdf_parse", {{"path", "anims/demo.gaf"}}),
      call("tdf_parse", {{"path", "units/araknight.fbi"}, {"limit", 4}}),
      call("unit_list", json::object()),
      call("unit_list", {{"side", "ARA"}, {"where", {"buildcost<200"}}, {"sort", "-maxdamage"},
                         {"fields", {"id", "name", "maxdamage", "weapons"}}}),
      call("unit_list", {{"where", {"buildcost<"}}}),
      call("unit_describe", {{"unit", "araknight"}}),
      call("unit_describe", {{"unit", "Knight"}}),
      call("unit_compare", {{"units", {"ARAKNIGHT", "ARAARCHER"}}}),
      call("weapon_list", {{"unit", "ARAARCHER"}}),
      call("weapon_describe", {{"weapon", "ARAKNIGHT/WEAPON1"}}),
      call("weapon_describe", {{"weapon", "ARAKNIGHT"}}),
      call("feature_list", json::object()),
      call("feature_describe", {{"feature", "Tree1"}}),
      call("side_list", json::object()),
      call("map_list", json::object()),
      call("map_describe", {{"path", "lakes"}, {"x", 16}, {"y", 8}}),
      call("map_render", {{"path", "maps/lakes.tnt"}, {"overlays", {"starts", "features"}},
                          {"scale", 4}}),
      call("map_render", {{"path", "lakes"}, {"overlays", {"starts"}}, {"schema", 7}}),
      call("map_minimap", {{"path", "lakes"}}),
      call("map_heightmap", {{"path", "lakes"}, {"stretch", true}}),
      call("model_describe", {{"path", "araknight"}}),
      call("model_render", {{"path", "araknight"}, {"width", 64}, {"height", 64}, {"player", 2}}),
      call("model_render", {{"path", "araknight"}, {"only", {"head", "crest"}}}),
      call("script_describe", {{"path", "scripts/araknight.cob"}}),
      call("script_disassemble", {{"path", "araknight"}, {"script", "AimPrimary"}}),
      call("script_decompile", {{"path", "araknight"}}),
      call("player_describe", {{"path", "GTADATA/PLAYER_A.DAT"}}),
      call("player_describe", {{"path", "GTADATA/ENGLISH.FXT"}}),
      call("palette_describe", {{"path", "palettes/palette.pal"}}),
      call("palette_describe", {{"path", "palettes/veruna.pcx"}}),
      call("palette_describe", {{"path", "anims/demo.gaf"}}),
      call("hpi_list", {{"path", "demo.ufo"}, {"pattern", "**/*.gaf"}, {"limit", 1}}),
      call("no_such_tool", json::object()),
      {{"method", "resources/read"},
       {"params", {{"uri", "kbot://demo/GTADATA/DEMO.CMP?export=map&x=0&y=0&w=8&h=8&scale=2"}}}},
      {{"method", "resources/read"},
       {"params", {{"uri", "kbot://demo/maps/lakes.tnt?export=map&scale=2"}}}},
      {{"method", "resources/read"},
       {"params", {{"uri", "kbot://demo/objects3d/ARAKNIGHT.3do?export=model&width=48&height=48"}}}},
      {{"method", "resources/read"}, {"params", {{"uri", "kbot://demo/palettes/palette.pal"}}}},
      {{"method", "resources/read"},
       {"params", {{"uri", "kbot://demo/palettes/palette.pal?export=swatch"}}}},
      {{"method", "completion/complete"},
       {"params", {{"ref", {{"type", "ref/resource"}, {"uri", "kbot://{context}/{+path}"}}},
                   {"argument", {{"name", "path"}, {"value", "anims/d"}}}}}},
  });
}

// A content block as kept: pictures and long text by digest.
json BlockSummary(const json& block) {
  json out = block;
  for (const char* key : {"data", "text", "blob"}) {
    if (out.contains(key) && out[key].is_string() && out[key].get<std::string>().size() > 200) {
      out[key] = {{"digest", Digest(out[key].get<std::string>())},
                  {"size", out[key].get<std::string>().size()}};
    }
  }
  if (out.contains("resource")) out["resource"] = BlockSummary(out["resource"]);
  return out;
}

json ResponseSummary(json response) {
  response.erase("jsonrpc");
  response.erase("id");
  if (response.contains("result")) {
    json& result = response["result"];
    for (const char* list : {"content", "contents"}) {
      if (!result.contains(list)) continue;
      for (json& block : result[list]) block = BlockSummary(block);
    }
  }
  return response;
}

TEST(McpGolden, DemoContextOverStdio) {
  KbotProcess kbot;
  const json requests = Requests();
  std::ostringstream in;
  in << json{{"jsonrpc", "2.0"}, {"id", 0}, {"method", "initialize"},
             {"params", {{"protocolVersion", "2025-11-25"}, {"capabilities", json::object()},
                         {"clientInfo", {{"name", "golden"}, {"version", "1"}}}}}}.dump()
     << "\n" << json{{"jsonrpc", "2.0"}, {"method", "notifications/initialized"}}.dump() << "\n";
  for (size_t i = 0; i < requests.size(); ++i) {
    json r = requests[i];
    r["jsonrpc"] = "2.0";
    r["id"] = i + 1;
    in << r.dump() << "\n";
  }
  const KbotRun run = kbot.Run("mcp", in.str());
  ASSERT_EQ(run.status, 0) << run.err;
  std::map<int, json> responses;
  std::istringstream out(run.out);
  for (std::string line; std::getline(out, line);) {
    const json message = json::parse(line);
    if (message.contains("id") && message["id"].is_number()) responses[message["id"]] = message;
  }
  json cases = json::array();
  json init = ResponseSummary(responses[0]);
  init["result"].erase("serverInfo");  // carries the version
  cases.push_back({{"request", "initialize"}, {"response", init}});
  for (size_t i = 0; i < requests.size(); ++i) {
    cases.push_back({{"request", requests[i]}, {"response", ResponseSummary(responses[int(i + 1)])}});
  }
  ExpectGolden("mcp", cases);
}

}  // namespace
}  // namespace kbot::testing
