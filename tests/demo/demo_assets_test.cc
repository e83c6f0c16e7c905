// The built-in demo data: every file decodes and renders cleanly, the listed
// sequences are exactly there, the layered frames compose, the atlas frames
// take the transparency branch each is meant to show, and the PCX sidecar and
// the side palette are real PCX files whose palettes read back.
#include "demo/demo_assets.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "formats/gaf/transparency.h"
#include "formats/palette/palette.h"

namespace kbot::demo {
namespace {

using gaf::Transparency;

const std::vector<DemoAsset>& Assets() {
  static const std::vector<DemoAsset> assets = [] {
    absl::StatusOr<std::vector<DemoAsset>> a = MakeDemoAssets();
    EXPECT_TRUE(a.ok()) << a.status();
    return a.ok() ? *std::move(a) : std::vector<DemoAsset>{};
  }();
  return assets;
}

const std::vector<uint8_t>& File(const std::string& path) {
  for (const DemoAsset& a : Assets()) {
    if (a.path == path) return a.bytes;
  }
  ADD_FAILURE() << "no demo file " << path;
  static const std::vector<uint8_t> none;
  return none;
}

bool IsGaf(const std::string& path) {
  return absl::EndsWith(path, ".gaf") || absl::EndsWith(path, ".taf");
}

uint64_t Fnv1a(const std::vector<uint8_t>& bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ull;
  return h;
}

gaf::Gaf Read(const std::string& path) {
  absl::StatusOr<gaf::Gaf> g = gaf::ReadGaf(File(path), path);
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? *std::move(g) : gaf::Gaf{};
}

// One frame rendered by `mode`, with no error and no warning.
image::IndexedPicture Render(const std::string& path, size_t s, size_t f, Transparency mode) {
  const gaf::Gaf g = Read(path);
  gaf::Warnings warnings;
  absl::StatusOr<gaf::FramePicture> pic =
      gaf::RenderFrame(File(path), g.sequences.at(s).frames.at(f).info, mode,
                       gaf::FrameLocation{path, s, f}, &warnings);
  EXPECT_TRUE(pic.ok()) << pic.status();
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  return pic.ok() ? pic->indexed : image::IndexedPicture{};
}

bool Opaque(const image::IndexedPicture& p, int x, int y) {
  return p.opaque.at(size_t(y) * p.width + x) != 0;
}
int IndexAt(const image::IndexedPicture& p, int x, int y) {
  return p.index.at(size_t(y) * p.width + x);
}

struct Expected {
  std::string name;
  size_t frames;
  bool loops;
};

void ExpectSequences(const std::string& path, const std::vector<Expected>& expected) {
  SCOPED_TRACE(path);
  const gaf::Gaf g = Read(path);
  ASSERT_EQ(g.sequences.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(g.sequences[i].name, expected[i].name);
    EXPECT_EQ(g.sequences[i].frames.size(), expected[i].frames) << expected[i].name;
    EXPECT_EQ(g.sequences[i].loops(), expected[i].loops) << expected[i].name;
  }
}

TEST(DemoAssets, ListsEveryFileInOrder) {
  std::vector<std::string> paths;
  for (const DemoAsset& a : Assets()) paths.push_back(a.path);
  EXPECT_EQ(paths, (std::vector<std::string>{"anims/demo.gaf", "anims/glow.taf",
                                             "palettes/palette.pal", "anims/cursors.gaf",
                                             "anims/layered.gaf", "anims/atlas.gaf",
                                             "anims/atlas.pcx", "units/araflag.gaf",
                                             "palettes/aramon.pcx", "GTADATA/ENGLISH.FXT",
                                             "GTADATA/DEMO.CMP", "GTADATA/STYLE001.G24",
                                             "GTADATA/DEMO.FON", "GTADATA/MISSION.INI",
                                             "units/aramonarch.fbi",
                                             "units/araknight.fbi", "units/araarcher.fbi",
                                             "units/vermonarch.fbi", "units/verscout.fbi",
                                             "units/mondragon.fbi",
                                             "canbuild/ARAMONARCH/ARAKNIGHT.tdf",
                                             "canbuild/ARAMONARCH/ARAARCHER.tdf",
                                             "canbuild/VERMONARCH/VERSCOUT.tdf",
                                             "features/all worlds/trees.tdf", "maps/lakes.tnt",
                                             "maps/lakes.ota", "objects3d/ARAKNIGHT.3do",
                                             "scripts/ARAKNIGHT.cob", "textures/aramon.gaf",
                                             "demo.ufo"}));
}

// Other tests (and users' notes) depend on these three, byte for byte.
TEST(DemoAssets, TheOriginalFilesAreUnchanged) {
  EXPECT_EQ(File("anims/demo.gaf").size(), 8164u);
  EXPECT_EQ(Fnv1a(File("anims/demo.gaf")), 0x5f9897caae78ac39ull);
  EXPECT_EQ(File("anims/glow.taf").size(), 3076u);
  EXPECT_EQ(Fnv1a(File("anims/glow.taf")), 0x3ce7902470c421feull);
  const Bytes pal = palette::TaPaletteBytes();
  EXPECT_EQ(File("palettes/palette.pal"), std::vector<uint8_t>(pal.begin(), pal.end()));
}

TEST(DemoAssets, EveryGafReadsAndEveryFrameAndSequenceRendersCleanly) {
  for (const DemoAsset& a : Assets()) {
    if (!IsGaf(a.path)) continue;
    SCOPED_TRACE(a.path);
    absl::StatusOr<gaf::Gaf> g = gaf::ReadGaf(a.bytes, a.path);
    ASSERT_TRUE(g.ok()) << g.status();
    EXPECT_TRUE(g->warnings.empty());
    for (Transparency mode : {Transparency::Game(), Transparency::Heuristic(),
                              Transparency::None(), Transparency::Index(0)}) {
      for (size_t s = 0; s < g->sequences.size(); ++s) {
        for (size_t f = 0; f < g->sequences[s].frames.size(); ++f) {
          gaf::Warnings warnings;
          absl::StatusOr<gaf::FramePicture> pic =
              gaf::RenderFrame(a.bytes, g->sequences[s].frames[f].info, mode,
                               gaf::FrameLocation{a.path, s, f}, &warnings);
          ASSERT_TRUE(pic.ok()) << pic.status();
          EXPECT_GT(pic->width(), 0);
          EXPECT_TRUE(warnings.empty()) << mode.Name() << " " << s << "/" << f;
        }
        gaf::Warnings warnings;
        absl::StatusOr<gaf::SequenceAnimation> anim =
            gaf::RenderSequence(a.bytes, *g, s, mode, a.path, &warnings);
        ASSERT_TRUE(anim.ok()) << anim.status();
        EXPECT_TRUE(warnings.empty());
      }
    }
  }
}

TEST(DemoAssets, SequencesAreExactlyTheListedOnes) {
  ExpectSequences("anims/demo.gaf", {{"spinner", 8, true}, {"explosion", 6, false}});
  ExpectSequences("anims/glow.taf", {{"glow", 4, true}, {"flag", 1, true}});
  ExpectSequences("anims/cursors.gaf", {{"cursormove", 8, true}, {"cursorattack", 4, true}});
  ExpectSequences("anims/layered.gaf", {{"turret", 4, true}});
  ExpectSequences("anims/atlas.gaf", {{"tree", 1, true}, {"rock", 2, true}, {"banner", 2, true}});
  ExpectSequences("units/araflag.gaf", {{"araflag", 4, true}});
}

TEST(DemoAssets, CursorMoveIsEightRunEncodedFramesKeyedNine) {
  const gaf::Sequence seq = Read("anims/cursors.gaf").sequences.at(0);
  EXPECT_EQ(seq.total_ticks(), 32u);
  for (const gaf::Frame& f : seq.frames) {
    EXPECT_EQ(f.info.width, 32);
    EXPECT_EQ(f.info.height, 32);
    EXPECT_EQ(f.info.origin_x, 3);
    EXPECT_EQ(f.info.origin_y, 3);
    EXPECT_EQ(f.info.transparency, 9);
    EXPECT_EQ(f.info.storage(), gaf::Storage::kRunEncoded);
    EXPECT_FALSE(f.info.layered());
    EXPECT_EQ(f.duration, 4u);
  }
  // Frame 0: the tip rests on the hotspot and is drawn (outline black, 0);
  // frame 3 has bobbed 3 pixels down the diagonal.
  const image::IndexedPicture rest = Render("anims/cursors.gaf", 0, 0, Transparency::Game());
  EXPECT_TRUE(Opaque(rest, 3, 3));
  EXPECT_EQ(IndexAt(rest, 3, 3), 0);
  EXPECT_FALSE(Opaque(rest, 0, 0));
  const image::IndexedPicture bobbed = Render("anims/cursors.gaf", 0, 3, Transparency::Game());
  EXPECT_FALSE(Opaque(bobbed, 3, 3));
  EXPECT_TRUE(Opaque(bobbed, 6, 6));
  // The fill pulses: a pixel inside the arrow changes green between frames.
  EXPECT_EQ(IndexAt(rest, 5, 12), 232);
  EXPECT_NE(IndexAt(Render("anims/cursors.gaf", 0, 1, Transparency::Game()), 6, 13), 232);
}

TEST(DemoAssets, CursorAttackDrawsItsOwnKeyOpaque) {
  const gaf::Sequence seq = Read("anims/cursors.gaf").sequences.at(1);
  for (const gaf::Frame& f : seq.frames) {
    EXPECT_EQ(f.info.transparency, 0);
    EXPECT_EQ(f.info.storage(), gaf::Storage::kRunEncoded);
    EXPECT_EQ(f.info.origin_x, 16);
    EXPECT_EQ(f.duration, 5u);
  }
  const image::IndexedPicture p = Render("anims/cursors.gaf", 1, 0, Transparency::Game());
  EXPECT_EQ(IndexAt(p, 16, 16), 249);  // the red centre dot
  EXPECT_TRUE(Opaque(p, 16, 17));      // its black outline: index 0, the key, drawn
  EXPECT_EQ(IndexAt(p, 16, 17), 0);
  EXPECT_FALSE(Opaque(p, 0, 0));
}

TEST(DemoAssets, TurretFramesAreLayeredAtTheirOwnOrigins) {
  const gaf::Sequence seq = Read("anims/layered.gaf").sequences.at(0);
  const size_t layers[] = {2, 3, 2, 2};
  for (size_t i = 0; i < 4; ++i) {
    const gaf::FrameInfo& info = seq.frames.at(i).info;
    EXPECT_EQ(info.layer_count, layers[i]) << i;
    ASSERT_EQ(info.layers.size(), layers[i]);
    EXPECT_EQ(info.width, 40);
    EXPECT_EQ(info.origin_x, 12);
    EXPECT_EQ(info.layers[0].origin_x, 10);                     // the base
    EXPECT_EQ(info.layers[0].storage(), gaf::Storage::kRunEncoded);
    EXPECT_EQ(info.layers[1].storage(), gaf::Storage::kRaw);    // the barrel
  }
  EXPECT_EQ(seq.frames[0].info.layers[1].origin_x, -6);
  EXPECT_EQ(seq.frames[1].info.layers[1].origin_x, -3);
}

TEST(DemoAssets, TurretComposesBaseBarrelAndFlash) {
  const image::IndexedPicture rest = Render("anims/layered.gaf", 0, 0, Transparency::Game());
  ASSERT_EQ(rest.width, 40);
  ASSERT_EQ(rest.height, 24);
  EXPECT_FALSE(Opaque(rest, 0, 0));        // no layer draws there
  EXPECT_EQ(IndexAt(rest, 0, 0), 9);       // undrawn pixels carry the outer key
  EXPECT_EQ(IndexAt(rest, 12, 12), 85);    // base fill at the hotspot
  EXPECT_EQ(IndexAt(rest, 2, 12), 89);     // base rim
  EXPECT_EQ(IndexAt(rest, 25, 11), 83);    // barrel body, right of the base
  EXPECT_EQ(IndexAt(rest, 25, 10), 91);    // barrel edge
  EXPECT_EQ(IndexAt(rest, 18, 11), 83);    // barrel drawn over the base
  EXPECT_EQ(IndexAt(rest, 18, 10), 85);    // the barrel's keyed corner: base shows through
  EXPECT_TRUE(Opaque(rest, 31, 11));       // the muzzle end
  EXPECT_FALSE(Opaque(rest, 32, 11));

  const image::IndexedPicture fire = Render("anims/layered.gaf", 0, 1, Transparency::Game());
  EXPECT_EQ(IndexAt(fire, 28, 11), 83);    // the barrel recoiled by 3
  EXPECT_EQ(IndexAt(fire, 29, 11), 197);   // the flash's cooler edge
  EXPECT_EQ(IndexAt(fire, 31, 11), 192);   // the flash's hot centre
  EXPECT_TRUE(Opaque(fire, 31, 11));
  EXPECT_FALSE(Opaque(fire, 29, 9));       // a skipped corner of the flash

  // `none`: what no layer drew takes the outer key, opaque.
  const image::IndexedPicture none = Render("anims/layered.gaf", 0, 0, Transparency::None());
  EXPECT_TRUE(Opaque(none, 0, 0));
  EXPECT_EQ(IndexAt(none, 0, 0), 9);
}

// Each atlas frame: what the corner guess picks, and which corners each mode
// leaves opaque (the centre is a drawn unit pixel in every frame).
struct AtlasCase {
  size_t sequence, frame;
  uint8_t effective_key;
  bool game_corners_opaque;
  bool heuristic_corners_opaque;
};

TEST(DemoAssets, AtlasFramesTakeTheIntendedHeuristicBranch) {
  const std::string path = "anims/atlas.gaf";
  const gaf::Gaf g = Read(path);
  const AtlasCase cases[] = {
      {0, 0, 5, true, false},  // tree: key 9 absent, corners agree on the painted 5
      {1, 0, 5, true, false},  // rock: the same
      {1, 1, 9, true, true},   // selected rock: 9 present, trusted; the box stays
      {2, 0, 9, true, true},   // banner: full-bleed, corners disagree
      {2, 1, 9, true, true},
  };
  for (const AtlasCase& c : cases) {
    SCOPED_TRACE(::testing::Message() << "sequence " << c.sequence << " frame " << c.frame);
    const gaf::FrameInfo& info = g.sequences.at(c.sequence).frames.at(c.frame).info;
    EXPECT_EQ(info.storage(), gaf::Storage::kRaw);
    EXPECT_EQ(info.transparency, 9);
    const Bytes pixels = Bytes(File(path)).subspan(info.data_offset, info.pixels());
    EXPECT_EQ(gaf::EffectiveTransparencyIndex(pixels, info.width, info.height, 9),
              c.effective_key);

    const image::IndexedPicture game = Render(path, c.sequence, c.frame, Transparency::Game());
    const image::IndexedPicture guess =
        Render(path, c.sequence, c.frame, Transparency::Heuristic());
    const int w = info.width, h = info.height;
    const std::pair<int, int> corners[] = {{0, 0}, {w - 1, 0}, {0, h - 1}, {w - 1, h - 1}};
    for (auto [x, y] : corners) {
      EXPECT_EQ(Opaque(game, x, y), c.game_corners_opaque) << x << "," << y;
      EXPECT_EQ(Opaque(guess, x, y), c.heuristic_corners_opaque) << x << "," << y;
      EXPECT_EQ(IndexAt(game, x, y), IndexAt(guess, x, y)) << "modes never change an index";
    }
    EXPECT_TRUE(Opaque(game, w / 2, h / 2));
    EXPECT_TRUE(Opaque(guess, w / 2, h / 2));
    EXPECT_EQ(guess.key, c.effective_key);
  }
  // The selected rock's background (9) is transparent in both modes.
  EXPECT_FALSE(Opaque(Render(path, 1, 1, Transparency::Game()), 1, 1));
  EXPECT_FALSE(Opaque(Render(path, 1, 1, Transparency::Heuristic()), 1, 1));
  // The painted border is index 5 (stored as is; no mode rewrites it).
  EXPECT_EQ(IndexAt(Render(path, 0, 0, Transparency::Heuristic()), 0, 0), 5);
}

// A reading of the PCX by docs/formats/palettes.md, independent of the demo's writer:
// header fields, RLE scan lines, then the 0x0C trailer.
TEST(DemoAssets, AtlasPcxIsAValidEightBitPcx) {
  const std::vector<uint8_t>& pcx = File("anims/atlas.pcx");
  ASSERT_GT(pcx.size(), 128u + 769u);
  auto u16 = [&](size_t at) { return pcx[at] | (pcx[at + 1] << 8); };
  EXPECT_EQ(pcx[0], 0x0A);
  EXPECT_EQ(pcx[1], 5);
  EXPECT_EQ(pcx[2], 1);
  EXPECT_EQ(pcx[3], 8);
  EXPECT_EQ(u16(4), 0);
  EXPECT_EQ(u16(6), 0);
  EXPECT_EQ(u16(8), 15);
  EXPECT_EQ(u16(10), 15);
  EXPECT_EQ(pcx[65], 1);
  EXPECT_EQ(u16(66), 16);

  std::vector<uint8_t> pixels;
  size_t at = 128;
  const size_t end = pcx.size() - 769;
  while (pixels.size() < 16 * 16 && at < end) {
    const uint8_t b = pcx[at++];
    if (b >= 0xC0) {
      ASSERT_LT(at, end);
      pixels.insert(pixels.end(), b & 0x3F, pcx[at++]);
    } else {
      pixels.push_back(b);
    }
  }
  EXPECT_EQ(at, end) << "the image data ends right at the palette marker";
  ASSERT_EQ(pixels.size(), 256u);
  for (int i = 0; i < 256; ++i) EXPECT_EQ(pixels[i], i) << "a swatch of the palette";
  EXPECT_EQ(pcx[end], 0x0C);
}

TEST(DemoAssets, AtlasPcxPaletteReadsBackWarmerThanTa) {
  const std::vector<uint8_t>& pcx = File("anims/atlas.pcx");
  absl::StatusOr<palette::Palette> pal = palette::ParsePcxPalette(pcx, "anims/atlas.pcx");
  ASSERT_TRUE(pal.ok()) << pal.status();
  absl::StatusOr<palette::Palette> detected = palette::ParsePalette(pcx, "anims/atlas.pcx");
  ASSERT_TRUE(detected.ok()) << detected.status();
  EXPECT_EQ(detected->colors, pal->colors);

  const auto& c = pal->colors;
  EXPECT_EQ(c[0], (palette::Rgb{0, 0, 0}));
  EXPECT_EQ(c[1], (palette::Rgb{12, 7, 3}));
  EXPECT_EQ(c[2], (palette::Rgb{24, 14, 6}));
  EXPECT_EQ(c[5], (palette::Rgb{255, 0, 255}));  // the atlas's painted border
  EXPECT_EQ(c[9], (palette::Rgb{0, 255, 0}));    // its stored key
  EXPECT_EQ(c[16], (palette::Rgb{235, 170, 140}));
  EXPECT_EQ(c[17], (palette::Rgb{220, 159, 131}));

  int differ = 0;
  for (int i = 0; i < 256; ++i) differ += c[i] == palette::TaPalette().colors[i] ? 0 : 1;
  EXPECT_GT(differ, 240) << "the sidecar must visibly change the colours";
}

TEST(DemoAssets, AraFlagIsFourRunEncodedFramesAtThePolesFoot) {
  const gaf::Sequence seq = Read("units/araflag.gaf").sequences.at(0);
  EXPECT_EQ(seq.total_ticks(), 24u);
  for (const gaf::Frame& f : seq.frames) {
    EXPECT_EQ(f.info.width, 20);
    EXPECT_EQ(f.info.height, 24);
    EXPECT_EQ(f.info.origin_x, 1);
    EXPECT_EQ(f.info.origin_y, 23);
    EXPECT_EQ(f.info.transparency, 9);
    EXPECT_EQ(f.info.storage(), gaf::Storage::kRunEncoded);
    EXPECT_EQ(f.duration, 6u);
  }
  const image::IndexedPicture p = Render("units/araflag.gaf", 0, 0, Transparency::Game());
  EXPECT_EQ(IndexAt(p, 0, 0), 192);   // the finial
  EXPECT_EQ(IndexAt(p, 1, 23), 88);   // the pole, at the hotspot
  EXPECT_EQ(IndexAt(p, 2, 2), 209);   // the cloth by the pole, which does not wave
  EXPECT_EQ(IndexAt(p, 10, 6), 194);  // the emblem's centre, waved up a row
  EXPECT_TRUE(Opaque(p, 10, 6));
  EXPECT_FALSE(Opaque(p, 19, 23));    // below the cloth: skipped
  // The cloth waves: at x = 16 it is two rows down in frame 0 (rows 4-14)
  // and two rows up half a wave later (rows 0-10).
  const image::IndexedPicture half = Render("units/araflag.gaf", 0, 2, Transparency::Game());
  EXPECT_FALSE(Opaque(p, 16, 1));
  EXPECT_TRUE(Opaque(p, 16, 13));
  EXPECT_TRUE(Opaque(half, 16, 1));
  EXPECT_FALSE(Opaque(half, 16, 13));
}

// The side palette is a 1 x 1 PCX, as TA: Kingdoms ships them: one scan line
// of 2 bytes (bytes per line is even), one run, then the palette.
TEST(DemoAssets, AramonPcxIsAOnePixelPcxWithAramonsPalette) {
  const std::vector<uint8_t>& pcx = File("palettes/aramon.pcx");
  ASSERT_EQ(pcx.size(), 128u + 2u + 769u);
  auto u16 = [&](size_t at) { return pcx[at] | (pcx[at + 1] << 8); };
  EXPECT_EQ(pcx[0], 0x0A);
  EXPECT_EQ(pcx[2], 1);
  EXPECT_EQ(pcx[3], 8);
  EXPECT_EQ(u16(8), 0);  // xmax, ymax: one pixel
  EXPECT_EQ(u16(10), 0);
  EXPECT_EQ(pcx[65], 1);
  EXPECT_EQ(u16(66), 2);
  EXPECT_EQ(pcx[128], 0xC2);  // a run of 2
  EXPECT_EQ(pcx[129], 0);
  EXPECT_EQ(pcx[130], 0x0C);

  absl::StatusOr<palette::Palette> pal = palette::ParsePalette(pcx, "palettes/aramon.pcx");
  ASSERT_TRUE(pal.ok()) << pal.status();
  const auto& c = pal->colors;
  EXPECT_EQ(c[0], (palette::Rgb{0, 0, 0}));
  EXPECT_EQ(c[88], (palette::Rgb{115, 117, 122}));  // the flag's pole: silver
  EXPECT_EQ(c[192], (palette::Rgb{255, 215, 90}));  // the finial: gold
  EXPECT_EQ(c[209], (palette::Rgb{65, 103, 215}));  // the cloth: Aramon blue
  int differ = 0;
  for (int i = 0; i < 256; ++i) differ += c[i] == palette::TaPalette().colors[i] ? 0 : 1;
  EXPECT_GT(differ, 240) << "the side palette must visibly change the colours";
}

}  // namespace
}  // namespace kbot::demo
