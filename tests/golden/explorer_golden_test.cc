// `kbot explore` on the built-in demo context, as goldens: the /api listing,
// each JSON route, the image, render and palette routes (status, type, and
// the bytes by digest), and their refusals.
#include <httplib.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "tests/golden/golden.h"
#include "tests/support/explore_process.h"
#include "tests/support/kbot_process.h"

namespace kbot::testing {
namespace {

const std::vector<std::string>& Routes() {
  static const std::vector<std::string> routes = {
      "/api",
      "/api/context_list",
      "/api/vfs_list?pattern=anims/*&limit=3",
      "/api/gaf_list?path=anims/demo.gaf",
      "/api/gaf_info?path=anims/demo.gaf&sequence=1",
      "/api/gaf_info?path=anims/demo.gaf&sequence=Explosion",
      "/api/gaf_list?path=nope.gaf",
      "/api/gaf_list",
      "/api/gaf_list?path=anims/demo.gaf&bogus=1",
      "/api/no_such_tool",
      "/api/gaf_export?path=anims/demo.gaf",
      "/api/palette_candidates?path=units/verflag.gaf",
      "/api/hpi_list?path=demo.ufo",
      "/api/map_describe?path=GTADATA/DEMO.CMP&x=7&y=7",
      "/api/map_render?path=GTADATA/DEMO.CMP&w=8&h=8&scale=2",
      "/api/style_describe?path=GTADATA/STYLE001.G24",
      "/api/fxt_decode?path=GTADATA/ENGLISH.FXT&limit=2",
      "/api/font_render?path=GTADATA/DEMO.FON&text=KBOT",
      "/png/demo/anims/demo.gaf?sequence=explosion&frame=2",
      "/png/demo/anims/demo.gaf?sequence=explosion&frame=99",
      "/apng/demo/anims/demo.gaf?sequence=spinner",
      "/gif/demo/anims/glow.taf",
      "/sheet/demo/anims/atlas.gaf?scale=2&transparency=none",
      "/sheet/demo/anims/demo.gaf?frame=1",
      "/png/demo/palettes/palette.pal",
      "/render/demo/GTADATA/DEMO.CMP?export=map&x=0&y=0&w=8&h=8&scale=2",
      "/render/demo/GTADATA/STYLE001.G24?export=tiles&kind=lid&count=4",
      "/render/demo/GTADATA/DEMO.FON?export=font&text=KBOT",
      "/render/demo/palettes/palette.pal?export=swatch",
      "/render/demo/GTADATA/DEMO.CMP",
      "/palette/demo/palettes/palette.pal",
      "/palette/demo/anims/demo.gaf",
  };
  return routes;
}

json Answer(const httplib::Result& r) {
  if (!r) return "no answer";
  const std::string type = r->get_header_value("Content-Type");
  json body;
  if (type.rfind("application/json", 0) == 0) {
    body = json::parse(r->body, nullptr, false);
  } else {
    body = {{"digest", Digest(r->body)}, {"size", r->body.size()}};
  }
  return {{"status", r->status}, {"type", type}, {"body", body}};
}

TEST(ExplorerGolden, DemoContextRoutes) {
  KbotProcess kbot;
  ExploreProcess explore(kbot.config_dir(), {"--http", "127.0.0.1:0"});
  const int port = explore.Port();
  ASSERT_GT(port, 0) << explore.err();
  httplib::Client client("127.0.0.1", port);
  json cases = json::array();
  for (const std::string& route : Routes()) {
    cases.push_back({{"request", route}, {"response", Answer(client.Get(route))}});
  }
  ExpectGolden("explorer", cases);
  EXPECT_EQ(explore.Stop(), 0);
}

}  // namespace
}  // namespace kbot::testing
