#include "tools/model_textures.h"

#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "formats/palette/palette.h"
#include "palettepick/resolver.h"

namespace kbot::tools {

namespace {

// TA: Kingdoms' texture atlases paint their transparent border in index 5.
constexpr uint8_t kKingdomsTextureKey = 5;

// A texture's pixels: indexed frames through `pal`, every texel opaque in TA
// (the game maps the whole frame), index 5 transparent in TA: Kingdoms;
// truecolour frames as they are.
model3do::Texture TextureOf(const gaf::FramePicture& frame, const palette::Palette& pal,
                            bool kingdoms) {
  model3do::Texture out;
  out.width = frame.width();
  out.height = frame.height();
  if (frame.truecolor) {
    out.rgba = frame.rgba.rgba;
    return out;
  }
  out.rgba.resize(size_t(out.width) * out.height * 4);
  for (size_t i = 0; i < frame.indexed.index.size(); ++i) {
    const palette::Rgb c = pal.colors[frame.indexed.index[i]];
    out.rgba[4 * i] = c.r;
    out.rgba[4 * i + 1] = c.g;
    out.rgba[4 * i + 2] = c.b;
    out.rgba[4 * i + 3] = kingdoms && frame.indexed.index[i] == kKingdomsTextureKey ? 0 : 255;
  }
  return out;
}

// The GAF `path` names, read and its structure parsed.
absl::StatusOr<std::shared_ptr<const ModelTextures::TextureGaf>> ReadTextureGaf(
    const contexts::Context& context, const std::string& path) {
  absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(path);
  if (!file.ok()) return file.status();
  auto out = std::make_shared<ModelTextures::TextureGaf>();
  out->blob = std::move(file->blob);
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(out->blob.bytes(), path);
  if (!gaf.ok()) return gaf.status();
  out->gaf = *std::move(gaf);
  return std::shared_ptr<const ModelTextures::TextureGaf>(std::move(out));
}

// The texture frame of the sequence: TA `player mod frames`, TA: Kingdoms 0.
absl::StatusOr<model3do::Texture> DrawTexture(const GafSequenceName& where,
                                              const ModelTextures::TextureGaf& file, int player,
                                              const palette::Palette& pal, bool kingdoms) {
  const gaf::Gaf& gaf = file.gaf;
  if (where.index >= gaf.sequences.size() || gaf.sequences[where.index].frames.empty()) {
    return absl::NotFoundError(absl::StrCat(where.path, ": sequence ", where.name, " is empty"));
  }
  const gaf::Sequence& sequence = gaf.sequences[where.index];
  const size_t f = kingdoms ? 0 : size_t(player) % sequence.frames.size();
  absl::StatusOr<gaf::FramePicture> frame =
      gaf::RenderFrame(file.blob.bytes(), sequence.frames[f].info, gaf::Transparency::None(),
                       {where.path, where.index, f}, nullptr);
  if (!frame.ok()) return frame.status();
  return TextureOf(*frame, pal, kingdoms);
}

}  // namespace

absl::StatusOr<ModelTextures> ModelTextures::Of(const contexts::Context& context,
                                                const std::string& model_path, int player,
                                                Progress& progress) {
  absl::StatusOr<std::vector<GafSequenceName>> all = ContextSequences(context, progress);
  if (!all.ok()) return all.status();
  ModelTextures out;
  State& state = *out.state_;
  state.context = &context;
  state.player = player;
  state.kingdoms = context.game == contexts::Game::kTaKingdoms;
  absl::StatusOr<palettepick::Resolved> pal =
      palettepick::Resolve(*context.vfs, context.game, model_path, std::nullopt, state.problems);
  if (!pal.ok()) return pal.status();
  state.palette = pal->palette;
  state.palette_source = pal->path ? absl::StrCat(palettepick::SourceName(pal->source), " ", *pal->path)
                                   : palettepick::SourceName(pal->source);
  for (GafSequenceName& s : *all) {
    if (!absl::StartsWithIgnoreCase(s.path, "textures/")) continue;
    out.state_->sequences.try_emplace(absl::AsciiStrToLower(s.name), std::move(s));
  }
  return out;
}

bool ModelTextures::Has(absl::string_view name) const {
  return state_->sequences.count(absl::AsciiStrToLower(name)) != 0;
}

std::optional<std::string> ModelTextures::FileOf(absl::string_view name) const {
  auto it = state_->sequences.find(absl::AsciiStrToLower(name));
  if (it == state_->sequences.end()) return std::nullopt;
  return it->second.path;
}

model3do::FindTexture ModelTextures::Finder() {
  return [state = state_](absl::string_view name) -> const model3do::Texture* {
    const std::string key = absl::AsciiStrToLower(name);
    auto [it, fresh] = state->drawn.try_emplace(key);
    if (fresh) {
      auto where = state->sequences.find(key);
      if (where == state->sequences.end()) return nullptr;
      // Textures share a few GAFs: each is read once for the render.
      auto [gaf, unread] = state->gafs.try_emplace(where->second.path, nullptr);
      if (unread) gaf->second = ReadTextureGaf(*state->context, where->second.path);
      absl::StatusOr<model3do::Texture> texture =
          gaf->second.ok() ? DrawTexture(where->second, **gaf->second, state->player,
                                         state->palette, state->kingdoms)
                           : absl::StatusOr<model3do::Texture>(gaf->second.status());
      if (texture.ok()) {
        it->second = *std::move(texture);
      } else {
        state->problems.push_back(
            absl::StrCat("texture ", name, ": not drawn: ", texture.status().message()));
      }
    }
    return it->second ? &*it->second : nullptr;
  };
}

}  // namespace kbot::tools
