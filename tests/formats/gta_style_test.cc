// G24 styles: a style built byte by byte from docs/formats/gta1.md, "Styles
// (.G24)", with tiles on two pages (tile 16+ on page 1) and CLUTs on two
// pages (CLUT 64+), and every offset below computed by hand.
#include <gtest/gtest.h>

#include "absl/strings/match.h"
#include "formats/common/byte_writer.h"
#include "formats/gta/style.h"

namespace kbot::gta {
namespace {

// 12 side + 6 lid + 3 aux = 21 tiles (86,016 bytes), padded to 6 x 16 KB =
// 98,304 = 0x18000 bytes. Side tile t = tile t, lid L = tile 12 + L, aux a =
// tile 18 + a.
struct Fixture {
  uint32_t version = 336;
  uint32_t side = 12 * 4096, lid = 6 * 4096, aux = 3 * 4096;
  std::vector<uint8_t> tiles = std::vector<uint8_t>(0x18000, 0);
  std::vector<uint8_t> anims;
  uint32_t clut_size = 66 * 1024;  // 66 CLUTs: pages 0 (0..63) and 1 (64, 65)
  std::vector<uint8_t> cluts = std::vector<uint8_t>(0x20000, 0);
  std::vector<uint16_t> index = std::vector<uint16_t>(84, 0);  // 4 per tile
  uint32_t index_size_override = 0xffffffff;

  Fixture() {
    // Tile texels, at offsets from the page formula worked by hand.
    tiles[0x40] = 0x11;     // tile 1 (0, 0): page 0, strip 0, column 1 -> 1 * 64
    tiles[0x7fbf] = 0xcd;   // tile 6 (63, 63): 0x4000 + 63*256 + 2*64 + 63
    tiles[0x10245] = 0xab;  // tile 17 (5, 2): 0x10000 + 2*256 + 1*64 + 5
    tiles[0x17f3f] = 0xef;  // tile 20 (63, 63): 0x10000 + 0x4000 + 63*256 + 63
    // Animations: 2 of them.
    anims = {2,
             3, 1, 5, 2, 0, 1,  // lid 3, speed 5, aux 0 then 1
             4, 0, 2, 1, 2};    // side 4, speed 2, aux 2
    // CLUT 2 colour 0 at 2*4 = 0x8: B, G, R, 0.
    cluts[0x8] = 0x03, cluts[0x9] = 0x02, cluts[0xa] = 0x01, cluts[0xb] = 0x99;
    // CLUT 65 colour 7 at 0x10000 + 1*4 + 7*256 = 0x10704.
    cluts[0x10704] = 0x30, cluts[0x10705] = 0x20, cluts[0x10706] = 0x10;
    // CLUT 65 colour 255 at 0x10000 + 4 + 255*256 = 0x1ff04.
    cluts[0x1ff04] = 0xc0, cluts[0x1ff05] = 0xb0, cluts[0x1ff06] = 0xa0;
    // CLUT 64 colour 1 at 0x10000 + 0 + 256 = 0x10100.
    cluts[0x10100] = 0x66, cluts[0x10101] = 0x55, cluts[0x10102] = 0x44;
    index[22] = 65;  // side 5 left: 4*5 + 2
    index[21] = 2;   // side 5 bottom: 4*5 + 1
    index[55] = 2;   // lid 1 remap 3: 4*(12 + 1) + 3
    index[72] = 64;  // aux 0 remap 0: 4*(18 + 0)
    index[83] = 66;  // aux 2 remap 3: 4*20 + 3 -> past the 66 CLUTs
  }

  std::vector<uint8_t> Build() const {
    std::vector<uint8_t> out;
    const uint32_t index_size =
        index_size_override != 0xffffffff ? index_size_override : uint32_t(2 * index.size());
    for (uint32_t v : {version, side, lid, aux, uint32_t(anims.size()), clut_size,
                       clut_size /*tile CLUTs*/, 0u, 0u, 0u, index_size, 5u, 3u, 2u, 7u, 4u}) {
      AppendU32(out, v);
    }
    out.insert(out.end(), tiles.begin(), tiles.end());
    out.insert(out.end(), anims.begin(), anims.end());
    out.insert(out.end(), cluts.begin(), cluts.end());
    for (uint16_t e : index) AppendU16(out, e);
    for (uint8_t b : {1, 2, 3, 4, 5}) out.push_back(b);  // object info
    for (uint8_t b : {6, 7, 8}) out.push_back(b);         // cars
    for (uint8_t b : {9, 10}) out.push_back(b);           // sprite info
    for (int i = 0; i < 7; ++i) out.push_back(uint8_t(0x20 + i));  // sprite graphics
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(0x40 + i));  // sprite numbers
    return out;
  }
};

// 64 + 0x18000 + 12 + 0x20000 + 168 + 5 + 3 + 2 + 7 + 4
constexpr size_t kFixtureSize = 64 + 98304 + 12 + 131072 + 168 + 21;

absl::StatusOr<Style> Read(const std::vector<uint8_t>& bytes) {
  return ReadStyle(bytes, "STYLE009.G24");
}

TEST(GtaStyle, ReadsTheHeaderAndSectionsInOrder) {
  const std::vector<uint8_t> bytes = Fixture().Build();
  ASSERT_EQ(bytes.size(), kFixtureSize);
  absl::StatusOr<Style> s = Read(bytes);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_TRUE(s->warnings.empty()) << s->warnings.front();
  EXPECT_EQ(s->header.version, 336u);
  EXPECT_EQ(s->header.tile_clut_size, 66u * 1024);
  EXPECT_EQ(s->side_tiles, 12);
  EXPECT_EQ(s->lid_tiles, 6);
  EXPECT_EQ(s->aux_tiles, 3);
  EXPECT_EQ(s->tile_count(), 21);
  EXPECT_EQ(s->clut_count, 66);
  EXPECT_EQ(s->palette_index.size(), 84u);
  ASSERT_EQ(s->sections.size(), 9u);
  struct Want {
    const char* name;
    uint64_t offset, size, stored;
  };
  const Want want[] = {
      {"tiles", 0x40, 86016, 0x18000},
      {"animations", 0x18040, 12, 12},
      {"CLUTs", 0x1804c, 67584, 0x20000},
      {"palette index", 0x3804c, 168, 168},
      {"object info", 0x380f4, 5, 5},
      {"cars", 0x380f9, 3, 3},
      {"sprite info", 0x380fc, 2, 2},
      {"sprite graphics", 0x380fe, 7, 7},
      {"sprite numbers", 0x38105, 4, 4},
  };
  for (size_t i = 0; i < 9; ++i) {
    EXPECT_EQ(s->sections[i].name, want[i].name);
    EXPECT_EQ(s->sections[i].offset, want[i].offset) << want[i].name;
    EXPECT_EQ(s->sections[i].size, want[i].size) << want[i].name;
    EXPECT_EQ(s->sections[i].stored, want[i].stored) << want[i].name;
  }
  EXPECT_EQ(0x38105u + 4, kFixtureSize);
  EXPECT_EQ(s->object_info, (std::vector<uint8_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(s->cars, (std::vector<uint8_t>{6, 7, 8}));
  EXPECT_EQ(s->sprite_info, (std::vector<uint8_t>{9, 10}));
  EXPECT_EQ(s->sprite_graphics.size(), 7u);
  EXPECT_EQ(s->sprite_graphics[6], 0x26);
  EXPECT_EQ(s->sprite_numbers, (std::vector<uint8_t>{0x40, 0x41, 0x42, 0x43}));
}

TEST(GtaStyle, TheTileFormulaAddressesBothPages) {
  EXPECT_EQ(TileTexelOffset(1, 0, 0), 0x40u);
  EXPECT_EQ(TileTexelOffset(6, 63, 63), 0x7fbfu);
  EXPECT_EQ(TileTexelOffset(17, 5, 2), 0x10245u);
  EXPECT_EQ(TileTexelOffset(20, 63, 63), 0x17f3fu);
  absl::StatusOr<Style> s = Read(Fixture().Build());
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(*s->Texel(1, 0, 0), 0x11);
  EXPECT_EQ(*s->Texel(6, 63, 63), 0xcd);
  EXPECT_EQ(*s->Texel(17, 5, 2), 0xab);
  EXPECT_EQ(*s->Texel(20, 63, 63), 0xef);
  EXPECT_EQ(*s->Texel(17, 2, 5), 0x00);
  // Tiles by kind: side 6, lid 5 (tile 17), aux 2 (tile 20).
  EXPECT_EQ(s->SideTile(6), 6);
  EXPECT_EQ(s->LidTile(5), 17);
  EXPECT_EQ(s->AuxTile(2), 20);

  absl::StatusOr<TileTexels> t17 = s->Tile(17);
  ASSERT_TRUE(t17.ok()) << t17.status();
  EXPECT_EQ((*t17)[2 * 64 + 5], 0xab);
  int nonzero = 0;
  for (uint8_t b : *t17) nonzero += b != 0;
  EXPECT_EQ(nonzero, 1);
  absl::StatusOr<TileTexels> t20 = s->Tile(20);
  ASSERT_TRUE(t20.ok());
  EXPECT_EQ((*t20)[63 * 64 + 63], 0xef);
  absl::StatusOr<TileTexels> t1 = s->Tile(1);
  ASSERT_TRUE(t1.ok());
  EXPECT_EQ((*t1)[0], 0x11);
  // Tile 0 does not see tile 1's texel 256 bytes away in the page.
  EXPECT_EQ((*s->Tile(0))[0], 0);

  EXPECT_FALSE(s->Tile(21).ok());
  EXPECT_FALSE(s->Tile(-1).ok());
  EXPECT_FALSE(s->Texel(0, 64, 0).ok());
  EXPECT_FALSE(s->Texel(0, 0, -1).ok());
}

TEST(GtaStyle, ReadsAnimations) {
  absl::StatusOr<Style> s = Read(Fixture().Build());
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(s->animations.size(), 2u);
  EXPECT_EQ(s->animations[0].block, 3);
  EXPECT_EQ(s->animations[0].which, 1);
  EXPECT_EQ(s->animations[0].speed, 5);
  EXPECT_EQ(s->animations[0].frames, (std::vector<uint8_t>{0, 1}));
  EXPECT_EQ(s->animations[1].block, 4);
  EXPECT_EQ(s->animations[1].which, 0);
  EXPECT_EQ(s->animations[1].speed, 2);
  EXPECT_EQ(s->animations[1].frames, (std::vector<uint8_t>{2}));
}

TEST(GtaStyle, ReadsClutsOnBothPages) {
  EXPECT_EQ(ClutColorOffset(2, 0), 0x8u);
  EXPECT_EQ(ClutColorOffset(65, 7), 0x10704u);
  EXPECT_EQ(ClutColorOffset(65, 255), 0x1ff04u);
  absl::StatusOr<Style> s = Read(Fixture().Build());
  ASSERT_TRUE(s.ok()) << s.status();
  absl::StatusOr<palette::Palette> c2 = s->Clut(2);
  ASSERT_TRUE(c2.ok());
  EXPECT_EQ(c2->colors[0], (palette::Rgb{0x01, 0x02, 0x03}));  // byte 3 (0x99) ignored
  EXPECT_EQ(c2->colors[1], (palette::Rgb{0, 0, 0}));
  absl::StatusOr<palette::Palette> c65 = s->Clut(65);
  ASSERT_TRUE(c65.ok());
  EXPECT_EQ(c65->colors[7], (palette::Rgb{0x10, 0x20, 0x30}));
  EXPECT_EQ(c65->colors[255], (palette::Rgb{0xa0, 0xb0, 0xc0}));
  EXPECT_EQ(c65->colors[6], (palette::Rgb{0, 0, 0}));
  absl::StatusOr<palette::Palette> c64 = s->Clut(64);
  ASSERT_TRUE(c64.ok());
  EXPECT_EQ(c64->colors[1], (palette::Rgb{0x44, 0x55, 0x66}));
  EXPECT_FALSE(s->Clut(66).ok());
  EXPECT_FALSE(s->Clut(-1).ok());
}

TEST(GtaStyle, ResolvesTilePalettesThroughTheIndex) {
  EXPECT_EQ(SidePaletteSlot(5, SideDirection::kLeft), 22);
  EXPECT_EQ(SidePaletteSlot(5, SideDirection::kBottom), 21);
  EXPECT_EQ(TilePaletteSlot(13, 3), 55);
  absl::StatusOr<Style> s = Read(Fixture().Build());
  ASSERT_TRUE(s.ok()) << s.status();
  absl::StatusOr<palette::Palette> left = s->SidePalette(5, SideDirection::kLeft);
  ASSERT_TRUE(left.ok()) << left.status();
  EXPECT_EQ(left->colors[7], (palette::Rgb{0x10, 0x20, 0x30}));  // CLUT 65
  absl::StatusOr<palette::Palette> bottom = s->SidePalette(5, SideDirection::kBottom);
  ASSERT_TRUE(bottom.ok());
  EXPECT_EQ(bottom->colors[0], (palette::Rgb{1, 2, 3}));  // CLUT 2
  absl::StatusOr<palette::Palette> lid = s->LidPalette(1, 3);
  ASSERT_TRUE(lid.ok()) << lid.status();
  EXPECT_EQ(lid->colors[0], (palette::Rgb{1, 2, 3}));  // CLUT 2
  absl::StatusOr<palette::Palette> aux = s->AuxPalette(0);
  ASSERT_TRUE(aux.ok()) << aux.status();
  EXPECT_EQ(aux->colors[1], (palette::Rgb{0x44, 0x55, 0x66}));  // CLUT 64
  EXPECT_EQ(*s->ClutOfPalette(22), 65);

  // Entry 83 (aux 2 remap 3) names CLUT 66, past the 66 CLUTs: an error.
  absl::StatusOr<palette::Palette> bad = s->AuxPalette(2, 3);
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(absl::StrContains(bad.status().message(), "CLUT 66")) << bad.status();
  EXPECT_FALSE(s->ClutOfPalette(83).ok());
  EXPECT_FALSE(s->ClutOfPalette(84).ok());
  // Tile numbers out of their kind's range, and bad remaps.
  EXPECT_FALSE(s->SidePalette(12, SideDirection::kTop).ok());
  EXPECT_FALSE(s->LidPalette(6, 0).ok());
  EXPECT_FALSE(s->LidPalette(0, 4).ok());
  EXPECT_FALSE(s->AuxPalette(3).ok());
  EXPECT_FALSE(s->SidePalette(0, SideDirection(7)).ok());
}

TEST(GtaStyle, AnIndexEntryPastTheTableIsAnError) {
  Fixture f;
  f.index.resize(40);  // entries 0..39: lid 1 remap 3 (entry 55) is missing
  absl::StatusOr<Style> s = Read(f.Build());
  ASSERT_TRUE(s.ok()) << s.status();
  absl::StatusOr<palette::Palette> lid = s->LidPalette(1, 3);
  ASSERT_FALSE(lid.ok());
  EXPECT_TRUE(absl::StrContains(lid.status().message(), "entry 55 is past the 40 entries"))
      << lid.status();
  EXPECT_TRUE(s->SidePalette(5, SideDirection::kLeft).ok());
}

TEST(GtaStyle, FlatTexelZeroIsTransparent) {
  EXPECT_FALSE(FlatTexelDrawn(0));
  EXPECT_TRUE(FlatTexelDrawn(1));
  EXPECT_TRUE(FlatTexelDrawn(255));
}

void ExpectError(const std::vector<uint8_t>& bytes, absl::string_view fragment) {
  absl::StatusOr<Style> s = Read(bytes);
  ASSERT_FALSE(s.ok()) << fragment;
  EXPECT_TRUE(absl::StrContains(s.status().message(), fragment)) << s.status();
  EXPECT_TRUE(absl::StartsWith(s.status().message(), "STYLE009.G24: ")) << s.status();
}

TEST(GtaStyle, MalformedHeadersAreErrors) {
  Fixture f;
  f.version = 335;
  ExpectError(f.Build(), "version 335, expected 336");
  f = Fixture();
  f.lid = 6 * 4096 + 1;
  ExpectError(f.Build(), "lid size 24577 is not a multiple of 4096");
  f = Fixture();
  f.side = 0x190000;  // + lid + aux > 0x190000
  ExpectError(f.Build(), "more than the game's 1638400");
  f = Fixture();
  f.clut_size = 66 * 1024 + 4;
  ExpectError(f.Build(), "CLUT size 67588 is not a multiple of 1024");
  f = Fixture();
  f.index_size_override = 167;
  ExpectError(f.Build(), "palette index size 167 is odd");
  ExpectError(std::vector<uint8_t>(63, 0), "shorter than the 64-byte header");
  ExpectError({}, "shorter than the 64-byte header");
}

TEST(GtaStyle, SectionsPastTheEndAreErrors) {
  const std::vector<uint8_t> full = Fixture().Build();
  std::vector<uint8_t> cut(full.begin(), full.end() - 1);
  ExpectError(cut, "sprite numbers: the section (4 bytes from 0x38105 to 0x38109) runs past "
                   "the end of the file at 0x38108");
  // The CLUT data is there but not its page padding: the 0x20000 stored
  // bytes from 0x1804c end at 0x3804c.
  cut.assign(full.begin(), full.begin() + 0x1804c + 66 * 1024);
  ExpectError(cut, "CLUTs: the section (131072 bytes from 0x1804c to 0x3804c)");
  // The 21 tiles are there, not their 16 KB padding.
  cut.assign(full.begin(), full.begin() + 64 + 21 * 4096);
  ExpectError(cut, "tiles: the section (98304 bytes from 0x40 to 0x18040)");
  cut.assign(full.begin(), full.begin() + 64);
  ExpectError(cut, "tiles: ");
}

TEST(GtaStyle, TrailingBytesAreAWarning) {
  std::vector<uint8_t> bytes = Fixture().Build();
  bytes.push_back(0);
  bytes.push_back(0);
  absl::StatusOr<Style> s = Read(bytes);
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(s->warnings.size(), 1u);
  EXPECT_TRUE(absl::StrContains(s->warnings[0], "2 trailing bytes at 0x38109")) << s->warnings[0];
}

TEST(GtaStyle, MalformedAnimationsAreErrors) {
  Fixture f;
  f.anims = {129};
  ExpectError(f.Build(), "129 animations, at most 128");
  f.anims = {2, 3, 1, 5, 2, 0, 1, 4, 0, 2, 3, 2};  // the second wants 3 frames, has 1
  ExpectError(f.Build(), "animation 1 at 0x18047: 3 frames run past");
  f.anims = {1, 3, 1};
  ExpectError(f.Build(), "animation 0 at 0x18041: its 4-byte head runs past");
  // Unused bytes and out-of-range tiles are warnings.
  f.anims = {1, 3, 1, 5, 1, 7, 0xee};  // aux 7 of 3
  absl::StatusOr<Style> s = Read(f.Build());
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(s->animations.size(), 1u);
  ASSERT_EQ(s->warnings.size(), 2u);
  EXPECT_TRUE(absl::StrContains(s->warnings[0], "aux tile 7")) << s->warnings[0];
  EXPECT_TRUE(absl::StrContains(s->warnings[1], "1 unused bytes")) << s->warnings[1];
  // No animation section at all: no animations.
  f.anims.clear();
  s = Read(f.Build());
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_TRUE(s->animations.empty());
}

TEST(GtaStyle, AnEmptyStyleReads) {
  Fixture f;
  f.side = f.lid = f.aux = 0;
  f.tiles.clear();
  f.clut_size = 0;
  f.cluts.clear();
  f.anims.clear();
  f.index.clear();
  absl::StatusOr<Style> s = Read(f.Build());
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->tile_count(), 0);
  EXPECT_EQ(s->clut_count, 0);
  EXPECT_FALSE(s->Tile(0).ok());
  EXPECT_FALSE(s->Clut(0).ok());
  EXPECT_FALSE(s->SidePalette(0, SideDirection::kTop).ok());
}

}  // namespace
}  // namespace kbot::gta
