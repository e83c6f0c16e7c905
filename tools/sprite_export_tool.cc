#include "tools/sprite_export_tool.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "formats/image/scale.h"
#include "tools/gta_sprites.h"

namespace kbot::tools {

const RequestTable<SpriteExportRequest>& SpriteExportTable() {
  static const RequestTable<SpriteExportRequest> table = [] {
    using R = SpriteExportRequest;
    RequestTable<R> t;
    AddAssetParams(t, "The style (.G24/.GRY)")
        .Add("kind", &R::kind, KindParam(), true)
        .Add("number", &R::number, IntegerParam(0, 65535, "Within the kind"), true)
        .Add("remap", &R::remap,
             IntegerParam(0, kMaxRemapArgument, "Vehicles 1-12 (0 own), peds 0-63"))
        .Add("deltas", &R::deltas,
             {{"type", "array"}, {"items", {{"type", "integer"}}},
              {"description", "Drawn over it (doors, damage)"}})
        .Add("scale", &R::scale, IntegerParam(1, kMaxSpriteScale, "Default: fit 256 px"));
    return t;
  }();
  return table;
}

int FitSpriteScale(int width, int height) {
  const int side = std::max({width, height, 1});
  return std::clamp(kSpriteFitSide / side, 1, kMaxSpriteScale);
}

const ResultTable<SpriteExportSummary>& SpriteExportSummary::Fields() {
  using S = SpriteExportSummary;
  static const ResultTable<S> table = ResultTable<S>()
      .Add("path", &S::path, StringSchema())
      .Add("kind", &S::kind, StringSchema())
      .Add("number", &S::number, CountSchema())
      .Add("width", &S::width, CountSchema())
      .Add("height", &S::height, CountSchema())
      .AddWhenSet("remap", &S::remap, CountSchema())
      .AddWhenSet("model", &S::model, CountSchema())
      .AddWhenSet("clut", &S::clut, CountSchema())
      .AddWhenSet("table", &S::table, CountSchema())
      .Add("scale", &S::scale, CountSchema(), false)
      .Add("warnings", &S::warnings, StringArraySchema())
      .Add("bytes", &S::bytes, CountSchema(), false);
  return table;
}

absl::StatusOr<SpriteExportOutcome> ExportSprite(const Asset& asset,
                                                 const SpriteExportRequest& request) {
  absl::StatusOr<StyleSpriteSet> set = ReadSpriteSet(asset);
  if (!set.ok()) return set.status();
  absl::StatusOr<gta::SpriteKind> kind = KindNamed(asset, request.kind);
  if (!kind.ok()) return kind.status();
  absl::StatusOr<const gta::SpriteRecord*> sprite = SpriteOf(asset, *set, *kind, request.number);
  if (!sprite.ok()) return sprite.status();
  if ((*sprite)->width == 0 || (*sprite)->height == 0) {
    return AssetError(asset, absl::StatusCode::kFailedPrecondition,
                      absl::StrCat(request.kind, " sprite ", request.number, " is ",
                                   int((*sprite)->width), " x ", int((*sprite)->height),
                                   ": nothing to draw"));
  }
  absl::StatusOr<gta::SpriteRemap> remap = RemapFor(*set, **sprite, request.remap);
  if (!remap.ok()) return AssetError(asset, remap.status().code(), remap.status().message());
  absl::StatusOr<gta::DrawnSprite> drawn =
      gta::DrawSprite(set->style, **sprite, *remap, request.deltas);
  if (!drawn.ok()) return drawn.status();
  const int scale = request.scale.value_or(FitSpriteScale((*sprite)->width, (*sprite)->height));
  absl::StatusOr<image::RgbaPicture> scaled = image::ScaleNearest(drawn->picture, scale);
  if (!scaled.ok()) return scaled.status();
  SpriteExportOutcome out;
  SpriteExportSummary& s = out.summary;
  s.path = asset.path;
  s.kind = request.kind;
  s.number = request.number;
  s.width = scaled->width;
  s.height = scaled->height;
  s.remap = request.remap;
  if (const gta::CarInfo* car = CarOfSprite(*set, **sprite)) s.model = car->model;
  const SpritePaletteUsed used = PaletteUsed(*drawn);
  s.clut = used.clut;
  s.table = used.table;
  s.scale = scale;
  s.warnings = set->warnings;
  absl::StatusOr<EncodedPicture> image = EncodePicture(*std::move(scaled));
  if (!image.ok()) return image.status();
  out.image = *std::move(image);
  s.bytes = out.image.png.size();
  return out;
}

namespace {

const DrawingTool<SpriteExportRequest, SpriteExportSummary>& SpriteExportPicture() {
  static const DrawingTool<SpriteExportRequest, SpriteExportSummary> tool{
      kSpriteExport, SpriteExportTable(),
      [](const contexts::Context&, const Asset& asset, const SpriteExportRequest& request) {
        return ExportSprite(asset, request);
      },
      [](const SpriteExportSummary& s) {
        return absl::StrCat(s.path, " ", s.kind, " sprite ", s.number,
                            s.remap ? absl::StrCat(" (remap ", *s.remap, ")") : "");
      }};
  return tool;
}

}  // namespace

Tool SpriteExportTool() {
  return SpriteExportPicture().Make(
      {"sprite_export", "Draw a GTA1 sprite",
       "One sprite of a GTA1 style as a PNG: a remap, deltas drawn over it, enlarged."});
}

}  // namespace kbot::tools
