#include "tools/ta_map_features.h"

#include <algorithm>
#include <map>
#include <memory>
#include <utility>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "formats/gaf/gaf.h"
#include "formats/gaf/render.h"
#include "formats/tdf/tdf.h"
#include "tools/file_kind.h"

namespace kbot::tools {

namespace {

// A footprint key of the definition (footprintx, footprintz): whole cells,
// at least 1 (a missing or odd value draws as one cell).
int FootprintOf(const tacatalog::Feature& f, absl::string_view key) {
  if (f.section == nullptr) return 1;
  const std::optional<absl::string_view> value = f.section->Value(key);
  const std::optional<double> n = value ? tdf::ParseTdfNumber(*value) : std::nullopt;
  if (!n || *n < 1 || *n > 64) return 1;
  return int(*n);
}

// A GAF read once for every feature drawn from it.
struct ReadGaf {
  contexts::Blob blob;
  std::string path;
  gaf::Gaf gaf;
};

// The GAF `path` names in `context`, read; an error says why not.
absl::StatusOr<std::shared_ptr<ReadGaf>> OpenGaf(const contexts::Context& context,
                                                 const std::string& path) {
  absl::StatusOr<contexts::VfsFile> file = context.vfs->Read(path);
  if (!file.ok()) return file.status();
  auto out = std::make_shared<ReadGaf>();
  out->blob = std::move(file->blob);
  out->path = file->stat.path;
  const Asset asset{out->path, out->blob.bytes()};
  if (absl::Status s = RequireKind(asset, {FileKind::kGaf}); !s.ok()) return s;
  absl::StatusOr<gaf::Gaf> gaf = gaf::ReadGaf(asset.bytes, asset.path);
  if (!gaf.ok()) return gaf.status();
  out->gaf = *std::move(gaf);
  return out;
}

// Frame 0 of the sequence `f` names, drawn by the context's transparency
// rule (TA: the stored key; TA: Kingdoms: the heuristic).
absl::StatusOr<tnt::FeatureSprite> SpriteFrom(const contexts::Context& context,
                                              const ReadGaf& file, const tacatalog::Feature& f) {
  const std::optional<size_t> s = gaf::FindSequence(file.gaf, f.seqname);
  if (!s) return absl::NotFoundError(absl::StrCat("no sequence ", f.seqname, " in ", file.path));
  const gaf::Sequence& sequence = file.gaf.sequences[*s];
  if (sequence.frames.empty()) {
    return absl::NotFoundError(absl::StrCat(file.path, ": sequence ", f.seqname, " is empty"));
  }
  const gaf::FrameInfo& info = sequence.frames[0].info;
  const gaf::Transparency mode = context.game == contexts::Game::kTaKingdoms
                                     ? gaf::Transparency::Heuristic()
                                     : gaf::Transparency::Game();
  absl::StatusOr<gaf::FramePicture> frame =
      gaf::RenderFrame(file.blob.bytes(), info, mode, {file.path, *s, 0}, nullptr);
  if (!frame.ok()) return frame.status();
  if (frame->truecolor) {
    return absl::UnimplementedError(absl::StrCat(file.path, ": sequence ", f.seqname,
                                                 " is truecolour; drawn as a marker"));
  }
  tnt::FeatureSprite sprite;
  sprite.picture = std::move(frame->indexed);
  sprite.x_offset = info.origin_x;
  sprite.y_offset = info.origin_y;
  sprite.footprint_x = FootprintOf(f, "footprintx");
  sprite.footprint_z = FootprintOf(f, "footprintz");
  return sprite;
}

}  // namespace

std::vector<MapFeature> MapFeatures(const tnt::TntMap& map, const tacatalog::Catalog* catalog) {
  std::vector<MapFeature> out(map.feature_names.size());
  for (size_t i = 0; i < out.size(); ++i) {
    out[i].name = map.feature_names[i].name;
    if (catalog != nullptr) out[i].definition = catalog->FindFeature(out[i].name);
  }
  for (size_t c = 0; c < map.cells(); ++c) {
    if (map.HasFeature(c)) ++out[map.features[c]].placed;
  }
  return out;
}

std::vector<std::optional<tnt::FeatureSprite>> FeatureSprites(
    const contexts::Context& context, const std::vector<MapFeature>& features,
    std::vector<std::string>& warnings) {
  std::vector<std::optional<tnt::FeatureSprite>> out(features.size());
  std::map<std::string, absl::StatusOr<std::shared_ptr<ReadGaf>>> gafs;  // by lower-cased path
  for (size_t i = 0; i < features.size(); ++i) {
    const tacatalog::Feature* f = features[i].definition;
    if (features[i].placed == 0 || f == nullptr) continue;
    if (f->filename.empty()) continue;  // a 3DO feature, or one that draws nothing: a marker
    const std::string path = absl::StrCat("anims/", f->filename, ".gaf");
    auto [it, fresh] = gafs.try_emplace(absl::AsciiStrToLower(path), nullptr);
    if (fresh) it->second = OpenGaf(context, path);
    absl::StatusOr<tnt::FeatureSprite> sprite =
        it->second.ok() ? SpriteFrom(context, **it->second, *f) : it->second.status();
    if (sprite.ok()) {
      out[i] = *std::move(sprite);
    } else {
      warnings.push_back(absl::StrCat("feature ", f->id, ": drawn as a marker: ",
                                      sprite.status().message()));
    }
  }
  return out;
}

}  // namespace kbot::tools
