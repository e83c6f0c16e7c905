// The chain of palettepick/chain.h: which files are looked at, in which
// order, for an asset's name. Nothing is read here.
#include "palettepick/chain.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace kbot::palettepick {
namespace {

using contexts::Game;

// "source path" per lookup, "+" marking a fallback.
std::vector<std::string> Describe(Game game, const std::string& asset,
                                  const std::optional<std::string>& override_path = std::nullopt) {
  absl::StatusOr<std::vector<Lookup>> chain = Chain(game, asset, override_path);
  EXPECT_TRUE(chain.ok()) << chain.status();
  std::vector<std::string> out;
  if (!chain.ok()) return out;
  for (const Lookup& l : *chain) {
    out.push_back(std::string(l.fallback ? "+" : "") + SourceName(l.source) +
                  (l.path.empty() ? "" : " " + l.path));
  }
  return out;
}

TEST(PaletteChain, SourceNamesAreThePublicOnes) {
  EXPECT_STREQ(SourceName(Source::kOverride), "override");
  EXPECT_STREQ(SourceName(Source::kSidecarPcx), "sidecar-pcx");
  EXPECT_STREQ(SourceName(Source::kPalettesPal), "palettes-pal");
  EXPECT_STREQ(SourceName(Source::kSidePrefix), "side-prefix");
  EXPECT_STREQ(SourceName(Source::kPalettePal), "palette-pal");
  EXPECT_STREQ(SourceName(Source::kEmbedded), "embedded");
}

TEST(PaletteChain, KingdomsTriesEveryStepInOrder) {
  EXPECT_EQ(
      Describe(Game::kTaKingdoms, "units/arasword.gaf", "my/pal.pcx"),
      (std::vector<std::string>{
          "override my/pal.pcx", "sidecar-pcx units/arasword.pcx",
          "palettes-pal palettes/arasword.pal", "side-prefix palettes/aramon.pcx",
          "palette-pal palettes/palette.pal", "+palette-pal palettes/palette.pcx", "embedded"}));
}

TEST(PaletteChain, KingdomsWithoutOverrideOrPrefix) {
  EXPECT_EQ(
      Describe(Game::kTaKingdoms, "anims/actionbuttons.gaf"),
      (std::vector<std::string>{
          "sidecar-pcx anims/actionbuttons.pcx", "palettes-pal palettes/actionbuttons.pal",
          "palette-pal palettes/palette.pal", "+palette-pal palettes/palette.pcx", "embedded"}));
}

TEST(PaletteChain, TheAssetNameIsNormalisedAndKeepsItsSpelling) {
  EXPECT_EQ(Describe(Game::kTaKingdoms, "Anims\\.\\Deep\\\\TARgate.TAF"),
            (std::vector<std::string>{
                "sidecar-pcx Anims/Deep/TARgate.pcx", "palettes-pal palettes/TARgate.pal",
                "side-prefix palettes/taros.pcx", "palette-pal palettes/palette.pal",
                "+palette-pal palettes/palette.pcx", "embedded"}));
}

TEST(PaletteChain, OnlyTheLastDotStartsTheExtension) {
  const std::vector<std::string> dots = Describe(Game::kTaKingdoms, "anims/a.b.gaf");
  ASSERT_GE(dots.size(), 2u);
  EXPECT_EQ(dots[0], "sidecar-pcx anims/a.b.pcx");
  EXPECT_EQ(dots[1], "palettes-pal palettes/a.b.pal");
  const std::vector<std::string> bare = Describe(Game::kTaKingdoms, "zonhall");
  ASSERT_GE(bare.size(), 3u);
  EXPECT_EQ(bare[0], "sidecar-pcx zonhall.pcx") << "no extension: the whole name, at the root";
  EXPECT_EQ(bare[1], "palettes-pal palettes/zonhall.pal");
  EXPECT_EQ(bare[2], "side-prefix palettes/zhon.pcx");
}

TEST(PaletteChain, EverySidePrefixInAnyCase) {
  const std::pair<std::string, std::string> sides[] = {
      {"ARAknight", "palettes/aramon.pcx"}, {"tarbat", "palettes/taros.pcx"},
      {"VerKnight", "palettes/veruna.pcx"}, {"zOnWarrior", "palettes/zhon.pcx"},
      {"aidgolem", "palettes/aiden.pcx"},   {"CREdrone", "palettes/creon.pcx"}};
  for (const auto& [name, palette] : sides) {
    const std::vector<std::string> chain = Describe(Game::kTaKingdoms, "units/" + name + ".gaf");
    ASSERT_EQ(chain.size(), 6u) << name;
    EXPECT_EQ(chain[2], "side-prefix " + palette) << name;
  }
  // Only at the start of the file name: not in a folder name, not later on.
  for (const char* asset : {"ara/knight.gaf", "units/scarab.gaf", "units/ar.gaf"}) {
    for (const std::string& step : Describe(Game::kTaKingdoms, asset)) {
      EXPECT_EQ(step.find("side-prefix"), std::string::npos) << asset;
    }
  }
}

TEST(PaletteChain, TaAndGtaHaveNoPerAssetPalettes) {
  for (Game game : {Game::kTa, Game::kGta}) {
    EXPECT_EQ(Describe(game, "anims/arasword.gaf"),
              (std::vector<std::string>{"palette-pal palettes/palette.pal", "embedded"}));
    EXPECT_EQ(Describe(game, "anims/arasword.gaf", "x.pal"),
              (std::vector<std::string>{"override x.pal", "palette-pal palettes/palette.pal",
                                        "embedded"}));
  }
}

TEST(PaletteChain, AnAssetPathOutsideTheContextIsRefused) {
  for (const char* bad : {"../units/arasword.gaf", "/units/a.gaf", "", "C:\\a.gaf"}) {
    absl::StatusOr<std::vector<Lookup>> chain = Chain(Game::kTaKingdoms, bad, std::nullopt);
    ASSERT_FALSE(chain.ok()) << bad;
    EXPECT_EQ(chain.status().code(), absl::StatusCode::kInvalidArgument) << bad;
  }
}

}  // namespace
}  // namespace kbot::palettepick
