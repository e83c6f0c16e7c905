// Transparency modes (docs/formats/gaf.md, "Transparency modes") and the TA:
// Kingdoms corner heuristic (docs/formats/gaf.md, "The TA: Kingdoms
// transparency quirk").
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "formats/gaf/transparency.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/support/expect_picture.h"

namespace kbot::gaf {
namespace {

using ::kbot::testing::AsBytes;

using ::testing::HasSubstr;

TEST(TransparencyParse, Names) {
  absl::StatusOr<Transparency> game = Transparency::Parse("game");
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->mode, TransparencyMode::kGame);

  absl::StatusOr<Transparency> heuristic = Transparency::Parse("heuristic");
  ASSERT_TRUE(heuristic.ok()) << heuristic.status();
  EXPECT_EQ(heuristic->mode, TransparencyMode::kHeuristic);

  absl::StatusOr<Transparency> none = Transparency::Parse("none");
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_EQ(none->mode, TransparencyMode::kNone);
}

TEST(TransparencyParse, Indices) {
  absl::StatusOr<Transparency> zero = Transparency::Parse("0");
  ASSERT_TRUE(zero.ok()) << zero.status();
  EXPECT_EQ(zero->mode, TransparencyMode::kIndex);
  EXPECT_EQ(zero->index, 0);

  absl::StatusOr<Transparency> top = Transparency::Parse("255");
  ASSERT_TRUE(top.ok()) << top.status();
  EXPECT_EQ(top->mode, TransparencyMode::kIndex);
  EXPECT_EQ(top->index, 255);

  absl::StatusOr<Transparency> nine = Transparency::Parse("9");
  ASSERT_TRUE(nine.ok()) << nine.status();
  EXPECT_EQ(nine->mode, TransparencyMode::kIndex);
  EXPECT_EQ(nine->index, 9);
}

TEST(TransparencyParse, Errors) {
  for (const char* bad : {"256", "-1", "", "abc", "1000", "99999999999999999999", "12a", " 5",
                          "5 ", "0x10", "game ", "+5"}) {
    absl::StatusOr<Transparency> t = Transparency::Parse(bad);
    EXPECT_FALSE(t.ok()) << "\"" << bad << "\"";
    if (!t.ok()) {
      EXPECT_EQ(t.status().code(), absl::StatusCode::kInvalidArgument);
      EXPECT_THAT(std::string(t.status().message()), HasSubstr(std::string("\"") + bad + "\""));
    }
  }
}

TEST(TransparencyName, RoundTrip) {
  EXPECT_EQ(Transparency::Game().Name(), "game");
  EXPECT_EQ(Transparency::Heuristic().Name(), "heuristic");
  EXPECT_EQ(Transparency::None().Name(), "none");
  EXPECT_EQ(Transparency::Index(0).Name(), "0");
  EXPECT_EQ(Transparency::Index(255).Name(), "255");
  EXPECT_EQ(Transparency().Name(), "game");  // the default mode is the game rule
  for (const char* name : {"game", "heuristic", "none"}) {
    absl::StatusOr<Transparency> t = Transparency::Parse(name);
    ASSERT_TRUE(t.ok());
    EXPECT_EQ(t->Name(), name);
  }
  for (int i = 0; i < 256; ++i) {
    const std::string name = Transparency::Index(uint8_t(i)).Name();
    EXPECT_EQ(name, std::to_string(i));
    absl::StatusOr<Transparency> t = Transparency::Parse(name);
    ASSERT_TRUE(t.ok()) << name;
    EXPECT_EQ(t->mode, TransparencyMode::kIndex);
    EXPECT_EQ(t->index, i);
  }
}

// --- EffectiveTransparencyIndex ---------------------------------------------

// 1. The stored key appears in the pixels: trust it, even where the corners agree.
TEST(EffectiveTransparencyIndex, KeyPresentIsTrusted) {
  const std::vector<uint8_t> px = {5, 5, 5,  //
                                   5, 9, 5,  //
                                   5, 5, 5};
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(px), 3, 3, 9), 9);
}

TEST(EffectiveTransparencyIndex, KeyPresentOnlyInTheLastPixel) {
  const std::vector<uint8_t> px = {5, 1, 5, 5, 2, 5, 5, 3, 9};
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(px), 3, 3, 9), 9);
}

// 2. The key is absent and the four corners agree: their value.
TEST(EffectiveTransparencyIndex, CornersAgree) {
  const std::vector<uint8_t> px = {5, 1, 2, 5,  //
                                   3, 4, 6, 7,  //
                                   5, 8, 8, 5};
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(px), 4, 3, 9), 5);
}

// Index 0 is a value like any other.
TEST(EffectiveTransparencyIndex, CornersAgreeOnZero) {
  const std::vector<uint8_t> px = {0, 1, 0, 0, 2, 0};
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(px), 3, 2, 9), 0);
}

// 3. The key is absent and the corners differ: the stored key.
TEST(EffectiveTransparencyIndex, CornersDiffer) {
  for (int odd = 0; odd < 4; ++odd) {
    std::vector<uint8_t> px = {5, 1, 5,  //
                               2, 3, 4,  //
                               5, 6, 5};
    const size_t corners[4] = {0, 2, 6, 8};
    px[corners[odd]] = 7;  // one corner disagrees
    EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(px), 3, 3, 9), 9) << "corner " << odd;
  }
}

// One pixel: it is all four corners.
TEST(EffectiveTransparencyIndex, SinglePixel) {
  const std::vector<uint8_t> px = {42};
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(px), 1, 1, 9), 42);
  const std::vector<uint8_t> key = {9};
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(key), 1, 1, 9), 9);
}

// A single row and a single column: the corners are the ends.
TEST(EffectiveTransparencyIndex, SingleRowAndColumn) {
  const std::vector<uint8_t> row = {4, 1, 2, 4};
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(row), 4, 1, 9), 4);
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(row), 1, 4, 9), 4);
  const std::vector<uint8_t> differ = {4, 1, 2, 3};
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(differ), 4, 1, 9), 9);
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(differ), 1, 4, 9), 9);
}

// Corners are taken from the frame's own width, not a neighbour row.
TEST(EffectiveTransparencyIndex, CornersUseTheWidth) {
  // 2 x 3: corners (0,0)=5 (1,0)=5 (0,2)=5 (1,2)=5; the other cells differ.
  const std::vector<uint8_t> px = {5, 5, 1, 2, 5, 5};
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(px), 2, 3, 9), 5);
  // Read as 3 x 2 the corners are 5, 1, 2, 5: no agreement.
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(px), 3, 2, 9), 9);
}

// Degenerate inputs keep the stored key rather than read out of bounds.
TEST(EffectiveTransparencyIndex, DegenerateInputsKeepTheStoredKey) {
  const std::vector<uint8_t> px = {5, 5, 5};
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(px), 0, 3, 9), 9);
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(px), 3, 0, 9), 9);
  EXPECT_EQ(EffectiveTransparencyIndex(AsBytes(px), 2, 2, 9), 9);  // too few pixels
  EXPECT_EQ(EffectiveTransparencyIndex(Bytes(), 1, 1, 9), 9);
}

}  // namespace
}  // namespace kbot::gaf
