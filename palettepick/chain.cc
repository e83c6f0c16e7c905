#include "palettepick/chain.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "contexts/vfs.h"

namespace kbot::palettepick {

namespace {

constexpr const char* kPalettePal = "palettes/palette.pal";
constexpr const char* kPalettePcx = "palettes/palette.pcx";

struct Side {
  const char* prefix;
  const char* palette;
};
// Unit and feature GAFs are named with their side's prefix
// (docs/formats/palettes.md, "The palette chain").
constexpr Side kSides[] = {
    {"ara", "palettes/aramon.pcx"}, {"tar", "palettes/taros.pcx"}, {"ver", "palettes/veruna.pcx"},
    {"zon", "palettes/zhon.pcx"},   {"aid", "palettes/aiden.pcx"}, {"cre", "palettes/creon.pcx"},
};

// The asset's folder (with its trailing '/', or empty) and its file name
// without the extension.
struct AssetName {
  std::string folder;
  std::string base;
};

AssetName Split(const std::string& normalized) {
  const size_t slash = normalized.rfind('/');
  AssetName out;
  std::string name = normalized;
  if (slash != std::string::npos) {
    out.folder = normalized.substr(0, slash + 1);
    name = normalized.substr(slash + 1);
  }
  // A leading dot starts a name, not an extension (".gaf" has base ".gaf").
  const size_t dot = name.rfind('.');
  out.base = dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
  return out;
}

}  // namespace

const char* SourceName(Source source) {
  switch (source) {
    case Source::kOverride:
      return "override";
    case Source::kSidecarPcx:
      return "sidecar-pcx";
    case Source::kPalettesPal:
      return "palettes-pal";
    case Source::kSidePrefix:
      return "side-prefix";
    case Source::kPalettePal:
      return "palette-pal";
    case Source::kEmbedded:
      return "embedded";
  }
  return "embedded";
}

absl::StatusOr<std::vector<Lookup>> Chain(contexts::Game game, absl::string_view asset_path,
                                          const std::optional<std::string>& override_path) {
  absl::StatusOr<std::string> normalized = contexts::NormalizePath(asset_path);
  if (!normalized.ok()) return normalized.status();
  std::vector<Lookup> chain;
  if (override_path) chain.push_back({Source::kOverride, *override_path});
  if (game == contexts::Game::kTaKingdoms) {
    const AssetName asset = Split(*normalized);
    chain.push_back({Source::kSidecarPcx, absl::StrCat(asset.folder, asset.base, ".pcx")});
    chain.push_back({Source::kPalettesPal, absl::StrCat("palettes/", asset.base, ".pal")});
    for (const Side& side : kSides) {
      if (absl::StartsWithIgnoreCase(asset.base, side.prefix)) {
        chain.push_back({Source::kSidePrefix, side.palette});
        break;
      }
    }
    chain.push_back({Source::kPalettePal, kPalettePal});
    chain.push_back({Source::kPalettePal, kPalettePcx, /*fallback=*/true});
  } else {
    chain.push_back({Source::kPalettePal, kPalettePal});
  }
  chain.push_back({Source::kEmbedded, ""});
  return chain;
}

}  // namespace kbot::palettepick
