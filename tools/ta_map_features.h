// The features a TA or TA: Kingdoms map places (its TNT's feature table),
// matched with their definitions in the context's catalog (features/**/*.tdf,
// tacatalog/), and the pictures the map render draws them with: frame 0 of
// the GAF sequence a definition names (anims/FILENAME.gaf, SEQNAME).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/progress.h"
#include "contexts/workspace.h"
#include "formats/tnt/render.h"
#include "formats/tnt/tnt.h"
#include "tacatalog/catalog.h"

namespace kbot::tools {

// One entry of the feature table: the name the map gives, how many cells
// place it, and its definition (null when the context defines no feature of
// that name).
struct MapFeature {
  std::string name;
  size_t placed = 0;
  const tacatalog::Feature* definition = nullptr;
};

// The table's entries, in table order, with their placements counted and
// their definitions looked up in `catalog` (may be null: none found).
std::vector<MapFeature> MapFeatures(const tnt::TntMap& map, const tacatalog::Catalog* catalog);

// Per table entry, the sprite drawn for it, or nullopt (the render draws a
// marker) when the feature has no definition, its definition draws a 3DO or
// nothing, or its GAF or sequence cannot be read; each of those (but the
// first, which describe reports) is a line in `warnings`. Each GAF is read
// once. Only entries some cell places are looked at.
std::vector<std::optional<tnt::FeatureSprite>> FeatureSprites(
    const contexts::Context& context, const std::vector<MapFeature>& features,
    std::vector<std::string>& warnings);

}  // namespace kbot::tools
