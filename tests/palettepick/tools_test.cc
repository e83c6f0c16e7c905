// The resolver as the tools use it: gaf_export without `palette` draws with
// what the chain picks and reports it (source, path, warnings for what it
// passed over), and palette_candidates lists the whole chain, over a TA:
// Kingdoms folder context and a TA one built on disk byte by byte.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/mcp_catalog.h"
#include "absl/strings/escaping.h"
#include "contexts/workspace.h"
#include "tools/catalog.h"
#include "tests/contexts/test_dir.h"
#include "tests/palettepick/palette_bytes.h"
#include "tests/support/decode_image.h"
#include "tests/support/gaf_bytes.h"
#include "tests/support/mcp_client.h"

namespace kbot {
namespace {

using nlohmann::json;
using testing::Pal;
using testing::Pcx;
using testing::TruncatedPcx;

constexpr uint8_t kSideTag = 4, kPalettePalTag = 5;

std::string AsText(const std::vector<uint8_t>& bytes) {
  return std::string(bytes.begin(), bytes.end());
}

// One raw 2 x 1 frame drawing indices 7 and 200 (key 0, which it never uses).
std::vector<uint8_t> TwoPixelGaf() {
  testing::FixtureFrame f{.width = 2, .height = 1, .transparency = 0, .storage = 0};
  f.payload = {7, 200};
  return testing::LayOutGaf({testing::FixtureSequence{"unit", 1, 0, {f}}}).bytes;
}

class ResolverInTools : public testing::TempDirTest {
 protected:
  void SetUp() override {
    TempDirTest::SetUp();
    Put("Units/AraSword.gaf", AsText(TwoPixelGaf()));
    Put("Units/AraSword.pcx", AsText(TruncatedPcx()));  // a sidecar that is not usable
    Put("palettes/aramon.pcx", AsText(Pcx(kSideTag)));
    Put("palettes/palette.pal", AsText(Pal(kPalettePalTag)));
  }

  // A client over this folder as a context of `game`, called "here".
  json Call(contexts::Game game, const std::string& tool, json arguments) {
    absl::StatusOr<contexts::Workspace> workspace =
        contexts::Workspace::Open({contexts::ContextSpec{"here", game, dir_.string()}});
    EXPECT_TRUE(workspace.ok()) << workspace.status();
    if (!workspace.ok()) return json();
    testing::McpClient client(*workspace, app::McpTools(*workspace));
    client.Initialize();
    return client.CallTool(tool, std::move(arguments))["result"];
  }

  // The RGBA of pixel x of row 0 of a png export's image.
  static std::vector<uint8_t> Pixel(const json& result, int x) {
    std::string raw;
    EXPECT_TRUE(absl::Base64Unescape(result["content"][2]["data"].get<std::string>(), &raw));
    absl::StatusOr<testing::DecodedPng> png =
        testing::DecodePng(std::vector<uint8_t>(raw.begin(), raw.end()));
    EXPECT_TRUE(png.ok()) << png.status();
    if (!png.ok()) return {};
    return std::vector<uint8_t>(png->rgba.begin() + 4 * x, png->rgba.begin() + 4 * x + 4);
  }
};

constexpr const char* kSidecarProblem =
    "Units/AraSword.pcx: not a palette: expected a 1024-byte PAL or a 256-colour PCX, got 130 "
    "bytes";

TEST_F(ResolverInTools, GafExportDrawsWithTheChainsPickAndWarnsOfWhatItSkipped) {
  const json r = Call(contexts::Game::kTaKingdoms, "gaf_export",
                      {{"path", "units\\arasword.GAF"}, {"transparency", "none"}});
  ASSERT_EQ(r.value("isError", false), false) << r;
  const json& s = r["structuredContent"];
  EXPECT_EQ(s["path"], "Units/AraSword.gaf");
  EXPECT_EQ(s["palette"], (json{{"source", "side-prefix"}, {"path", "palettes/aramon.pcx"}}));
  EXPECT_EQ(s["warnings"],
            json::array({std::string("skipped the sidecar-pcx palette: ") + kSidecarProblem}));
  EXPECT_EQ(Pixel(r, 0), (std::vector<uint8_t>{kSideTag, 7, 248, 255}));
  EXPECT_EQ(Pixel(r, 1), (std::vector<uint8_t>{kSideTag, 200, 55, 255}));
}

TEST_F(ResolverInTools, AnExplicitPaletteWinsAndAnUnusableOneIsAnError) {
  const json r = Call(contexts::Game::kTaKingdoms, "gaf_export",
                      {{"path", "units/arasword.gaf"}, {"palette", "PALETTES/PALETTE.PAL"}});
  ASSERT_EQ(r.value("isError", false), false) << r;
  EXPECT_EQ(r["structuredContent"]["palette"],
            (json{{"source", "override"}, {"path", "palettes/palette.pal"}}));
  EXPECT_EQ(r["structuredContent"]["warnings"], json::array());
  EXPECT_EQ(Pixel(r, 0), (std::vector<uint8_t>{kPalettePalTag, 7, 248, 255}));

  const json bad = Call(contexts::Game::kTaKingdoms, "gaf_export",
                        {{"path", "units/arasword.gaf"}, {"palette", "units/arasword.pcx"}});
  EXPECT_EQ(bad.value("isError", false), true) << bad;
  EXPECT_EQ(bad["content"][0]["text"], std::string("context here: palette: ") + kSidecarProblem);
}

TEST_F(ResolverInTools, PaletteCandidatesListTheWholeChain) {
  const json r = Call(contexts::Game::kTaKingdoms, "palette_candidates",
                      {{"path", "UNITS/ARASWORD.GAF"}, {"palette", "nope.pal"}});
  ASSERT_EQ(r.value("isError", false), false) << r;
  json expected = json::parse(R"({
    "context": "here", "path": "Units/AraSword.gaf", "chosen": "side-prefix",
    "candidates": [
      {"source": "override", "path": "nope.pal", "usable": false,
       "problem": "nope.pal: no such file"},
      {"source": "sidecar-pcx", "path": "Units/AraSword.pcx", "usable": false, "problem": ""},
      {"source": "side-prefix", "path": "palettes/aramon.pcx", "usable": true, "problem": null},
      {"source": "palette-pal", "path": "palettes/palette.pal", "usable": true, "problem": null},
      {"source": "embedded", "path": null, "usable": true, "problem": null}]})");
  expected["candidates"][1]["problem"] = kSidecarProblem;
  EXPECT_EQ(r["structuredContent"], expected) << r["structuredContent"].dump(2);
}

TEST_F(ResolverInTools, ATaContextUsesItsPalettePalWhateverTheName) {
  const json r = Call(contexts::Game::kTa, "gaf_export", {{"path", "units/arasword.gaf"}});
  ASSERT_EQ(r.value("isError", false), false) << r;
  EXPECT_EQ(r["structuredContent"]["palette"],
            (json{{"source", "palette-pal"}, {"path", "palettes/palette.pal"}}));
  EXPECT_EQ(r["structuredContent"]["warnings"], json::array());
  EXPECT_EQ(Pixel(r, 0), (std::vector<uint8_t>{kPalettePalTag, 7, 248, 255}));

  const json c = Call(contexts::Game::kTa, "palette_candidates", {{"path", "units/arasword.gaf"}});
  EXPECT_EQ(c["structuredContent"]["chosen"], "palette-pal");
  EXPECT_EQ(c["structuredContent"]["candidates"].size(), 2u);
}

}  // namespace
}  // namespace kbot
