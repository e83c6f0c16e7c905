// The palette resolver over VFS contents built byte by byte (palette_bytes.h:
// every palette file has its own tag, so a colour tells exactly which file
// was used).
#include "palettepick/resolver.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "contexts/vfs.h"
#include "formats/palette/palette.h"
#include "tests/palettepick/palette_bytes.h"

namespace kbot::palettepick {
namespace {

using contexts::Game;
using contexts::MemoryFile;
using testing::Pal;
using testing::Pcx;
using testing::Tagged;
using testing::TruncatedPcx;
using testing::UnmarkedPcx;

// Tags of the files of a full TA: Kingdoms folder for units/arasword.gaf.
constexpr uint8_t kOverrideTag = 1, kSidecarTag = 2, kPalettesPalTag = 3, kSideTag = 4,
                  kPalettePalTag = 5, kPalettePcxTag = 6;

std::vector<MemoryFile> FullFolder() {
  return {{"my/override.pcx", Pcx(kOverrideTag)},
          {"units/arasword.pcx", Pcx(kSidecarTag)},
          {"palettes/arasword.pal", Pal(kPalettesPalTag)},
          {"palettes/aramon.pcx", Pcx(kSideTag)},
          {"palettes/palette.pal", Pal(kPalettePalTag)},
          {"palettes/palette.pcx", Pcx(kPalettePcxTag)}};
}

std::vector<MemoryFile> Without(std::vector<MemoryFile> files, const std::string& path) {
  std::erase_if(files, [&](const MemoryFile& f) { return f.path == path; });
  return files;
}

std::unique_ptr<contexts::Vfs> MemVfs(std::vector<MemoryFile> files) {
  return contexts::MakeMemoryVfs(std::move(files), "test");
}

// A VFS that records every path read through it.
class RecordingVfs final : public contexts::Vfs {
 public:
  explicit RecordingVfs(std::vector<MemoryFile> files) : inner_(MemVfs(std::move(files))) {}
  absl::StatusOr<contexts::VfsFile> Read(absl::string_view path) const override {
    reads.emplace_back(path);
    return inner_->Read(path);
  }
  absl::StatusOr<contexts::VfsStat> Stat(absl::string_view path) const override {
    return inner_->Stat(path);
  }
  absl::StatusOr<std::vector<contexts::VfsEntry>> List(Progress& progress) const override {
    return inner_->List(progress);
  }
  std::vector<contexts::VfsSource> Sources() const override { return inner_->Sources(); }

  mutable std::vector<std::string> reads;

 private:
  std::unique_ptr<contexts::Vfs> inner_;
};

Resolved MustResolve(const contexts::Vfs& vfs, Game game, const std::string& asset,
                     const std::optional<std::string>& override_path,
                     std::vector<std::string>& warnings) {
  absl::StatusOr<Resolved> r = Resolve(vfs, game, asset, override_path, warnings);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *std::move(r) : Resolved{};
}

std::vector<Candidate> MustList(const contexts::Vfs& vfs, Game game, const std::string& asset,
                                const std::optional<std::string>& override_path = std::nullopt) {
  absl::StatusOr<std::vector<Candidate>> c = Candidates(vfs, game, asset, override_path);
  EXPECT_TRUE(c.ok()) << c.status();
  return c.ok() ? *std::move(c) : std::vector<Candidate>{};
}

// "source path" or "source path: problem" per candidate.
std::vector<std::string> Describe(const std::vector<Candidate>& candidates) {
  std::vector<std::string> out;
  for (const Candidate& c : candidates) {
    std::string line = SourceName(c.source);
    if (c.path) line += " " + *c.path;
    if (!c.usable) line += ": " + c.problem;
    out.push_back(line);
  }
  return out;
}

// --- Each step of the TA: Kingdoms chain wins when the ones above are gone ---

struct Step {
  std::string removed;  // the file that won the step before
  Source source;
  std::optional<std::string> path;
  uint8_t tag;  // 0: the embedded TA palette
};

TEST(PaletteResolve, EveryKingdomsStepWinsInTurn) {
  const Step steps[] = {
      {"", Source::kOverride, "my/override.pcx", kOverrideTag},
      {"my/override.pcx", Source::kSidecarPcx, "units/arasword.pcx", kSidecarTag},
      {"units/arasword.pcx", Source::kPalettesPal, "palettes/arasword.pal", kPalettesPalTag},
      {"palettes/arasword.pal", Source::kSidePrefix, "palettes/aramon.pcx", kSideTag},
      {"palettes/aramon.pcx", Source::kPalettePal, "palettes/palette.pal", kPalettePalTag},
      {"palettes/palette.pal", Source::kPalettePal, "palettes/palette.pcx", kPalettePcxTag},
      {"palettes/palette.pcx", Source::kEmbedded, std::nullopt, 0},
  };
  std::vector<MemoryFile> files = FullFolder();
  for (const Step& step : steps) {
    files = Without(files, step.removed);
    SCOPED_TRACE(SourceName(step.source));
    const std::unique_ptr<contexts::Vfs> vfs = MemVfs(files);
    // The override is passed while its file exists; the asset itself never
    // exists: only its name matters.
    const std::optional<std::string> override_path =
        step.source == Source::kOverride ? std::optional<std::string>("my/override.pcx")
                                         : std::nullopt;
    std::vector<std::string> warnings;
    const Resolved r =
        MustResolve(*vfs, Game::kTaKingdoms, "units/arasword.gaf", override_path, warnings);
    EXPECT_EQ(r.source, step.source);
    EXPECT_EQ(r.path, step.path);
    EXPECT_TRUE(warnings.empty()) << warnings.front();
    if (step.tag == 0) {
      EXPECT_EQ(r.palette.colors, palette::TaPalette().colors);
    } else {
      EXPECT_EQ(r.palette.colors[7], Tagged(step.tag, 7));
      EXPECT_EQ(r.palette.colors[200], Tagged(step.tag, 200));
    }
  }
}

TEST(PaletteCandidates, TheFullChainInOrder) {
  const std::unique_ptr<contexts::Vfs> vfs = MemVfs(FullFolder());
  const std::vector<Candidate> c =
      MustList(*vfs, Game::kTaKingdoms, "units/arasword.gaf", "my/override.pcx");
  EXPECT_EQ(Describe(c),
            (std::vector<std::string>{"override my/override.pcx", "sidecar-pcx units/arasword.pcx",
                                      "palettes-pal palettes/arasword.pal",
                                      "side-prefix palettes/aramon.pcx",
                                      "palette-pal palettes/palette.pal", "embedded"}))
      << "palettes/palette.pcx is not read while palettes/palette.pal is usable";
  ASSERT_EQ(c.size(), 6u);
  const uint8_t tags[] = {kOverrideTag, kSidecarTag, kPalettesPalTag, kSideTag, kPalettePalTag};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_TRUE(c[i].usable);
    EXPECT_EQ(c[i].problem, "");
    EXPECT_EQ(c[i].palette.colors[42], Tagged(tags[i], 42)) << i;
  }
  EXPECT_TRUE(c[5].usable);
  EXPECT_EQ(c[5].path, std::nullopt);
  EXPECT_EQ(c[5].palette.colors, palette::TaPalette().colors);
}

TEST(PaletteCandidates, AMissingFileIsNoCandidate) {
  const std::unique_ptr<contexts::Vfs> vfs =
      MemVfs({{"palettes/palette.pcx", Pcx(kPalettePcxTag)}});
  EXPECT_EQ(Describe(MustList(*vfs, Game::kTaKingdoms, "units/arasword.gaf")),
            (std::vector<std::string>{"palette-pal palettes/palette.pcx", "embedded"}));
  const std::unique_ptr<contexts::Vfs> empty = MemVfs({});
  EXPECT_EQ(Describe(MustList(*empty, Game::kTaKingdoms, "units/arasword.gaf")),
            (std::vector<std::string>{"embedded"}));
}

// --- Paths: any case, either separator, the VFS's own spelling reported -----

TEST(PaletteResolve, PathsMatchInAnyCaseAndReportTheVfsSpelling) {
  const std::unique_ptr<contexts::Vfs> vfs =
      MemVfs({{"Units/ARASWORD.Pcx", Pcx(kSidecarTag)}, {"PALETTES/AraMon.PCX", Pcx(kSideTag)}});
  std::vector<std::string> warnings;
  const Resolved sidecar =
      MustResolve(*vfs, Game::kTaKingdoms, "UNITS\\AraSword.GAF", std::nullopt, warnings);
  EXPECT_EQ(sidecar.source, Source::kSidecarPcx);
  EXPECT_EQ(sidecar.path, "Units/ARASWORD.Pcx");
  EXPECT_EQ(sidecar.palette.colors[3], Tagged(kSidecarTag, 3));
  const Resolved side =
      MustResolve(*vfs, Game::kTaKingdoms, "other\\ARAbow.taf", std::nullopt, warnings);
  EXPECT_EQ(side.source, Source::kSidePrefix);
  EXPECT_EQ(side.path, "PALETTES/AraMon.PCX");
  const Resolved over =
      MustResolve(*vfs, Game::kTaKingdoms, "x.gaf", "palettes\\ARAMON.pcx", warnings);
  EXPECT_EQ(over.source, Source::kOverride);
  EXPECT_EQ(over.path, "PALETTES/AraMon.PCX");
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(Describe(MustList(*vfs, Game::kTaKingdoms, "units\\arasword.gaf")),
            (std::vector<std::string>{"sidecar-pcx Units/ARASWORD.Pcx",
                                      "side-prefix PALETTES/AraMon.PCX", "embedded"}));
}

TEST(PaletteResolve, AnAssetAtTheRootHasItsSidecarAtTheRoot) {
  const std::unique_ptr<contexts::Vfs> vfs = MemVfs({{"logo.pcx", Pcx(kSidecarTag)}});
  std::vector<std::string> warnings;
  const Resolved r = MustResolve(*vfs, Game::kTaKingdoms, "LOGO.gaf", std::nullopt, warnings);
  EXPECT_EQ(r.source, Source::kSidecarPcx);
  EXPECT_EQ(r.path, "logo.pcx");
}

// --- Side prefixes ------------------------------------------------------------

TEST(PaletteResolve, EachSidePrefixPicksItsSidesPalette) {
  const std::vector<MemoryFile> sides = {{"palettes/aramon.pcx", Pcx(11)},
                                         {"palettes/taros.pcx", Pcx(12)},
                                         {"palettes/veruna.pcx", Pcx(13)},
                                         {"palettes/zhon.pcx", Pcx(14)},
                                         {"palettes/aiden.pcx", Pcx(15)},
                                         {"palettes/creon.pcx", Pcx(16)},
                                         {"palettes/palette.pal", Pal(kPalettePalTag)}};
  const std::unique_ptr<contexts::Vfs> vfs = MemVfs(sides);
  struct Case {
    std::string asset, path;
    uint8_t tag;
  };
  const Case cases[] = {{"units/ARAknight.gaf", "palettes/aramon.pcx", 11},
                        {"units/tarbat.gaf", "palettes/taros.pcx", 12},
                        {"features/VerTree.gaf", "palettes/veruna.pcx", 13},
                        {"units/zOnWarrior.gaf", "palettes/zhon.pcx", 14},
                        {"units/aidgolem.taf", "palettes/aiden.pcx", 15},
                        {"CREdrone.gaf", "palettes/creon.pcx", 16}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.asset);
    std::vector<std::string> warnings;
    const Resolved r = MustResolve(*vfs, Game::kTaKingdoms, c.asset, std::nullopt, warnings);
    EXPECT_EQ(r.source, Source::kSidePrefix);
    EXPECT_EQ(r.path, c.path);
    EXPECT_EQ(r.palette.colors[128], Tagged(c.tag, 128));
  }
  // No prefix (or the letters later in the name): the folder's palette.
  for (const char* asset : {"units/knight.gaf", "units/scarab.gaf", "ara/knight.gaf"}) {
    std::vector<std::string> warnings;
    const Resolved r = MustResolve(*vfs, Game::kTaKingdoms, asset, std::nullopt, warnings);
    EXPECT_EQ(r.source, Source::kPalettePal) << asset;
    EXPECT_EQ(r.palette.colors[128], Tagged(kPalettePalTag, 128)) << asset;
  }
}

// --- Unusable candidates are skipped, never silently --------------------------

TEST(PaletteResolve, AnUnusableSidecarIsSkippedWithAWarningNamingIt) {
  std::vector<MemoryFile> files = FullFolder();
  files = Without(files, "units/arasword.pcx");
  files.push_back({"units/arasword.pcx", TruncatedPcx()});
  const std::unique_ptr<contexts::Vfs> vfs = MemVfs(files);
  std::vector<std::string> warnings = {"earlier"};
  const Resolved r =
      MustResolve(*vfs, Game::kTaKingdoms, "units/arasword.gaf", std::nullopt, warnings);
  EXPECT_EQ(r.source, Source::kPalettesPal);
  EXPECT_EQ(r.path, "palettes/arasword.pal");
  EXPECT_EQ(r.palette.colors[7], Tagged(kPalettesPalTag, 7));
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "earlier",
                          "skipped the sidecar-pcx palette: units/arasword.pcx: not a palette: "
                          "expected a 1024-byte PAL or a 256-colour PCX, got 130 bytes"}));

  const std::vector<Candidate> c = MustList(*vfs, Game::kTaKingdoms, "units/arasword.gaf");
  ASSERT_EQ(c.size(), 5u);
  EXPECT_EQ(c[0].source, Source::kSidecarPcx);
  EXPECT_FALSE(c[0].usable);
  EXPECT_EQ(c[0].path, "units/arasword.pcx");
  EXPECT_EQ(c[0].problem,
            "units/arasword.pcx: not a palette: expected a 1024-byte PAL or a 256-colour PCX, got "
            "130 bytes");
  EXPECT_TRUE(c[1].usable);
  EXPECT_EQ(c[1].source, Source::kPalettesPal);
}

TEST(PaletteResolve, SeveralUnusableCandidatesWarnOnceEach) {
  const std::unique_ptr<contexts::Vfs> vfs =
      MemVfs({{"units/tarbat.pcx", Pal(1)},  // 1024: a PAL
              {"palettes/tarbat.pal", {1, 2, 3}},
              {"palettes/taros.pcx", UnmarkedPcx()},
              {"palettes/palette.pal", Pal(kPalettePalTag)}});
  std::vector<std::string> warnings;
  const Resolved r =
      MustResolve(*vfs, Game::kTaKingdoms, "units/tarbat.gaf", std::nullopt, warnings);
  // A sidecar named .pcx that holds a PAL is still a palette: the content decides.
  EXPECT_EQ(r.source, Source::kSidecarPcx);
  EXPECT_TRUE(warnings.empty());

  const std::unique_ptr<contexts::Vfs> bad =
      MemVfs({{"palettes/tarbat.pal", {1, 2, 3}},
              {"palettes/taros.pcx", UnmarkedPcx()},
              {"palettes/palette.pal", Pal(kPalettePalTag)}});
  const Resolved next =
      MustResolve(*bad, Game::kTaKingdoms, "units/tarbat.gaf", std::nullopt, warnings);
  EXPECT_EQ(next.source, Source::kPalettePal);
  EXPECT_EQ(next.path, "palettes/palette.pal");
  EXPECT_EQ(warnings,
            (std::vector<std::string>{
                "skipped the palettes-pal palette: palettes/tarbat.pal: not a palette: expected a "
                "1024-byte PAL or a 256-colour PCX, got 3 bytes",
                "skipped the side-prefix palette: palettes/taros.pcx: PCX has no 256-colour "
                "palette (no 0x0c marker at 0x82)"}));
}

TEST(PaletteResolve, AnUnusablePalettePalFallsBackToPalettePcx) {
  const std::unique_ptr<contexts::Vfs> vfs = MemVfs(
      {{"palettes/palette.pal", Pal(1, 1000)}, {"Palettes/Palette.PCX", Pcx(kPalettePcxTag)}});
  std::vector<std::string> warnings;
  const Resolved r =
      MustResolve(*vfs, Game::kTaKingdoms, "anims/buttons.gaf", std::nullopt, warnings);
  EXPECT_EQ(r.source, Source::kPalettePal);
  EXPECT_EQ(r.path, "Palettes/Palette.PCX") << "the path says which file it was";
  EXPECT_EQ(r.palette.colors[255], Tagged(kPalettePcxTag, 255));
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "skipped the palette-pal palette: palettes/palette.pal: not a palette: "
                          "expected a 1024-byte PAL or a 256-colour PCX, got 1000 bytes"}));
  EXPECT_EQ(Describe(MustList(*vfs, Game::kTaKingdoms, "anims/buttons.gaf")),
            (std::vector<std::string>{
                "palette-pal palettes/palette.pal: palettes/palette.pal: not a palette: "
                "expected a 1024-byte PAL or a 256-colour PCX, got 1000 bytes",
                "palette-pal Palettes/Palette.PCX", "embedded"}));
}

TEST(PaletteResolve, NeitherFolderPaletteMeansTheEmbeddedOne) {
  const std::unique_ptr<contexts::Vfs> vfs = MemVfs({{"anims/other.pcx", Pcx(2)}});
  std::vector<std::string> warnings;
  const Resolved r =
      MustResolve(*vfs, Game::kTaKingdoms, "anims/buttons.gaf", std::nullopt, warnings);
  EXPECT_EQ(r.source, Source::kEmbedded);
  EXPECT_EQ(r.path, std::nullopt);
  EXPECT_EQ(r.palette.colors, palette::TaPalette().colors);
  EXPECT_TRUE(warnings.empty());

  // Both there and both unusable: two warnings, then the embedded palette.
  const std::unique_ptr<contexts::Vfs> broken =
      MemVfs({{"palettes/palette.pal", {0}}, {"palettes/palette.pcx", TruncatedPcx()}});
  const Resolved e =
      MustResolve(*broken, Game::kTaKingdoms, "anims/buttons.gaf", std::nullopt, warnings);
  EXPECT_EQ(e.source, Source::kEmbedded);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0].rfind("skipped the palette-pal palette: palettes/palette.pal: ", 0), 0u)
      << warnings[0];
  EXPECT_EQ(warnings[1].rfind("skipped the palette-pal palette: palettes/palette.pcx: ", 0), 0u)
      << warnings[1];
}

TEST(PaletteResolve, AFolderWhereAPaletteShouldBeIsUnusableNotMissing) {
  const std::unique_ptr<contexts::Vfs> vfs = MemVfs(
      {{"anims/buttons.pcx/readme.txt", {1}}, {"palettes/palette.pal", Pal(kPalettePalTag)}});
  std::vector<std::string> warnings;
  const Resolved r =
      MustResolve(*vfs, Game::kTaKingdoms, "anims/buttons.gaf", std::nullopt, warnings);
  EXPECT_EQ(r.source, Source::kPalettePal);
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "skipped the sidecar-pcx palette: anims/buttons.pcx: is a folder"}));
}

// --- The override ------------------------------------------------------------

TEST(PaletteResolve, AnUnusableOverrideIsAnError) {
  const std::unique_ptr<contexts::Vfs> vfs = MemVfs(FullFolder());
  std::vector<std::string> warnings;
  absl::StatusOr<Resolved> missing =
      Resolve(*vfs, Game::kTaKingdoms, "units/arasword.gaf", "my/nope.pal", warnings);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(missing.status().message(), "palette: my/nope.pal: no such file");
  absl::StatusOr<Resolved> broken =
      Resolve(*vfs, Game::kTa, "units/arasword.gaf", "units/arasword.gaf", warnings);
  ASSERT_FALSE(broken.ok());
  absl::StatusOr<Resolved> outside =
      Resolve(*vfs, Game::kTaKingdoms, "units/arasword.gaf", "../palette.pal", warnings);
  ASSERT_FALSE(outside.ok());
  EXPECT_EQ(outside.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(outside.status().message().find("../palette.pal"), absl::string_view::npos);
  EXPECT_TRUE(warnings.empty());

  const std::unique_ptr<contexts::Vfs> with_bad =
      MemVfs({{"my/bad.pal", {1, 2}}, {"palettes/palette.pal", Pal(kPalettePalTag)}});
  absl::StatusOr<Resolved> unparsable =
      Resolve(*with_bad, Game::kTaKingdoms, "units/arasword.gaf", "MY/BAD.PAL", warnings);
  ASSERT_FALSE(unparsable.ok());
  EXPECT_EQ(unparsable.status().message(),
            "palette: my/bad.pal: not a palette: expected a 1024-byte PAL or a 256-colour PCX, "
            "got 2 bytes");
}

TEST(PaletteCandidates, AnUnusableOverrideIsListedFirstAndFlagged) {
  const std::unique_ptr<contexts::Vfs> vfs =
      MemVfs({{"my/bad.pal", {1, 2}}, {"palettes/palette.pal", Pal(kPalettePalTag)}});
  EXPECT_EQ(Describe(MustList(*vfs, Game::kTaKingdoms, "units/x.gaf", "My\\Nope.pal")),
            (std::vector<std::string>{"override My\\Nope.pal: My\\Nope.pal: no such file",
                                      "palette-pal palettes/palette.pal", "embedded"}));
  EXPECT_EQ(Describe(MustList(*vfs, Game::kTa, "units/x.gaf", "my/BAD.pal")),
            (std::vector<std::string>{
                "override my/bad.pal: my/bad.pal: not a palette: expected a 1024-byte PAL or a "
                "256-colour PCX, got 2 bytes",
                "palette-pal palettes/palette.pal", "embedded"}));
}

// --- TA and GTA: no per-asset palettes ----------------------------------------

TEST(PaletteResolve, TheTaChainIgnoresSidecarsAndSidePrefixes) {
  for (Game game : {Game::kTa, Game::kGta}) {
    SCOPED_TRACE(contexts::GameName(game));
    const std::unique_ptr<contexts::Vfs> vfs = MemVfs(FullFolder());
    EXPECT_EQ(Describe(MustList(*vfs, game, "units/arasword.gaf")),
              (std::vector<std::string>{"palette-pal palettes/palette.pal", "embedded"}));
    std::vector<std::string> warnings;
    const Resolved r = MustResolve(*vfs, game, "units/arasword.gaf", std::nullopt, warnings);
    EXPECT_EQ(r.source, Source::kPalettePal);
    EXPECT_EQ(r.palette.colors[9], Tagged(kPalettePalTag, 9));
    const Resolved o = MustResolve(*vfs, game, "units/arasword.gaf", "my/override.pcx", warnings);
    EXPECT_EQ(o.source, Source::kOverride);
    EXPECT_EQ(o.palette.colors[9], Tagged(kOverrideTag, 9));

    // Without palettes/palette.pal, TA's chain does not look at palette.pcx.
    const std::unique_ptr<contexts::Vfs> no_pal =
        MemVfs(Without(FullFolder(), "palettes/palette.pal"));
    const Resolved e = MustResolve(*no_pal, game, "units/arasword.gaf", std::nullopt, warnings);
    EXPECT_EQ(e.source, Source::kEmbedded);
    EXPECT_TRUE(warnings.empty());
  }
}

// --- Resolve reads no further than it must ------------------------------------

TEST(PaletteResolve, StopsAtTheFirstUsablePalette) {
  RecordingVfs vfs(FullFolder());
  std::vector<std::string> warnings;
  MustResolve(vfs, Game::kTaKingdoms, "units/arasword.gaf", std::nullopt, warnings);
  EXPECT_EQ(vfs.reads, (std::vector<std::string>{"units/arasword.pcx"}));

  RecordingVfs sparse({{"palettes/palette.pal", Pal(kPalettePalTag)},
                       {"palettes/palette.pcx", Pcx(kPalettePcxTag)}});
  MustResolve(sparse, Game::kTaKingdoms, "units/arasword.gaf", std::nullopt, warnings);
  EXPECT_EQ(sparse.reads, (std::vector<std::string>{"units/arasword.pcx", "palettes/arasword.pal",
                                                    "palettes/aramon.pcx", "palettes/palette.pal"}))
      << "palettes/palette.pcx is not read while palettes/palette.pal is usable";
  EXPECT_TRUE(warnings.empty());
}

TEST(PaletteResolve, AnAssetPathOutsideTheContextIsAnError) {
  const std::unique_ptr<contexts::Vfs> vfs = MemVfs(FullFolder());
  std::vector<std::string> warnings;
  absl::StatusOr<Resolved> r =
      Resolve(*vfs, Game::kTaKingdoms, "../units/arasword.gaf", std::nullopt, warnings);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("../units/arasword.gaf"), absl::string_view::npos);
  EXPECT_FALSE(Candidates(*vfs, Game::kTaKingdoms, "../units/arasword.gaf", std::nullopt).ok());
}

}  // namespace
}  // namespace kbot::palettepick
