// The textures a 3DO model's faces name, found in the context's texture
// GAFs and drawn for one player's team colour, and the palette the model is
// coloured with, for the model renderer (formats/model3do/render.h). The
// rule (docs/formats/3do.md, "The rule, for the tool layer"): a texture name
// is a GAF sequence name in any textures/*.gaf (case ignored; the first file
// in path order). TA: frame `player mod frames`, every texel opaque, in the
// TA palette. TA: Kingdoms: frame 0, index 5 transparent, in the model's
// side palette (the palette chain, palettepick/chain.h: palettes/aramon.pcx
// for ARAKNIGHT.3do), which also colours its untextured faces.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "base/progress.h"
#include "contexts/workspace.h"
#include "formats/gaf/gaf.h"
#include "formats/model3do/render.h"
#include "formats/palette/palette.h"
#include "tools/gaf_sequences.h"

namespace kbot::tools {

inline constexpr int kMaxPlayer = 9;  // the game's ten team colours, 0..9

class ModelTextures {
 public:
  // The texture sequences of `context`, by lower-cased name (the first when
  // two files hold one of the same name). CancelledError when `progress`
  // says stop while the context's GAFs are listed.
  static absl::StatusOr<ModelTextures> Of(const contexts::Context& context,
                                          const std::string& model_path, int player,
                                          Progress& progress);

  // The palette the model's textures and untextured faces are drawn with,
  // and where it came from ("side-prefix palettes/aramon.pcx", "embedded").
  const palette::Palette& Palette() const { return state_->palette; }
  const std::string& PaletteSource() const { return state_->palette_source; }

  // Whether a texture of that name is there (nothing is drawn).
  bool Has(absl::string_view name) const;
  // Where it is: "textures/armtex.gaf", or nullopt.
  std::optional<std::string> FileOf(absl::string_view name) const;

  // The renderer's lookup: each texture drawn on first use and kept while
  // the finder lives; one that cannot be drawn is missing, its reason in
  // Problems().
  model3do::FindTexture Finder();
  const std::vector<std::string>& Problems() const { return state_->problems; }

  // A texture GAF read once for every texture drawn from it.
  struct TextureGaf {
    contexts::Blob blob;
    gaf::Gaf gaf;
  };

 private:
  struct State {
    const contexts::Context* context = nullptr;
    int player = 0;
    bool kingdoms = false;
    palette::Palette palette = palette::TaPalette();
    std::string palette_source;
    std::map<std::string, GafSequenceName> sequences;  // by lower-cased name
    std::map<std::string, std::optional<model3do::Texture>> drawn;
    std::map<std::string, absl::StatusOr<std::shared_ptr<const TextureGaf>>> gafs;  // by path
    std::vector<std::string> problems;
  };
  std::shared_ptr<State> state_ = std::make_shared<State>();
};

}  // namespace kbot::tools
